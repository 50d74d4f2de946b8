/**
 * The ledger, the one place money moves: double entry between accounts (wallets, pots, escrows, the house,
 * the payment gateway), each transfer an immutable journal line written in the same transaction as the
 * balances it changes, never below zero for what users and pots hold, integer kobo through core's money module;
 * settling a PENDING entry, idempotent money requests, and the statement view of SPEC section 3.
 * Every caller that moves money (top-up, withdrawal, subscription, pot join, game purchase) goes through
 * transfer (or postEntry, one wallet's view of it) inside its own transaction, after reading the accounts
 * in it (readWallet, readAccount).
 */
import type { TransactionStatus, TransactionType } from '@punter/core/account';
import { addKobo, assertKobo, formatNaira, koboToNaira, netKobo, subtractKobo } from '@punter/core/money';
import { z } from 'zod';
import {
  entries,
  entryStatusSchema,
  idempotency,
  journal,
  ledgerAccounts,
  parseStored,
  transactionTypeSchema,
  wallets,
  type EntryDoc,
  type JournalDoc,
  type LedgerAccountDoc,
  type WalletDoc,
} from './collections';
import type { ProviderDeps } from './context';
import { ApiError, badRequest, conflict } from './http';
import { JOURNAL_TIME_SHARDS, ownerOfShard, shardId, shardOf } from './counters';
import { sha256 } from './secrets';
import { newId, type Store, type Tx } from './store';

export type EntryStatus = TransactionStatus;

/** What a reader of one document needs: a Store, or a Tx before its first write. */
type Reader = Pick<Store, 'get'> | Pick<Tx, 'get'>;

const emptyWallet = (userId: string): WalletDoc => ({ user_id: userId, balance_kobo: 0, seq: 0, updated_at: 0 });

/** Opens the empty wallet of a new account, in the registration's transaction. */
export function openWallet(tx: Tx, userId: string, now: number): void {
  wallets.set(tx, userId, { user_id: userId, balance_kobo: 0, seq: 0, updated_at: now });
}

/** The wallet inside a transaction that may post to it (a missing wallet is an empty one). */
export async function readWallet(tx: Tx, userId: string): Promise<WalletDoc> {
  return (await wallets.get(tx, userId)) ?? emptyWallet(userId);
}

/** The balance as last committed, in kobo (0 for a wallet never written). */
export async function balanceKobo(store: Store, userId: string): Promise<number> {
  return (await wallets.get(store, userId))?.balance_kobo ?? 0;
}

/** Every wallet's balance added up, in kobo (the admin's wallet report). */
export async function totalBalanceKobo(store: Store): Promise<number> {
  const all = await wallets.query(store);
  return addKobo(0, ...all.map((w) => w.data.balance_kobo));
}

/**
 * An account money can sit in. Wallet, pot and escrow accounts never go below zero; house and gateway may,
 * and so may a receivable: what a seller owes the house (ADR 0039), kept like the gateway's cash, as an
 * asset of the house below zero (its balance is minus what is owed), so all accounts still sum to zero.
 */
export type AccountRef =
  | { kind: 'wallet'; id: string }
  | { kind: 'pot'; id: string }
  | { kind: 'escrow'; id: string }
  | { kind: 'receivable'; id: string }
  | { kind: 'hold'; id: string }
  /** A referral bonus on its way to the referrer's wallet (ADR 0055), id `{referrer}~{bonus id}`. */
  | { kind: 'referral'; id: string }
  | { kind: 'house' }
  | { kind: 'gateway' };

/** The house: bonuses, fees and subscriptions come from or go to it. */
export const HOUSE: AccountState = { ref: { kind: 'house' } };
/** The payment gateway: money entering (top-ups) and leaving (withdrawals) the system. */
export const GATEWAY: AccountState = { ref: { kind: 'gateway' } };

/**
 * An account as read in a transaction, to post to. House and gateway carry no balance: they are not read
 * (one document every top-up wrote would be a hot spot) and their balances follow from the journal.
 */
export type AccountState =
  | { ref: { kind: 'wallet'; id: string }; wallet: WalletDoc }
  | { ref: { kind: 'pot' | 'escrow' | 'receivable' | 'hold' | 'referral'; id: string }; account: LedgerAccountDoc }
  | { ref: { kind: 'house' } | { kind: 'gateway' } };

