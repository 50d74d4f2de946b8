/**
 * The last known balance and transaction lists kept in localStorage (ADR 0024), so that a reload without a
 * connection still shows them, marked 'Offline · last updated {time}'. Only these answers are kept: the
 * signed-in user's own figures, which the wallet card shows to whoever holds the phone anyway. Saved bank
 * accounts, referrals and everything else stay in memory only. The copy is for one user (the key's uid),
 * at most PERSIST_MAX_AGE_MS old, validated with the API contract's schemas when read, and removed at
 * logout or expiry (lib/session.ts clearProfile).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { nairaBalance } from '@punter/core/api/primitives';
import { transactionSchema } from '@punter/core/api/wallet';
import { QUERY_CACHE_KEY } from '@/lib/session';

/** Older answers are dropped rather than shown: a day-old balance is more misleading than useful. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The persisted queries (key without the trailing uid) and what their data must look like. */
const PERSISTED = [
  { prefix: ['wallet', 'balance'], schema: nairaBalance },
  { prefix: ['wallet', 'transactions', 'recent'], schema: z.array(transactionSchema) },
  { prefix: ['wallet', 'transactions', 'all'], schema: z.array(transactionSchema) },
] as const;

const storedSchema = z.object({
  v: z.literal(1),
  uid: z.string().check(z.minLength(1)),
  entries: z
    .array(
      z.object({
        key: z.array(z.string()).check(z.minLength(1), z.maxLength(6)),
        data: z.unknown(),
        updatedAt: z.number().check(z.int(), z.nonnegative()),
      }),
    )
    .check(z.maxLength(PERSISTED.length)),
});
type Stored = z.infer<typeof storedSchema>;

/** What is used of localStorage. */
type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or null where there is none or it is blocked (then nothing is kept). */
export function localStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The rule for a key, when the key is one we keep for user `uid` (it ends with the uid). */
function ruleFor(key: QueryKey, uid: string) {
  if (key.at(-1) !== uid) return null;
  const prefix = key.slice(0, -1);
  return PERSISTED.find((p) => p.prefix.length === prefix.length && p.prefix.every((part, i) => prefix[i] === part)) ?? null;
}

/** Puts the kept answers of `uid` back into the cache with their own time, so they count as stale and refetch. */
export function restoreQueries(client: QueryClient, storage: KeyValueStore | null, uid: string | null, now: number): void {
  if (!uid || !storage) return;
  let stored: Stored;
  try {
    const raw = storage.getItem(QUERY_CACHE_KEY);
    if (!raw) return;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.uid !== uid) return;
    stored = parsed.data;
  } catch {
    return;
  }
  for (const entry of stored.entries) {
    const rule = ruleFor(entry.key, uid);
    if (!rule || now - entry.updatedAt > PERSIST_MAX_AGE_MS || entry.updatedAt > now) continue;
    const data = rule.schema.safeParse(entry.data);
    // A newer answer already in memory wins.
    if (data.success && client.getQueryState(entry.key)?.dataUpdatedAt === undefined) {
      client.setQueryData(entry.key, data.data, { updatedAt: entry.updatedAt });
      // Online, shown at once but never fresh: a reload can follow a change the cache did not see (the
      // top-up checkout returns with a reload), so the screen asks the provider again. Offline it stays
      // as it was kept, marked stale by the screen, until the network returns.
      if (globalThis.navigator?.onLine !== false)
        void client.invalidateQueries({ queryKey: entry.key, exact: true, refetchType: 'none' });
    }
  }
}

/** Writes the kept answers of `uid` now. */
export function saveQueries(client: QueryClient, storage: KeyValueStore, uid: string): void {
  const entries = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success' && q.state.data !== undefined && ruleFor(q.queryKey, uid))
    .map((q) => ({ key: q.queryKey, data: q.state.data, updatedAt: q.state.dataUpdatedAt }));
  try {
    storage.setItem(QUERY_CACHE_KEY, JSON.stringify({ v: 1, uid, entries }));
  } catch {
    // storage full or blocked: offline shows no figures, nothing else changes
  }
}

const isQueryKey = (value: unknown): value is QueryKey => Array.isArray(value);

/** Saves after every successful answer of a kept query (once per burst of answers). */
export function persistQueries(
  client: QueryClient,
  storage: () => KeyValueStore | null,
  currentUid: () => string | null,
): () => void {
  let scheduled = false;
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || scheduled) return;
    const uid = currentUid();
    const key: unknown = event.query.queryKey;
    if (!uid || !isQueryKey(key) || !ruleFor(key, uid)) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      const store = storage();
      if (store) saveQueries(client, store, uid);
    });
  });
}
