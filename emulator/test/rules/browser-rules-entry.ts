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
  return typeof e === 'object' && e !== null && 'code' in e ? String((e).code) : String(e);
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

/** The size of the first snapshot the server confirmed, or the code the listener was removed with. */
function listen(q: Query): Promise<string> {
  return withTimeout(
    new Promise((resolve) => {
      const unsubscribe = onSnapshot(
        q,
        (snap) => {
          if (snap.metadata.fromCache) return;
          unsubscribe();
          resolve(`docs:${snap.size}`);
        },
        (err) => resolve(err.code),
      );
    }),
  );
}

async function runRulesCases(c: Config): Promise<Record<string, string>> {
  const app = initializeApp({ projectId: c.projectId, apiKey: 'fake-api-key' }, `rules-${c.uid}`);
  const db: Firestore = initializeFirestore(app, {});
  connectFirestoreEmulator(db, c.host, c.port, { mockUserToken: { sub: c.uid, user_id: c.uid } });
  const orders = collection(db, 'orders');
  // Listeners first: with the emulator as it is, a listener on documents this client already read never gets a
  // server-confirmed snapshot (a listen bug outside the rules, reported).
  const listenOwn = await listen(query(orders, where('owner', '==', c.uid), limit(10)));
  const listenAll = await listen(query(orders, limit(10)));
  return {
    listenOwn,
    listenAll,
    getOwnOrder: await outcome(getDoc(doc(db, 'orders/a1'))),
    getOtherOrder: await outcome(getDoc(doc(db, 'orders/b1'))),
    queryOwn: await outcome(getDocs(query(orders, where('owner', '==', c.uid), limit(10)))),
    queryAll: await outcome(getDocs(query(orders, limit(10)))),
    createValidUser: await outcome(setDoc(doc(db, `users/${c.uid}`), { name: 'Browser' })),
    createOtherUser: await outcome(setDoc(doc(db, 'users/someone-else'), { name: 'Browser' })),
  };
}

(globalThis as unknown as { runRulesCases: typeof runRulesCases }).runRulesCases = runRulesCases;
