/**
 * A returning user stays signed in across the move from the Auth SDK to lib/firebase-auth.ts (ADR 0034): the
 * SDK kept its user in IndexedDB (database `firebaseLocalStorageDb`, store `firebaseLocalStorage`), or in
 * localStorage where IndexedDB failed, under `firebase:authUser:<apiKey>:[DEFAULT]`. When no session of our own
 * exists, that user's refresh token is taken over and the SDK's copy removed. Loaded only then.
 */
import { z } from 'zod/mini';
import { env } from '@/config/env';
import type { FirebaseAuth, StoredSession } from '@/lib/firebase-auth';

const DATABASE = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';
export const sdkUserKey = (apiKey: string) => `firebase:authUser:${apiKey}:[DEFAULT]`;

const sdkUserSchema = z.object({
  uid: z.string().check(z.minLength(1)),
  stsTokenManager: z.object({
    refreshToken: z.string().check(z.minLength(1)),
    accessToken: z.string().check(z.minLength(1)),
    expirationTime: z.number(),
  }),
});

/** Our session from the SDK's stored user, or null when it is not one. */
export function sessionOfSdkUser(value: unknown): StoredSession | null {
  const parsed = sdkUserSchema.safeParse(value);
  if (!parsed.success) return null;
  const { uid, stsTokenManager: t } = parsed.data;
  return { uid, idToken: t.accessToken, refreshToken: t.refreshToken, expiresAt: t.expirationTime };
}

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });

/** Opens the SDK's database if it exists (never creates it), or null. */
function openSdkDatabase(idb: IDBFactory): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = idb.open(DATABASE);
    } catch {
      resolve(null);
      return;
    }
    // No such database: opening would create it; aborting the upgrade leaves nothing behind.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => resolve(null);
    open.onblocked = () => resolve(null);
  });
}

/** The SDK's stored user (IndexedDB first, as the SDK read it), removing what it finds. */
type KeptStorage = Pick<Storage, 'getItem' | 'removeItem'>;

async function takeSdkUser(apiKey: string, idb: IDBFactory | undefined, storage: KeptStorage | undefined): Promise<unknown> {
  const key = sdkUserKey(apiKey);
  let found: unknown = null;
  const db = idb ? await openSdkDatabase(idb) : null;
  if (db) {
    try {
      if (db.objectStoreNames.contains(STORE)) {
        const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
        const record = (await request(store.get(key))) as { value?: unknown } | undefined;
        found = record?.value ?? null;
        if (record) await request(store.delete(key));
      }
    } catch {
      // unreadable: as if there were nothing
    } finally {
      db.close();
    }
  }
  try {
    const raw = storage?.getItem(key);
    if (raw) {
      found ??= JSON.parse(raw) as unknown;
      storage?.removeItem(key);
    }
  } catch {
    // blocked storage or damaged JSON: nothing to take
  }
  return found;
}

/** Signs `auth` in with the user the Auth SDK kept on this browser, if any; true when it did. */
export async function adoptSdkSession(
  auth: FirebaseAuth,
  apiKey = env.VITE_FIREBASE_API_KEY,
  idb: IDBFactory | undefined = globalThis.indexedDB,
  storage: KeptStorage | undefined = globalThis.localStorage,
): Promise<boolean> {
  if (auth.uid() !== null) return false;
  const session = sessionOfSdkUser(await takeSdkUser(apiKey, idb, storage));
  return session ? auth.importSession(session) : false;
}
