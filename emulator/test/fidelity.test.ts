/**
 * Conformance (issue 18): behaviours the official SDKs' own integration tests check, through the admin SDK
 * (@google-cloud/firestore) over both of its transports: gRPC, and REST (`preferRest`), which sends proto3
 * JSON with enums as numbers (`"op": 5`) and nulls as `null`. The Node client SDK (gRPC streams) covers what
 * only the client SDKs send.
 */
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { CollectionReference, Firestore } from 'firebase-admin/firestore';
import { AggregateField, FieldPath, FieldValue, Filter, getFirestore } from 'firebase-admin/firestore';
import { createRequire } from 'node:module';
import type { FirebaseApp } from 'firebase/app';
import { deleteApp as deleteClientApp, initializeApp as initializeClientApp } from 'firebase/app';
import type { Firestore as ClientFirestore, Query, Timestamp } from 'firebase/firestore';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore as getClientFirestore,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  terminate,
  vector,
  VectorValue as ClientVectorValue,
  where,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost, sleep, uniqueProject } from './helpers';

/**
 * The REST transport asks google-auth-library for credentials even with `ssl: false` (gRPC does not); its
 * PassThroughClient adds none, and the SDK's own `Authorization: Bearer owner` header goes through. Taken
 * from the google-gax the SDK uses, so it is the same library version.
 */
function passThroughAuth(): unknown {
  const fromFirestore = createRequire(createRequire(import.meta.url).resolve('@google-cloud/firestore'));
  const fromGax = createRequire(fromFirestore.resolve('google-gax'));
  const auth = fromGax('google-auth-library') as { PassThroughClient: new () => unknown };
  return new auth.PassThroughClient();
}

type Transport = 'grpc' | 'rest';
const transports: Transport[] = ['grpc', 'rest'];

function code(err: unknown): number | undefined {
  return (err as { code?: number }).code;
}

/** The error a call fails with: its code (a number from the admin SDK, a string from the client SDK) and message. */
async function failure(p: Promise<unknown>): Promise<{ code: number | string | undefined; message: string }> {
  try {
    await p;
  } catch (e) {
    return { code: (e as { code?: number | string }).code, message: e instanceof Error ? e.message : String(e) };
  }
  throw new Error('expected the call to fail');
}

const INVALID_ARGUMENT = 3;

