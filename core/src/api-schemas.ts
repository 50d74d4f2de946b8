/**
 * The zod schemas of the provider REST API (SPEC section 7) and of the entities it carries (SPEC section 3).
 * This is the ONE definition: the provider validates requests and shapes answers with it, the functions
 * proxy uses API_CALLS as its allow-list, and the web parses what comes back with it.
 *
 * Wire conventions (decided here, documented for everyone):
 * - Amounts on the wire are naira numbers with at most 2 decimals, as SPEC shows. Convert with
 *   core/src/money.ts (nairaToKobo / koboToNaira); `nairaAmountAsKobo` (./api-primitives) does it inside a schema.
 * - A success body is `{ status: true, message, data }` (`okBody`), or `{ status: true, message }` when there is
 *   nothing to return (`okMessageBody`). Login, register and OTP verify answer the profile itself
 *   (`{ code, token, data }` plus status and message), which the browser stores whole (SPEC section 7).
 * - An error body is `{ status: false, message, error?: [{ message, field? }] }` (SPEC section 8).
 * - Calls that move money on the user's request (withdraw, join-auto-trada, buy-or-get-game, subscribe) carry an
 *   `Idempotency-Key` header made by the client (ARCHITECTURE, Money). Top-up uses its `transaction_id`.
 * - Dates are ISO 8601 strings (`new Date().toISOString()`).
 */
import { z } from 'zod';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './account';
import { GAME_STATUSES, INVALID_ODDS_MESSAGE, ODDS_PATTERN, PLATFORMS, TOKEN_EXPIRED_MESSAGE } from './punters-hub';
import { API_ROUTES, type ApiAuth, type ApiRouteName, type HttpMethod } from './api-routes';
import { OTP_TYPE } from './otp';
import { SIGNAL_TARGET_GROUPS } from './signals';
import { displayText } from './display-text';

// The building blocks and the stored profile live in small modules of their own (so a screen can load
// them without building every schema below); they are re-exported here under the same names.
import {
  DEVICE_TYPE,
  MARKETING_CHANNEL,
  accountNumberSchema,
  bankCodeSchema,
  dateTimeInput,
  emailSchema,
  httpUrl,
  idSchema,
  isoDateTime,
  nairaAmount,
  nairaBalance,
  newPasswordSchema,
  otpSchema,
  passwordSchema,
  phoneNumberSchema,
  pinSchema,
  text,
} from './api-primitives';
export {
  httpUrl,
  MAX_REQUEST_NAIRA,
  AMOUNT_NOT_NUMBER,
  AMOUNT_NOT_POSITIVE,
  AMOUNT_TOO_MANY_DECIMALS,
  AMOUNT_TOO_LARGE,
  nairaAmount,
  nairaAmountAsKobo,
  nairaBalance,
  idSchema,
  isoDateTime,
  dateTimeInput,
  PIN_MESSAGE,
  CODE_MESSAGE,
  pinSchema,
  otpSchema,
  EMAIL_INVALID,
  emailSchema,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  passwordSchema,
  newPasswordSchema,
  PHONE_INVALID,
  phoneNumberSchema,
  ACCOUNT_NUMBER_MESSAGE,
  accountNumberSchema,
  bankCodeSchema,
  DEVICE_TYPE,
  MARKETING_CHANNEL,
} from './api-primitives';
import { LOGGED_IN_CODES, profileDataSchema, profileSchema } from './profile-schemas';
export { PROFILE_CODES, profileCodeSchema, LOGGED_IN_CODES, profileDataSchema, profileSchema } from './profile-schemas';
export type { ProfileData, Profile } from './profile-schemas';

export { TOKEN_EXPIRED_MESSAGE };

// ---------------------------------------------------------------------------------------------
// Bodies shared by every call
// ---------------------------------------------------------------------------------------------

/** Error body (SPEC section 8): the web shows `message`, or each `error[i].message`. */
export const errorBodySchema = z.object({
  status: z.literal(false),
  message: z.string(),
  error: z.array(z.object({ message: z.string(), field: z.string().optional() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;


/**
 * The SPEC section 8 error body for a failed validation: the first issue's message as `message`, and every
 * issue as `{ message, field }` (field = dotted path, left out for issues about the whole body).
 */
export function errorBodyFromZod(error: z.ZodError, message?: string): ErrorBody {
  const items = error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field === '' ? { message: issue.message } : { message: issue.message, field };
  });
  return { status: false, message: message ?? items[0]?.message ?? 'Invalid request', error: items };
}

/** `{ status: true, message, data }` with `data` described by the given schema. */
export function okBody<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), message: z.string(), data });
}
/** `{ status: true, message }` for calls that return nothing else. */
export const okMessageBody = z.object({ status: z.literal(true), message: z.string() });

