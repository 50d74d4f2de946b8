/** The bank list, bank-account verification and saved bank accounts (SPEC section 7). */
import { z } from 'zod/mini';
import { accountNumberSchema, bankCodeSchema, idSchema, text } from './primitives';

export const bankListEntrySchema = z.object({ code: z.string().check(z.minLength(1)), name: z.string().check(z.minLength(1)) });
export type BankListEntry = z.infer<typeof bankListEntrySchema>;

export const savedBankSchema = z.object({
  id: idSchema,
  account_name: z.string().check(z.minLength(1)),
  account_number: accountNumberSchema,
  bank_name: z.string().check(z.minLength(1)),
  code: z.string().check(z.minLength(1)),
});
export type SavedBank = z.infer<typeof savedBankSchema>;

export const bankVerifyRequestSchema = z.object({ account_number: accountNumberSchema, bank_code: bankCodeSchema });
export const bankAddRequestSchema = z.object({
  bank_name: text(120, 'Bank name'),
  account_name: text(120, 'Account name'),
  code: bankCodeSchema,
  account_number: accountNumberSchema,
  /**
   * The holder's explicit consent to save an account whose bank name is not their registered name (ADR 0046).
   * Without it the provider refuses such an account; with it the provider audits who, when and which account.
   */
  confirm_other_name: z.optional(z.boolean()),
});
/** What bank verify answers: the account holder's name for the number. */
export const bankVerifyResultSchema = z.object({
  account_name: z.string().check(z.minLength(1)),
  account_number: accountNumberSchema,
  /** Whether the bank's name for the account is the caller's registered name (a hint for the screen; ADR 0046). */
  holder_match: z.optional(z.boolean()),
});