describe.each(transports)('admin SDK over %s', (transport) => {
  let app: App;
  let db: Firestore;
  let n = 0;
  /** A fresh collection per test. */
  const col = (): CollectionReference => db.collection(`c${++n}-${transport}`);

  beforeAll(() => {
    const { hostPort } = emulatorHost();
    app = initializeApp({ projectId: uniqueProject(`fid-${transport}`) }, `fidelity-${transport}-${Math.random()}`);
    db = getFirestore(app);
    db.settings({
      host: hostPort,
      ssl: false,
      ...(transport === 'rest' ? { preferRest: true, authClient: passThroughAuth() } : {}),
    });
  });

  afterAll(async () => {
    await deleteApp(app);
  });

  describe('queries with every enum the REST transport sends as a number', () => {
    it('filters, orders descending and combines with OR', async () => {
      const c = col();
      await Promise.all(
        [1, 2, 3, 4].map((i) => c.doc(`d${i}`).set({ a: i, b: i % 2 === 0 ? 'even' : 'odd', n: i === 4 ? null : i })),
      );
      const eq = await c.where('b', '==', 'even').orderBy('a', 'desc').get();
      expect(eq.docs.map((d) => d.id)).toEqual(['d4', 'd2']);
      const range = await c.where('a', '>', 1).where('a', '<=', 3).get();
      expect(range.docs.map((d) => d.id)).toEqual(['d2', 'd3']);
      const or = await c.where(Filter.or(Filter.where('a', '==', 1), Filter.where('a', '==', 4))).get();
      expect(or.docs.map((d) => d.id)).toEqual(['d1', 'd4']);
      const isNull = await c.where('n', '==', null).get();
      expect(isNull.docs.map((d) => d.id)).toEqual(['d4']);
      const contains = await c.where('a', 'in', [2, 3]).orderBy('a', 'desc').limitToLast(1).get();
      expect(contains.docs.map((d) => d.id)).toEqual(['d2']);
    });

    it('in and not-in on document ids', async () => {
      const c = col();
      await Promise.all(['a', 'b', 'c', 'd'].map((id) => c.doc(id).set({ x: 1 })));
      const inIds = await c.where(FieldPath.documentId(), 'in', ['a', c.doc('c')]).get();
      expect(inIds.docs.map((d) => d.id)).toEqual(['a', 'c']);
      const notIn = await c.where(FieldPath.documentId(), 'not-in', ['a', 'c']).get();
      expect(notIn.docs.map((d) => d.id)).toEqual(['b', 'd']);
    });

    it('writes null values and server timestamps', async () => {
      const ref = col().doc('x');
      await ref.set({ nothing: null, at: FieldValue.serverTimestamp() });
      const snap = await ref.get();
      expect(snap.get('nothing')).toBeNull();
      expect(snap.get('at')).toBeTruthy();
    });
  });

  describe('recursive delete and BulkWriter', () => {
    it('recursiveDelete removes a collection and everything below it', async () => {
      const c = col();
      await c.doc('a').set({ x: 1 });
      await c.doc('a').collection('sub').doc('s1').set({ y: 1 });
      await c.doc('b').collection('sub').doc('s2').set({ y: 2 });
      await db.recursiveDelete(c);
      expect((await c.get()).size).toBe(0);
      expect((await c.doc('a').collection('sub').get()).size).toBe(0);
      expect((await c.doc('b').collection('sub').get()).size).toBe(0);
    });

    it('BulkWriter retries a write the backend refuses, then reports INVALID_ARGUMENT', async () => {
      const writer = db.bulkWriter();
      let attempts = 0;
      let failedWith: number | undefined;
      writer.onWriteError((error) => {
        attempts = error.failedAttempts;
        return error.failedAttempts < 3;
      });
      writer.create(col().doc('__doc__'), { foo: 'bar' }).catch((e: unknown) => {
        failedWith = code(e);
      });
      await writer.close();
      expect(attempts).toBe(3);
      expect(failedWith).toBe(INVALID_ARGUMENT);
    });
  });

  describe('vector values and findNearest', () => {
    it('stores vectors and returns them as vectors; orders them after arrays and before maps, shorter first', async () => {
      const c = col();
      await c.doc('v').set({ embedding: FieldValue.vector([1, 2.5, -3]), x: 1 });
      const got = (await c.doc('v').get()).get('embedding') as ReturnType<typeof FieldValue.vector>;
      // A VectorValue (firebase-admin does not export its class), not a map with __type__.
      expect(got.isEqual(FieldValue.vector([1, 2.5, -3]))).toBe(true);
      expect(got.toArray()).toEqual([1, 2.5, -3]);
      await c.doc('map').set({ o: { a: 1 } });
      await c.doc('arr').set({ o: [9, 9, 9] });
      await c.doc('long').set({ o: FieldValue.vector([0, 0]) });
      await c.doc('short').set({ o: FieldValue.vector([5]) });
      await c.doc('long2').set({ o: FieldValue.vector([0, 1]) });
      expect((await c.orderBy('o').get()).docs.map((d) => d.id)).toEqual(['arr', 'short', 'long', 'long2', 'map']);
      expect((await c.where('o', '==', FieldValue.vector([0, 1])).get()).docs.map((d) => d.id)).toEqual(['long2']);
      expect((await c.where('o', '>', FieldValue.vector([0, 0])).get()).docs.map((d) => d.id)).toEqual(['long2']);
      // The reserved __type__ key stays refused for anything but a vector.
      expect((await failure(c.doc('bad').set({ m: { __type__: 'other', value: [1] } }))).code).toBe(INVALID_ARGUMENT);
    });

    it('finds the nearest documents exactly by EUCLIDEAN, COSINE and DOT_PRODUCT, with threshold and distance field', async () => {
      const c = col();
      await Promise.all([
        c.doc('a').set({ v: FieldValue.vector([1, 0]), color: 'red' }),
        c.doc('b').set({ v: FieldValue.vector([0, 1]), color: 'red' }),
        c.doc('c').set({ v: FieldValue.vector([3, 3]), color: 'blue' }),
        c.doc('d').set({ v: FieldValue.vector([-1, -1]), color: 'red' }),
        c.doc('e').set({ v: FieldValue.vector([1, 1, 1]), color: 'red' }), // another dimension: never a result
        c.doc('f').set({ v: [1, 0], color: 'red' }), // an array, not a vector
      ]);
      const ids = (snap: { docs: { id: string }[] }): string[] => snap.docs.map((d) => d.id);
      const euclid = await c
        .findNearest({
          vectorField: 'v',
          queryVector: [1, 0],
          limit: 10,
          distanceMeasure: 'EUCLIDEAN',
          distanceResultField: 'dist',
        })
        .get();
      expect(ids(euclid)).toEqual(['a', 'b', 'd', 'c']);
      expect(euclid.docs.map((d) => d.get('dist') as number)).toEqual([0, Math.SQRT2, Math.sqrt(5), Math.sqrt(13)]);
      // The stored documents are unchanged.
      expect((await c.doc('a').get()).get('dist')).toBeUndefined();

      const cosine = await c
        .findNearest({ vectorField: 'v', queryVector: FieldValue.vector([1, 1]), limit: 2, distanceMeasure: 'COSINE' })
        .get();
      expect(ids(cosine)).toEqual(['c', 'a']);

      const dot = await c
        .findNearest({
          vectorField: 'v',
          queryVector: [1, 2],
          limit: 10,
          distanceMeasure: 'DOT_PRODUCT',
          distanceThreshold: 1,
          distanceResultField: 'score',
        })
        .get();
      expect(ids(dot)).toEqual(['c', 'b', 'a']);
      expect(dot.docs.map((d) => d.get('score') as number)).toEqual([9, 2, 1]);

      const within = await c
        .where('color', '==', 'red')
        .findNearest({ vectorField: 'v', queryVector: [1, 0], limit: 10, distanceMeasure: 'EUCLIDEAN', distanceThreshold: 1.5 })
        .get();
      expect(ids(within)).toEqual(['a', 'b']);
    });

    it('refuses a findNearest limit above 1000', async () => {
      const err = await failure(
        col()
          .findNearest({ vectorField: 'v', queryVector: [1], limit: 1001, distanceMeasure: 'EUCLIDEAN' })
          .get(),
      );
      expect(err.code).toBe(INVALID_ARGUMENT);
    });
  });

  describe('explain', () => {
    it('plans a query without running it, and with analyze runs it and reports its execution', async () => {
      const c = col();
      await Promise.all([1, 2, 3].map((i) => c.doc(`d${i}`).set({ a: i % 2, b: i })));
      const q = c.where('a', '==', 1).orderBy('b', 'desc');
      const plan = await q.explain({ analyze: false });
      expect(plan.snapshot).toBeNull();
      expect(plan.metrics.executionStats).toBeNull();
      expect(plan.metrics.planSummary.indexesUsed).toEqual([
        { query_scope: 'Collection', properties: '(a ASC, b DESC, __name__ DESC)' },
      ]);

      const run = await q.explain({ analyze: true });
      expect(run.snapshot!.docs.map((d) => d.id)).toEqual(['d3', 'd1']);
      const stats = run.metrics.executionStats!;
      expect(stats.resultsReturned).toBe(2);
      expect(stats.readOperations).toBe(2);
      expect(stats.executionDuration.seconds * 1e9 + stats.executionDuration.nanoseconds).toBeGreaterThan(0);
      expect(stats.debugStats).toMatchObject({ documents_scanned: '2' });
      expect(run.metrics.planSummary.indexesUsed.length).toBe(1);

      // An empty result still costs one read.
      const none = await c.where('a', '==', 7).explain({ analyze: true });
      expect(none.snapshot!.size).toBe(0);
      expect(none.metrics.executionStats!.resultsReturned).toBe(0);
      expect(none.metrics.executionStats!.readOperations).toBe(1);
    });

    it('explains aggregations', async () => {
      const c = col();
      await Promise.all([1, 2, 3].map((i) => c.doc(`d${i}`).set({ n: i })));
      const agg = c.aggregate({ total: AggregateField.sum('n'), count: AggregateField.count() });
      const plan = await agg.explain({ analyze: false });
      expect(plan.snapshot).toBeNull();
      expect(plan.metrics.executionStats).toBeNull();
      expect(plan.metrics.planSummary.indexesUsed).toEqual([{ query_scope: 'Collection', properties: '(__name__ ASC)' }]);
      const run = await agg.explain({ analyze: true });
      expect(run.snapshot!.data()).toEqual({ total: 6, count: 3 });
      expect(run.metrics.executionStats!.resultsReturned).toBe(1);
      expect(run.metrics.executionStats!.readOperations).toBe(3);
      // Collection groups say so.
      const group = await db.collectionGroup(`g-${transport}`).explain({ analyze: false });
      expect(group.metrics.planSummary.indexesUsed).toEqual([{ query_scope: 'Collection group', properties: '(__name__ ASC)' }]);
    });
  });

  describe('small exact behaviours', () => {
    it('a transaction that deletes a document and then updates it is INVALID_ARGUMENT, not NOT_FOUND', async () => {
      const ref = col().doc('x');
      await ref.set({ foo: 'bar' });
      const err = await failure(
        db.runTransaction(async (t) => {
          t.delete(ref);
          t.update(ref, { foo: 'bar2' });
          return Promise.resolve();
        }),
      );
      expect(err.code).toBe(INVALID_ARGUMENT);
      expect((await ref.get()).get('foo')).toBe('bar');
      // Updating a document that never existed stays NOT_FOUND.
      expect((await failure(col().doc('none').update({ a: 1 }))).code).toBe(5);
    });

    it('accepts numeric document ids of the form __id<n>__, and still refuses other reserved ids', async () => {
      const c = col();
      await c.doc('__id123__').set({ a: 1 });
      await c.doc('__id-7__').set({ a: 2 });
      expect((await c.doc('__id123__').get()).get('a')).toBe(1);
      expect((await c.get()).docs.map((d) => d.id).sort()).toEqual(['__id-7__', '__id123__']);
      expect((await failure(c.doc('__idx__').set({ a: 1 }))).code).toBe(INVALID_ARGUMENT);
      expect((await failure(db.collection('__id1__').doc('d').set({ a: 1 }))).code).toBe(INVALID_ARGUMENT);
    });

    it('in / not-in take arrays as operands', async () => {
      const c = col();
      await c.doc('a').set({ a: [42] });
      await c.doc('b').set({ a: [99] });
      await c.doc('c').set({ a: 42 });
      await c.doc('d').set({ a: [42, 99] });
      expect((await c.where('a', 'in', [[42], [99]]).get()).docs.map((d) => d.id)).toEqual(['a', 'b']);
      expect((await c.where('a', 'not-in', [[42], [99]]).get()).docs.map((d) => d.id)).toEqual(['c', 'd']);
      expect((await c.where('a', 'array-contains-any', [42, 7]).get()).docs.map((d) => d.id)).toEqual(['a', 'd']);
    });

    it('NaN matches no range filter', async () => {
      const c = col();
      await c.doc('nan').set({ n: NaN });
      await c.doc('one').set({ n: 1 });
      await c.doc('neg').set({ n: -Infinity });
      expect((await c.where('n', '<', 2).get()).docs.map((d) => d.id)).toEqual(['neg', 'one']);
      expect((await c.where('n', '<=', 1).get()).docs.map((d) => d.id)).toEqual(['neg', 'one']);
      expect((await c.where('n', '>', -Infinity).get()).docs.map((d) => d.id)).toEqual(['one']);
      expect((await c.where('n', '>=', -Infinity).get()).docs.map((d) => d.id)).toEqual(['neg', 'one']);
      expect((await c.where('n', '==', NaN).get()).docs.map((d) => d.id)).toEqual(['nan']);
    });

    it('refuses orderings where something would sort after the document key', async () => {
      const c = col();
      await c.doc('doc1').set({ key: 1 });
      // Concurrently: the admin SDK takes seconds to report a refused query over gRPC.
      const [afterKey, explicit, keyEquality] = await Promise.all([
        failure(c.where('key', '!=', 42).orderBy(FieldPath.documentId()).get()),
        failure(c.orderBy(FieldPath.documentId()).orderBy('key').get()),
        failure(c.where('key', '!=', 42).where(FieldPath.documentId(), '==', 'doc1').get()),
      ]);
      expect(afterKey.code).toBe(INVALID_ARGUMENT);
      expect(afterKey.message).toMatch(/order by clause cannot contain more fields after the key/i);
      expect(explicit.message).toMatch(/order by clause cannot contain more fields after the key/i);
      expect(keyEquality.code).toBe(INVALID_ARGUMENT);
      expect(keyEquality.message).toContain(
        'Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
      );
      // Still fine: the key last, or the key among the inequalities.
      expect((await c.where('key', '!=', 42).orderBy('key').orderBy(FieldPath.documentId()).get()).size).toBe(1);
      expect((await c.where('key', '>', 0).where(FieldPath.documentId(), '>=', 'doc1').get()).size).toBe(1);
    });

    it('aggregations over several fields see only documents that have all of them', async () => {
      const c = col();
      await c.doc('a').set({ pages: 100, year: 1980 });
      await c.doc('b').set({ pages: 50, year: 2020 });
      await c.doc('c').set({ pages: 150, year: 2021 });
      await c.doc('d').set({ pages: 50 });
      await c.doc('e').set({ title: 'no pages' });
      const snap = await c
        .aggregate({
          totalPages: AggregateField.sum('pages'),
          averagePages: AggregateField.average('pages'),
          averageYear: AggregateField.average('year'),
          count: AggregateField.count(),
        })
        .get();
      expect(snap.data()).toEqual({ totalPages: 300, averagePages: 100, averageYear: 2007, count: 3 });
      // One field: the documents that lack it are left out of the count beside it, not of a count alone.
      const one = await c.aggregate({ total: AggregateField.sum('pages'), count: AggregateField.count() }).get();
      expect(one.data()).toEqual({ total: 350, count: 4 });
      expect((await c.count().get()).data().count).toBe(5);
    });

    it("answers Firestore's message for more than 5 aggregations", async () => {
      const c = col();
      const err = await failure(
        c
          .aggregate({
            a: AggregateField.count(),
            b: AggregateField.sum('x'),
            c: AggregateField.sum('y'),
            d: AggregateField.average('x'),
            e: AggregateField.average('y'),
            f: AggregateField.sum('z'),
          })
          .get(),
      );
      expect(err.code).toBe(INVALID_ARGUMENT);
      expect(err.message).toContain('maximum number of aggregations');
    });

    it('set with mergeFields naming a field set to serverTimestamp()', async () => {
      const ref = col().doc('x');
      await ref.set({ keep: 1, foo: 'old' });
      await ref.set({ foo: FieldValue.serverTimestamp(), other: 2 }, { mergeFields: ['foo'] });
      const snap = await ref.get();
      expect(snap.get('keep')).toBe(1);
      expect(snap.get('other')).toBeUndefined();
      expect(snap.get('foo')).toBeInstanceOf(Object);
      expect((snap.get('foo') as { toMillis(): number }).toMillis()).toBeGreaterThan(Date.now() - 60_000);
    });

    it("an empty collection answers a current read time, not the last commit's", async () => {
      // Nothing is committed meanwhile (the suites run one at a time), so the last commit is older than this.
      await sleep(2000);
      const before = Date.now();
      const snap = await col().get();
      expect(snap.size).toBe(0);
      // The emulator's read time moves with the clock at least once a second; a little more slack for the clocks.
      expect(snap.readTime.toMillis()).toBeGreaterThanOrEqual(before - 1500);
    });
  });
});

