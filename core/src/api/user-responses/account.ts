/**
 * The account: the PIN, bank accounts and referrals.
 * The answers of one group of a punter's calls (../user-calls.ts): the web app loads a group's schemas with
 * its first call (../user-call-groups.ts), and the provider and the functions proxy parse with the same.
 */
import { z } from 'zod/mini';
import { bankListEntrySchema, bankVerifyResultSchema, savedBankSchema } from '../bank';
import { okBody, okMessageBody } from '../common';
import { referralSchema } from '../profile';

export const RESPONSES = {
  pinSet: okMessageBody,
  pinSendOtp: okMessageBody,
  pinReset: okMessageBody,
  banks: okBody(z.array(bankListEntrySchema)),
  bankVerify: okBody(bankVerifyResultSchema),
  bankAdd: okBody(savedBankSchema),
  myReferrals: okBody(z.array(referralSchema)),
} as const;