export function accountKey(ref: AccountRef): string {
  return ref.kind === 'house' || ref.kind === 'gateway' ? ref.kind : `${ref.kind}:${ref.id}`;
}

/** A wallet read with readWallet, as an account to transfer from or to. */
export function walletAccount(wallet: WalletDoc): AccountState {
  return { ref: { kind: 'wallet', id: wallet.user_id }, wallet };
}

/** Reads an account inside a transaction, before the transaction's first write (a missing one is empty). */
export async function readAccount(tx: Tx, ref: AccountRef): Promise<AccountState> {
  switch (ref.kind) {
    case 'wallet':
      return walletAccount(await readWallet(tx, ref.id));
    case 'pot':
    case 'escrow':
    case 'receivable':
    case 'hold':
    case 'referral': {
      const account = (await ledgerAccounts.get(tx, accountKey(ref))) ?? {
        kind: ref.kind,
        // A shard of a pot's or an escrow's money (ADR 0048) belongs to that pot or code; a pending referral
        // bonus (ADR 0055) to its referrer.
        owner_id: ownerOfShard(ref.id),
        balance_kobo: 0,
        seq: 0,
        updated_at: 0,
      };
      return { ref, account };
    }
    default:
      return { ref };
  }
}

/** The balance an account holds now (its own side's balance, or null for the accounts that may go below zero). */
export function heldKobo(state: AccountState): number | null {
  if ('wallet' in state) return state.wallet.balance_kobo;
  if ('account' in state) return state.ref.kind === 'receivable' ? null : state.account.balance_kobo;
  return null;
}

export interface Transfer {
  from: AccountState;
  to: AccountState;
  /** Whole kobo, more than 0. */
  amountKobo: number;
  type: TransactionType;
  narration: string;
  reference: string;
  /** PENDING for a wallet debit whose outcome is not known yet (a withdrawal); settleEntry ends it. */
  status?: EntryStatus;
  /** The journal line's id (and the wallet entries'), when the caller names it; otherwise a new one. */
  id?: string;
}

/**
 * Moves money between two accounts read in `tx`: one immutable journal line, each side's new balance, and
 * for a wallet side the entry its owner sees on the statement. Refused before any write if a wallet, pot or
 * escrow would go below zero. Returns both accounts as they will be after `tx`, so another transfer in the
 * same transaction chains on them, and the entry of the wallet side (the `to` side's if both are wallets).
 */
export function transfer(
  deps: Pick<ProviderDeps, 'now'>,
  tx: Tx,
  t: Transfer,
): { from: AccountState; to: AccountState; entry: EntryDoc | null; journal: JournalDoc } {
  assertKobo(t.amountKobo);
  if (t.amountKobo <= 0) throw new ApiError(400, 'The amount is not valid');
  const fromKey = accountKey(t.from.ref);
  const toKey = accountKey(t.to.ref);
  if (fromKey === toKey) throw new Error(`A transfer needs two different accounts (${fromKey})`);
  const held = heldKobo(t.from);
  if (held !== null && t.amountKobo > held) throw new ApiError(400, 'Insufficient funds');
  const now = deps.now();
  const id = t.id ?? newId();
  const line: JournalDoc = {
    id,
    from: fromKey,
    to: toKey,
    amount_kobo: t.amountKobo,
    type: t.type,
    narration: t.narration,
    reference: t.reference,
    created_at: now,
    time_shard: shardOf(id, JOURNAL_TIME_SHARDS),
  };
  journal.create(tx, id, line);
  const from = applySide(tx, t.from, -t.amountKobo, t, id, now);
  const to = applySide(tx, t.to, t.amountKobo, t, id, now);
  return { from: from.state, to: to.state, entry: to.entry ?? from.entry ?? null, journal: line };
}

