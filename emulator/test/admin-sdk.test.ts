/**
 * Conformance: firebase-admin (@google-cloud/firestore over gRPC, 'Bearer owner') against the emulator.
 */
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { AggregateField, FieldPath, FieldValue, Filter, GeoPoint, Timestamp, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost, uniqueProject, waitFor } from './helpers';

let app: App;
let db: Firestore;

beforeAll(() => {
  const { hostPort } = emulatorHost();
  app = initializeApp({ projectId: uniqueProject('admin') }, `admin-${Math.random()}`);
  db = getFirestore(app);
  db.settings({ host: hostPort, ssl: false });
});

afterAll(async () => {
  await deleteApp(app);
});

function code(err: unknown): number | undefined {
  return (err as { code?: number }).code;
}

describe('values and ordering', () => {
  it('round-trips every value type', async () => {
    const ref = db.doc('values/all');
    const data = {
      nul: null,
      bool: true,
      int: 9007199254740991,
      neg: -42,
      dbl: 3.25,
      nan: NaN,
      inf: Infinity,
      ts: new Timestamp(1_700_000_000, 123_456_000),
      str: 'é✓😀',
      bytes: Buffer.from([0, 1, 2, 255]),
      ref: db.doc('values/other'),
      geo: new GeoPoint(6.45, 3.39),
      arr: [1, 'two', { three: 3 }],
      map: { nested: { deep: 'yes' }, 'dotted.key': 1, 'spaced key': 'x' },
      emptyMap: {},
    };
    await ref.set(data);
    const snap = await ref.get();
    const got = snap.data()!;
    expect(got.nul).toBeNull();
    expect(got.bool).toBe(true);
    expect(got.int).toBe(9007199254740991);
    expect(got.neg).toBe(-42);
    expect(got.dbl).toBe(3.25);
    expect(got.nan).toBeNaN();
    expect(got.inf).toBe(Infinity);
    expect((got.ts as Timestamp).isEqual(data.ts)).toBe(true);
    expect(got.str).toBe('é✓😀');
    expect(Buffer.from(got.bytes as Uint8Array)).toEqual(data.bytes);
    expect((got.ref as { path: string }).path).toBe('values/other');
    expect((got.geo as GeoPoint).isEqual(data.geo)).toBe(true);
    expect(got.arr).toEqual([1, 'two', { three: 3 }]);
    expect(got.map).toEqual({ nested: { deep: 'yes' }, 'dotted.key': 1, 'spaced key': 'x' });
    expect(got.emptyMap).toEqual({});
    expect(snap.createTime!.toMillis()).toBeGreaterThan(0);
  });

  it('orders across types like Firestore', async () => {
    const col = db.collection('ordering');
    const values: [string, unknown][] = [
      ['a-map', { a: 1 }],
      ['b-array', [1]],
      ['c-geo', new GeoPoint(1, 1)],
      ['d-ref', db.doc('x/y')],
      ['e-bytes', Buffer.from('a')],
      ['f-string', 'a'],
      ['g-ts', Timestamp.fromMillis(0)],
      ['h-num2', 2],
      ['i-num1', 1.5],
      ['j-nan', NaN],
      ['k-bool-true', true],
      ['l-bool-false', false],
      ['m-null', null],
    ];
    await Promise.all(values.map(([id, v]) => col.doc(id).set({ v })));
    const asc = await col.orderBy('v').get();
    expect(asc.docs.map((d) => d.id)).toEqual([
      'm-null',
      'l-bool-false',
      'k-bool-true',
      'j-nan',
      'i-num1',
      'h-num2',
      'g-ts',
      'f-string',
      'e-bytes',
      'd-ref',
      'c-geo',
      'b-array',
      'a-map',
    ]);
    const desc = await col.orderBy('v', 'desc').limit(2).get();
    expect(desc.docs.map((d) => d.id)).toEqual(['a-map', 'b-array']);
  });

  it('rejects invalid names and oversized documents', async () => {
    await expect(db.collection('bad').doc('__reserved__').set({ a: 1 })).rejects.toSatisfy((e) => code(e) === 3);
    await expect(db.doc('big/doc').set({ s: 'x'.repeat(1_100_000) })).rejects.toSatisfy((e) => code(e) === 3);
    await expect(db.doc('big/doc').get()).resolves.toHaveProperty('exists', false);
  });
});

