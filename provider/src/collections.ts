/**
 * Every collection the provider reads or writes, declared once: its path and the zod schema of a
 * stored document. Reads through a Collection are parsed, so a document that does not match its
 * schema fails at the read with a StoredDocumentError naming the collection and id, instead of as a
 * wrong type somewhere later. Writes take the typed document. Field names are the stored ones: the
 * web, the rules and the functions read some of these documents (permissions, games, my-games, pots).
 */
import { z } from 'zod';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@punter/core/account';
import { timestampMillis } from '@punter/core/api/common';
import { PERMISSIONS_COLLECTION, permissionsSchema } from '@punter/core/permissions';
import { GAME_STATUSES } from '@punter/core/punters-hub';
import type { Data, QuerySpec, Store, Tx } from './store';

/** A stored document does not match its collection's schema (a bug or a hand edit; never the caller's input). */
export class StoredDocumentError extends Error {
  override readonly name = 'StoredDocumentError';
}

/** Stored data (a document, or a value kept in one) parsed; the error names where it is and the fields at fault. */
export function parseStored<T>(where: string, schema: z.core.$ZodType<T>, data: unknown): T {
  const parsed = z.safeParse(schema, data);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`).join('; ');
  throw new StoredDocumentError(`Stored document ${where} does not match its schema (${fields})`);
}

/** What can read one document: a Store, or a Tx before its first write. */
interface Reader {
  get(collection: string, id: string): Promise<Data | null>;
}

export class Collection<T extends Data> {
  constructor(
    readonly path: string,
    readonly schema: z.core.$ZodType<T, Data>,
  ) {}

  /** The document parsed; the error names the path, the id and the fields at fault, never their values. */
  parse(id: string, data: Data): T {
    return parseStored(`${this.path}/${id}`, this.schema, data);
  }

  async get(from: Reader, id: string): Promise<T | null> {
    const data = await from.get(this.path, id);
    return data === null ? null : this.parse(id, data);
  }

  async query(store: Store, spec?: QuerySpec): Promise<Array<{ id: string; data: T }>> {
    const docs = await store.query(this.path, spec);
    return docs.map((d) => ({ id: d.id, data: this.parse(d.id, d.data) }));
  }

  /** The ids of the matching documents, unparsed: for deleting them whatever they hold. */
  async ids(store: Store, spec?: QuerySpec): Promise<string[]> {
    return (await store.query(this.path, spec)).map((d) => d.id);
  }

  /** Writes a new document; the transaction fails if it exists at commit time. */
  create(tx: Tx, id: string, doc: T): void {
    tx.create(this.path, id, doc);
  }

  set(tx: Tx, id: string, doc: T): void;
  set(store: Store, id: string, doc: T): Promise<void>;
  set(to: Tx | Store, id: string, doc: T): void | Promise<void> {
    return to.set(this.path, id, doc);
  }

  update(tx: Tx, id: string, patch: Partial<T>): void;
  update(store: Store, id: string, patch: Partial<T>): Promise<void>;
  update(to: Tx | Store, id: string, patch: Partial<T>): void | Promise<void> {
    return to.update(this.path, id, patch);
  }

  delete(tx: Tx, id: string): void;
  delete(store: Store, id: string): Promise<void>;
  delete(to: Tx | Store, id: string): void | Promise<void> {
    return to.delete(this.path, id);
  }
}

const epochMs = z.number().int().nonnegative();
const kobo = z.number().int().nonnegative();
/** Firestore keeps a Date as a Timestamp; the provider writes these for the web's ordering and never reads them. */
const timestamp = z.unknown();

// ---------------------------------------------------------------- accounts

export const userSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
  phone_number: z.string(),
  country: z.string(),
  gender: z.string(),
  avatar_url: z.string(),
  device_type: z.string(),
  marketing_channel: z.string(),
  referral_code: z.string(),
  referred_by: z.string().nullable(),
  role: z.number().int(),
  can_post_signal: z.boolean(),
  can_post_game: z.boolean(),
  can_monetize_game: z.boolean(),
  password_hash: z.string(),
  phone_verified: z.boolean(),
  must_change_password: z.boolean(),
  pin_hash: z.string().nullable(),
  pin_failed: z.number().int().nonnegative(),
  pin_locked_until: z.number().nonnegative(),
  /** PIN locks in a row (absent on older accounts); at pinLocksBeforeReset the PIN needs a reset code. */
  pin_locks: z.number().int().nonnegative().optional(),
  /** Saved bank accounts (absent until the first is saved). */
  saved_banks: z.number().int().nonnegative().optional(),
  suspended: z.boolean(),
  subscription_expires_at: epochMs.nullable(),
  /** A break or self-exclusion the user started (ADR 0019): money features and signals closed until then. */
  paused_until: epochMs.nullable().optional(),
  pause_kind: z.enum(['break', 'exclusion']).nullable().optional(),
  /** When the user accepted the pots' risk disclosure (before a first join, ADR 0012); absent until then. */
  pot_risk_accepted_at: epochMs.optional(),
  created_at: epochMs,
});
export type UserDoc = z.infer<typeof userSchema>;
export const users = new Collection('provider_users', userSchema);

/** Unique index: email, username and phone hashes, and referral codes, to the account id. */
export const unique = new Collection('provider_unique', z.object({ user_id: z.string() }));

/**
 * The devices an account was used on (ADR 0051), one document per account and device, id `{hash}_{userId}`:
 * only an HMAC of the device token (devices.ts), never the token. A sign, among the phone number and the bank
 * account, that two accounts are one person's (referral-guard.ts).
 */
export const userDevices = new Collection(
  'provider_user_devices',
  z.object({ user_id: z.string(), device_hash: z.string().regex(/^[0-9a-f]{64}$/), created_at: epochMs }),
);

/** Bearer tokens by their SHA-256. */
export const tokens = new Collection(
  'provider_tokens',
  z.object({ user_id: z.string(), created_at: epochMs, expires_at: epochMs }),
);

export const otpPurposeSchema = z.enum(['PHONE-VERIFICATION', 'PASSWORD-RESET', 'PIN-RESET']);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;
/** One live one-time code per (purpose, user), id `${purpose}:${userId}`. */
export const otps = new Collection(
  'provider_otps',
  z.object({
    user_id: z.string(),
    purpose: otpPurposeSchema,
    code_hash: z.string(),
    expires_at: epochMs,
    tries: z.number().int().nonnegative(),
    created_at: epochMs,
  }),
);

/** Times of the codes sent to a phone number (by its hash) in the last hour. */
export const otpSends = new Collection('provider_otp_sends', z.object({ sends: z.array(epochMs) }));

/** Wrong passwords in a row per (account, source); expire_at is for a Firestore TTL policy. */
export const loginGuards = new Collection(
  'provider_login_guards',
  z.object({ email_key: z.string(), failed: z.number().int().min(0), locked_until: z.number().min(0), expire_at: timestamp }),
);

/** What the rules, the callables and the web read to authorise a user (ADR 0004). */
export const permissions = new Collection(PERMISSIONS_COLLECTION, permissionsSchema);

export const notificationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  type: z.string(),
  meta_data: z.record(z.string(), z.unknown()),
  created_at: epochMs,
});
export const notifications = new Collection('provider_notifications', notificationSchema);

// ---------------------------------------------------------------- the ledger (ledger.ts is the one writer)

export const walletSchema = z.object({
  user_id: z.string(),
  balance_kobo: kobo,
  seq: z.number().int().nonnegative(),
  updated_at: epochMs,
});
export type WalletDoc = z.infer<typeof walletSchema>;
export const wallets = new Collection('provider_wallets', walletSchema);

export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export const entryStatusSchema = z.enum(TRANSACTION_STATUSES);

export const entrySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  seq: z.number().int().positive(),
  type: transactionTypeSchema,
  direction: z.enum(['credit', 'debit']),
  status: entryStatusSchema,
  amount_kobo: kobo,
  old_balance_kobo: kobo,
  new_balance_kobo: kobo,
  narration: z.string(),
  reference: z.string(),
  created_at: epochMs,
  settled_at: epochMs.optional(),
  /** Set when a failed withdrawal's debit is settled by a refund entry (the debit itself never changes). */
  reversal_entry_id: z.string().optional(),
});
export type EntryDoc = z.infer<typeof entrySchema>;
/** A wallet's immutable entries, under the wallet. */
export const entries = (userId: string) => new Collection(`${wallets.path}/${userId}/entries`, entrySchema);

/**
 * Double entry (ARCHITECTURE "Money"): every movement is a transfer between two accounts, written once as
 * an immutable journal line in the transaction that changes the balances. Account keys: `wallet:{uid}`,
 * `pot:{potId}`, `escrow:{gameId}`, `receivable:{uid}` (what a seller owes the house, ADR 0039),
 * `hold:{transactionId}` (a payment held over a deposit limit until refunded), `referral:{referrer}~{bonus}` (a
 * referral bonus on its way to the referrer's wallet, ADR 0055), `house`, `gateway`.
 */
export const accountKeySchema = z
  .string()
  .regex(/^(wallet|pot|escrow|receivable|hold|referral):[^/:]+$|^(house|gateway)$/, 'not an account key');
export const journalSchema = z.object({
  id: z.string(),
  from: accountKeySchema,
  to: accountKeySchema,
  amount_kobo: z.number().int().positive(),
  type: transactionTypeSchema,
  narration: z.string(),
  reference: z.string(),
  created_at: epochMs,
  /**
   * Which of JOURNAL_TIME_SHARDS time ranges the line is indexed in (ADR 0048, Firebase's sharded timestamps):
   * created_at is indexed only with it first (firestore.indexes.json), so the money written across the whole
   * app is not one index range past 500 writes a second. Every line is written through ledger.ts transfer().
   */
  time_shard: z.number().int().nonnegative().optional(),
});
export type JournalDoc = z.infer<typeof journalSchema>;
export const journal = new Collection('provider_journal', journalSchema);

/**
 * The balance of an internal account that is not a wallet (a pot's or an escrow's money, a payment held
 * over a deposit limit until it is refunded, or what a seller owes the house: a receivable, ADR 0039), by
 * account key. Only a receivable's balance may be below zero.
 */
export const ledgerAccountSchema = z
  .object({
    kind: z.enum(['pot', 'escrow', 'receivable', 'hold', 'referral']),
    owner_id: z.string(),
    balance_kobo: z.number().int(),
    seq: z.number().int().nonnegative(),
    updated_at: epochMs,
    /**
     * When a shard of an escrow or a pot (ADR 0048) was gathered and closed: no payment enters it after (a
     * purchase's transaction reads its shard and is refused), so nothing is left behind in it.
     */
    closed_at: epochMs.optional(),
  })
  .refine((a) => a.kind === 'receivable' || a.balance_kobo >= 0, { message: 'only a receivable may be below zero' });
export type LedgerAccountDoc = z.infer<typeof ledgerAccountSchema>;
export const ledgerAccounts = new Collection('provider_ledger_accounts', ledgerAccountSchema);

/** A user's safer-play limits and the kobo used per Lagos day (ADR 0019), by user id. */
const limitSettingSchema = z.object({
  amount_kobo: kobo.nullable(),
  pending: z.object({ amount_kobo: kobo.nullable(), effective_at: epochMs }).nullable(),
});
const periodLimitsSchema = z.object({ day: limitSettingSchema, week: limitSettingSchema, month: limitSettingSchema });
export const playGuardSchema = z.object({
  limits: z.object({ deposit: periodLimitsSchema, spend: periodLimitsSchema }),
  usage: z.object({ deposit: z.record(z.string(), kobo), spend: z.record(z.string(), kobo) }),
  updated_at: epochMs,
});
export type PlayGuardDoc = z.infer<typeof playGuardSchema>;
export const playGuards = new Collection('provider_play_guards', playGuardSchema);

/** The first answer of a money request, by sha256(scope:user:key). */
export const idempotency = new Collection(
  'provider_idempotency',
  z.object({ scope: z.string(), user_id: z.string(), fingerprint: z.string(), result: z.unknown(), created_at: epochMs }),
);

// ---------------------------------------------------------------- wallet resources

/**
 * A verified payment, once per gateway transaction_id: credited to the wallet (entry_id its FUNDING entry),
 * or, when it arrived past a deposit limit or during a break (a race, a late verification), held in its own
 * hold account and refunded to the gateway, never spendable (ADR 0019's amendment, issue 31). `status` is
 * absent on top-ups credited before holds existed.
 */
export const topupSchema = z.object({
  user_id: z.string(),
  entry_id: z.string().nullable(),
  amount_kobo: kobo,
  tx_ref: z.string(),
  created_at: epochMs,
  status: z.enum(['CREDITED', 'HELD', 'REFUNDED']).optional(),
  /** Why it was held: the limit's or the pause's message. */
  held_reason: z.string().optional(),
  refunded_at: epochMs.optional(),
  /**
   * The gateway refund of a held payment (wallet/funding.ts): PENDING while one worker asks the gateway (from
   * refund_claimed_at, for a lease), FAILED when the gateway refused it or could not be reached (refund_failure
   * says why; it stays HELD and is retried), ACCEPTED when the gateway took it (status REFUNDED, gateway_refund_id).
   */
  refund_state: z.enum(['PENDING', 'FAILED', 'ACCEPTED']).optional(),
  refund_claimed_at: epochMs.optional(),
  refund_attempts: z.number().int().nonnegative().optional(),
  refund_failure: z.string().optional(),
  refund_failed_at: epochMs.optional(),
  gateway_refund_id: z.string().optional(),
});
export type TopupDoc = z.infer<typeof topupSchema>;
export const topups = new Collection('provider_topups', topupSchema);

export const withdrawalSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  entry_id: z.string(),
  amount_kobo: kobo,
  bank_id: z.string(),
  bank_name: z.string(),
  bank_code: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  status: z.enum(['PENDING', 'SUCCESS', 'FAILED']),
  created_at: epochMs,
  settled_at: epochMs.nullable(),
  settled_by: z.string().nullable(),
  reversal_entry_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type WithdrawalDoc = z.infer<typeof withdrawalSchema>;
export const withdrawals = new Collection('provider_withdrawals', withdrawalSchema);

export const savedBankSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  code: z.string(),
  created_at: epochMs,
  /**
   * When the holder confirmed an account whose bank name is not their registered name (ADR 0046); absent or
   * null for an account in their own name. A withdrawal to an account in another name needs it.
   */
  other_name_confirmed_at: epochMs.nullable().optional(),
});
export type SavedBankDoc = z.infer<typeof savedBankSchema>;
export const banks = new Collection('provider_banks', savedBankSchema);

// ---------------------------------------------------------------- Punters Hub

export const gameSchema = z.object({
  id: z.string(),
  title: z.string(),
  odd: z.number(),
  platform: z.string(),
  amount: z.number().nonnegative(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.string(),
  punter_name: z.string(),
  user_id: z.string(),
  game_count: z.number(),
  win_count: z.number(),
  lost_count: z.number(),
  won_count: z.number(),
  punting_power: z.number(),
  buyers_count: z.number().int().nonnegative(),
  possible_profit: z.number(),
  createdAt: z.string(),
  earliest_game_time: z.string().nullable(),
  timestamp: timestamp.optional(),
});
export type GameDoc = z.infer<typeof gameSchema>;
/** The app's public games (the web reads them live; an admin may clear them). */
export const games = new Collection('games', gameSchema);

/**
 * The provider's own copy of each code (ADR 0027), id = game id: the fields locked at publish and where
 * its settlement stands. Settlement, corrections and the end-of-life job read and write this copy; the
 * public game only mirrors its status, so Clear Games (which deletes public games) takes nothing from them.
 */
export const gameCopySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  punter_name: z.string(),
  title: z.string(),
  odd: z.number().nonnegative(),
  price_kobo: kobo,
  platform: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(GAME_STATUSES),
  /** The public game's buyers at the last settlement (sales closed at the first game): the console shows it once cleared. */
  buyers_count: z.number().int().nonnegative().optional(),
  created_at: epochMs,
  updated_at: epochMs,
});
export type GameCopyDoc = z.infer<typeof gameCopySchema>;
export const gameCopies = new Collection('provider_games', gameCopySchema);

/** The secret codes of games, closed to every client. */
export const gameCodes = new Collection('provider_game_codes', z.object({ game_code: z.string(), user_id: z.string() }));

/**
 * A (user, game) purchase, id `${userId}_${gameId}`; entry_id is null for a free code. refunded_at is set
 * in the same transaction as the refund (ADR 0011), so a purchase is refunded once however often
 * settlement runs.
 */
export const purchases = new Collection(
  'provider_purchases',
  z.object({
    user_id: z.string(),
    game_id: z.string(),
    entry_id: z.string().nullable(),
    amount_kobo: kobo,
    created_at: epochMs,
    refunded_at: epochMs.nullable().optional(),
  }),
);

const settledResultSchema = z.object({
  status: z.enum(['Boom', 'Cut']),
  odd: z.number().nonnegative(),
  price_kobo: kobo,
  settled_at: epochMs,
});
/**
 * The settlement of each code (ADR 0010), id = game id: who settled it how and when, and how much of its
 * escrow went to the punter. Kept apart from the public game (which an admin may clear) so the record
 * outlives it.
 */
export const settlements = new Collection(
  'provider_settlements',
  z.object({
    game_id: z.string(),
    user_id: z.string(),
    status: z.enum(['Boom', 'Cut', 'Ended']),
    settled_by: z.string(),
    settled_at: epochMs,
    released_kobo: kobo,
    /**
     * A punter's own Boom of a paid code holds its escrow until then (ADR 0039): the job releases it after
     * this time unless a buyer's dispute is open. Null (or absent) when nothing is held.
     */
    release_after: epochMs.nullable().optional(),
  }),
);
/**
 * A punter's verified record, id = user id: the settled result of each of their codes (game id ->
 * result). Everything shown (won, lost, punting_power...) is computed from it (core punterRecord); no
 * call writes a count by hand.
 */
export const punterRecords = new Collection(
  'provider_punter_records',
  z.object({
    user_id: z.string(),
    username: z.string(),
    results: z.record(z.string(), settledResultSchema),
    updated_at: epochMs,
  }),
);
export type PunterRecordDoc = z.infer<typeof punterRecords.schema>;

/** The user's own copy of a game they got, with its code (owner-only rules). */
export const myGames = new Collection(
  'my-games',
  z.object({
    user_id: z.string(),
    game_id: z.string(),
    timestamp,
    title: z.string(),
    punter_name: z.string(),
    status: z.string(),
    amount: z.number(),
    platform: z.string(),
    game_code: z.string(),
    odd: z.number(),
    startDate: z.string(),
    endDate: z.string(),
  }),
);

// ---------------------------------------------------------------- pots (the app's collections)

/**
 * A pot as the provider reads it (SPEC 3 'Trading pot'); an admin creates it through the provider (ADR 0012).
 * Times are Firestore timestamps (the web reads them), converted to epoch ms here.
 */
export const potSchema = z.object({
  status: z.string(),
  pot_volume: z.number().nonnegative(),
  raised_amount: z.number().nonnegative().optional(),
  investors_count: z.number().int().nonnegative().optional(),
  percentage: z.number().optional(),
  duration: z.number().optional(),
  type: z.string().optional(),
  manager: z.string().optional(),
  raising_to: z.optional(timestampMillis),
  trade_to: z.optional(timestampMillis),
  /** The manager's result over the whole duration, in percent of the capital, once booked (ADR 0013). */
  result_percent: z.number().optional(),
  result_booked_at: epochMs.optional(),
  /**
   * How many shards its capacity and money are kept in (ADR 0048; absent on pots made before it, whose joins
   * still count on the pot document itself). raised_amount and investors_count are then folded from the shards.
   */
  shards: z.number().int().positive().optional(),
  /** Set once raising has ended and every shard's money is gathered into the pot's own account. */
  shards_gathered: z.boolean().optional(),
});
export type PotDoc = z.infer<typeof potSchema>;
export const pots = new Collection('trading_pots', potSchema);

/**
 * One shard of a sharded pot (ADR 0048), id `{potId}~{k}`: its share of the pot's volume, what joins have taken
 * from it and how many joins put their money in its account (`pot:{potId}~{k}`). A join's transaction reads
 * and writes only the shards it takes room from, so the volume is never passed however many join at once.
 * Closed when raising ends, before its money is gathered.
 */
export const potShardSchema = z.object({
  pot_id: z.string(),
  shard: z.number().int().nonnegative(),
  capacity_kobo: kobo,
  raised_kobo: kobo,
  count: z.number().int().nonnegative(),
  closed: z.boolean(),
});
export type PotShardDoc = z.infer<typeof potShardSchema>;
export const potShards = new Collection('provider_pot_shards', potShardSchema);

/**
 * The money side of one join (provider-only, same id as the participant documents): who, how much, who
 * referred them, and what has been paid (ADR 0013). The public documents mirror its status.
 */
export const potStakeSchema = z.object({
  pot_id: z.string(),
  user_id: z.string(),
  amount_kobo: kobo,
  referrer_id: z.string().nullable(),
  status: z.string(),
  /** The second 2.5 % referral bonus, paid once when the pot is due. */
  due_bonus_paid: z.boolean(),
  payout_kobo: kobo.nullable(),
  created_at: epochMs,
});
export type PotStakeDoc = z.infer<typeof potStakeSchema>;
export const potStakes = new Collection('provider_pot_stakes', potStakeSchema);

/**
 * A referral bonus on its way to the referrer's wallet (ADR 0055): the join (or the pot's due pass) moved it from
 * the house into a pending ledger account of its own (`referral:{referrer}~{id}`) and wrote this record; the
 * referrer's folder moves it into the wallet, with this narration and reference on the wallet's entry, and marks
 * it paid in the same transaction. Id: `join-{stake id}` or `due-{stake id}`.
 */
export const referralBonusSchema = z.object({
  referrer_id: z.string(),
  /** The referred user whose join earned it. */
  from_user_id: z.string(),
  amount_kobo: kobo,
  narration: z.string(),
  reference: z.string(),
  status: z.enum(['pending', 'paid']),
  created_at: epochMs,
  paid_at: epochMs.optional(),
});
export type ReferralBonusDoc = z.infer<typeof referralBonusSchema>;
export const referralBonuses = new Collection('provider_referral_bonuses', referralBonusSchema);

/**
 * When a fold last wrote a referrer's wallet (ADR 0055, amended), id the referrer's: read and written in each
 * fold's transaction, so that folds on any number of instances write the wallet at most once a second between
 * them. Wall-clock milliseconds (it paces real writes, whatever the provider's clock says).
 */
export const referralFolds = new Collection('provider_referral_folds', z.object({ folded_at: epochMs }));

/** app_config/auto_trada: the operator's switch, read live by the page (signed-in users may read it). */
export const appConfig = new Collection(
  'app_config',
  z.object({ enabled: z.boolean(), reason: z.string(), updated_at: epochMs }),
);

const participantSchema = z.object({
  pot_id: z.string(),
  name: z.string(),
  amount: z.number(),
  roi: z.number(),
  total: z.number(),
  trading_capital: z.number(),
  status: z.string(),
  timestamp,
});
/** The public list of a pot's participants: a display name, never an id. */
export const potParticipants = new Collection('pot_participants', participantSchema);
/** The joiner's own record, with user_id (owner-only rules). */
export const myPots = new Collection('my-pots', participantSchema.extend({ user_id: z.string() }));

// ---------------------------------------------------------------- admin

export const auditSchema = z.object({
  id: z.string(),
  admin_id: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  created_at: epochMs,
  /** A refused admin call (403): which method and path (of the last refusal in its window). */
  refused: z.boolean().optional(),
  method: z.string().optional(),
  path: z.string().optional(),
  /** Refused calls: how many in the entry's window (created_at is its start), and when the last one came. */
  count: z.number().int().min(1).optional(),
  last_at: epochMs.optional(),
  /** The action lower-cased and its group ('user.'), for the list's filter (entries before issue 31 lack them). */
  action_key: z.string().optional(),
  action_group: z.string().optional(),
  /** Why, for entries the provider's own jobs write (a gateway refund that did not go through). */
  reason: z.string().optional(),
  /** A user's confirmation of a bank account in another name (ADR 0046): which account, and the two names. */
  account: z
    .object({
      bank_code: z.string(),
      account_number: z.string(),
      account_name: z.string(),
      holder_name: z.string(),
    })
    .optional(),
});
export type AuditDoc = z.infer<typeof auditSchema>;
export const audit = new Collection('provider_audit', auditSchema);

const ADMIN_RECORDS = 'provider_admin_records';
const adminRecords = <T extends Data>(kind: string, schema: z.core.$ZodType<T, Data>) =>
  new Collection(`${ADMIN_RECORDS}/${kind}/items`, schema);

export const batchSchema = z.object({
  id: z.string(),
  creator_name: z.string(),
  creator_email: z.string(),
  creator_phone_number: z.string(),
  admin_id: z.string(),
  created_at: epochMs,
  /** The UTC day (YYYY-MM-DD) of created_at, for batch/today. */
  day: z.string(),
});
export const batches = adminRecords('batches', batchSchema);

export const blogSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  image_url: z.string().nullable().optional(),
  author_id: z.string(),
  created_at: epochMs,
  updated_at: epochMs,
});
export type BlogDoc = z.infer<typeof blogSchema>;
export const blogs = adminRecords('blogs', blogSchema);

export const giftCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  category_id: z.string(),
  rate_kobo: kobo,
  image_url: z.string().nullable().optional(),
  created_at: epochMs,
});
export type GiftCardDoc = z.infer<typeof giftCardSchema>;
export const giftCards = adminRecords('giftcards', giftCardSchema);

export const giftCardCategorySchema = z.object({ id: z.string(), name: z.string(), created_at: epochMs, updated_at: epochMs });
export type GiftCardCategoryDoc = z.infer<typeof giftCardCategorySchema>;
export const giftCardCategories = adminRecords('giftcard-categories', giftCardCategorySchema);

/** Ads: no call writes them (SPEC only reads them); the seed does. */
export const ads = adminRecords(
  'ads',
  z.object({ id: z.string(), title: z.string(), image_url: z.string(), link: z.string(), created_at: epochMs }),
);

export const cryptoRates = adminRecords(
  'crypto',
  z.object({ symbol: z.string(), buy_rate_kobo: kobo, sell_rate_kobo: kobo, updated_at: epochMs }),
);

// ---------------------------------------------------------------- abuse limits and the sandbox adapters

/** Fixed-window counters (limits.ts); expire_at is for a Firestore TTL policy. */
export const limitWindows = new Collection(
  'provider_limits',
  z.object({
    bucket: z.string(),
    count: z.number().int().nonnegative(),
    expire_at: timestamp,
    /** A shard's window (ADR 0055): `{bucket}:{key hash}:{start}`, so one query reads a window's shards. */
    window: z.string().optional(),
  }),
);

export const sandboxPaymentSchema = z.object({
  transaction_id: z.string(),
  tx_ref: z.string(),
  amount_kobo: kobo,
  currency: z.string(),
  status: z.enum(['successful', 'failed', 'cancelled']),
  method: z.enum(['card', 'mobilemoney', 'ussd']),
  customer_email: z.string().nullable(),
  created_at: z.number(),
  /** What the sandbox refunded of it (absent: nothing). */
  refunded_kobo: kobo.optional(),
});
export type SandboxPayment = z.infer<typeof sandboxPaymentSchema>;
/** Payments made on /sandbox/checkout, by transaction_id. */
export const sandboxPayments = new Collection('provider_sandbox_payments', sandboxPaymentSchema);
/** Refunds the sandbox gateway took, by sha256 of their idempotency key. */
export const sandboxRefunds = new Collection(
  'provider_sandbox_refunds',
  z.object({
    refund_id: z.string(),
    idempotency_key: z.string(),
    transaction_id: z.string(),
    amount_kobo: kobo,
    reason: z.string(),
    created_at: epochMs,
  }),
);

/** Messages the sandbox SMS gateway 'sent' (read at GET /sandbox/sms); seq breaks ties within a millisecond. */
export const sandboxSms = new Collection(
  'provider_sandbox_sms',
  z.object({
    to: z.string(),
    body: z.string(),
    code: z.string(),
    created_at: epochMs,
    seq: z.number().int().nonnegative().optional(),
  }),
);

/**
 * The collection names, for tests and scripts that look at the store directly. The Collection
 * objects above are what the provider's own code reads and writes through.
 */
export const C = {
  users: users.path,
  unique: unique.path,
  userDevices: userDevices.path,
  tokens: tokens.path,
  otps: otps.path,
  otpSends: otpSends.path,
  loginGuards: loginGuards.path,
  wallets: wallets.path,
  entries: (userId: string) => entries(userId).path,
  journal: journal.path,
  potStakes: potStakes.path,
  referralBonuses: referralBonuses.path,
  referralFolds: referralFolds.path,
  ledgerAccounts: ledgerAccounts.path,
  playGuards: playGuards.path,
  idempotency: idempotency.path,
  topups: topups.path,
  withdrawals: withdrawals.path,
  banks: banks.path,
  notifications: notifications.path,
  audit: audit.path,
  gameCodes: gameCodes.path,
  gameCopies: gameCopies.path,
  purchases: purchases.path,
  settlements: settlements.path,
  punterRecords: punterRecords.path,
  adminRecords: ADMIN_RECORDS,
  games: games.path,
  myGames: myGames.path,
  permissions: permissions.path,
} as const;
