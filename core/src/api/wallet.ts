/**
 * The naira wallet (SPEC section 7): balance, transactions, top-up and withdrawal. Amounts on the wire are naira
 * numbers with at most 2 decimals (./primitives nairaAmount); withdraw carries an Idempotency-Key header and
 * top-up its `transaction_id`.
 */
import { z } from 'zod/mini';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../account';
import { okBody } from './common';
import { idSchema, isoDateTime, nairaAmount, nairaBalance, pinSchema } from './primitives';

export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);

export const transactionSchema = z.object({
  id: idSchema,
  type: transactionTypeSchema,
  status: transactionStatusSchema,
  amount: nairaBalance,
  createdAt: isoDateTime,
  narration: z.string(),
  wallet_type: z.string(),
  old_balance: nairaBalance,
  new_balance: nairaBalance,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const walletSchema = z.object({ balance: nairaBalance });
/** Not in SPEC (ADR 0021): was SPEC 4's pot message; null since ADR 0040 (a pot locks only its own stake). */
export const withdrawBlockSchema = z.object({ message: z.nullable(z.string().check(z.minLength(1))) });
/** What a money-moving call answers: the entry it wrote and the balance after it. */
export const walletMovementSchema = z.object({ transaction: transactionSchema, balance: nairaBalance });
/** Top-up answer: a wallet movement plus `success: true`, which SPEC's client reads. */
export const topupResponseSchema = z.extend(okBody(walletMovementSchema), { success: z.literal(true) });

/** Top-up verification: the payment's transaction_id (Flutterwave sends a number) and what the user meant to pay. */
export const topupRequestSchema = z.object({
  transaction_id: z.union([
    z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'transaction_id is not valid' })),
    z.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)),
  ]),
  expectedAmount: nairaAmount,
  expectedCurrency: z.literal('NGN'),
});
export const withdrawRequestSchema = z.object({
  /** The saved bank's id. */
  destination_account: idSchema,
  amount: nairaAmount,
  pin: pinSchema,
});
