/**
 * Bundled by browser-rules.test.ts for Chromium: the browser firebase SDK (WebChannel / REST) against
 * the emulator with rules. Exposes `runRulesCases(config)` on the page; every case answers 'ok' or the
 * FirestoreError code it failed with.
 */
import { initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  DocumentReference,
  getDoc,
  getDocs,
  initializeFirestore,
  limit,
  onSnapshot,
  query,
  setDoc,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore';

interface Config {
  host: string;
  port: number;
  projectId: string;
  uid: string;
}

function errorCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : String(e);
}

/** The promise's answer, or 'timeout' after 5 s (so that a hang shows which case hung). */
function withTimeout(p: Promise<string>): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), 5000);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** 'ok', or the FirestoreError code the operation failed with. */
function outcome(p: Promise<unknown>): Promise<string> {
  return withTimeout(p.then(() => 'ok', errorCode));
}

/**
 * The first snapshot the server confirmed ('docs:<size>' / 'exists:<bool>'), or the code the listener was removed
 * with. With includeMetadataChanges: a listener on documents this client already read gets its first snapshot
 * from the cache, and the server's confirmation of the same data changes only the metadata.
 */
function listen(q: Query | DocumentReference): Promise<string> {
  return withTimeout(
    new Promise((resolve) => {
      const onError = (err: { code: string }): void => resolve(err.code);
      const unsubscribe =
        q instanceof DocumentReference
          ? onSnapshot(
              q,
              { includeMetadataChanges: true },
              (snap) => {
                if (snap.metadata.fromCache) return;
                unsubscribe();
                resolve(`exists:${String(snap.exists())}`);
              },
              onError,
            )
          : onSnapshot(
              q,
              { includeMetadataChanges: true },
              (snap) => {
                if (snap.metadata.fromCache) return;
                unsubscribe();
                resolve(`docs:${snap.size}`);
              },
              onError,
            );
    }),
  );
}

async function runRulesCases(c: Config): Promise<Record<string, string>> {
  const app = initializeApp({ projectId: c.projectId, apiKey: 'fake-api-key' }, `rules-${c.uid}`);
  const db: Firestore = initializeFirestore(app, {});
  connectFirestoreEmulator(db, c.host, c.port, { mockUserToken: { sub: c.uid, user_id: c.uid } });
  const orders = collection(db, 'orders');
  // Reads first, then listeners on what this client already read (and holds in its cache).
  return {
    getOwnOrder: await outcome(getDoc(doc(db, 'orders/a1'))),
    getOtherOrder: await outcome(getDoc(doc(db, 'orders/b1'))),
    queryOwn: await outcome(getDocs(query(orders, where('owner', '==', c.uid), limit(10)))),
    queryAll: await outcome(getDocs(query(orders, limit(10)))),
    listenOwn: await listen(query(orders, where('owner', '==', c.uid), limit(10))),
    listenAll: await listen(query(orders, limit(10))),
    listenOwnOrder: await listen(doc(db, 'orders/a1')),
    listenOtherOrder: await listen(doc(db, 'orders/b1')),
    createValidUser: await outcome(setDoc(doc(db, `users/${c.uid}`), { name: 'Browser' })),
    createOtherUser: await outcome(setDoc(doc(db, 'users/someone-else'), { name: 'Browser' })),
  };
}

(globalThis as unknown as { runRulesCases: typeof runRulesCases }).runRulesCases = runRulesCases;