function applySide(
  tx: Tx,
  state: AccountState,
  delta: number,
  t: Transfer,
  id: string,
  now: number,
): { state: AccountState; entry?: EntryDoc } {
  if ('wallet' in state) {
    const wallet = state.wallet;
    const newBalance = delta > 0 ? addKobo(wallet.balance_kobo, delta) : subtractKobo(wallet.balance_kobo, -delta);
    const entry: EntryDoc = {
      id,
      user_id: wallet.user_id,
      seq: wallet.seq + 1,
      type: t.type,
      direction: delta > 0 ? 'credit' : 'debit',
      status: t.status ?? 'SUCCESS',
      amount_kobo: Math.abs(delta),
      old_balance_kobo: wallet.balance_kobo,
      new_balance_kobo: newBalance,
      narration: t.narration,
      reference: t.reference,
      created_at: now,
    };
    const next: WalletDoc = { user_id: wallet.user_id, balance_kobo: newBalance, seq: entry.seq, updated_at: now };
    wallets.set(tx, wallet.user_id, next);
    entries(wallet.user_id).create(tx, id, entry);
    return { state: { ref: state.ref, wallet: next }, entry };
  }
  if ('account' in state) {
    const account = state.account;
    const next: LedgerAccountDoc = {
      ...account,
      // A receivable is signed (minus what is owed); every other account stays at or above zero.
      balance_kobo:
        state.ref.kind === 'receivable'
          ? netKobo(account.balance_kobo, delta)
          : delta > 0
            ? addKobo(account.balance_kobo, delta)
            : subtractKobo(account.balance_kobo, -delta),
      seq: account.seq + 1,
      updated_at: now,
    };
    ledgerAccounts.set(tx, accountKey(state.ref), next);
    return { state: { ref: state.ref, account: next } };
  }
  return { state };
}

export interface Posting {
  type: TransactionType;
  direction: 'credit' | 'debit';
  /** Whole kobo, more than 0. */
  amountKobo: number;
  narration: string;
  reference: string;
  /** Where the money comes from (a credit) or goes to (a debit): the other side of the double entry. */
  counterparty: AccountState;
  /** PENDING for a debit whose outcome is not known yet (a withdrawal); settleEntry ends it. */
  status?: EntryStatus;
  /** The entry's id when the caller names it (a withdrawal's id); otherwise a new one. */
  id?: string;
}

/**
 * A transfer seen from one wallet: a credit from `counterparty` or a debit to it. The wallet must have been
 * read in the same transaction (readWallet). Returns the wallet and the counterparty as they will be after
 * `tx`, so a second posting in the same transaction chains on them.
 */
export function postEntry(
  deps: Pick<ProviderDeps, 'now'>,
  tx: Tx,
  wallet: WalletDoc,
  posting: Posting,
): { wallet: WalletDoc; entry: EntryDoc; counterparty: AccountState } {
  const own = walletAccount(wallet);
  const credit = posting.direction === 'credit';
  const moved = transfer(deps, tx, {
    from: credit ? posting.counterparty : own,
    to: credit ? own : posting.counterparty,
    amountKobo: posting.amountKobo,
    type: posting.type,
    narration: posting.narration,
    reference: posting.reference,
    ...(posting.status !== undefined ? { status: posting.status } : {}),
    ...(posting.id !== undefined ? { id: posting.id } : {}),
  });
  const side = credit ? moved.to : moved.from;
  const entry = 'wallet' in side ? moved.entry : null;
  if (!('wallet' in side) || !entry) throw new Error('postEntry posts to a wallet');
  return { wallet: side.wallet, entry, counterparty: credit ? moved.from : moved.to };
}

/**
 * The journal lines written in [startMs, endMs), read time shard by time shard (ADR 0048): created_at is indexed
 * only after time_shard, so the range is asked of each shard and the answers put together.
 */
export async function journalBetween(store: Store, startMs: number, endMs: number): Promise<JournalDoc[]> {
  const shards = await Promise.all(
    Array.from({ length: JOURNAL_TIME_SHARDS }, (_, k) =>
      journal.query(store, {
        where: [
          ['time_shard', '==', k],
          ['created_at', '>=', startMs],
          ['created_at', '<', endMs],
        ],
      }),
    ),
  );
  return shards.flat().map((d) => d.data);
}

/**
 * Gathers the shards of a pot's or an escrow's money (ADR 0048) into its main account and closes them, one small
 * transaction per shard: the one that empties a shard marks it closed (`closed_at`), so a payment into it either
 * committed before (and is gathered here) or reads it closed and is refused (`assertShardOpen`), never left
 * behind. Safe to run twice, or in two instances at once (each re-reads its shard; a closed, empty one is skipped).
 * Runs once the payments into the shards must stop (a code settled, a pot's raising ended).
 */
