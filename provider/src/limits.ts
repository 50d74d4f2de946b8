/**
 * Abuse limits that hold across provider instances: fixed-window counters kept in the store, each document
 * carrying `expire_at` (a Date) for a Firestore TTL policy on provider_limits, so old windows do not pile up.
 *
 * - A key of one person (an e-mail, an account) is one document per bucket, key and window, raised with an
 *   atomic increment rather than a transaction, so a burst on it costs one write and one read each.
 * - A key many people share (the ceiling on all SMS, key 'all'; a carrier NAT address) is kept in shards
 *   (ADR 0055): the window's `max` is split over `shards` documents, each with its own share (`cap`). A
 *   request reads the shards (one query on their `window`), takes one unit of room from a shard with room, picked at random, in a small
 *   transaction on that shard alone (exact: a shard never passes its share), and tries another if that one
 *   filled meanwhile; with no room left anywhere it is refused without writing. So a burst on one key spreads over
 *   the shards (production takes about one sustained write a second per document), the sum never passes `max`,
 *   and exactly `max` requests pass when more come, whatever the concurrency and however many instances.
 */
import { limitWindows } from './collections';
import type { ProviderDeps } from './context';
import { tooMany } from './http';
import { sha256 } from './secrets';

export const LIMITS_COLLECTION = limitWindows.path;

export interface WindowLimit {
  /** What is counted ('sms-source', 'login-source', ...): part of the document id. */
  bucket: string;
  max: number;
  windowMs: number;
  /** The 429 message: says what was limited and when to try again, nothing about the key. */
  message: string;
  /** A key many share: its window is kept in up to this many shard documents (ADR 0055). 1 (the default): one. */
  shards?: number;
}

/** How many shards a shared key's window is kept in: a burst of 16 at once is one write on each. */
export const LIMIT_SHARDS = 16;

/** A count that only counts (the check is made elsewhere, with limitCount): no share to respect. */
const COUNT_ONLY = Number.MAX_SAFE_INTEGER;

function windowDoc(limit: WindowLimit, key: string, now: number) {
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return { id: `${limit.bucket}:${sha256(key)}:${start}`, start };
}

/**
 * The window's shards: each one's id and share of `max` (the first ones one more for the remainder; a `max` under
 * the number of shards leaves the last ones none). The ids do not depend on `max`: a count-only hit and a check
 * with the real `max` see the same shards.
 */
function shardsOf(limit: WindowLimit, baseId: string): Array<{ id: string; cap: number }> {
  const n = Math.max(1, limit.shards ?? 1);
  const base = Math.floor(limit.max / n);
  const extra = limit.max - base * n;
  return Array.from({ length: n }, (_, k) => ({
    id: `${baseId}~${k}`,
    cap: limit.max === COUNT_ONLY ? COUNT_ONLY : base + (k < extra ? 1 : 0),
  }));
}

const sharded = (limit: WindowLimit) => (limit.shards ?? 1) > 1;

/** A window's shards as committed, by id: one query (the shards carry their window's id). */
async function shardCounts(deps: ProviderDeps, windowId: string): Promise<Map<string, number>> {
  const docs = await limitWindows.query(deps.store, { where: [['window', '==', windowId]] });
  return new Map(docs.map((d) => [d.id, d.data.count]));
}

