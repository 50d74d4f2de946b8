/**
 * Admin calls on accounts and money (role 1 only, each audited; SPEC does not show their fields, these are this
 * product's): batches, admins, suspend and activate, users, audit logs, the wallet report and settling withdrawals.
 */
import { z } from 'zod/mini';
import { preprocess } from '../zod-extras';
import { displayText } from '../display-text';
import { TRANSACTION_STATUSES } from '../account';
import { countSchema, okBody } from './common';
import { documentIdProblem } from '../document-id';
import { emailSchema, idSchema, isoDateTime, nairaBalance, phoneNumberSchema, text } from './primitives';
import { transactionSchema, transactionTypeSchema } from './wallet';

/** A transaction as the admin lists see it: with its owner (and, for a pending withdrawal, where it goes). */
export const adminTransactionSchema = z.extend(transactionSchema, {
  user_id: idSchema,
  user_email: z.optional(z.string()),
  /** Pending withdrawals only: the destination bank, the account name and the account number masked. */
  bank_name: z.optional(z.string()),
  account_name: z.optional(z.string()),
  account_number: z.optional(z.string()),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

// Server-side paging and filters of the admin lists (query strings arrive as text).
export const ADMIN_PAGE_SIZE_MAX = 100;
export const pageQuery = {
  page: z._default(
    z.coerce
      .number({ error: 'page must be a number' })
      .check(
        z.int({ error: 'page must be a whole number' }),
        z.gte(1, { error: 'page must be 1 or more' }),
        z.lte(10_000, { error: 'page must not be more than 10000' }),
      ),
    1,
  ),
  page_size: z._default(
    z.coerce
      .number({ error: 'page_size must be a number' })
      .check(
        z.int({ error: 'page_size must be a whole number' }),
        z.gte(1, { error: 'page_size must be 1 or more' }),
        z.lte(ADMIN_PAGE_SIZE_MAX, { error: `page_size must not be more than ${ADMIN_PAGE_SIZE_MAX}` }),
      ),
    20,
  ),
};
/** A calendar day, YYYY-MM-DD (UTC), for the from/to filters (both inclusive). */
const dayQuery = (name: string) =>
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date (YYYY-MM-DD)` }),
    z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: `${name} must be a real date` }),
  );
export const searchText = (name: string) =>
  z.string().check(z.trim(), z.maxLength(100, { error: `${name} must not be more than 100 characters` }));
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
export const optionalQuery = <S extends z.ZodMiniType>(schema: S) => preprocess(blankToUndefined, z.optional(schema));

export const pagingSchema = z.object({
  page: z.number().check(z.int(), z.gte(1)),
  page_size: z.number().check(z.int(), z.gte(1)),
  total: countSchema,
  has_more: z.boolean(),
  /** Lists paged with a cursor (admin/all-logs): pass it as `cursor` for the next page. */
  next_cursor: z.optional(z.string()),
});

/** An audit list cursor: the last entry's created_at (epoch ms) and its id, '1763798400000_abc'. */
function isAuditCursor(value: string): boolean {
  const match = /^(\d{1,16})_(.+)$/su.exec(value);
  return match !== null && match[2] !== undefined && documentIdProblem(match[2]) === null;
}
export type Paging = z.infer<typeof pagingSchema>;
/** A page of a list: `data` as the unpaged calls had it, plus where the page stands. */
export function pagedBody<T extends z.ZodMiniType>(item: T) {
  return z.extend(okBody(z.array(item)), { paging: pagingSchema });
}

export const strictQuery = <T extends z.core.$ZodShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter: ${issue.keys.join(', ')}` : undefined),
  });

/** users/all: `q` matches names, e-mail, username or phone (case-insensitive); `status` active or suspended. */
export const adminUsersQuerySchema = strictQuery({
  q: optionalQuery(searchText('Search')),
  status: optionalQuery(z.enum(['active', 'suspended'], { error: "status must be 'active' or 'suspended'" })),
  role: optionalQuery(z.enum(['0', '1'], { error: "role must be '0' or '1'" })),
  /** Only the users who hold this permission (the console's list of who may post signals). */
  permission: optionalQuery(
    z.enum(['can_post_signal', 'can_post_game', 'can_monetize_game'], {
      error: "permission must be 'can_post_signal', 'can_post_game' or 'can_monetize_game'",
    }),
  ),
  ...pageQuery,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/** transactions/all: by user (id or e-mail), type, status and day range, newest first. */
export const adminTransactionsQuerySchema = strictQuery({
  user_id: optionalQuery(idSchema),
  email: optionalQuery(searchText('E-mail')),
  type: optionalQuery(transactionTypeSchema),
  status: optionalQuery(z.enum(TRANSACTION_STATUSES, { error: "status must be 'SUCCESS' or 'PENDING'" })),
  from: optionalQuery(dayQuery('from')),
  to: optionalQuery(dayQuery('to')),
  ...pageQuery,
});
export type AdminTransactionsQuery = z.input<typeof adminTransactionsQuerySchema>;

/** admin/all-logs: who (admin_id), what (action, or its start: 'user.'), to whom (target), when (day range). */
export const adminLogsQuerySchema = strictQuery({
  admin_id: optionalQuery(idSchema),
  action: optionalQuery(searchText('Action')),
  target: optionalQuery(idSchema),
  from: optionalQuery(dayQuery('from')),
  to: optionalQuery(dayQuery('to')),
  /** The previous page's `paging.next_cursor`: the next page starts after it (page is then ignored). */
  cursor: optionalQuery(
    z
      .string()
      .check(z.maxLength(160, { error: 'cursor is not valid' }), z.refine(isAuditCursor, { error: 'cursor is not valid' })),
  ),
  ...pageQuery,
});
export type AdminLogsQuery = z.input<typeof adminLogsQuerySchema>;

/** The longest range reports/daily answers, in days. */
export const DAILY_REPORT_DAYS_MAX = 92;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * reports/daily (not in SPEC): a range of UTC days, both inclusive; without one, the 30 days up to today.
 * Both ends or neither, from not after to, at most DAILY_REPORT_DAYS_MAX days.
 */
export const dailyReportQuerySchema = strictQuery({
  from: optionalQuery(dayQuery('from')),
  to: optionalQuery(dayQuery('to')),
}).check(
  z.refine((q) => (q.from === undefined) === (q.to === undefined), { error: 'Give both from and to, or neither' }),
  z.refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['from'] }),
  z.refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < DAILY_REPORT_DAYS_MAX, {
    error: `The range must not be more than ${DAILY_REPORT_DAYS_MAX} days`,
    path: ['to'],
  }),
);
export type DailyReportQuery = z.input<typeof dailyReportQuerySchema>;

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
  role: z.number().check(z.int()),
  createdAt: isoDateTime,
});
export const userStatusSchema = z.object({ id: idSchema, suspended: z.boolean() });
/** An account as the admin user list (users/all) and users/update show it. */
export const adminUserDetailSchema = z.extend(adminUserSchema, {
  username: z.string(),
  suspended: z.boolean(),
  phone_verified: z.boolean(),
  must_change_password: z.boolean(),
  can_post_signal: z.boolean(),
  can_post_game: z.boolean(),
  can_monetize_game: z.boolean(),
  subscription_expires_at: z.nullable(isoDateTime),
});
/**
 * One user's whole ledger, oldest first (each entry's new_balance is the running balance), with the
 * wallet's balance and the check that the entries sum to it and chain (each old_balance is the previous new_balance).
 */