export async function gatherShards(
  deps: Pick<ProviderDeps, 'now' | 'store'>,
  kind: 'pot' | 'escrow',
  ownerId: string,
  shards: number,
  narration: string,
): Promise<number> {
  let gathered = 0;
  for (let k = 0; k < shards; k += 1) {
    const ref = { kind, id: shardId(ownerId, k) } as const;
    const committed = await ledgerAccounts.get(deps.store, accountKey(ref));
    if (committed?.closed_at !== undefined && committed.balance_kobo === 0) continue;
    gathered = addKobo(
      gathered,
      await deps.store.runTransaction(async (tx) => {
        const read = await readAccount(tx, ref);
        const main = await readAccount(tx, { kind, id: ownerId });
        if (!('account' in read)) throw new Error('a shard is a ledger account');
        const held = read.account.balance_kobo;
        if (read.account.closed_at !== undefined && held === 0) return 0;
        // Closed in the transaction that empties it: the transfer writes the shard with closed_at kept.
        const shard: AccountState = {
          ref: read.ref,
          account: { ...read.account, closed_at: read.account.closed_at ?? deps.now() },
        };
        if (held <= 0) {
          if ('account' in shard) ledgerAccounts.set(tx, accountKey(ref), shard.account);
          return 0;
        }
        transfer(deps, tx, {
          from: shard,
          to: main,
          amountKobo: held,
          type: kind === 'pot' ? 'JOIN_AUTO_TRADA' : 'BUY_GAME',
          narration,
          reference: `gather:${accountKey(ref)}`,
        });
        return held;
      }),
    );
  }
  return gathered;
}

/**
 * Refuses a payment into a shard that was gathered and closed (read in the payment's transaction): the
 * payments into it have stopped, and money paid in now would stay behind (ADR 0048, amended).
 */
export function assertShardOpen(state: AccountState, message: string): void {
  if ('account' in state && state.account.closed_at !== undefined) throw badRequest(message);
}

/** The balance of any account as committed: a wallet's or pot's own, the house's and gateway's from the journal. */
export async function accountBalanceKobo(store: Store, ref: AccountRef): Promise<number> {
  if (ref.kind === 'wallet') return balanceKobo(store, ref.id);
  const key = accountKey(ref);
  if ((ref.kind === 'pot' || ref.kind === 'escrow') && ownerOfShard(ref.id) === ref.id) {
    // A pot's or a code's money as a whole: its own account and its shards' (ADR 0048).
    const all = await ledgerAccounts.query(store, { where: [['owner_id', '==', ref.id]] });
    return addKobo(0, ...all.filter((a) => a.data.kind === ref.kind).map((a) => a.data.balance_kobo));
  }
  if (
    ref.kind === 'pot' ||
    ref.kind === 'escrow' ||
    ref.kind === 'receivable' ||
    ref.kind === 'hold' ||
    ref.kind === 'referral'
  ) {
    return (await ledgerAccounts.get(store, key))?.balance_kobo ?? 0;
  }
  const [ins, outs] = await Promise.all([
    journal.query(store, { where: [['to', '==', key]] }),
    journal.query(store, { where: [['from', '==', key]] }),
  ]);
  return netKobo(...ins.map((l) => l.data.amount_kobo), ...outs.map((l) => -l.data.amount_kobo));
}

/**
 * The double-entry check: the sum over every account (wallets, pots, escrows as stored; house and gateway
 * from the journal) is zero, and each stored balance equals what its journal lines add up to. Reads the
 * whole journal: for tests, the operator's reconciliation and scripts, never a request path.
 */
export async function ledgerCheck(store: Store): Promise<{ sumKobo: number; mismatches: string[] }> {
  const derived = new Map<string, number>();
  const add = (key: string, amount: number) => derived.set(key, netKobo(derived.get(key) ?? 0, amount));
  for (const { data } of await journal.query(store)) {
    add(data.from, -data.amount_kobo);
    add(data.to, data.amount_kobo);
  }
  const stored = new Map<string, number>();
  for (const { id, data } of await wallets.query(store)) stored.set(`wallet:${id}`, data.balance_kobo);
  for (const { id, data } of await ledgerAccounts.query(store)) stored.set(id, data.balance_kobo);
  const mismatches: string[] = [];
  let sumKobo = 0;
  for (const [key, balance] of stored) {
    sumKobo = netKobo(sumKobo, balance);
    const fromJournal = derived.get(key) ?? 0;
    if (fromJournal !== balance) mismatches.push(`${key}: stored ${balance}, journal ${fromJournal}`);
  }
  for (const [key, amount] of derived) {
    if (key === 'house' || key === 'gateway') sumKobo = netKobo(sumKobo, amount);
    else if (!stored.has(key)) mismatches.push(`${key}: no stored balance, journal ${amount}`);
  }
  return { sumKobo, mismatches };
}

