/**
 * Conformance: listeners on cursor queries (startAt / startAfter / endAt / endBefore with orderBy, with and
 * without limit) as documents move into and out of the window, through the admin SDK and the Node client SDK.
 * Every snapshot delivered must be a consistent window (values inside the bounds, in order, at most `limit`),
 * and the listener must reach the expected window after each write.
 */
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { Firestore as AdminFirestore, Query as AdminQuery } from 'firebase-admin/firestore';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import type { FirebaseApp } from 'firebase/app';
import { deleteApp as deleteClientApp, initializeApp as initializeClientApp } from 'firebase/app';
import type { Firestore, Query } from 'firebase/firestore';
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  endAt,
  endBefore,
  getDoc,
  getFirestore,
  limit,
  limitToLast,
  onSnapshot,
  orderBy,
  query,
  setDoc,
  startAfter,
  startAt,
  terminate,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost, uniqueProject, waitFor } from './helpers';

type Row = { id: string; n: number };

/** Records every snapshot (as rows) and lets a test wait for a given window. */
class Recorder {
  readonly snapshots: Row[][] = [];
  constructor(readonly check: (rows: Row[]) => void) {}
  push(rows: Row[]): void {
    this.snapshots.push(rows);
  }
  last(): string {
    return (this.snapshots.at(-1) ?? []).map((r) => r.id).join(',');
  }
  async reach(expected: string[], what: string): Promise<void> {
    const want = expected.join(',');
    await waitFor(() => this.last() === want, 10_000, `${what}: window ${want} (last seen ${this.last()})`);
  }
  /** Every delivered snapshot obeyed the window's invariant. */
  verifyAll(): void {
    expect(this.snapshots.length).toBeGreaterThan(0);
    for (const rows of this.snapshots) this.check(rows);
  }
}

/** The invariant of a window: values within [lo, hi] (inclusive or not), in order, at most max rows. */
function windowCheck(opts: { lo?: number; loOpen?: boolean; hi?: number; hiOpen?: boolean; desc?: boolean; max?: number }) {
  return (rows: Row[]): void => {
    for (const r of rows) {
      if (opts.lo !== undefined)
        expect(opts.loOpen ? r.n > opts.lo : r.n >= opts.lo, `${r.id}=${r.n} above the low bound`).toBe(true);
      if (opts.hi !== undefined)
        expect(opts.hiOpen ? r.n < opts.hi : r.n <= opts.hi, `${r.id}=${r.n} below the high bound`).toBe(true);
    }
    const ns = rows.map((r) => r.n);
    const sorted = [...ns].sort((a, b) => (opts.desc ? b - a : a - b));
    expect(ns).toEqual(sorted);
    if (opts.max !== undefined) expect(rows.length).toBeLessThanOrEqual(opts.max);
  };
}

