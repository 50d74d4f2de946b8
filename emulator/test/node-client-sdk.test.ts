/**
 * Conformance: the Node client SDK (`firebase/firestore`, gRPC Listen/Write streams) against the emulator.
 */
import { randomBytes } from 'node:crypto';
import type { FirebaseApp } from 'firebase/app';
import { deleteApp, initializeApp } from 'firebase/app';
import type { CollectionReference, DocumentData, Firestore, Query, QuerySnapshot } from 'firebase/firestore';
import {
  and,
  arrayRemove,
  arrayUnion,
  average,
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  count,
  deleteDoc,
  deleteField,
  doc,
  documentId,
  endAt,
  endBefore,
  FieldPath,
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
  startAt,
  sum,
  terminate,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
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

// ---------------------------------------------------------------------------------------------------------------
// Every query and write feature through the Node client SDK. Each test writes to its own collection (a random id)
// so no test sees another's data. Where a query is also counted with getCountFromServer, the count is evaluated by
// the server alone: getDocs results pass through the SDK's own local matching, which can hide documents the server
// wrongly includes, a server count cannot.

/** A collection id no other test uses. */
const uniqueId = (prefix: string): string => `${prefix}-${randomBytes(4).toString('hex')}`;

async function seed(col: CollectionReference, docs: Record<string, DocumentData>): Promise<void> {
  const batch = writeBatch(col.firestore);
  for (const [id, data] of Object.entries(docs)) batch.set(doc(col, id), data);
  await batch.commit();
}

/** Ids of the documents the query returns, in order, and the server's count of the same query. */
async function idsAndCount(q: Query<DocumentData>): Promise<{ ids: string[]; count: number }> {
  const [snap, agg] = await Promise.all([getDocs(q), getCountFromServer(q)]);
  return { ids: ids(snap), count: agg.data().count };
}

describe('queries: every filter operator', () => {
  // e has n: null, f has no n at all, g has a string n, d has an empty tags array and b's tags lack 'x'.
  const data: Record<string, DocumentData> = {
    a: { n: 1, tags: ['x', 'y'], s: 'alpha' },
    b: { n: 2, tags: ['y'] },
    c: { n: 3, tags: ['z'] },
    d: { n: 3, tags: [] },
    e: { n: null, tags: ['x'] },
    f: { tags: ['x', 'z'] },
    g: { n: 'three' },
  };

  it('==, <, <=, >, >= compare only values of the same type', async () => {
    const col = collection(db, uniqueId('ops'));
    await seed(col, data);
    const expectQuery = async (q: Query<DocumentData>, expected: string[]): Promise<void> => {
      expect(await idsAndCount(q)).toEqual({ ids: expected, count: expected.length });
    };
    await expectQuery(query(col, where('n', '==', 3)), ['c', 'd']);
    await expectQuery(query(col, where('n', '==', null)), ['e']);
    await expectQuery(query(col, where('s', '==', 'alpha')), ['a']);
    await expectQuery(query(col, where('n', '<', 3)), ['a', 'b']);
    await expectQuery(query(col, where('n', '<=', 3)), ['a', 'b', 'c', 'd']);
    await expectQuery(query(col, where('n', '>', 1)), ['b', 'c', 'd']);
    await expectQuery(query(col, where('n', '>=', 3)), ['c', 'd']);
    // A string bound matches strings only, never the numbers or the null.
    await expectQuery(query(col, where('n', '>', 'a')), ['g']);
    await expectQuery(query(col, where('n', '>', 1), where('n', '<', 3)), ['b']);
    await expectQuery(query(col, where('n', '==', 42)), []);
  });

  it('!= and not-in never match a missing field or null, and order by the field', async () => {
    const col = collection(db, uniqueId('neq'));
    await seed(col, data);
    // Firestore: "Neither query operator will match documents where the specified field is not present";
    // a document whose field is null does not match either (only `!= null` is about null itself).
    // Both are inequalities, so the results come ordered by n (numbers before strings), then by id.
    expect(await idsAndCount(query(col, where('n', '!=', 3)))).toEqual({ ids: ['a', 'b', 'g'], count: 3 });
    expect(await idsAndCount(query(col, where('n', '!=', 'three')))).toEqual({ ids: ['a', 'b', 'c', 'd'], count: 4 });
    expect(await idsAndCount(query(col, where('n', '!=', null)))).toEqual({ ids: ['a', 'b', 'c', 'd', 'g'], count: 5 });
    expect(await idsAndCount(query(col, where('n', 'not-in', [1, 3])))).toEqual({ ids: ['b', 'g'], count: 2 });
    expect(await idsAndCount(query(col, where('n', 'not-in', ['three', 2])))).toEqual({ ids: ['a', 'c', 'd'], count: 3 });
    // With an explicit descending order the implicit __name__ tie-break is descending too.
    expect(await idsAndCount(query(col, where('n', '!=', 2), orderBy('n', 'desc')))).toEqual({
      ids: ['g', 'd', 'c', 'a'],
      count: 4,
    });
    // Combined with an equality on another field.
    expect(await idsAndCount(query(col, where('tags', 'array-contains', 'x'), where('n', '!=', 2)))).toEqual({
      ids: ['a'],
      count: 1,
    });
  });

  it('in, array-contains and array-contains-any', async () => {
    const col = collection(db, uniqueId('arr'));
    await seed(col, data);
    expect(await idsAndCount(query(col, where('n', 'in', [1, 3, 42])))).toEqual({ ids: ['a', 'c', 'd'], count: 3 });
    expect(await idsAndCount(query(col, where('n', 'in', ['three', 2])))).toEqual({ ids: ['b', 'g'], count: 2 });
    expect(await idsAndCount(query(col, where('tags', 'array-contains', 'x')))).toEqual({ ids: ['a', 'e', 'f'], count: 3 });
    expect(await idsAndCount(query(col, where('tags', 'array-contains', 'nope')))).toEqual({ ids: [], count: 0 });
    expect(await idsAndCount(query(col, where('tags', 'array-contains-any', ['y', 'z'])))).toEqual({
      ids: ['a', 'b', 'c', 'f'],
      count: 4,
    });
    // in compares whole values: an array field is matched by an equal array, never by one of its items.
    expect(await idsAndCount(query(col, where('tags', 'in', ['y', 'x'])))).toEqual({ ids: [], count: 0 });
    expect(await idsAndCount(query(col, where('tags', '==', ['y'])))).toEqual({ ids: ['b'], count: 1 });
    expect(await idsAndCount(query(col, where('tags', 'array-contains-any', ['x', 'y']), where('n', '<', 3)))).toEqual({
      ids: ['a', 'b'],
      count: 2,
    });
    expect(await idsAndCount(query(col, where(documentId(), 'in', ['g', 'a', 'zz'])))).toEqual({ ids: ['a', 'g'], count: 2 });
  });

  it('null and NaN in the lists of in, not-in and array-contains-any, and array-contains NaN', async () => {
    // The semantics the official SDKs' own integration tests assert against Firestore: a null or NaN in an
    // in / array-contains-any list matches nothing, not-in with a null in its list returns no documents, and only
    // == null / == NaN (IS_NULL / IS_NAN) find those values.
    //
    // Another client writes the documents, and a fresh one queries. The SDK's own local matching differs from the
    // server here (it would match the null and NaN documents), so a client that already holds them in its cache
    // would keep them "in limbo" and never settle a server snapshot: as in the SDKs' integration tests, the querying
    // client has not seen them.
    const { host, port } = emulatorHost();
    const projectId = db.app.options.projectId!;
    const writer = connect(host, port, projectId);
    const reader = connect(host, port, projectId);
    try {
      const name = uniqueId('null-nan');
      await seed(collection(writer.db, name), {
        one: { z: 1, arr: [1] },
        nul: { z: null, arr: [null] },
        nan: { z: NaN, arr: [NaN] },
        none: { other: true },
      });
      const col = collection(reader.db, name);
      const expectQuery = async (q: Query<DocumentData>, expected: string[]): Promise<void> => {
        expect(await idsAndCount(q)).toEqual({ ids: expected, count: expected.length });
      };
      await expectQuery(query(col, where('z', 'in', [null])), []);
      await expectQuery(query(col, where('z', 'in', [1, null])), ['one']);
      await expectQuery(query(col, where('z', 'in', [NaN])), []);
      await expectQuery(query(col, where('z', 'in', [1, NaN])), ['one']);
      await expectQuery(query(col, where('arr', 'array-contains-any', [null])), []);
      await expectQuery(query(col, where('arr', 'array-contains-any', [1, null])), ['one']);
      await expectQuery(query(col, where('arr', 'array-contains-any', [NaN])), []);
      await expectQuery(query(col, where('arr', 'array-contains', NaN)), []);
      await expectQuery(query(col, where('z', 'not-in', [null])), []);
      await expectQuery(query(col, where('z', 'not-in', [2, null])), []);
      // not-in [NaN] and != NaN leave out the NaN, the null and the missing field.
      await expectQuery(query(col, where('z', 'not-in', [NaN])), ['one']);
      await expectQuery(query(col, where('z', '!=', NaN)), ['one']);
      await expectQuery(query(col, where('z', '==', null)), ['nul']);
      await expectQuery(query(col, where('z', '==', NaN)), ['nan']);
    } finally {
      await Promise.all([terminate(writer.db), terminate(reader.db)]);
      await Promise.all([deleteApp(writer.app), deleteApp(reader.app)]);
    }
  });

  it('and() and or() composite filters', async () => {
    const col = collection(db, uniqueId('composite'));
    await seed(col, data);
    expect(await idsAndCount(query(col, or(where('n', '==', 1), where('tags', 'array-contains', 'z'))))).toEqual({
      ids: ['a', 'c', 'f'],
      count: 3,
    });
    expect(
      await idsAndCount(query(col, and(where('tags', 'array-contains', 'x'), or(where('n', '==', 1), where('n', '==', null))))),
    ).toEqual({ ids: ['a', 'e'], count: 2 });
    // An OR whose branches overlap returns each document once.
    expect(await idsAndCount(query(col, or(where('n', '>=', 2), where('n', '==', 3), where('s', '==', 'alpha'))))).toEqual({
      ids: ['a', 'b', 'c', 'd'],
      count: 4,
    });
    // (n == 3 AND tags is empty) OR (n == 2): a document must satisfy a whole branch.
    expect(await idsAndCount(query(col, or(and(where('n', '==', 3), where('tags', '==', [])), where('n', '==', 2))))).toEqual({
      ids: ['b', 'd'],
      count: 2,
    });
    expect(await idsAndCount(query(col, and(where('n', '==', 3), where('tags', 'array-contains', 'y'))))).toEqual({
      ids: [],
      count: 0,
    });
  });
});

describe('queries: order, limits and cursors', () => {
  // Written in an order unrelated to the ids, so a result in id order comes from the __name__ tie-break.
  const players: [string, DocumentData][] = [
    ['p3', { team: 'red', score: 7 }],
    ['p0', { team: 'blue', score: 7 }],
    ['p5', { team: 'red', score: 5 }],
    ['q', { team: 'green' }],
    ['p1', { team: 'red', score: 5 }],
    ['p4', { team: 'blue', score: 5 }],
    ['p2', { team: 'blue', score: 7 }],
  ];

  it('orders by several fields, equal values in document-id order (descending after a descending order)', async () => {
    const col = collection(db, uniqueId('order'));
    for (const [id, d] of players) await setDoc(doc(col, id), d);
    const q = (...c: Parameters<typeof query>[1][]): Promise<string[]> => getDocs(query(col, ...c)).then(ids);
    // q has no score: ordering by score leaves it out.
    expect(await q(orderBy('score'))).toEqual(['p1', 'p4', 'p5', 'p0', 'p2', 'p3']);
    expect((await getCountFromServer(query(col, orderBy('score')))).data().count).toBe(6);
    expect(await q(orderBy('score', 'desc'))).toEqual(['p3', 'p2', 'p0', 'p5', 'p4', 'p1']);
    expect(await q(orderBy('team'), orderBy('score', 'desc'))).toEqual(['p2', 'p0', 'p4', 'p3', 'p5', 'p1']);
    expect(await q(orderBy('team', 'desc'), orderBy('score'))).toEqual(['p1', 'p5', 'p3', 'p4', 'p0', 'p2']);
    expect(await q(orderBy('team'))).toEqual(['p0', 'p2', 'p4', 'q', 'p1', 'p3', 'p5']);
    expect(await q(orderBy(documentId(), 'desc'))).toEqual(['q', 'p5', 'p4', 'p3', 'p2', 'p1', 'p0']);
    expect(await q(where('team', '==', 'red'), orderBy('score', 'desc'))).toEqual(['p3', 'p5', 'p1']);
  });

  it('limit and limitToLast', async () => {
    const col = collection(db, uniqueId('limits'));
    await seed(col, Object.fromEntries(players));
    const q = (...c: Parameters<typeof query>[1][]): Promise<string[]> => getDocs(query(col, ...c)).then(ids);
    expect(await q(orderBy('score'), limit(2))).toEqual(['p1', 'p4']);
    expect(await q(orderBy('score'), limit(4))).toEqual(['p1', 'p4', 'p5', 'p0']);
    expect(await q(orderBy('score'), limitToLast(2))).toEqual(['p2', 'p3']);
    expect(await q(orderBy('score', 'desc'), limitToLast(2))).toEqual(['p4', 'p1']);
    expect(await q(orderBy('team'), orderBy('score', 'desc'), limitToLast(4))).toEqual(['p4', 'p3', 'p5', 'p1']);
    expect(await q(where('team', '==', 'blue'), orderBy('score'), limitToLast(1))).toEqual(['p2']);
    expect(await q(limit(3))).toEqual(['p0', 'p1', 'p2']);
    expect(await q(orderBy('score'), limit(100))).toEqual(['p1', 'p4', 'p5', 'p0', 'p2', 'p3']);
    expect((await getCountFromServer(query(col, orderBy('score'), limit(4)))).data().count).toBe(4);
  });

  it('startAt, startAfter, endAt and endBefore by values', async () => {
    const col = collection(db, uniqueId('cursor-values'));
    await seed(col, { a: { n: 1 }, b: { n: 2 }, c: { n: 2 }, d: { n: 2 }, e: { n: 3 }, f: { n: 4 } });
    const byN = (...c: Parameters<typeof query>[1][]): Promise<{ ids: string[]; count: number }> =>
      idsAndCount(query(col, orderBy('n'), ...c));
    expect(await byN(startAt(2))).toEqual({ ids: ['b', 'c', 'd', 'e', 'f'], count: 5 });
    expect(await byN(startAfter(2))).toEqual({ ids: ['e', 'f'], count: 2 });
    expect(await byN(endAt(2))).toEqual({ ids: ['a', 'b', 'c', 'd'], count: 4 });
    expect(await byN(endBefore(2))).toEqual({ ids: ['a'], count: 1 });
    expect(await byN(startAt(2), endBefore(4))).toEqual({ ids: ['b', 'c', 'd', 'e'], count: 4 });
    expect(await byN(startAfter(1), endAt(3))).toEqual({ ids: ['b', 'c', 'd', 'e'], count: 4 });
    // Between values: a cursor need not match a stored value.
    expect(await byN(startAt(1.5), endAt(2.5))).toEqual({ ids: ['b', 'c', 'd'], count: 3 });
    // A value per order field: (n, id) positions inside the run of equal n.
    const twoFields = (...c: Parameters<typeof query>[1][]): Promise<string[]> =>
      getDocs(query(col, orderBy('n'), orderBy(documentId()), ...c)).then(ids);
    expect(await twoFields(startAfter(2, 'c'))).toEqual(['d', 'e', 'f']);
    expect(await twoFields(startAt(2, 'c'), endAt(2, 'd'))).toEqual(['c', 'd']);
    expect(await twoFields(endBefore(2, 'c'))).toEqual(['a', 'b']);
    // Descending: cursors follow the descending order.
    expect(await idsAndCount(query(col, orderBy('n', 'desc'), startAfter(3)))).toEqual({ ids: ['d', 'c', 'b', 'a'], count: 4 });
    expect(await idsAndCount(query(col, orderBy('n', 'desc'), endBefore(2)))).toEqual({ ids: ['f', 'e'], count: 2 });
    // With limits: limitToLast takes the last documents inside the cursors.
    expect(await byN(startAt(2), limit(2))).toEqual({ ids: ['b', 'c'], count: 2 });
    expect(ids(await getDocs(query(col, orderBy('n'), endBefore(4), limitToLast(2))))).toEqual(['d', 'e']);
    expect(ids(await getDocs(query(col, orderBy('n'), startAfter(1), limitToLast(10))))).toEqual(['b', 'c', 'd', 'e', 'f']);
  });

  it('startAt, startAfter, endAt and endBefore by a document snapshot (its value, then its id)', async () => {
    const col = collection(db, uniqueId('cursor-snap'));
    await seed(col, { a: { n: 1 }, b: { n: 2 }, c: { n: 2 }, d: { n: 2 }, e: { n: 3 }, f: { n: 4 } });
    const c = await getDoc(doc(col, 'c'));
    const byN = (...cs: Parameters<typeof query>[1][]): Promise<{ ids: string[]; count: number }> =>
      idsAndCount(query(col, orderBy('n'), ...cs));
    expect(await byN(startAt(c))).toEqual({ ids: ['c', 'd', 'e', 'f'], count: 4 });
    expect(await byN(startAfter(c))).toEqual({ ids: ['d', 'e', 'f'], count: 3 });
    expect(await byN(endAt(c))).toEqual({ ids: ['a', 'b', 'c'], count: 3 });
    expect(await byN(endBefore(c))).toEqual({ ids: ['a', 'b'], count: 2 });
    expect(await byN(startAfter(c), limit(2))).toEqual({ ids: ['d', 'e'], count: 2 });
    expect(await idsAndCount(query(col, orderBy('n', 'desc'), startAfter(c)))).toEqual({ ids: ['b', 'a'], count: 2 });
    expect(await idsAndCount(query(col, orderBy('n', 'desc'), endAt(c)))).toEqual({ ids: ['f', 'e', 'd', 'c'], count: 4 });
    // Without an orderBy the snapshot cursor is on the document id alone.
    expect(await idsAndCount(query(col, startAfter(c)))).toEqual({ ids: ['d', 'e', 'f'], count: 3 });
    // With an inequality filter and no orderBy, the implicit order is by n, then id.
    expect(await idsAndCount(query(col, where('n', '>=', 2), startAfter(c)))).toEqual({ ids: ['d', 'e', 'f'], count: 3 });
    expect(ids(await getDocs(query(col, orderBy('n'), endBefore(c), limitToLast(1))))).toEqual(['b']);
  });

  it('collection group queries match the collection id at any depth, and only it', async () => {
    // Names chosen so the group's top-level collection ('g…') sorts before the root collection ('r…').
    const hex = randomBytes(4).toString('hex');
    const root = `r${hex}`;
    const group = `g${hex}`;
    const batch = writeBatch(db);
    const paths: [string, number][] = [
      [`${root}/a/${group}/d1`, 1],
      [`${root}/a/${group}/d2`, 2],
      [`${group}/d3`, 3],
      [`${root}/b/deeper/x/${group}/d4`, 4],
      [`${group}/d3/nested/not-in-group`, 5],
      [`${root}/a/${group}x/not-in-group`, 6],
      [`${root}/a/x${group}/not-in-group`, 7],
      [`${root}/${group}`, 8],
    ];
    for (const [path, n] of paths) batch.set(doc(db, path), { n, odd: n % 2 === 1 });
    await batch.commit();
    const pathsOf = (s: QuerySnapshot<DocumentData>): string[] => s.docs.map((d) => d.ref.path);
    const g = collectionGroup(db, group);
    // Without an order: by the full document path, segment by segment.
    const byPath = [`${group}/d3`, `${root}/a/${group}/d1`, `${root}/a/${group}/d2`, `${root}/b/deeper/x/${group}/d4`];
    expect(pathsOf(await getDocs(g))).toEqual(byPath);
    expect((await getCountFromServer(g)).data().count).toBe(4);
    expect(pathsOf(await getDocs(query(g, orderBy('n', 'desc'))))).toEqual([
      `${root}/b/deeper/x/${group}/d4`,
      `${group}/d3`,
      `${root}/a/${group}/d2`,
      `${root}/a/${group}/d1`,
    ]);
    expect(pathsOf(await getDocs(query(g, where('odd', '==', true), orderBy('n'))))).toEqual([
      `${root}/a/${group}/d1`,
      `${group}/d3`,
    ]);
    expect(pathsOf(await getDocs(query(g, where('n', '>=', 2), limit(2))))).toEqual([`${root}/a/${group}/d2`, `${group}/d3`]);
    const agg = await getAggregateFromServer(g, { c: count(), s: sum('n'), avg: average('n') });
    expect(agg.data()).toEqual({ c: 4, s: 10, avg: 2.5 });
  });
});

describe('aggregations', () => {
  it('count, sum and average, ignoring non-numbers; average of no documents is null', async () => {
    const col = collection(db, uniqueId('agg'));
    await seed(col, {
      a: { n: 1, g: 'x' },
      b: { n: 2, g: 'x' },
      c: { n: 4.5, g: 'y' },
      d: { n: 'not a number', g: 'y' },
      e: { g: 'z' },
    });
    const all = { c: count(), s: sum('n'), avg: average('n') };
    expect((await getCountFromServer(col)).data().count).toBe(5);
    expect((await getCountFromServer(query(col, where('g', '==', 'x')))).data().count).toBe(2);
    // Aggregated together, every aggregation (count too) sees only the documents that have n, of any type (e has none).
    expect((await getAggregateFromServer(col, all)).data()).toEqual({ c: 4, s: 7.5, avg: 2.5 });
    expect((await getAggregateFromServer(query(col, where('g', '==', 'x')), all)).data()).toEqual({ c: 2, s: 3, avg: 1.5 });
    // Documents without a numeric n: sum 0, average null.
    expect((await getAggregateFromServer(query(col, where('g', '==', 'z')), all)).data()).toEqual({ c: 0, s: 0, avg: null });
    expect((await getCountFromServer(query(col, where('g', '==', 'z')))).data().count).toBe(1);
    expect((await getAggregateFromServer(query(col, where('g', '==', 'y')), all)).data()).toEqual({ c: 2, s: 4.5, avg: 4.5 });
    // No documents at all.
    expect((await getAggregateFromServer(query(col, where('g', '==', 'none')), all)).data()).toEqual({ c: 0, s: 0, avg: null });
    expect((await getCountFromServer(collection(db, uniqueId('empty')))).data().count).toBe(0);
    // Aggregations apply after order, cursors and limit: numbers sort before the string, so the first two are a, b.
    expect((await getAggregateFromServer(query(col, orderBy('n'), limit(2)), all)).data()).toEqual({ c: 2, s: 3, avg: 1.5 });
    expect((await getAggregateFromServer(query(col, orderBy('n'), startAfter(1)), all)).data()).toEqual({
      c: 3,
      s: 6.5,
      avg: 3.25,
    });
  });
});

describe('writes', () => {
  it('setDoc with merge and mergeFields', async () => {
    const ref = doc(db, uniqueId('merge'), 'doc');
    await setDoc(ref, { a: 1, m: { x: 1, y: 2 }, keep: 'k' });
    await setDoc(ref, { m: { y: 3 }, b: 2 }, { merge: true });
    expect((await getDoc(ref)).data()).toEqual({ a: 1, b: 2, m: { x: 1, y: 3 }, keep: 'k' });
    // Only the listed fields are written; the other values given are ignored.
    await setDoc(ref, { a: 10, b: 20, m: { x: 9, y: 9 } }, { mergeFields: ['a', 'm.y'] });
    expect((await getDoc(ref)).data()).toEqual({ a: 10, b: 2, m: { x: 1, y: 9 }, keep: 'k' });
    await setDoc(ref, { keep: deleteField(), m: { x: deleteField() } }, { merge: true });
    expect((await getDoc(ref)).data()).toEqual({ a: 10, b: 2, m: { y: 9 } });
    // merge on a missing document creates it.
    const fresh = doc(ref.parent, 'fresh');
    await setDoc(fresh, { z: 1 }, { merge: true });
    expect((await getDoc(fresh)).data()).toEqual({ z: 1 });
    // A plain set replaces the whole document.
    await setDoc(ref, { only: true });
    expect((await getDoc(ref)).data()).toEqual({ only: true });
  });

  it('updateDoc with nested field paths, a FieldPath with a dot in a key, and deleteField', async () => {
    const col = collection(db, uniqueId('update'));
    const ref = doc(col, 'doc');
    await setDoc(ref, { a: 1, m: { x: 1, y: 2 } });
    await updateDoc(ref, { 'm.x': 5, 'm.z.deep': true });
    expect((await getDoc(ref)).data()).toEqual({ a: 1, m: { x: 5, y: 2, z: { deep: true } } });
    // new FieldPath('odd.key') names one top-level field whose key contains a dot, unlike the string 'odd.key'.
    await updateDoc(ref, new FieldPath('odd.key'), 7, 'm.y', deleteField());
    expect((await getDoc(ref)).data()).toEqual({ a: 1, m: { x: 5, z: { deep: true } }, 'odd.key': 7 });
    await updateDoc(ref, 'odd.key', 8);
    expect((await getDoc(ref)).data()).toEqual({ a: 1, m: { x: 5, z: { deep: true } }, 'odd.key': 7, odd: { key: 8 } });
    await updateDoc(ref, new FieldPath('m', 'z', 'deep'), false);
    expect((await getDoc(ref)).get('m')).toEqual({ x: 5, z: { deep: false } });
    // A map value replaces the whole map.
    await updateDoc(ref, { m: { only: 1 }, a: deleteField() });
    expect((await getDoc(ref)).data()).toEqual({ m: { only: 1 }, 'odd.key': 7, odd: { key: 8 } });
    // The dotted key and the nested path are queried apart.
    expect(ids(await getDocs(query(col, where(new FieldPath('odd.key'), '==', 7))))).toEqual(['doc']);
    expect(ids(await getDocs(query(col, where('odd.key', '==', 7))))).toEqual([]);
    expect(ids(await getDocs(query(col, where('odd.key', '==', 8))))).toEqual(['doc']);
  });

  it('serverTimestamp, increment, arrayUnion and arrayRemove', async () => {
    const col = collection(db, uniqueId('transforms'));
    const ref = doc(col, 'doc');
    await setDoc(ref, { n: 1, f: 1.5, l: [1, 2, 3], objs: [{ k: 1 }, { k: 2 }] });
    const before = Date.now();
    await updateDoc(ref, {
      n: increment(2),
      f: increment(0.25),
      missing: increment(5),
      l: arrayUnion(3, 4, 4),
      fresh: arrayUnion('a'),
      at: serverTimestamp(),
      'nested.at': serverTimestamp(),
    });
    const after = Date.now();
    await updateDoc(ref, { l: arrayRemove(1, 42), objs: arrayRemove({ k: 1 }), n: increment(-10) });
    const data = (await getDoc(ref)).data()!;
    expect(data.n).toBe(-7);
    expect(data.f).toBe(1.75);
    expect(data.missing).toBe(5);
    expect(data.l).toEqual([2, 3, 4]);
    expect(data.fresh).toEqual(['a']);
    expect(data.objs).toEqual([{ k: 2 }]);
    const at = data.at as Timestamp;
    expect(at).toBeInstanceOf(Timestamp);
    // Every serverTimestamp of one write gets the same commit time.
    expect(at.isEqual((data.nested as { at: Timestamp }).at)).toBe(true);
    expect(at.toMillis()).toBeGreaterThanOrEqual(before - 1000);
    expect(at.toMillis()).toBeLessThanOrEqual(after + 1000);
    // A batch commits at one time: the timestamps of its writes are equal.
    const batch = writeBatch(db);
    batch.set(doc(col, 't1'), { at: serverTimestamp() });
    batch.set(doc(col, 't2'), { at: serverTimestamp(), n: increment(3) });
    await batch.commit();
    const t1 = (await getDoc(doc(col, 't1'))).get('at') as Timestamp;
    const t2 = (await getDoc(doc(col, 't2'))).data()!;
    expect(t1.isEqual(t2.at as Timestamp)).toBe(true);
    expect(t2.n).toBe(3);
    expect(t1.toMillis()).toBeGreaterThan(at.toMillis());
    // Server timestamps are ordinary values to queries.
    expect(ids(await getDocs(query(col, where('at', '>', at), orderBy('at'))))).toEqual(['t1', 't2']);
  });

  it('a batch with a failing precondition writes nothing; update of a missing document is not-found', async () => {
    const col = collection(db, uniqueId('batch'));
    await setDoc(doc(col, 'existing'), { v: 1 });
    const failing = writeBatch(db);
    failing.set(doc(col, 'new'), { v: 1 });
    failing.update(doc(col, 'existing'), { v: 2 });
    failing.delete(doc(col, 'existing'));
    failing.update(doc(col, 'missing'), { v: 1 });
    await expect(failing.commit()).rejects.toMatchObject({ code: 'not-found' });
    expect((await getDoc(doc(col, 'new'))).exists()).toBe(false);
    expect((await getDoc(doc(col, 'existing'))).data()).toEqual({ v: 1 });
    expect((await getDoc(doc(col, 'missing'))).exists()).toBe(false);
    expect(ids(await getDocs(col))).toEqual(['existing']);

    await expect(updateDoc(doc(col, 'missing'), { v: 1 })).rejects.toMatchObject({ code: 'not-found' });
    await expect(updateDoc(doc(col, 'missing'), 'a.b', increment(1))).rejects.toMatchObject({ code: 'not-found' });
    expect((await getDoc(doc(col, 'missing'))).exists()).toBe(false);
    // A deleted document is missing too.
    await deleteDoc(doc(col, 'existing'));
    await expect(updateDoc(doc(col, 'existing'), { v: 3 })).rejects.toMatchObject({ code: 'not-found' });

    const ok = writeBatch(db);
    ok.set(doc(col, 'x'), { v: 1 });
    ok.set(doc(col, 'y'), { v: 2 });
    ok.update(doc(col, 'x'), { v: increment(10) });
    ok.delete(doc(col, 'y'));
    await ok.commit();
    expect(ids(await getDocs(col))).toEqual(['x']);
    expect((await getDoc(doc(col, 'x'))).data()).toEqual({ v: 11 });
  });
});

describe('errors the server reports for queries and writes it refuses', () => {
  it('more than 30 in values or 10 not-in values: invalid-argument, for getDocs and for aggregations', async () => {
    const col = collection(db, uniqueId('invalid'));
    await seed(col, { a: { n: 1 } });
    const tooManyIn = query(
      col,
      where(
        'n',
        'in',
        Array.from({ length: 31 }, (_, i) => i),
      ),
    );
    await expect(getDocs(tooManyIn)).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(getCountFromServer(tooManyIn)).rejects.toMatchObject({ code: 'invalid-argument' });
    const tooManyNotIn = query(
      col,
      where(
        'n',
        'not-in',
        Array.from({ length: 11 }, (_, i) => i + 10),
      ),
    );
    await expect(getDocs(tooManyNotIn)).rejects.toMatchObject({ code: 'invalid-argument' });
    // At the limits the same queries are answered.
    expect(
      await idsAndCount(
        query(
          col,
          where(
            'n',
            'in',
            Array.from({ length: 30 }, (_, i) => i),
          ),
        ),
      ),
    ).toEqual({ ids: ['a'], count: 1 });
    expect(
      await idsAndCount(
        query(
          col,
          where(
            'n',
            'not-in',
            Array.from({ length: 10 }, (_, i) => i + 10),
          ),
        ),
      ),
    ).toEqual({ ids: ['a'], count: 1 });
    // The client keeps working after a refused query.
    expect(ids(await getDocs(col))).toEqual(['a']);
  });

  it('a document over 1 MiB: invalid-argument, nothing written', async () => {
    const ref = doc(db, uniqueId('big'), 'doc');
    await expect(setDoc(ref, { s: 'x'.repeat(1_100_000) })).rejects.toMatchObject({ code: 'invalid-argument' });
    expect((await getDoc(ref)).exists()).toBe(false);
  });
});
