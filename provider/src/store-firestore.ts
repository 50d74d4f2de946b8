/**
 * The Store on Cloud Firestore through firebase-admin. Locally FIRESTORE_EMULATOR_HOST points the
 * admin SDK at the project's own emulator (emulator/). The provider's collections are all named
 * provider_* and the security rules close them to every client.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type DocumentData, type Firestore, type Query } from 'firebase-admin/firestore';
import type { Doc, QuerySpec, Store, Tx } from './store';

const APP_NAME = 'punter-provider';

export interface FirestoreStoreOptions {
  projectId: string;
  /** host:port of an emulator; defaults to FIRESTORE_EMULATOR_HOST as the admin SDK reads it. */
  emulatorHost?: string;
  /** A distinct app name lets tests open several independent clients. */
  appName?: string;
  maxAttempts?: number;
}

export function createFirestoreStore(options: FirestoreStoreOptions): Store & { firestore: Firestore } {
  const appName = options.appName ?? APP_NAME;
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

  const ref = (collection: string, id: string) => db.collection(collection).doc(id);

  return {
    firestore: db,
    async get(collection, id) {
      const snap = await ref(collection, id).get();
      return snap.exists ? ((snap.data() ?? {})) : null;
    },
    async query(collection, spec: QuerySpec = {}) {
      let q: Query<DocumentData> = db.collection(collection);
      for (const [field, op, value] of spec.where ?? []) q = q.where(field, op, value);
      if (spec.orderBy) q = q.orderBy(spec.orderBy.field, spec.orderBy.direction);
      if (spec.limit !== undefined) q = q.limit(spec.limit);
      const snap = await q.get();
      return snap.docs.map((d): Doc => ({ id: d.id, data: d.data() }));
    },
    async set(collection, id, data) {
      await ref(collection, id).set(data);
    },
    async update(collection, id, data) {
      await ref(collection, id).update(data);
    },
    async delete(collection, id) {
      await ref(collection, id).delete();
    },
    async increment(collection, id, field, by, fields = {}) {
      // A blind write with a server-side transform: no transaction, so no contention retries.
      await ref(collection, id).set({ ...fields, [field]: FieldValue.increment(by) }, { merge: true });
      const value = (await ref(collection, id).get()).get(field) as unknown;
      return typeof value === 'number' ? value : 0;
    },
    runTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.runTransaction(
        (t) => {
          const tx: Tx = {
            async get(collection, id) {
              const snap = await t.get(ref(collection, id));
              return snap.exists ? ((snap.data() ?? {})) : null;
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
    },
    async close() {
      await db.terminate().catch(() => undefined);
    },
  };
}