describe('admin SDK cursor listeners', () => {
  let app: App;
  let db: AdminFirestore;

  beforeAll(() => {
    app = initializeApp({ projectId: uniqueProject('cursor-admin') }, `cursor-admin-${Math.random()}`);
    db = getAdminFirestore(app);
    db.settings({ host: emulatorHost().hostPort, ssl: false });
  });

  afterAll(async () => {
    await deleteApp(app);
  });

  function listen(q: AdminQuery, rec: Recorder): () => void {
    return q.onSnapshot(
      (s) => rec.push(s.docs.map((d) => ({ id: d.id, n: d.get('n') as number }))),
      (err) => rec.push([{ id: `error:${err.message}`, n: NaN }]),
    );
  }

  it('startAt / endBefore: documents move in, out and across the window', async () => {
    const col = db.collection('win1');
    await Promise.all([
      col.doc('a').set({ n: 5 }),
      col.doc('b').set({ n: 10 }),
      col.doc('c').set({ n: 20 }),
      col.doc('d').set({ n: 30 }),
    ]);
    const rec = new Recorder(windowCheck({ lo: 10, hi: 30, hiOpen: true }));
    const unsub = listen(col.orderBy('n').startAt(10).endBefore(30), rec);
    try {
      await rec.reach(['b', 'c'], 'first snapshot');
      await col.doc('a').update({ n: 15 }); // below -> inside
      await rec.reach(['b', 'a', 'c'], 'a moves in');
      await col.doc('c').update({ n: 30 }); // inside -> the excluded end bound
      await rec.reach(['b', 'a'], 'c moves out at endBefore');
      await col.doc('d').update({ n: 25 }); // above -> inside
      await rec.reach(['b', 'a', 'd'], 'd moves in');
      await col.doc('b').update({ n: 9 }); // inside -> just below startAt
      await rec.reach(['a', 'd'], 'b moves out at startAt');
      await col.doc('e').set({ n: 10 }); // a new document exactly at startAt
      await rec.reach(['e', 'a', 'd'], 'e created at the bound');
      await col.doc('a').update({ n: 26 }); // reorder inside the window
      await rec.reach(['e', 'd', 'a'], 'a moves after d');
      await col.doc('d').delete();
      await rec.reach(['e', 'a'], 'd deleted');
      rec.verifyAll();
    } finally {
      unsub();
    }
  });

  it('startAfter + endAt + limit: the window refills from beyond the limit and respects the end bound', async () => {
    const col = db.collection('win2');
    const batch = db.batch();
    for (const [id, n] of [
      ['a', 10],
      ['b', 20],
      ['c', 30],
      ['d', 40],
      ['e', 50],
    ] as const)
      batch.set(col.doc(id), { n });
    await batch.commit();
    const rec = new Recorder(windowCheck({ lo: 10, loOpen: true, hi: 40, max: 2 }));
    const unsub = listen(col.orderBy('n').startAfter(10).endAt(40).limit(2), rec);
    try {
      await rec.reach(['b', 'c'], 'first snapshot');
      await col.doc('b').delete(); // d (40, the inclusive end) refills the limit
      await rec.reach(['c', 'd'], 'd refills after b is deleted');
      await col.doc('c').update({ n: 10 }); // onto the excluded startAfter bound: e (50) is beyond endAt
      await rec.reach(['d'], 'c leaves at startAfter; e stays out');
      await col.doc('e').update({ n: 35 }); // beyond the end -> inside, before d
      await rec.reach(['e', 'd'], 'e moves in');
      await col.doc('a').update({ n: 11 }); // pushes d out of the limit
      await rec.reach(['a', 'e'], 'a moves in and pushes d out');
      await col.doc('a').update({ n: 41 }); // beyond endAt: d comes back
      await rec.reach(['e', 'd'], 'a leaves past endAt, d returns');
      rec.verifyAll();
    } finally {
      unsub();
    }
  });

  it('descending order with a document-snapshot cursor (ties broken by name)', async () => {
    const col = db.collection('win3');
    await Promise.all([
      col.doc('a').set({ n: 3 }),
      col.doc('b').set({ n: 2 }),
      col.doc('c').set({ n: 2 }),
      col.doc('d').set({ n: 1 }),
    ]);
    const cursor = await col.doc('c').get();
    // orderBy n desc, then __name__ desc: a(3) c(2) b(2) d(1); startAfter(c) -> b, d.
    const rec = new Recorder(windowCheck({ hi: 2, desc: true }));
    const unsub = listen(col.orderBy('n', 'desc').startAfter(cursor), rec);
    try {
      await rec.reach(['b', 'd'], 'first snapshot');
      await col.doc('e').set({ n: 2 }); // n == 2 and name e > c: before c in desc order, so outside
      await col.doc('aa').set({ n: 2 }); // n == 2 and name aa < c: after c, inside, before b
      await rec.reach(['b', 'aa', 'd'], 'aa in, e out');
      expect(rec.snapshots.some((rows) => rows.some((r) => r.id === 'e'))).toBe(false);
      await col.doc('a').update({ n: 0 }); // moves from before the cursor to the end
      await rec.reach(['b', 'aa', 'd', 'a'], 'a moves in at the end');
      rec.verifyAll();
    } finally {
      unsub();
    }
  });
});

