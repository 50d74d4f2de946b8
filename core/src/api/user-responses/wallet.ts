/**
 * The wallet: balance, transactions, top-up and withdrawal (with the PIN check and the saved banks it pays to).
 * The answers of one group of a punter's calls (../user-calls.ts): the web app loads a group's schemas with
 * its first call (../user-call-groups.ts), and the provider and the functions proxy parse with the same.
 */
import { z } from 'zod/mini';
import { savedBankSchema } from '../bank';
import { okBody, okMessageBody } from '../common';
import { topupResponseSchema, transactionSchema, walletMovementSchema, walletSchema, withdrawBlockSchema } from '../wallet';

export const RESPONSES = {
  nairaWallet: okBody(walletSchema),
  limitTransactions: okBody(z.array(transactionSchema)),
  transactions: okBody(z.array(transactionSchema)),
  topup: topupResponseSchema,
  topupCheck: okMessageBody,
  withdraw: okBody(walletMovementSchema),
  withdrawBlock: okBody(withdrawBlockSchema),
  pinVerify: okMessageBody,
  savedBanks: okBody(z.array(savedBankSchema)),
} as const;
