/**
 * The stores the money-rule tests run on: the in-memory store, and Firestore through firebase-admin
 * against the project's own emulator (started here on a free port, or FIRESTORE_EMULATOR_HOST if set); the
 * emulator in production-limits mode for a describe block; a store that records what each transaction wrote.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { RunningEmulator } from '@punter/emulator';
import { entries as entriesOf, wallets, type EntryDoc } from '../src/collections';
import { ledgerCheck } from '../src/ledger';
import type { Store, Tx } from '../src/store';
import { createFirestoreStore } from '../src/store-firestore';
import { createMemoryStore } from '../src/store-memory';

export interface StoreEnv {
  name: string;
  /** Independent clients on the same database (like separate provider processes). */
  clients(count: number): Store[];
  stop(): Promise<void>;
}

let appCounter = 0;

/** The memory store and the project's Firestore emulator, for `describe.each`. */
export const STORE_ENVS: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

export function memoryEnv(): Promise<StoreEnv> {
  const store = createMemoryStore();
  return Promise.resolve({
    name: 'memory',
    clients: (count) => Array.from({ length: count }, () => store),
    stop: () => Promise.resolve(),
  });
}

export async function firestoreEnv(): Promise<StoreEnv> {
  let host = process.env.FIRESTORE_EMULATOR_HOST;
  let stopEmulator = () => Promise.resolve();
  if (!host) {
    const { start } = await import('@punter/emulator');
    const emulator = await start({ port: 0, project: 'demo-punter' });
    host = `${emulator.host}:${emulator.port}`;
    // Set for this file's other stores (the admin SDK reads it); unset again when the emulator stops, or a later
    // store of this process (another file in the same worker) would be sent to an emulator that is gone.
    process.env.FIRESTORE_EMULATOR_HOST = host;
    stopEmulator = async () => {
      if (process.env.FIRESTORE_EMULATOR_HOST === host) delete process.env.FIRESTORE_EMULATOR_HOST;
      await emulator.stop();
    };
  }
  const made: Store[] = [];
  return {
    name: 'firestore emulator',
    clients(count) {
      const stores = Array.from({ length: count }, () => {
        appCounter += 1;
        return createFirestoreStore({
          projectId: 'demo-punter',
          emulatorHost: host,
          appName: `test-${process.pid}-${appCounter}`,
        });
      });
      made.push(...stores);
      return stores;
    },
    async stop() {
      await Promise.all(made.map((s) => s.close()));
      await stopEmulator();
    },
  };
}

/**
 * The wallet's ledger is whole: entries chain old -> new balance, seq 1..n, and their sum equals the balance.
 * And the whole store's double entry holds: every account's balance is what its journal lines add up to, and
 * all accounts sum to zero.
 */
export async function expectLedgerMatchesBalance(
  store: Store,
  userId: string,
): Promise<{ balanceKobo: number; entries: EntryDoc[] }> {
  const docs = await entriesOf(userId).query(store, { orderBy: { field: 'seq', direction: 'asc' } });
  const entries = docs.map((d) => d.data);
  const wallet = await wallets.get(store, userId);
  const balance = wallet?.balance_kobo ?? 0;
  let running = 0;
  entries.forEach((e, i) => {
    expect(e.seq).toBe(i + 1);
    expect(e.old_balance_kobo).toBe(running);
    running += e.direction === 'credit' ? e.amount_kobo : -e.amount_kobo;
    expect(e.new_balance_kobo).toBe(running);
    expect(running).toBeGreaterThanOrEqual(0);
  });
  expect(running).toBe(balance);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
  return { balanceKobo: balance, entries };
}

/**
 * The emulator in production-limits mode, started in this process for the calling describe block (its hooks are
 * registered here), and `store(name)`: a client of it (several names, several independent instances). The deadline
 * is long: it is there to notice a dead database, and a crowd against an emulator in this process on a shared
 * 2-core machine can take longer than the default.
 */
export function productionLimitsEmulator(): { store(name: string): Store; emulator(): RunningEmulator } {
  let emulator: RunningEmulator | undefined;
  const made: Store[] = [];
  beforeAll(async () => {
    const { start } = await import('@punter/emulator');
    emulator = await start({ port: 0, project: 'demo-punter', productionLimits: { reportOnStop: false } });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(made.map((s) => s.close()));
    await emulator?.stop();
  }, 120_000);
  const running = () => {
    if (!emulator) throw new Error('the production-limits emulator has not started');
    return emulator;
  };
  return {
    emulator: running,
    store(name) {
      const { host, port } = running();
      const store = createFirestoreStore({
        projectId: 'demo-punter',
        emulatorHost: `${host}:${port}`,
        appName: `${name}-${process.pid}`,
        deadlineMs: 120_000,
      });
      made.push(store);
      return store;
    },
  };
}

/**
 * `store`, recording the documents each committed transaction wrote: one list per transaction, in `transactions`
 * (a transaction that ran again records only its last attempt).
 */
export function tracing(store: Store, transactions: string[][]): Store {
  return {
    ...store,
    get: (c, id) => store.get(c, id),
    query: (c, spec) => store.query(c, spec),
    count: (c, spec) => store.count(c, spec),
    set: (c, id, d) => store.set(c, id, d),
    update: (c, id, d) => store.update(c, id, d),
    delete: (c, id) => store.delete(c, id),
    increment: (c, id, f, by, fields) => store.increment(c, id, f, by, fields),
    close: () => store.close(),
    runTransaction: async (fn) => {
      let writes: string[] = [];
      const result = await store.runTransaction((tx) => {
        writes = [];
        const record =
          (op: 'create' | 'set' | 'update' | 'delete') => (collection: string, id: string, data?: Record<string, unknown>) => {
            writes.push(`${collection}/${id}`);
            if (op === 'delete') tx.delete(collection, id);
            else tx[op](collection, id, data ?? {});
          };
        const traced: Tx = {
          get: (c, id) => tx.get(c, id),
          create: record('create'),
          set: record('set'),
          update: record('update'),
          delete: record('delete'),
        };
        return fn(traced);
      });
      transactions.push(writes);
      return result;
    },
  };
}