// ---------------------------------------------------------------------------------------------
// Entities (SPEC section 3)
// ---------------------------------------------------------------------------------------------

export const GENDERS = ['female', 'male'] as const;
export const genderSchema = z.enum(GENDERS, { error: 'Gender must be female or male' });


/** A profile that counts as logged in (ADR 0001): code 200 or 203 with a bearer token. */
export const loggedInProfileSchema = profileSchema.extend({
  code: z.literal(LOGGED_IN_CODES),
  token: z.string().min(1),
});

/** Answer of login, register and OTP verify: the profile plus status and message. */
export const profileBodySchema = profileSchema.extend({ status: z.literal(true), message: z.string() });

export const bankListEntrySchema = z.object({ code: z.string().min(1), name: z.string().min(1) });
export type BankListEntry = z.infer<typeof bankListEntrySchema>;

export const savedBankSchema = z.object({
  id: idSchema,
  account_name: z.string().min(1),
  account_number: accountNumberSchema,
  bank_name: z.string().min(1),
  code: z.string().min(1),
});
export type SavedBank = z.infer<typeof savedBankSchema>;

export { TRANSACTION_STATUSES, TRANSACTION_TYPES };
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionTypeSchema>;
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

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

/** A transaction as the admin lists see it: with its owner. */
export const adminTransactionSchema = transactionSchema.extend({
  user_id: idSchema,
  user_email: z.string().optional(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const referralSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  subscription: z.boolean(),
  createdAt: isoDateTime,
});
export type Referral = z.infer<typeof referralSchema>;

export const notificationSchema = z.object({
  id: idSchema,
  meta_data: z.record(z.string(), z.unknown()),
  type: z.string(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

export const gamePlatformSchema = z.enum(PLATFORMS, {
  error: 'Platform must be one of sportybet, bet9ja, 1xbet, nairabet',
});
export type GamePlatform = z.infer<typeof gamePlatformSchema>;

/** Game prices in naira (SPEC section 9): 0 (free) for everyone; 100, 200, 500 only with can_monetize_game. */
export const GAME_PRICES = [0, 100, 200, 500] as const;
export const FREE_GAME_PRICES = [0] as const;
export const GAME_PRICE_MESSAGE = 'Price must be 0, 100, 200 or 500';
export const FREE_GAME_PRICE_MESSAGE = 'Price must be 0';
export const gamePriceSchema = z.literal(GAME_PRICES, { error: GAME_PRICE_MESSAGE });

export const gameStatusSchema = z.enum(GAME_STATUSES);
export type GameStatus = z.infer<typeof gameStatusSchema>;

/** Odds on the wire: a non-negative decimal string (punters-hub ODDS_PATTERN) or number; output is the number. */
export const oddSchema = z
  .union([z.string().trim().regex(ODDS_PATTERN, { error: INVALID_ODDS_MESSAGE }), z.number().min(0, { error: INVALID_ODDS_MESSAGE })], {
    error: INVALID_ODDS_MESSAGE,
  })
  .transform((value) => Number(value))
  .pipe(z.number().min(0).max(1_000_000, { error: INVALID_ODDS_MESSAGE }));

const count = z.number().int().min(0);

/**
 * A betting code (game) of the Punters Hub (SPEC section 3). `game_code` is the secret being sold: the provider
 * leaves it out of lists for users who have not got it (see `bettingCodeListEntrySchema`).
 */
export const bettingCodeSchema = z.object({
  id: idSchema,
  title: z.string(),
  game_code: z.string(),
  odd: z.number().min(0),
  platform: gamePlatformSchema,
  amount: gamePriceSchema,
  startDate: z.string(),
  endDate: z.string(),
  status: gameStatusSchema,
  punter_name: z.string(),
  user_id: idSchema,
  game_count: count,
  win_count: count,
  lost_count: count,
  won_count: count,
  /** A rating; above 50 shows an up arrow. */
  punting_power: z.number(),
  buyers_count: count,
  possible_profit: nairaBalance,
  createdAt: isoDateTime,
  earliest_game_time: z.string().nullable(),
});
export type BettingCode = z.infer<typeof bettingCodeSchema>;
/** A betting code in the public list: the code itself only for its owner or a user who got or bought it. */
export const bettingCodeListEntrySchema = bettingCodeSchema.extend({ game_code: z.string().optional() });
export type BettingCodeListEntry = z.infer<typeof bettingCodeListEntrySchema>;

export const ANALYST_COUNTRIES = ['England', 'France', 'Germany', 'Italy', 'Spain'] as const;
export const analystCountrySchema = z.enum(ANALYST_COUNTRIES);

/** A virtual-football game for the analyst (SPEC section 3: id, homeScore, awayScore; the rest is optional). */
export const analystGameSchema = z.object({
  id: idSchema,
  homeScore: count,
  awayScore: count,
  homeTeam: z.string().optional(),
  awayTeam: z.string().optional(),
  country: z.string().optional(),
  platform: z.string().optional(),
  league: z.string().optional(),
  date: z.string().optional(),
});
export type AnalystGame = z.infer<typeof analystGameSchema>;

export const teamSchema = z.object({ id: idSchema, name: z.string(), shortName: z.string(), logo: z.string() });
export type Team = z.infer<typeof teamSchema>;

/**
 * A Firestore time as the SDKs hand it over (Timestamp with toMillis(), {seconds, nanoseconds}, a Date, epoch ms
 * or an ISO string), converted to epoch milliseconds. A pending server timestamp (null) stays null.
 */
export const timestampMillis = z
  .unknown()
  .transform((value, ctx): number | null => {
    if (value === null || value === undefined) return null;
    const millis = toMillis(value);
    if (millis === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Must be a timestamp' });
      return z.NEVER;
    }
    return millis;
  });

function toMillis(value: unknown): number | undefined {
  if (value instanceof Date) return finite(value.getTime());
  if (typeof value === 'number') return finite(value);
  if (typeof value === 'string') return finite(Date.parse(value));
  if (typeof value === 'object' && value !== null) {
    const candidate = value as { toMillis?: unknown; seconds?: unknown; nanoseconds?: unknown };
    if (typeof candidate.toMillis === 'function') return finite((candidate.toMillis as () => unknown).call(value));
    if (typeof candidate.seconds === 'number' && typeof candidate.nanoseconds === 'number') {
      return finite(candidate.seconds * 1000 + Math.floor(candidate.nanoseconds / 1e6));
    }
  }
  return undefined;
}
function finite(n: unknown): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A document of the 'signal' collection (SPEC section 3). */
export const signalSchema = z.object({
  title: z.string(),
  details: z.string(),
  group: z.enum(SIGNAL_TARGET_GROUPS),
  status: z.literal('Active'),
  timestamp: timestampMillis,
  created_at: z.string(),
});
export type Signal = z.infer<typeof signalSchema>;

/** A document of 'trading_pots' (SPEC section 3). Times are converted to epoch milliseconds. */
export const tradingPotSchema = z.object({
  id: idSchema,
  pot_volume: nairaBalance,
  raised_amount: nairaBalance,
  investors_count: count,
  /** Monthly percentage. */
  percentage: z.number().min(0),
  /** Raising, Trading or another status shown as text. */
  status: z.string(),
  timestamp: timestampMillis,
  raising_to: timestampMillis,
  trade_from: timestampMillis,
  /** Due date. */
  trade_to: timestampMillis,
  /** Months. */
  duration: z.number().min(0),
  type: z.string(),
  manager: z.string(),
  terms: z.string(),
  managers_number: z.string(),
});
export type TradingPot = z.infer<typeof tradingPotSchema>;

/**
 * A document of 'pot_participants' (SPEC section 3), as every signed-in user sees it: a display
 * name ('Ada O.'), never the participant's user id or full name (ADR 0006). The participant's own
 * copy, with user_id, is in 'my-pots' (myPotSchema).
 */
export const potParticipantSchema = z.object({
  pot_id: idSchema,
  name: z.string(),
  amount: nairaBalance,
  /** Capital plus ROI. */
  total: nairaBalance,
  roi: nairaBalance,
  trading_capital: nairaBalance,
  /** Initially 'Pending'. */
  status: z.string(),
  timestamp: timestampMillis,
});
export type PotParticipant = z.infer<typeof potParticipantSchema>;

/** A document of 'my-pots': the participant's own record of a join, readable only by that user. */
export const myPotSchema = potParticipantSchema.extend({ user_id: idSchema });
export type MyPot = z.infer<typeof myPotSchema>;

/** A document of 'my-games' (SPEC section 3); fields SPEC does not show are kept as they are. */
export const myGameSchema = z.looseObject({
  user_id: idSchema,
  timestamp: timestampMillis,
  title: z.string(),
  punter_name: z.string(),
  status: z.string(),
  amount: nairaBalance,
  platform: z.string(),
  game_code: z.string(),
});
export type MyGame = z.infer<typeof myGameSchema>;

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
export const adSchema = z.object({
  id: idSchema,
  title: z.string(),
  image_url: z.string(),
  link: z.string(),
  createdAt: isoDateTime,
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
export const blogSchema = z.object({
  id: idSchema,
  title: z.string(),
  body: z.string(),
  image_url: z.string().nullable(),
  author_id: idSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export const giftCardSchema = z.object({
  id: idSchema,
  name: z.string(),
  category_id: idSchema,
  /** Naira per unit of the card's currency. */
  rate: nairaBalance,
  image_url: z.string().nullable(),
  createdAt: isoDateTime,
});
export const giftCardCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  cards: z.array(giftCardSchema),
});
export const walletReportSchema = z.object({
  users_count: count,
  total_wallet_balance: nairaBalance,
  /**
   * Sum of SUCCESS amounts per transaction type; types with no transaction may be left out. A reversed
   * (failed or declined) withdrawal and its refund credit are counted in neither WITHDRAWAL nor FUNDING.
   */
  transaction_values: z.partialRecord(transactionTypeSchema, nairaBalance),
  pending_withdrawals_count: count,
  pending_withdrawals_total: nairaBalance,
  /** Withdrawals that failed or were declined and were refunded to the wallet (optional: added later). */
  reversed_withdrawals_count: count.optional(),
  reversed_withdrawals_total: nairaBalance.optional(),
});
export const cryptoRateSchema = z.object({
  symbol: z.string(),
  buy_rate: nairaBalance,
  sell_rate: nairaBalance,
  updatedAt: isoDateTime,
});

// ---------------------------------------------------------------------------------------------
// Requests (SPEC section 7)
// ---------------------------------------------------------------------------------------------

export const loginRequestSchema = z.object({ email: emailSchema, password: passwordSchema });

/** Registration payload (SPEC section 3). */
export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  first_name: displayText(60, 'First name', 'name'),
  last_name: displayText(60, 'Last name', 'name'),
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, { error: 'Username must be at least 3 characters' })
    .max(30, { error: 'Username must not be more than 30 characters' })
    .regex(/^[A-Za-z0-9_.]+$/, { error: 'Username can only have letters, digits, _ and .' }),
  phone_number: phoneNumberSchema,
  device_type: z.literal(DEVICE_TYPE),
  device_token: text(512, 'Device token'),
  /** Optional; an empty string means none. */
  referral_code: z.string().trim().max(64).optional(),
  marketing_channel: z.literal(MARKETING_CHANNEL),
  gender: genderSchema,
  country: text(60, 'Country'),
  avatar_url: z
    .union([httpUrl, z.string().regex(/^\/(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]+$/)], { error: 'Avatar must be a URL or a path on this site' })
    .refine((v) => v.length <= 2048, { error: 'Avatar must be a URL or a path on this site' }),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export { OTP_TYPE };
export const otpRequestSchema = z.object({
  email: emailSchema,
  phone_number: phoneNumberSchema,
  otpType: z.literal(OTP_TYPE),
});
export const otpVerifySchema = z.object({ otp: otpSchema, otpType: z.literal(OTP_TYPE), email: emailSchema });
export const sendResetOtpRequestSchema = z.object({ email: emailSchema });
export const resetPasswordRequestSchema = z.object({ email: emailSchema, otp: otpSchema, password: newPasswordSchema });
export const pinSetRequestSchema = z.object({ pin: pinSchema });
export const pinVerifyRequestSchema = z.object({ pin: pinSchema, device_token: text(512, 'Device token') });
export const pinResetRequestSchema = z.object({ otp: otpSchema, pin: pinSchema });
export const bankVerifyRequestSchema = z.object({ account_number: accountNumberSchema, bank_code: bankCodeSchema });
export const bankAddRequestSchema = z.object({
  bank_name: text(120, 'Bank name'),
  account_name: text(120, 'Account name'),
  code: bankCodeSchema,
  account_number: accountNumberSchema,
});
/** Top-up verification: the payment's transaction_id (Flutterwave sends a number) and what the user meant to pay. */
export const topupRequestSchema = z.object({
  transaction_id: z.union([
    z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'transaction_id is not valid' }),
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
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
export const joinAutoTradaRequestSchema = z.object({
  amount: nairaAmount,
  pot_id: idSchema,
  /** SPEC's spelling. Optional: the referrer's code, if any. */
  referalCode: z.string().trim().max(64).optional(),
  /** Step-up: the transaction PIN, required unless the session is less than 15 minutes old. */
  pin: pinSchema.optional(),
});

const createCodeBase = z.object({
  odd: oddSchema,
  title: displayText(120, 'Title'),
  game_code: text(64, 'Game code'),
  platform: gamePlatformSchema,
  startDate: dateTimeInput,
  endDate: dateTimeInput,
});
const END_AFTER_START = 'End date must be after start date';
function endAfterStart(value: { startDate: string; endDate: string }): boolean {
  return Date.parse(value.endDate) > Date.parse(value.startDate);
}
/** POST puntershub/create-code for a poster with can_monetize_game: price 0, 100, 200 or 500. */
export const createCodeRequestSchema = createCodeBase
  .extend({ amount: gamePriceSchema })
  .refine(endAfterStart, { error: END_AFTER_START, path: ['endDate'] });
/** The same for a poster without can_monetize_game: price 0 only. */
export const createFreeCodeRequestSchema = createCodeBase
  .extend({ amount: z.literal(FREE_GAME_PRICES, { error: FREE_GAME_PRICE_MESSAGE }) })
  .refine(endAfterStart, { error: END_AFTER_START, path: ['endDate'] });
/** The create-code schema that fits the poster's permission. */
export function createCodeRequestSchemaFor(canMonetizeGame: boolean) {
  return canMonetizeGame ? createCodeRequestSchema : createFreeCodeRequestSchema;
}
/** `pin`: step-up for a priced code, required unless the session is less than 15 minutes old. */
export const buyOrGetGameRequestSchema = z.object({ game_id: idSchema, amount: gamePriceSchema, pin: pinSchema.optional() });
/** The subscription's body: only the step-up PIN, required unless the session is less than 15 minutes old. */
export const subscribeRequestSchema = z.object({ pin: pinSchema.optional() });

/** GET /games query (all optional; strings as a query string carries them). */
export const analystGamesQuerySchema = z.object({
  country: analystCountrySchema.optional(),
  /** A day ('2026-11-22') or a day and time ('2026-11-22T18:36'). */
  date: z.union([z.iso.date(), dateTimeInput]).optional(),
  platform: z.string().trim().min(1).max(40).optional(),
  team: z.string().trim().min(1).max(40).optional(),
});

/** Idempotency-Key header of the money-moving calls: 8..128 letters, digits, '-' or '_'. */
export const idempotencyKeySchema = z
  .string({ error: 'Idempotency-Key header is required' })
  .regex(/^[A-Za-z0-9_-]{8,128}$/, { error: 'Idempotency-Key must be 8 to 128 letters, digits, - or _' });
/** Header names are lower case, as Node hands them over. */
export const idempotencyHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema });
/** The same header where it is optional (no call uses it any more; subscribe requires the key). */
export const optionalIdempotencyHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

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
export const blogCreateRequestSchema = z.object({
  title: displayText(200, 'Title'),
  body: displayText(50_000, 'Body', 'multiline'),
  image_url: httpUrl.max(2048).optional(),
});
export const blogUpdateRequestSchema = z.object({
  id: idSchema,
  title: displayText(200, 'Title').optional(),
  body: displayText(50_000, 'Body', 'multiline').optional(),
  image_url: httpUrl.max(2048).nullable().optional(),
});
/** DELETE blog/delete carries the blog id in an `id` header (SPEC section 7). */
export const blogDeleteHeadersSchema = z.object({ id: idSchema });
export const giftCardCreateRequestSchema = z.object({
  name: text(120, 'Name'),
  category_id: idSchema,
  rate: nairaAmount,
  image_url: httpUrl.max(2048).optional(),
});
export const giftCardUpdateRequestSchema = z.object({
  id: idSchema,
  name: text(120, 'Name').optional(),
  category_id: idSchema.optional(),
  rate: nairaAmount.optional(),
  image_url: httpUrl.max(2048).nullable().optional(),
});
export const giftCardDeleteRequestSchema = z.object({ id: idSchema });
/** Settles a PENDING withdrawal: approve (the default) marks it SUCCESS; decline refunds it with a new entry. */
export const TRANSACTION_SETTLE_ACTIONS = ['approve', 'decline'] as const;
export const transactionApproveRequestSchema = z.object({
  transaction_id: idSchema,
  action: z.enum(TRANSACTION_SETTLE_ACTIONS, { error: "Action must be 'approve' or 'decline'" }).default('approve'),
  /** Why a withdrawal is declined (shown to the user); optional. */
  reason: z.string().trim().min(1, { error: 'Reason must not be empty' }).max(200, { error: 'Reason must not be more than 200 characters' }).optional(),
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
/** Creates or renames a gift-card category (upsert by id). */
export const giftCardCategoryUpdateRequestSchema = z.object({
  id: idSchema,
  name: text(120, 'Name'),
});
export const cryptoUpdateRequestSchema = z.object({
  symbol: z.string().trim().regex(/^[A-Z0-9]{2,10}$/, { error: 'Symbol must be 2 to 10 capital letters or digits' }),
  buy_rate: nairaAmount,
  sell_rate: nairaAmount,
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const walletSchema = z.object({ balance: nairaBalance });
/** What a money-moving call answers: the entry it wrote and the balance after it. */
export const walletMovementSchema = z.object({ transaction: transactionSchema, balance: nairaBalance });
/** Top-up answer: a wallet movement plus `success: true`, which SPEC's client reads. */
export const topupResponseSchema = okBody(walletMovementSchema).extend({ success: z.literal(true) });
/** What subscribe answers: the SUBSCRIPTION entry and the new expiry. */
export const subscriptionResultSchema = z.object({ entry: transactionSchema, subscription_expires_at: isoDateTime });
export const buyOrGetGameResultSchema = z.object({
  /** The game with its code (SPEC: 200 gives game.game_code). */
  game: bettingCodeSchema,
  /** The BUY_GAME entry, null for a free game. */
  transaction: transactionSchema.nullable(),
});

// ---------------------------------------------------------------------------------------------
// The allow-list
// ---------------------------------------------------------------------------------------------

// Methods, paths and auth of every call live in ./api-routes (no zod, for the browser's start-up);
// each entry below adds the call's schemas to its route.
export { HTTP_METHODS, buildApiPath, type ApiAuth, type HttpMethod } from './api-routes';

export interface ApiCallDefinition {
  readonly method: HttpMethod;
  /** Path with `:param` placeholders where SPEC has `{id}`. */
  readonly path: string;
  readonly auth: ApiAuth;
  /** JSON body. */
  readonly request?: z.ZodType;
  /** Query string parameters (GET). */
  readonly query?: z.ZodType;
  /** Headers the call needs besides Authorization and Accept (names in lower case). */
  readonly headers?: z.ZodType;
  /** Success body. */
  readonly response?: z.ZodType;
}

/**
 * Every call of SPEC section 7. The functions proxy forwards those with auth 'user' or 'admin'
 * (auth 'none' goes through the session callables); the provider validates its routes with it.
 */
export const API_CALLS = {
  login: { ...API_ROUTES.login, request: loginRequestSchema, response: profileBodySchema },
  register: {
    ...API_ROUTES.register,
    request: registerRequestSchema,
    response: profileBodySchema,
  },
  otpRequest: { ...API_ROUTES.otpRequest, request: otpRequestSchema, response: okMessageBody },
  otpVerify: { ...API_ROUTES.otpVerify, request: otpVerifySchema, response: profileBodySchema },
  passwordSendOtp: {
    ...API_ROUTES.passwordSendOtp,
    request: sendResetOtpRequestSchema,
    response: okMessageBody,
  },
  passwordReset: {
    ...API_ROUTES.passwordReset,
    request: resetPasswordRequestSchema,
    response: okMessageBody,
  },
  pinSet: { ...API_ROUTES.pinSet, request: pinSetRequestSchema, response: okMessageBody },
  pinVerify: {
    ...API_ROUTES.pinVerify,
    request: pinVerifyRequestSchema,
    response: okMessageBody,
  },
  pinSendOtp: { ...API_ROUTES.pinSendOtp, response: okMessageBody },
  pinReset: { ...API_ROUTES.pinReset, request: pinResetRequestSchema, response: okMessageBody },
  banks: { ...API_ROUTES.banks, response: okBody(z.array(bankListEntrySchema)) },
  bankVerify: {
    ...API_ROUTES.bankVerify,
    request: bankVerifyRequestSchema,
    response: okBody(z.object({ account_name: z.string().min(1), account_number: accountNumberSchema })),
  },
  bankAdd: {
    ...API_ROUTES.bankAdd,
    request: bankAddRequestSchema,
    response: okBody(savedBankSchema),
  },
  nairaWallet: { ...API_ROUTES.nairaWallet, response: okBody(walletSchema) },
  savedBanks: { ...API_ROUTES.savedBanks, response: okBody(z.array(savedBankSchema)) },
  limitTransactions: {
    ...API_ROUTES.limitTransactions,
    response: okBody(z.array(transactionSchema)),
  },
  transactions: {
    ...API_ROUTES.transactions,
    response: okBody(z.array(transactionSchema)),
  },
  myReferrals: { ...API_ROUTES.myReferrals, response: okBody(z.array(referralSchema)) },
  topup: {
    ...API_ROUTES.topup,
    request: topupRequestSchema,
    response: topupResponseSchema,
  },
  withdraw: {
    ...API_ROUTES.withdraw,
    request: withdrawRequestSchema,
    headers: idempotencyHeadersSchema,
    response: okBody(walletMovementSchema),
  },
  joinAutoTrada: {
    ...API_ROUTES.joinAutoTrada,
    request: joinAutoTradaRequestSchema,
    headers: idempotencyHeadersSchema,
    response: okBody(walletMovementSchema),
  },
  bettingCodes: {
    ...API_ROUTES.bettingCodes,
    response: okBody(z.array(bettingCodeListEntrySchema)),
  },
  createCode: {
    ...API_ROUTES.createCode,
    // The provider narrows this with createCodeRequestSchemaFor(can_monetize_game).
    request: createCodeRequestSchema,
    response: okBody(bettingCodeSchema),
  },
  buyOrGetGame: {
    ...API_ROUTES.buyOrGetGame,
    request: buyOrGetGameRequestSchema,
    headers: idempotencyHeadersSchema,
    response: okBody(buyOrGetGameResultSchema),
  },
  analystGames: {
    ...API_ROUTES.analystGames,
    query: analystGamesQuerySchema,
    response: okBody(z.array(analystGameSchema)),
  },
  topGames: { ...API_ROUTES.topGames, response: okBody(z.array(analystGameSchema)) },
  notifications: {
    ...API_ROUTES.notifications,
    response: okBody(z.array(notificationSchema)),
  },
  // Paths SPEC does not show or lists as unused, which this product uses:
  /** The monthly subscription (₦2,000 from the wallet); SPEC shows no path for it. */
  subscribe: {
    ...API_ROUTES.subscribe,
    request: subscribeRequestSchema,
    headers: idempotencyHeadersSchema,
    response: okBody(subscriptionResultSchema),
  },
  /** The token owner's profile data (SPEC: defined but unused); the bridge uses it to learn whose token it holds. */
  userProfile: { ...API_ROUTES.userProfile, response: okBody(profileDataSchema) },
  // Other admin-style calls (role 1 only, each audited).
  batchCreate: {
    ...API_ROUTES.batchCreate,
    request: batchCreateRequestSchema,
    response: okBody(batchSchema),
  },
  todayBatch: { ...API_ROUTES.todayBatch, response: okBody(z.array(batchSchema)) },
  admins: { ...API_ROUTES.admins, response: okBody(z.array(adminUserSchema)) },
  adminCreate: {
    ...API_ROUTES.adminCreate,
    request: adminCreateRequestSchema,
    response: okBody(adminUserSchema),
  },
  suspendAccount: {
    ...API_ROUTES.suspendAccount,
    request: userIdRequestSchema,
    response: okBody(userStatusSchema),
  },
  activateAccount: {
    ...API_ROUTES.activateAccount,
    request: userIdRequestSchema,
    response: okBody(userStatusSchema),
  },
  allAds: { ...API_ROUTES.allAds, response: okBody(z.array(adSchema)) },
  allLogs: { ...API_ROUTES.allLogs, response: okBody(z.array(auditLogSchema)) },
  allBlogs: { ...API_ROUTES.allBlogs, response: okBody(z.array(blogSchema)) },
  blogCreate: {
    ...API_ROUTES.blogCreate,
    request: blogCreateRequestSchema,
    response: okBody(blogSchema),
  },
  blogUpdate: {
    ...API_ROUTES.blogUpdate,
    request: blogUpdateRequestSchema,
    response: okBody(blogSchema),
  },
  blogDelete: {
    ...API_ROUTES.blogDelete,
    headers: blogDeleteHeadersSchema,
    response: okMessageBody,
  },
  allGiftCards: {
    ...API_ROUTES.allGiftCards,
    response: okBody(z.array(giftCardSchema)),
  },
  giftCardCreate: {
    ...API_ROUTES.giftCardCreate,
    request: giftCardCreateRequestSchema,
    response: okBody(giftCardSchema),
  },
  giftCardCategory: {
    ...API_ROUTES.giftCardCategory,
    response: okBody(giftCardCategorySchema),
  },
  giftCardUpdate: {
    ...API_ROUTES.giftCardUpdate,
    request: giftCardUpdateRequestSchema,
    response: okBody(giftCardSchema),
  },
  giftCardDelete: {
    ...API_ROUTES.giftCardDelete,
    request: giftCardDeleteRequestSchema,
    response: okMessageBody,
  },
  walletReport: {
    ...API_ROUTES.walletReport,
    response: okBody(walletReportSchema),
  },
  allTransactions: {
    ...API_ROUTES.allTransactions,
    response: okBody(z.array(adminTransactionSchema)),
  },
  approveTransaction: {
    ...API_ROUTES.approveTransaction,
    request: transactionApproveRequestSchema,
    response: okBody(adminTransactionSchema),
  },
  pendingTransactions: {
    ...API_ROUTES.pendingTransactions,
    response: okBody(z.array(adminTransactionSchema)),
  },
  cryptoUpdate: {
    ...API_ROUTES.cryptoUpdate,
    request: cryptoUpdateRequestSchema,
    response: okBody(cryptoRateSchema),
  },
  // SPEC's "defined but unused" paths, role 1 only and audited like the calls above.
  adminDelete: {
    ...API_ROUTES.adminDelete,
    request: adminDeleteRequestSchema,
    response: okBody(adminUserSchema),
  },
  allUsers: { ...API_ROUTES.allUsers, response: okBody(z.array(adminUserDetailSchema)) },
  userUpdate: {
    ...API_ROUTES.userUpdate,
    request: userUpdateRequestSchema,
    response: okBody(adminUserDetailSchema),
  },
  giftCardCategoryUpdate: {
    ...API_ROUTES.giftCardCategoryUpdate,
    request: giftCardCategoryUpdateRequestSchema,
    response: okBody(giftCardCategorySchema),
  },
  cryptoRates: { ...API_ROUTES.cryptoRates, response: okBody(z.array(cryptoRateSchema)) },
} as const satisfies Record<ApiRouteName, ApiCallDefinition>;

export type ApiCallName = keyof typeof API_CALLS;
export type ApiCall<N extends ApiCallName> = (typeof API_CALLS)[N];
/** The parsed request body of a call (never when it has none). */
export type ApiRequest<N extends ApiCallName> = ApiCall<N> extends { request: infer S extends z.ZodType } ? z.output<S> : never;
/** The request body a caller writes (before transforms). */
export type ApiRequestInput<N extends ApiCallName> = ApiCall<N> extends { request: infer S extends z.ZodType }
  ? z.input<S>
  : never;
/** The success body of a call. */
export type ApiResponse<N extends ApiCallName> = ApiCall<N> extends { response: infer S extends z.ZodType }
  ? z.output<S>
  : never;

export const API_CALL_NAMES = Object.keys(API_CALLS) as ApiCallName[];

export interface ResolvedApiCall {
  readonly name: ApiCallName;
  readonly call: ApiCallDefinition;
  /** Values of the `:param` placeholders, decoded. */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Finds the allow-listed call for a method and a path (a query string is ignored). Returns undefined for
 * anything not in API_CALLS, including paths with '..', empty segments or bad percent-encoding.
 */
export function resolveApiCall(method: string, path: string): ResolvedApiCall | undefined {
  const pathname = path.split('?', 1)[0] ?? '';
  if (!pathname.startsWith('/')) return undefined;
  const segments = pathname.slice(1).split('/');
  for (const name of API_CALL_NAMES) {
    const call: ApiCallDefinition = API_CALLS[name];
    if (call.method !== method) continue;
    const pattern = call.path.slice(1).split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let matches = true;
    for (let i = 0; i < pattern.length && matches; i += 1) {
      const expected = pattern[i] ?? '';
      const actual = segments[i] ?? '';
      if (expected.startsWith(':')) {
        const value = decodeSegment(actual);
        if (value === undefined) matches = false;
        else params[expected.slice(1)] = value;
      } else if (expected !== actual) {
        matches = false;
      }
    }
    if (matches) return { name, call, params };
  }
  return undefined;
}

function decodeSegment(segment: string): string | undefined {
  if (segment === '') return undefined;
  try {
    const value = decodeURIComponent(segment);
    if (value === '.' || value === '..' || value.includes('/') || value.length > 128) return undefined;
    return value;
  } catch {
    return undefined;
  }
}

/** Splits a request path into its pathname and its query parameters (the last value wins for repeated names). */
export function splitApiPath(path: string): { pathname: string; query: Record<string, string> } {
  const index = path.indexOf('?');
  if (index === -1) return { pathname: path, query: {} };
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(path.slice(index + 1))) query[key] = value;
  return { pathname: path.slice(0, index), query };
}
