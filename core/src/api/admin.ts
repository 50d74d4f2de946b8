/**
 * Admin calls on accounts and money (role 1 only, each audited; SPEC does not show their fields, these are this
 * product's): batches, admins, suspend and activate, users, audit logs, the wallet report and settling withdrawals.
 */
import { z } from 'zod';
import { displayText } from '../display-text';
import { countSchema } from './common';
import { emailSchema, idSchema, isoDateTime, nairaBalance, phoneNumberSchema, text } from './primitives';
import { transactionSchema, transactionTypeSchema } from './wallet';

/** A transaction as the admin lists see it: with its owner. */
export const adminTransactionSchema = transactionSchema.extend({
  user_id: idSchema,
  user_email: z.string().optional(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

// Admin-style entities (SPEC does not show their fields; these are this product's).
export const batchSchema = z.object({
  id: idSchema,
  creator_name: z.string(),
  creator_email: z.string(),
  creator_phone_number: z.string(),
  admin_id: idSchema,
  createdAt: isoDateTime,
});
export const adminUserSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role: z.number().int(),
  createdAt: isoDateTime,
});
export const userStatusSchema = z.object({ id: idSchema, suspended: z.boolean() });
/** An account as the admin user list (users/all) and users/update show it. */
export const adminUserDetailSchema = adminUserSchema.extend({
  username: z.string(),
  suspended: z.boolean(),
  phone_verified: z.boolean(),
  must_change_password: z.boolean(),
  can_post_signal: z.boolean(),
  can_post_game: z.boolean(),
  can_monetize_game: z.boolean(),
  subscription_expires_at: isoDateTime.nullable(),
});
export const auditLogSchema = z.object({
  id: idSchema,
  admin_id: idSchema,
  action: z.string(),
  target: z.string().nullable(),
  /** True for a call refused with 403 (the caller is not role 1); `admin_id` is then the caller. Absent means false. */
  refused: z.boolean().optional(),
  createdAt: isoDateTime,
});
export const walletReportSchema = z.object({
  users_count: countSchema,
  total_wallet_balance: nairaBalance,
  /**
   * Sum of SUCCESS amounts per transaction type; types with no transaction may be left out. A reversed
   * (failed or declined) withdrawal and its refund credit are counted in neither WITHDRAWAL nor FUNDING.
   */
  transaction_values: z.partialRecord(transactionTypeSchema, nairaBalance),
  pending_withdrawals_count: countSchema,
  pending_withdrawals_total: nairaBalance,
  /** Withdrawals that failed or were declined and were refunded to the wallet (optional: added later). */
  reversed_withdrawals_count: countSchema.optional(),
  reversed_withdrawals_total: nairaBalance.optional(),
});

// Admin requests
export const batchCreateRequestSchema = z.object({
  creator_name: text(120, 'Creator name'),
  creator_email: emailSchema,
  creator_phone_number: phoneNumberSchema,
  admin_id: idSchema,
});
/** Makes an existing account an admin (role 1). */
export const adminCreateRequestSchema = z.object({ email: emailSchema });
export const userIdRequestSchema = z.object({ user_id: idSchema });
/** Settles a PENDING withdrawal: approve (the default) marks it SUCCESS; decline refunds it with a new entry. */
export const TRANSACTION_SETTLE_ACTIONS = ['approve', 'decline'] as const;
export const transactionApproveRequestSchema = z.object({
  transaction_id: idSchema,
  action: z.enum(TRANSACTION_SETTLE_ACTIONS, { error: "Action must be 'approve' or 'decline'" }).default('approve'),
  /** Why a withdrawal is declined (shown to the user); optional. */
  reason: z
    .string()
    .trim()
    .min(1, { error: 'Reason must not be empty' })
    .max(200, { error: 'Reason must not be more than 200 characters' })
    .optional(),
});
/** Removes the admin role (role 1 -> 0) from an account; the account itself stays. */
export const adminDeleteRequestSchema = z.object({ user_id: idSchema });
/** An admin's changes to an account: names, the posting permissions, and forcing a password change. */
export const userUpdateRequestSchema = z
  .strictObject(
    {
      user_id: idSchema,
      first_name: displayText(60, 'First name', 'name').optional(),
      last_name: displayText(60, 'Last name', 'name').optional(),
      can_post_signal: z.boolean({ error: 'can_post_signal must be true or false' }).optional(),
      can_post_game: z.boolean({ error: 'can_post_game must be true or false' }).optional(),
      can_monetize_game: z.boolean({ error: 'can_monetize_game must be true or false' }).optional(),
      /** true: the user's sessions end and the next login answers 206 with a reset code sent. */
      must_change_password: z.literal(true, { error: 'must_change_password can only be set to true' }).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? 'Only names, permissions and must_change_password can be updated' : undefined,
    },
  )
  .refine((v) => Object.keys(v).some((k) => k !== 'user_id'), { error: 'Nothing to update' });