describe('queries', () => {
  beforeAll(async () => {
    const batch = db.batch();
    for (let i = 0; i < 10; i++) {
      batch.set(db.doc(`q/d${i}`), {
        n: i,
        parity: i % 2 === 0 ? 'even' : 'odd',
        tags: [`t${i % 3}`, 'all'],
        nested: { score: 100 - i },
        ...(i === 9 ? { odd: true } : {}),
      });
    }
    batch.set(db.doc('q/d0/sub/s1'), { n: 100 });
    batch.set(db.doc('other/o1/sub/s2'), { n: 200 });
    await batch.commit();
  });

  const ids = (s: FirebaseFirestore.QuerySnapshot): string[] => s.docs.map((d) => d.id);

  it('supports every comparison operator', async () => {
    const q = db.collection('q');
    expect(ids(await q.where('n', '==', 3).get())).toEqual(['d3']);
    expect(ids(await q.where('n', '!=', 3).orderBy('n').limit(3).get())).toEqual(['d0', 'd1', 'd2']);
    expect(ids(await q.where('n', '<', 2).get())).toEqual(['d0', 'd1']);
    expect(ids(await q.where('n', '<=', 1).get())).toEqual(['d0', 'd1']);
    expect(ids(await q.where('n', '>', 7).get())).toEqual(['d8', 'd9']);
    expect(ids(await q.where('n', '>=', 8).get())).toEqual(['d8', 'd9']);
    expect(ids(await q.where('n', 'in', [1, 5, 42]).get())).toEqual(['d1', 'd5']);
    expect(ids(await q.where('n', 'not-in', [0, 1, 2, 3, 4, 5, 6]).get())).toEqual(['d7', 'd8', 'd9']);
    expect(ids(await q.where('tags', 'array-contains', 't1').get())).toEqual(['d1', 'd4', 'd7']);
    expect(ids(await q.where('tags', 'array-contains-any', ['t1', 't2']).where('n', '<', 5).get())).toEqual(['d1', 'd2', 'd4']);
    expect(ids(await q.where('nested.score', '==', 95).get())).toEqual(['d5']);
    expect(ids(await q.where(FieldPath.documentId(), '==', 'd4').get())).toEqual(['d4']);
    expect(ids(await q.where('odd', '==', true).get())).toEqual(['d9']);
  });

  it('supports AND / OR filters', async () => {
    const q = db.collection('q');
    const or = await q.where(Filter.or(Filter.where('n', '==', 1), Filter.where('n', '==', 8))).get();
    expect(ids(or)).toEqual(['d1', 'd8']);
    const and = await q
      .where(Filter.and(Filter.where('parity', '==', 'even'), Filter.or(Filter.where('n', '<', 3), Filter.where('n', '>', 7))))
      .get();
    expect(ids(and)).toEqual(['d0', 'd2', 'd8']);
  });

  it('orders by several fields, limits, limitToLast, offset and projections', async () => {
    const q = db.collection('q');
    const multi = await q.orderBy('parity').orderBy('n', 'desc').limit(3).get();
    expect(ids(multi)).toEqual(['d8', 'd6', 'd4']);
    const last = await q.orderBy('n').limitToLast(2).get();
    expect(ids(last)).toEqual(['d8', 'd9']);
    const offset = await q.orderBy('n').offset(7).get();
    expect(ids(offset)).toEqual(['d7', 'd8', 'd9']);
    const projected = await q.where('n', '==', 2).select('parity').get();
    expect(projected.docs[0]!.data()).toEqual({ parity: 'even' });
  });

  it('supports all four cursors', async () => {
    const q = db.collection('q').orderBy('n');
    expect(ids(await q.startAt(7).get())).toEqual(['d7', 'd8', 'd9']);
    expect(ids(await q.startAfter(7).get())).toEqual(['d8', 'd9']);
    expect(ids(await q.endAt(1).get())).toEqual(['d0', 'd1']);
    expect(ids(await q.endBefore(1).get())).toEqual(['d0']);
    const snap = await db.doc('q/d5').get();
    expect(ids(await q.startAfter(snap).limit(2).get())).toEqual(['d6', 'd7']);
  });

  it('queries collection groups', async () => {
    const group = await db.collectionGroup('sub').orderBy('n').get();
    expect(group.docs.map((d) => d.ref.path)).toEqual(['q/d0/sub/s1', 'other/o1/sub/s2']);
  });

  it('aggregates count, sum and average', async () => {
    const q = db.collection('q');
    expect((await q.count().get()).data().count).toBe(10);
    expect((await q.where('parity', '==', 'odd').count().get()).data().count).toBe(5);
    const agg = await q
      .aggregate({ total: AggregateField.sum('n'), mean: AggregateField.average('n'), c: AggregateField.count() })
      .get();
    expect(agg.data()).toEqual({ total: 45, mean: 4.5, c: 10 });
  });

  it('lists collections and documents', async () => {
    const cols = (await db.doc('q/d0').listCollections()).map((c) => c.id);
    expect(cols).toEqual(['sub']);
    const docs = await db.collection('q').listDocuments();
    expect(docs.length).toBe(10);
    const all = await db.getAll(db.doc('q/d1'), db.doc('q/missing'));
    expect(all.map((s) => s.exists)).toEqual([true, false]);
  });
});

