/**
 * The Store on Cloud Firestore through firebase-admin. Locally FIRESTORE_EMULATOR_HOST points the
 * admin SDK at the project's own emulator (emulator/). The provider's collections are all named
 * provider_* and the security rules close them to every client.
 */
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { FieldPath, FieldValue, getFirestore, type DocumentData, type Firestore, type Query } from 'firebase-admin/firestore';
import { StoreUnavailableError, type Doc, type QuerySpec, type Store, type Tx } from './store';

const APP_NAME = 'punter-provider';

export interface FirestoreStoreOptions {
  projectId: string;
  /** host:port of an emulator; defaults to FIRESTORE_EMULATOR_HOST as the admin SDK reads it. */
  emulatorHost?: string;
  /** A distinct app name lets tests open several independent clients. */
  appName?: string;
  maxAttempts?: number;
  /**
   * Longest wait for one read or write, and for a whole transaction (times 3: it may retry under
   * contention). firebase-admin retries an unreachable server for about a minute; the provider would
   * hang that long. Past the deadline the call fails with StoreUnavailableError (a 503).
   */
  deadlineMs?: number;
}

export const DEFAULT_STORE_DEADLINE_MS = 5_000;

// gRPC codes that mean the server could not be reached or did not answer in time.
const UNAVAILABLE_CODES = new Set([4 /* DEADLINE_EXCEEDED */, 14 /* UNAVAILABLE */]);

/** `work` or a StoreUnavailableError after `ms`; a late outcome of `work` is dropped. */
async function withDeadline<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`Firestore did not answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, late]);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'number' && UNAVAILABLE_CODES.has(code))
      throw new StoreUnavailableError(`Firestore is unavailable (code ${code})`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export function createFirestoreStore(options: FirestoreStoreOptions): Store & { firestore: Firestore } {
  const appName = options.appName ?? APP_NAME;
  // The admin SDK connects to FIRESTORE_EMULATOR_HOST whenever it is set, whatever host the settings name: a store
  // asked for another emulator would talk to the wrong one (or, once that one stopped, wait for an answer forever).
  const fromEnv = process.env.FIRESTORE_EMULATOR_HOST;
  if (options.emulatorHost && fromEnv && fromEnv !== options.emulatorHost) {
    throw new Error(
      `A store for the emulator at ${options.emulatorHost} cannot be made while FIRESTORE_EMULATOR_HOST is ${fromEnv}: the Firestore SDK connects to the variable's host`,
    );
  }
  const app: App = getApps().find((a) => a.name === appName) ?? initializeApp({ projectId: options.projectId }, appName);
  const db = getFirestore(app);
  if (options.emulatorHost) {
    try {
      db.settings({ host: options.emulatorHost, ssl: false, ignoreUndefinedProperties: true });
    } catch {
      // settings() may only be called once per client; an app reused with the same name keeps its own.
    }
  }
  const maxAttempts = options.maxAttempts ?? 30;
  const deadline = options.deadlineMs ?? DEFAULT_STORE_DEADLINE_MS;
  const timed = <T>(work: Promise<T>) => withDeadline(deadline, work);

  const ref = (collection: string, id: string) => db.collection(collection).doc(id);
  const filtered = (collection: string, spec: QuerySpec): Query<DocumentData> => {
    let q: Query<DocumentData> = db.collection(collection);
    for (const [field, op, value] of spec.where ?? []) q = q.where(field, op, value);
    if (spec.orderBy) q = q.orderBy(spec.orderBy.field, spec.orderBy.direction);
    return q;
  };

  return {
    firestore: db,
    async get(collection, id) {
      const snap = await timed(ref(collection, id).get());
      return snap.exists ? (snap.data() ?? {}) : null;
    },
    async query(collection, spec: QuerySpec = {}) {
      let q = filtered(collection, spec);
      if (spec.startAfter && spec.orderBy) {
        q = q.orderBy(FieldPath.documentId(), spec.orderBy.direction).startAfter(spec.startAfter.value, spec.startAfter.id);
      }
      if (spec.offset !== undefined) q = q.offset(spec.offset);
      if (spec.limit !== undefined) q = q.limit(spec.limit);
      const snap = await timed(q.get());
      return snap.docs.map((d): Doc => ({ id: d.id, data: d.data() }));
    },
    async count(collection, spec: QuerySpec = {}) {
      const snap = await timed(filtered(collection, spec).count().get());
      return snap.data().count;
    },
    async set(collection, id, data) {
      await timed(ref(collection, id).set(data));
    },
    async update(collection, id, data) {
      await timed(ref(collection, id).update(data));
    },
    async delete(collection, id) {
      await timed(ref(collection, id).delete());
    },
    async increment(collection, id, field, by, fields = {}) {
      // A blind write with a server-side transform: no transaction, so no contention retries.
      await timed(ref(collection, id).set({ ...fields, [field]: FieldValue.increment(by) }, { merge: true }));
      const value = (await timed(ref(collection, id).get())).get(field) as unknown;
      return typeof value === 'number' ? value : 0;
    },
    runTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      // Each read has the deadline (a dead server fails fast at the first one); the whole
      // transaction, commit and contention retries included, gets a longer one. A read past its
      // deadline fails the call at once: firebase-admin's rollback would wait for that read first.
      let abort: (error: StoreUnavailableError) => void = () => undefined;
      const aborted = new Promise<never>((_, reject) => {
        abort = reject;
      });
      const run = db.runTransaction(
        (t) => {
          const tx: Tx = {
            async get(collection, id) {
              const snap = await timed(t.get(ref(collection, id))).catch((error: unknown) => {
                if (error instanceof StoreUnavailableError) abort(error);
                throw error;
              });
              return snap.exists ? (snap.data() ?? {}) : null;
            },
            create(collection, id, data) {
              t.create(ref(collection, id), data);
            },
            set(collection, id, data) {
              t.set(ref(collection, id), data);
            },
            update(collection, id, data) {
              t.update(ref(collection, id), data);
            },
            delete(collection, id) {
              t.delete(ref(collection, id));
            },
          };
          return fn(tx);
        },
        { maxAttempts },
      );
      return Promise.race([withDeadline(deadline * 6, run), aborted]);
    },
    async close() {
      await db.terminate().catch(() => undefined);
      // The app goes too: a store made later under the same name (the load bench's next scenario) gets a new client
      // instead of this terminated one.
      await deleteApp(app).catch(() => undefined);
    },
  };
}