/** Counts one request for `key`; past `max` in the current window it is refused with a 429. */
export async function hitLimit(deps: ProviderDeps, limit: WindowLimit, key: string): Promise<void> {
  const now = deps.now();
  const { id, start } = windowDoc(limit, key, now);
  const fields = { bucket: limit.bucket, expire_at: new Date(start + 2 * limit.windowMs) };
  if (!sharded(limit)) {
    const count = await deps.store.increment(LIMITS_COLLECTION, id, 'count', 1, fields);
    if (count > limit.max) throw tooMany(limit.message);
    return;
  }
  const shards = shardsOf(limit, id);
  const shardFields = { ...fields, window: id };
  if (limit.max === COUNT_ONLY) {
    // Only counted: one blind increment on a shard at random.
    const shard = shards[Math.floor(Math.random() * shards.length)] ?? shards[0];
    if (shard) await deps.store.increment(LIMITS_COLLECTION, shard.id, 'count', 1, shardFields);
    return;
  }
  const counts = await shardCounts(deps, id);
  // The shards with room as last read, in a random order: a crowd spreads over them.
  const open = shards.filter((s) => (counts.get(s.id) ?? 0) < s.cap).sort(() => Math.random() - 0.5);
  for (const shard of open) {
    const taken = await deps.store.runTransaction(async (tx) => {
      const doc = await limitWindows.get(tx, shard.id);
      const count = doc?.count ?? 0;
      if (count >= shard.cap) return false;
      limitWindows.set(tx, shard.id, { ...shardFields, count: count + 1 });
      return true;
    });
    if (taken) return;
  }
  throw tooMany(limit.message);
}

/** The current window's count for `key` without counting (0 when nothing was counted). */
export async function limitCount(deps: ProviderDeps, limit: WindowLimit, key: string): Promise<number> {
  const { id } = windowDoc(limit, key, deps.now());
  if (!sharded(limit)) return (await limitWindows.get(deps.store, id))?.count ?? 0;
  let sum = 0;
  for (const count of (await shardCounts(deps, id)).values()) sum += count;
  return sum;
}

/** Forgets the current window's count for `key` (a password reset ends the account-wide slow-down). */
export async function clearLimit(deps: ProviderDeps, limit: WindowLimit, key: string): Promise<void> {
  const { id } = windowDoc(limit, key, deps.now());
  if (!sharded(limit)) await limitWindows.delete(deps.store, id);
  else await Promise.all(shardsOf(limit, id).map((s) => limitWindows.delete(deps.store, s.id)));
}

/** Where a request came from when nothing says (in-process calls without an address). */
export const UNKNOWN_SOURCE = 'unknown';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of SPEC's public calls, from the settings. */
export function abuseLimits(deps: ProviderDeps) {
  const s = deps.settings;
  return {
    smsPerSource: {
      bucket: 'sms-source',
      shards: LIMIT_SHARDS,
      max: s.smsPerSourcePerHour,
      windowMs: HOUR,
      message: 'Too many codes have been requested from your network. Please try again in an hour.',
    },
    smsGlobal: {
      bucket: 'sms-all',
      shards: LIMIT_SHARDS,
      max: s.smsPerHour,
      windowMs: HOUR,
      message: 'We cannot send codes right now. Please try again later.',
    },
    registrationsPerSource: {
      bucket: 'register-source',
      shards: LIMIT_SHARDS,
      max: s.registrationsPerSourcePerHour,
      windowMs: HOUR,
      message: 'Too many accounts have been created from your network. Please try again in an hour.',
    },
    loginsPerSource: {
      bucket: 'login-source',
      shards: LIMIT_SHARDS,
      max: s.loginsPerSourcePerMinute,
      windowMs: MINUTE,
      message: 'Too many login attempts from your network. Please wait a minute and try again.',
    },
    codeChecksPerSource: {
      bucket: 'code-source',
      shards: LIMIT_SHARDS,
      max: s.codeChecksPerSourcePerHour,
      windowMs: HOUR,
      message: 'Too many codes have been tried from your network. Please try again in an hour.',
    },
    wrongCodesPerAccount: {
      bucket: 'code-account',
      max: s.wrongCodesPerAccountPerDay,
      windowMs: 24 * HOUR,
      message: 'Too many wrong codes have been tried for this account today. Please try again tomorrow.',
    },
    wrongPasswordsPerAccount: {
      bucket: 'login-account',
      max: s.loginAccountMaxFailuresPerHour,
      windowMs: HOUR,
      message:
        'Too many wrong passwords have been tried on this account. Reset your password with a code sent to your phone to log in now, or try again in an hour.',
    },
  } satisfies Record<string, WindowLimit>;
}