describe('writes, transforms and preconditions', () => {
  it('merges with masks and updates nested paths', async () => {
    const ref = db.doc('w/merge');
    await ref.set({ a: 1, m: { x: 1, y: 2 } });
    await ref.set({ m: { y: 3 }, b: 2 }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 1, b: 2, m: { x: 1, y: 3 } });
    await ref.set({ a: 10, b: 20 }, { mergeFields: ['a'] });
    expect((await ref.get()).data()).toEqual({ a: 10, b: 2, m: { x: 1, y: 3 } });
    await ref.update({ 'm.x': FieldValue.delete(), c: 'new' });
    await ref.update(new FieldPath('odd.key'), 5);
    expect((await ref.get()).data()).toEqual({ a: 10, b: 2, m: { y: 3 }, c: 'new', 'odd.key': 5 });
  });

  it('applies every transform', async () => {
    const ref = db.doc('w/transforms');
    await ref.set({ n: 1, f: 1.5, l: [1, 2, 3] });
    const res = await ref.update({
      n: FieldValue.increment(2),
      f: FieldValue.increment(0.25),
      at: FieldValue.serverTimestamp(),
      l: FieldValue.arrayUnion(3, 4),
      missing: FieldValue.increment(5),
    });
    await ref.update({ l: FieldValue.arrayRemove(1) });
    const data = (await ref.get()).data()!;
    expect(data.n).toBe(3);
    expect(data.f).toBe(1.75);
    expect(data.l).toEqual([2, 3, 4]);
    expect(data.missing).toBe(5);
    expect((data.at as Timestamp).toDate().toISOString()).toBe(res.writeTime.toDate().toISOString());
  });

  it('enforces preconditions with the right codes', async () => {
    const ref = db.doc('w/pre');
    await ref.create({ a: 1 });
    await expect(ref.create({ a: 2 })).rejects.toSatisfy((e) => code(e) === 6);
    await expect(db.doc('w/missing').update({ a: 1 })).rejects.toSatisfy((e) => code(e) === 5);
    const stale = Timestamp.fromMillis(1000);
    await expect(ref.delete({ lastUpdateTime: stale })).rejects.toSatisfy((e) => code(e) === 9);
    const snap = await ref.get();
    await ref.delete({ lastUpdateTime: snap.updateTime! });
    expect((await ref.get()).exists).toBe(false);
  });

  it('commits batches atomically', async () => {
    const batch = db.batch();
    batch.set(db.doc('w/b1'), { a: 1 });
    batch.update(db.doc('w/does-not-exist'), { a: 1 });
    await expect(batch.commit()).rejects.toSatisfy((e) => code(e) === 5);
    expect((await db.doc('w/b1').get()).exists).toBe(false);
    const ok = db.batch();
    ok.set(db.doc('w/b1'), { a: 1 });
    ok.set(db.doc('w/b2'), { a: 2 });
    const results = await ok.commit();
    expect(results).toHaveLength(2);
    expect(results[0]!.writeTime.isEqual(results[1]!.writeTime)).toBe(true);
  });

  it('bulk-writes', async () => {
    const writer = db.bulkWriter();
    for (let i = 0; i < 20; i++) void writer.set(db.doc(`bulk/b${i}`), { i });
    await writer.close();
    expect((await db.collection('bulk').count().get()).data().count).toBe(20);
  });
});

