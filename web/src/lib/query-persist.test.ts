import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createQueryClient, queryKeys } from '@/lib/query-client';
import { PERSIST_MAX_AGE_MS, persistQueries, restoreQueries, saveQueries } from '@/lib/query-persist';
import { clearProfile, expireSession, QUERY_CACHE_KEY, saveProfile } from '@/lib/session';
import { MemoryStorage, testProfile, testSavedBank, testTransaction } from '@/testing/fixtures';

const NOW = Date.parse('2026-11-24T12:00:00Z');
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', {
    localStorage: storage,
    sessionStorage: new MemoryStorage(),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});

/** A tab that had the balance, the recent transactions and the saved banks of u1 at `at`, saved. */
function savedTab(at = NOW) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.balance('u1'), 1250.5, { updatedAt: at });
  client.setQueryData(queryKeys.recentTransactions('u1'), [testTransaction()], { updatedAt: at });
  client.setQueryData(queryKeys.savedBanksOf('u1'), [testSavedBank()], { updatedAt: at });
  saveQueries(client, storage, 'u1');
  return client;
}

describe('the last known balance and transactions, kept for offline use', () => {
  test('come back after a reload with the time they were fetched (so they show as stale and refetch)', () => {
    savedTab(NOW - 60_000);
    const reloaded = createQueryClient();
    restoreQueries(reloaded, storage, 'u1', NOW);
    expect(reloaded.getQueryData(queryKeys.balance('u1'))).toBe(1250.5);
    expect(reloaded.getQueryData(queryKeys.recentTransactions('u1'))).toEqual([testTransaction()]);
    expect(reloaded.getQueryState(queryKeys.balance('u1'))?.dataUpdatedAt).toBe(NOW - 60_000);
  });

  test('kept a moment before a reload, are still asked for again (a top-up returns with a reload)', async () => {
    // The cache judges freshness by the real clock.
    const now = Date.now();
    savedTab(now - 1_000);
    const reloaded = createQueryClient();
    restoreQueries(reloaded, storage, 'u1', now);
    expect(reloaded.getQueryData(queryKeys.balance('u1'))).toBe(1250.5);
    const load = vi.fn(() => Promise.resolve(6250.5));
    // What a screen's read does on mount: an answer still fresh by its age is not asked for again.
    expect(await reloaded.fetchQuery({ queryKey: queryKeys.balance('u1'), queryFn: load, staleTime: 60_000 })).toBe(6250.5);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('saved bank accounts are never written to storage', () => {
    savedTab();
    const raw = storage.getItem(QUERY_CACHE_KEY) ?? '';
    expect(raw).toContain('1250.5');
    expect(raw).not.toContain(testSavedBank().account_number);
    const reloaded = createQueryClient();
    restoreQueries(reloaded, storage, 'u1', NOW);
    expect(reloaded.getQueryData(queryKeys.savedBanksOf('u1'))).toBeUndefined();
  });

  test('are never shown to another user', () => {
    savedTab();
    const reloaded = createQueryClient();
    restoreQueries(reloaded, storage, 'u2', NOW);
    expect(reloaded.getQueryData(queryKeys.balance('u1'))).toBeUndefined();
    expect(reloaded.getQueryData(queryKeys.balance('u2'))).toBeUndefined();
  });

  test('older than the maximum age are dropped', () => {
    savedTab(NOW - PERSIST_MAX_AGE_MS - 1);
    const reloaded = createQueryClient();
    restoreQueries(reloaded, storage, 'u1', NOW);
    expect(reloaded.getQueryData(queryKeys.balance('u1'))).toBeUndefined();
  });

  test('a damaged or tampered copy shows nothing and breaks nothing', () => {
    storage.setItem(QUERY_CACHE_KEY, '{not json');
    const reloaded = createQueryClient();
    expect(() => restoreQueries(reloaded, storage, 'u1', NOW)).not.toThrow();
    storage.setItem(
      QUERY_CACHE_KEY,
      JSON.stringify({ v: 1, uid: 'u1', entries: [{ key: ['wallet', 'balance', 'u1'], data: 'a million', updatedAt: NOW }] }),
    );
    restoreQueries(reloaded, storage, 'u1', NOW);
    expect(reloaded.getQueryData(queryKeys.balance('u1'))).toBeUndefined();
  });

  test('are written after each answer of a kept query', async () => {
    const client = createQueryClient();
    persistQueries(
      client,
      () => storage,
      () => 'u1',
    );
    await client.fetchQuery({ queryKey: queryKeys.balance('u1'), queryFn: () => Promise.resolve(99) });
    await Promise.resolve();
    const reloaded = createQueryClient();
    restoreQueries(reloaded, storage, 'u1', Date.now());
    expect(reloaded.getQueryData(queryKeys.balance('u1'))).toBe(99);
  });

  test.each([
    ['logout', clearProfile],
    ['an expired session', expireSession],
  ])('are removed at %s', (_name, end) => {
    saveProfile(testProfile());
    savedTab();
    end();
    expect(storage.getItem(QUERY_CACHE_KEY)).toBeNull();
  });
});