/**
 * Settles a PENDING entry as SUCCESS; its amounts, balances and narration never change. A reversed
 * debit links to the refund credit that undid it (posted with postEntry in the same transaction).
 */
export function settleEntry(tx: Tx, userId: string, entryId: string, settledAt: number, reversalEntryId?: string): void {
  entries(userId).update(tx, entryId, {
    status: 'SUCCESS',
    settled_at: settledAt,
    ...(reversalEntryId !== undefined ? { reversal_entry_id: reversalEntryId } : {}),
  });
}

/** One entry of a wallet, or null. */
export async function readEntry(from: Reader, userId: string, entryId: string): Promise<EntryDoc | null> {
  return entries(userId).get(from, entryId);
}

/** A wallet's entries, newest first (at most `limit`). */
export async function statement(store: Store, userId: string, limit?: number): Promise<EntryDoc[]> {
  const docs = await entries(userId).query(store, {
    orderBy: { field: 'seq', direction: 'desc' },
    ...(limit !== undefined ? { limit } : {}),
  });
  return docs.map((d) => d.data);
}

/**
 * Stores the first answer of a money request under (scope, user, key) in the same transaction as
 * the money; a retry with the same key returns that answer (parsed with `answer`), the same key with
 * another request is a conflict. The step-up `pin` is not part of what is asked, only proof of who asks:
 * the same join sent again with the PIN (the login grew older than 15 minutes meanwhile) is the same request.
 */
function withoutPin(request: unknown): unknown {
  if (typeof request !== 'object' || request === null || Array.isArray(request) || !('pin' in request)) return request;
  return Object.fromEntries(Object.entries(request).filter(([field]) => field !== 'pin'));
}

export async function idempotent<T>(
  tx: Tx,
  scope: string,
  userId: string,
  key: string | undefined,
  request: unknown,
  answer: z.ZodType<T>,
  work: () => Promise<T> | T,
  now: number,
): Promise<{ replay: boolean; value: T }> {
  if (!key) return { replay: false, value: await work() };
  if (key.length > 200) throw badRequest('Idempotency-Key is too long');
  const id = sha256(`${scope}:${userId}:${key}`);
  const fingerprint = sha256(JSON.stringify(withoutPin(request)));
  const existing = await idempotency.get(tx, id);
  if (existing) {
    if (existing.fingerprint !== fingerprint) throw conflict('This idempotency key was already used for a different request');
    return { replay: true, value: parseStored(`${idempotency.path}/${id} (result)`, answer, existing.result) };
  }
  const value = await work();
  idempotency.create(tx, id, { scope, user_id: userId, fingerprint, result: value, created_at: now });
  return { replay: false, value };
}

export const transactionViewSchema = z.object({
  id: z.string(),
  type: transactionTypeSchema,
  status: entryStatusSchema,
  amount: z.number(),
  createdAt: z.string(),
  narration: z.string(),
  wallet_type: z.literal('NAIRA'),
  old_balance: z.number(),
  new_balance: z.number(),
  reference: z.string(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

/** A transaction as SPEC section 3 shows it (naira amounts). */
export function transactionView(entry: EntryDoc): TransactionView {
  return {
    id: entry.id,
    type: entry.type,
    status: entry.status,
    amount: koboToNaira(entry.amount_kobo),
    createdAt: new Date(entry.created_at).toISOString(),
    // A reversed withdrawal's debit reads as failed and refunded; its stored narration stays as written.
    narration: entry.reversal_entry_id
      ? `${entry.narration} - FAILED, ${formatNaira(entry.amount_kobo)} refunded to your wallet`
      : entry.narration,
    wallet_type: 'NAIRA',
    old_balance: koboToNaira(entry.old_balance_kobo),
    new_balance: koboToNaira(entry.new_balance_kobo),
    reference: entry.reference,
  };
}