describe('Node client SDK (gRPC Listen / Write streams)', () => {
  let app: FirebaseApp;
  let db: ClientFirestore;

  beforeAll(() => {
    const { host, port } = emulatorHost();
    app = initializeClientApp(
      { projectId: uniqueProject('fid-client'), apiKey: 'fake-api-key' },
      `fidelity-client-${Math.random()}`,
    );
    db = getClientFirestore(app);
    connectFirestoreEmulator(db, host, port);
  });

  afterAll(async () => {
    await terminate(db);
    await deleteClientApp(app);
  });

  it('a transaction that deletes a document and then updates it fails with invalid-argument', async () => {
    const ref = doc(db, 'tx/existing');
    await setDoc(ref, { foo: 'bar' });
    const err = await failure(
      runTransaction(db, (t) => {
        t.delete(ref);
        t.update(ref, { foo: 'bar2' });
        return Promise.resolve();
      }),
    );
    expect(err.code).toBe('invalid-argument');
    expect((await getDoc(ref)).data()).toEqual({ foo: 'bar' });
  });

  it('listens to in / not-in queries with arrays as operands', async () => {
    const c = collection(db, 'arrays');
    await Promise.all([setDoc(doc(c, 'a'), { a: [42] }), setDoc(doc(c, 'b'), { a: [99] }), setDoc(doc(c, 'c'), { a: 42 })]);
    const ids = async (q: Query): Promise<string[]> => (await getDocs(q)).docs.map((d) => d.id);
    expect(await ids(query(c, where('a', 'in', [[42], [99]])))).toEqual(['a', 'b']);
    expect(await ids(query(c, where('a', 'not-in', [[42], [99]])))).toEqual(['c']);
  });

  it('set with mergeFields naming a field set to serverTimestamp()', async () => {
    const ref = doc(db, 'merge/x');
    await setDoc(ref, { keep: 1, foo: 'old' });
    await setDoc(ref, { foo: serverTimestamp(), other: 2 }, { mergeFields: ['foo'] });
    const snap = await getDoc(ref);
    expect(snap.get('keep')).toBe(1);
    expect(snap.get('other')).toBeUndefined();
    expect((snap.get('foo') as Timestamp).toMillis()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes and reads vector values, and queries them with == over Listen', async () => {
    const ref = doc(db, 'vectors/v');
    await setDoc(ref, { embedding: vector([0.5, -1, 2]) });
    const got = (await getDoc(ref)).get('embedding') as ClientVectorValue;
    expect(got).toBeInstanceOf(ClientVectorValue);
    expect(got.toArray()).toEqual([0.5, -1, 2]);
    await setDoc(doc(db, 'vectors/w'), { embedding: vector([1]) });
    const same = await getDocs(query(collection(db, 'vectors'), where('embedding', '==', vector([0.5, -1, 2]))));
    expect(same.docs.map((d) => d.id)).toEqual(['v']);
  });

  it('reads and writes a document with a numeric id', async () => {
    await setDoc(doc(db, 'numeric/__id42__'), { a: 1 });
    expect((await getDoc(doc(db, 'numeric/__id42__'))).data()).toEqual({ a: 1 });
  });
});