export const userLedgerSchema = z.object({
  user: adminUserDetailSchema,
  balance: nairaBalance,
  entries: z.array(adminTransactionSchema),
  /** Credits minus debits of every entry, in naira. */
  entries_sum: z.number(),
  consistent: z.boolean(),
});
export type UserLedger = z.infer<typeof userLedgerSchema>;
/**
 * What admin/all-logs' `action` filter matches, stored beside each audit entry: the action lower-cased, and its
 * group ('user.' for 'user.suspend'). The provider and the functions (Clear Games) write them.
 */
export function auditActionKeys(action: string): { action_key: string; action_group: string } {
  const key = action.toLowerCase();
  const dot = key.indexOf('.');
  return { action_key: key, action_group: dot === -1 ? key : key.slice(0, dot + 1) };
}

export const auditLogSchema = z.object({
  id: idSchema,
  admin_id: idSchema,
  action: z.string(),
  target: z.nullable(z.string()),
  /** True for a call refused with 403 (the caller is not role 1); `admin_id` is then the caller. Absent means false. */
  refused: z.optional(z.boolean()),
  /** Refused calls are one entry per user and window: how many (createdAt is the window's start) and the last. */
  count: z.optional(countSchema),
  lastAt: z.optional(isoDateTime),
  /** Why, on entries the provider's jobs write (`admin_id` 'system'): a gateway refund that did not go through. */
  reason: z.optional(z.string()),
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
  reversed_withdrawals_count: z.optional(countSchema),
  reversed_withdrawals_total: z.optional(nairaBalance),
});

/**
 * One UTC day of reports/daily, from the ledger's journal, in naira: money in (top-ups), money out
 * (withdrawals requested) and refunds (failed or declined withdrawals returned), pot joins and payouts,
 * and subscriptions (how many and how much).
 */
export const dailyReportDaySchema = z.object({
  day: z.string(),
  money_in: nairaBalance,
  money_out: nairaBalance,
  refunds: nairaBalance,
  pot_joins: nairaBalance,
  pot_payouts: nairaBalance,
  subscriptions_count: countSchema,
  subscriptions_total: nairaBalance,
});
export type DailyReportDay = z.infer<typeof dailyReportDaySchema>;
/** Every day of the range, oldest first, days with nothing included (as zeros). */
export const dailyReportSchema = z.object({ from: z.string(), to: z.string(), days: z.array(dailyReportDaySchema) });
export type DailyReport = z.infer<typeof dailyReportSchema>;

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
  action: z._default(z.enum(TRANSACTION_SETTLE_ACTIONS, { error: "Action must be 'approve' or 'decline'" }), 'approve'),
  /** Why a withdrawal is declined (shown to the user); optional. */
  reason: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'Reason must not be empty' }),
        z.maxLength(200, { error: 'Reason must not be more than 200 characters' }),
      ),
  ),
});
/** Removes the admin role (role 1 -> 0) from an account; the account itself stays. */
export const adminDeleteRequestSchema = z.object({ user_id: idSchema });
/** An admin's changes to an account: names, the posting permissions, and forcing a password change. */
export const userUpdateRequestSchema = z
  .strictObject(
    {
      user_id: idSchema,
      first_name: z.optional(displayText(60, 'First name', 'name')),
      last_name: z.optional(displayText(60, 'Last name', 'name')),
      can_post_signal: z.optional(z.boolean({ error: 'can_post_signal must be true or false' })),
      can_post_game: z.optional(z.boolean({ error: 'can_post_game must be true or false' })),
      can_monetize_game: z.optional(z.boolean({ error: 'can_monetize_game must be true or false' })),
      /** true: the user's sessions end and the next login answers 206 with a reset code sent. */
      must_change_password: z.optional(z.literal(true, { error: 'must_change_password can only be set to true' })),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? 'Only names, permissions and must_change_password can be updated' : undefined,
    },
  )
  .check(z.refine((v) => Object.keys(v).some((k) => k !== 'user_id'), { error: 'Nothing to update' }));
