/**
 * The wallet ledger, the one place money moves: balances, entry posting (an immutable entry and the
 * new balance in the same transaction, never below zero, integer kobo through core's money module),
 * settling a PENDING entry, idempotent money requests, and the statement view of SPEC section 3.
 * Every caller that moves money (top-up, withdrawal, subscription, pot join, game purchase) goes
 * through postEntry inside its own transaction, after reading the wallet with readWallet in it.
 */
import type { TransactionStatus, TransactionType } from '@punter/core/account';
import { addKobo, assertKobo, formatNaira, koboToNaira, subtractKobo } from '@punter/core/money';
import { z } from 'zod';
import {
  entries,
  entryStatusSchema,
  idempotency,
  parseStored,
  transactionTypeSchema,
  wallets,
  type EntryDoc,
  type WalletDoc,
} from './collections';
import type { ProviderDeps } from './context';
import { ApiError, badRequest, conflict } from './http';
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

export interface Posting {
  type: TransactionType;
  direction: 'credit' | 'debit';
  /** Whole kobo, more than 0. */
  amountKobo: number;
  narration: string;
  reference: string;
  /** PENDING for a debit whose outcome is not known yet (a withdrawal); settleEntry ends it. */
  status?: EntryStatus;
  /** The entry's id when the caller names it (a withdrawal's id); otherwise a new one. */
  id?: string;
}

/**
 * Writes one ledger entry and the new balance in `tx`. The wallet must have been read in the same
 * transaction (readWallet). A debit larger than the balance is refused: no balance goes below zero.
 * Returns the wallet as it will be after `tx`, so a second posting in the same transaction chains on it.
 */
export function postEntry(
  deps: Pick<ProviderDeps, 'now'>,
  tx: Tx,
  wallet: WalletDoc,
  posting: Posting,
): { wallet: WalletDoc; entry: EntryDoc } {
  assertKobo(posting.amountKobo);
  if (posting.amountKobo === 0) throw new ApiError(400, 'The amount is not valid');
  const now = deps.now();
  let newBalance: number;
  if (posting.direction === 'credit') newBalance = addKobo(wallet.balance_kobo, posting.amountKobo);
  else {
    if (posting.amountKobo > wallet.balance_kobo) throw new ApiError(400, 'Insufficient funds');
    newBalance = subtractKobo(wallet.balance_kobo, posting.amountKobo);
  }
  const entry: EntryDoc = {
    id: posting.id ?? newId(),
    user_id: wallet.user_id,
    seq: wallet.seq + 1,
    type: posting.type,
    direction: posting.direction,
    status: posting.status ?? 'SUCCESS',
    amount_kobo: posting.amountKobo,
    old_balance_kobo: wallet.balance_kobo,
    new_balance_kobo: newBalance,
    narration: posting.narration,
    reference: posting.reference,
    created_at: now,
  };
  const next: WalletDoc = { user_id: wallet.user_id, balance_kobo: newBalance, seq: entry.seq, updated_at: now };
  wallets.set(tx, wallet.user_id, next);
  entries(wallet.user_id).create(tx, entry.id, entry);
  return { wallet: next, entry };
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
 * another request is a conflict.
 */
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
  const fingerprint = sha256(JSON.stringify(request));
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
