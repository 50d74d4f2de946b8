/**
 * Conformance: the Node client SDK (`firebase/firestore`, gRPC Listen/Write streams) against the emulator.
 */
import type { FirebaseApp } from 'firebase/app';
import { deleteApp, initializeApp } from 'firebase/app';
import type { DocumentData, Firestore, QuerySnapshot } from 'firebase/firestore';
import {
  arrayRemove,
  arrayUnion,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  deleteField,
  doc,
  getAggregateFromServer,
  getCountFromServer,
  getDoc,
  getDocs,
  getFirestore,
  increment,
  limit,
  limitToLast,
  onSnapshot,
  or,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  sum,
  average,
  terminate,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  endBefore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index';
import { start } from '../src/index';
import { DENY_ALL_RULES, emulatorHost, uniqueProject, waitFor } from './helpers';

let app: FirebaseApp;
let db: Firestore;

function connect(host: string, port: number, projectId: string): { app: FirebaseApp; db: Firestore } {
  const a = initializeApp({ projectId, apiKey: 'fake-api-key' }, `client-${Math.random()}`);
  const d = getFirestore(a);
  connectFirestoreEmulator(d, host, port);
  return { app: a, db: d };
}

beforeAll(() => {
  const { host, port } = emulatorHost();
  ({ app, db } = connect(host, port, uniqueProject('client')));
});

afterAll(async () => {
  await terminate(db);
  await deleteApp(app);
});

const ids = (s: QuerySnapshot<DocumentData>): string[] => s.docs.map((d) => d.id);

describe('reads and writes over Listen / Write streams', () => {
  it('sets, gets, updates with transforms, and deletes', async () => {
    const ref = doc(db, 'c', 'one');
    await setDoc(ref, { n: 1, l: ['a'], keep: true, s: 'é✓😀' });
    await updateDoc(ref, { n: increment(4), l: arrayUnion('b'), keep: deleteField(), at: serverTimestamp() });
    await updateDoc(ref, { l: arrayRemove('a') });
    const snap = await getDoc(ref);
    const data = snap.data()!;
    expect(data.n).toBe(5);
    expect(data.l).toEqual(['b']);
    expect(data.keep).toBeUndefined();
    expect(data.s).toBe('é✓😀');
    expect(data.at).toBeInstanceOf(Timestamp);
    await setDoc(ref, { extra: 1 }, { merge: true });
    expect((await getDoc(ref)).data()).toMatchObject({ n: 5, extra: 1 });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('reports a missing document to update as not-found', async () => {
    await expect(updateDoc(doc(db, 'c', 'nope'), { a: 1 })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('queries with filters, order, limits and cursors', async () => {
    const batch = writeBatch(db);
    for (let i = 0; i < 8; i++) batch.set(doc(db, 'q', `d${i}`), { n: i, g: i % 2 === 0 ? 'even' : 'odd' });
    await batch.commit();
    const q = collection(db, 'q');
    expect(ids(await getDocs(query(q, where('g', '==', 'odd'), orderBy('n', 'desc'), limit(2))))).toEqual(['d7', 'd5']);
    expect(ids(await getDocs(query(q, orderBy('n'), startAfter(5))))).toEqual(['d6', 'd7']);
    expect(ids(await getDocs(query(q, orderBy('n'), endBefore(2))))).toEqual(['d0', 'd1']);
    expect(ids(await getDocs(query(q, orderBy('n'), limitToLast(2))))).toEqual(['d6', 'd7']);
    expect(ids(await getDocs(query(q, or(where('n', '==', 1), where('n', '==', 6)))))).toEqual(['d1', 'd6']);
    expect(ids(await getDocs(query(q, where('n', 'in', [2, 3]))))).toEqual(['d2', 'd3']);
    expect((await getCountFromServer(query(q, where('n', '>=', 4)))).data().count).toBe(4);
    const agg = await getAggregateFromServer(q, { total: sum('n'), mean: average('n') });
    expect(agg.data()).toEqual({ total: 28, mean: 3.5 });
  });

  it('runs optimistic transactions that retry until exact', async () => {
    const ref = doc(db, 'tx', 'counter');
    await setDoc(ref, { n: 0 });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        runTransaction(db, async (tx) => {
          const snap = await tx.get(ref);
          tx.update(ref, { n: (snap.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await getDoc(ref)).get('n')).toBe(10);
  }, 60_000);

  it('verifies documents a transaction only read: a concurrent change to them makes it retry', async () => {
    // The transaction reads A (and the missing C) and writes only B; the SDK sends `verify` writes for A and C.
    const { host, port } = emulatorHost();
    const other = connect(host, port, db.app.options.projectId!);
    const a = doc(db, 'verify', 'a');
    const b = doc(db, 'verify', 'b');
    const c = doc(db, 'verify', 'c');
    await setDoc(a, { v: 'old' });
    try {
      let attempts = 0;
      await runTransaction(db, async (tx) => {
        attempts++;
        const snapA = await tx.get(a);
        const snapC = await tx.get(c);
        if (attempts === 1) {
          // Another client changes A and creates C after this transaction read them.
          await setDoc(doc(other.db, 'verify', 'a'), { v: 'new' });
          await setDoc(doc(other.db, 'verify', 'c'), { v: 'created' });
        }
        tx.set(b, { copy: snapA.get('v') as string, cExisted: snapC.exists() });
      });
      expect(attempts).toBe(2);
      expect((await getDoc(b)).data()).toEqual({ copy: 'new', cExisted: true });
      // Without a concurrent change the same transaction commits at once.
      let quiet = 0;
      await runTransaction(db, async (tx) => {
        quiet++;
        const snapA = await tx.get(a);
        tx.set(b, { copy: `${snapA.get('v') as string}!`, cExisted: true });
      });
      expect(quiet).toBe(1);
      expect((await getDoc(b)).get('copy')).toBe('new!');
    } finally {
      await terminate(other.db);
      await deleteApp(other.app);
    }
  }, 60_000);
});

describe('listeners', () => {
  it('settles hasPendingWrites after the write is acknowledged', async () => {
    const ref = doc(db, 'live', 'pending');
    const states: { n: unknown; pending: boolean; fromCache: boolean }[] = [];
    const unsub = onSnapshot(ref, { includeMetadataChanges: true }, (s) =>
      states.push({ n: s.get('n'), pending: s.metadata.hasPendingWrites, fromCache: s.metadata.fromCache }),
    );
    await waitFor(() => states.some((s) => !s.fromCache), 5000, 'server snapshot');
    await setDoc(ref, { n: 1 });
    await waitFor(() => states.some((s) => s.n === 1 && !s.pending), 5000, 'acknowledged snapshot');
    const firstOne = states.findIndex((s) => s.n === 1);
    expect(states[firstOne]!.pending).toBe(true);
    expect(states[states.length - 1]).toEqual({ n: 1, pending: false, fromCache: false });
    unsub();
  });

  it('follows a limit query as documents move in and out', async () => {
    const col = collection(db, 'board');
    await setDoc(doc(col, 'a'), { score: 10 });
    await setDoc(doc(col, 'b'), { score: 20 });
    await setDoc(doc(col, 'c'), { score: 30 });
    const seen: string[][] = [];
    const unsub = onSnapshot(query(col, orderBy('score', 'desc'), limit(2)), { includeMetadataChanges: true }, (s) => {
      if (!s.metadata.hasPendingWrites && !s.metadata.fromCache) seen.push(ids(s));
    });
    await waitFor(() => seen.length >= 1);
    expect(seen.at(-1)).toEqual(['c', 'b']);
    await setDoc(doc(col, 'a'), { score: 40 });
    await waitFor(() => JSON.stringify(seen.at(-1)) === '["a","c"]', 5000, 'a moving in');
    await deleteDoc(doc(col, 'c'));
    await waitFor(() => JSON.stringify(seen.at(-1)) === '["a","b"]', 5000, 'b moving back in');
    unsub();
  });

  it('removes a listener with a cause (permission-denied)', async () => {
    const { external, hostPort } = emulatorHost();
    let denied: RunningEmulator | undefined;
    let host: string;
    let port: number;
    const project = uniqueProject('denied');
    if (external) {
      const res = await fetch(`http://${hostPort}/emulator/v1/projects/${project}:securityRules`, {
        method: 'PUT',
        body: JSON.stringify({ rules: { files: [{ content: DENY_ALL_RULES }] } }),
      });
      expect(res.ok).toBe(true);
      ({ host, port } = emulatorHost());
    } else {
      denied = await start({ port: 0, rules: DENY_ALL_RULES });
      ({ host, port } = denied);
    }
    const client = connect(host, port, project);
    try {
      const error = await new Promise<{ code: string }>((resolve, reject) => {
        const unsub = onSnapshot(
          doc(client.db, 'secret', 'x'),
          () => reject(new Error('a snapshot was delivered')),
          (err) => {
            unsub();
            resolve(err);
          },
        );
      });
      expect(error.code).toBe('permission-denied');
      await expect(setDoc(doc(client.db, 'secret', 'y'), { a: 1 })).rejects.toMatchObject({ code: 'permission-denied' });
    } finally {
      await terminate(client.db);
      await deleteApp(client.app);
      await denied?.stop();
    }
  });
});