describe('transactions', () => {
  it('50 concurrent increments end exact', async () => {
    const ref = db.doc('tx/counter');
    await ref.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 50 }, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          tx.update(ref, { n: (snap.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('n')).toBe(50);
  }, 60_000);

  it('rolls back when the function throws and supports read-only transactions', async () => {
    const ref = db.doc('tx/rollback');
    await ref.set({ v: 1 });
    await expect(
      db.runTransaction(async (tx) => {
        await tx.get(ref);
        tx.set(ref, { v: 2 });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await ref.get()).get('v')).toBe(1);
    const read = await db.runTransaction((tx) => tx.get(ref), { readOnly: true });
    expect(read.get('v')).toBe(1);
    const viaQuery = await db.runTransaction((tx) => tx.get(db.collection('tx').where('v', '==', 1)));
    expect(viaQuery.size).toBe(1);
  });
});

describe('listeners', () => {
  it('delivers a first snapshot, then one per commit, with limit queries moving documents in and out', async () => {
    const col = db.collection('live');
    await col.doc('a').set({ n: 1 });
    await col.doc('b').set({ n: 2 });
    const seen: string[][] = [];
    const changes: string[][] = [];
    const unsub = col
      .orderBy('n')
      .limit(2)
      .onSnapshot((s) => {
        seen.push(s.docs.map((d) => d.id));
        changes.push(s.docChanges().map((c) => `${c.type}:${c.doc.id}`));
      });
    await waitFor(() => seen.length === 1, 5000, 'first snapshot');
    expect(seen[0]).toEqual(['a', 'b']);
    await col.doc('c').set({ n: 0 });
    await waitFor(() => seen.length === 2, 5000, 'second snapshot');
    expect(seen[1]).toEqual(['c', 'a']);
    expect(changes[1]!.sort()).toEqual(['added:c', 'removed:b']);
    await col.doc('c').delete();
    await waitFor(() => seen.length === 3, 5000, 'third snapshot');
    expect(seen[2]).toEqual(['a', 'b']);
    await col.doc('a').update({ n: 5 });
    await waitFor(() => seen.length === 4, 5000, 'fourth snapshot');
    expect(seen[3]).toEqual(['b', 'a']);
    unsub();
  });

  it('listens to a single document', async () => {
    const ref = db.doc('live/single');
    const values: (number | undefined)[] = [];
    const unsub = ref.onSnapshot((s) => values.push(s.exists ? (s.get('n') as number) : undefined));
    await waitFor(() => values.length === 1);
    await ref.set({ n: 1 });
    await waitFor(() => values.length === 2);
    await ref.delete();
    await waitFor(() => values.length === 3);
    expect(values).toEqual([undefined, 1, undefined]);
    unsub();
  });
});