describe('Node client SDK cursor listeners', () => {
  let app: FirebaseApp;
  let db: Firestore;

  beforeAll(() => {
    const { host, port } = emulatorHost();
    app = initializeClientApp(
      { projectId: uniqueProject('cursor-client'), apiKey: 'fake-api-key' },
      `cursor-client-${Math.random()}`,
    );
    db = getFirestore(app);
    connectFirestoreEmulator(db, host, port);
  });

  afterAll(async () => {
    await terminate(db);
    await deleteClientApp(app);
  });

  /** Only snapshots that come from the server with no pending write (what the server said). */
  function listen(q: Query, rec: Recorder): () => void {
    return onSnapshot(
      q,
      { includeMetadataChanges: true },
      (s) => {
        if (!s.metadata.hasPendingWrites && !s.metadata.fromCache)
          rec.push(s.docs.map((d) => ({ id: d.id, n: d.get('n') as number })));
      },
      (err) => rec.push([{ id: `error:${err.message}`, n: NaN }]),
    );
  }

  it('startAt / endAt: documents move in and out', async () => {
    const col = collection(db, 'win1');
    await Promise.all([
      setDoc(doc(col, 'a'), { n: 5 }),
      setDoc(doc(col, 'b'), { n: 10 }),
      setDoc(doc(col, 'c'), { n: 20 }),
      setDoc(doc(col, 'd'), { n: 30 }),
    ]);
    const rec = new Recorder(windowCheck({ lo: 10, hi: 20 }));
    const unsub = listen(query(col, orderBy('n'), startAt(10), endAt(20)), rec);
    try {
      await rec.reach(['b', 'c'], 'first snapshot');
      await setDoc(doc(col, 'a'), { n: 15 });
      await rec.reach(['b', 'a', 'c'], 'a moves in');
      await setDoc(doc(col, 'c'), { n: 21 });
      await rec.reach(['b', 'a'], 'c moves out past endAt');
      await setDoc(doc(col, 'd'), { n: 20 });
      await rec.reach(['b', 'a', 'd'], 'd moves in at endAt');
      await deleteDoc(doc(col, 'b'));
      await rec.reach(['a', 'd'], 'b deleted');
      rec.verifyAll();
    } finally {
      unsub();
    }
  });

  it('startAfter + limit: documents beyond the limit refill the window', async () => {
    const col = collection(db, 'win2');
    await Promise.all(
      (
        [
          ['a', 10],
          ['b', 20],
          ['c', 30],
          ['d', 40],
          ['e', 50],
        ] as const
      ).map(([id, n]) => setDoc(doc(col, id), { n })),
    );
    const rec = new Recorder(windowCheck({ lo: 10, loOpen: true, max: 2 }));
    const unsub = listen(query(col, orderBy('n'), startAfter(10), limit(2)), rec);
    try {
      await rec.reach(['b', 'c'], 'first snapshot');
      await deleteDoc(doc(col, 'b'));
      await rec.reach(['c', 'd'], 'd refills');
      await setDoc(doc(col, 'a'), { n: 25 }); // from the excluded bound into the window
      await rec.reach(['a', 'c'], 'a moves in and pushes d out');
      await setDoc(doc(col, 'c'), { n: 5 }); // out below the cursor
      await rec.reach(['a', 'd'], 'c moves out below the cursor');
      // The SDK's own cache must agree with the server's window.
      expect((await getDoc(doc(col, 'c'))).get('n')).toBe(5);
      rec.verifyAll();
    } finally {
      unsub();
    }
  });

  it('endBefore + limitToLast: the last documents before the bound', async () => {
    const col = collection(db, 'win3');
    await Promise.all(
      (
        [
          ['a', 1],
          ['b', 2],
          ['c', 3],
          ['d', 4],
        ] as const
      ).map(([id, n]) => setDoc(doc(col, id), { n })),
    );
    const rec = new Recorder(windowCheck({ hi: 4, hiOpen: true, max: 2 }));
    const unsub = listen(query(col, orderBy('n'), endBefore(4), limitToLast(2)), rec);
    try {
      await rec.reach(['b', 'c'], 'first snapshot');
      await setDoc(doc(col, 'c'), { n: 4 }); // onto the excluded bound: a refills
      await rec.reach(['a', 'b'], 'c leaves at endBefore, a refills');
      await setDoc(doc(col, 'd'), { n: 3.5 }); // from the bound into the window
      await rec.reach(['b', 'd'], 'd moves in, a is pushed out');
      rec.verifyAll();
    } finally {
      unsub();
    }
  });
});
