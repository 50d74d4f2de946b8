/**
 * Conformance (issue 18): behaviours the official SDKs' own integration tests check, through the admin SDK
 * (@google-cloud/firestore) over both of its transports: gRPC, and REST (`preferRest`), which sends proto3
 * JSON with enums as numbers (`"op": 5`) and nulls as `null`. The Node client SDK (gRPC streams) covers what
 * only the client SDKs send.
 */
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { CollectionReference, Firestore } from 'firebase-admin/firestore';
import { FieldPath, FieldValue, Filter, getFirestore } from 'firebase-admin/firestore';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost, uniqueProject } from './helpers';

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
    db.settings({ host: hostPort, ssl: false, ...(transport === 'rest' ? { preferRest: true, authClient: passThroughAuth() } : {}) });
  });

  afterAll(async () => {
    await deleteApp(app);
  });

  describe('queries with every enum the REST transport sends as a number', () => {
    it('filters, orders descending and combines with OR', async () => {
      const c = col();
      await Promise.all([1, 2, 3, 4].map((i) => c.doc(`d${i}`).set({ a: i, b: i % 2 === 0 ? 'even' : 'odd', n: i === 4 ? null : i })));
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

  describe('small exact behaviours', () => {
    it('an empty collection answers a current read time', async () => {
      const before = Date.now();
      const snap = await col().get();
      expect(snap.size).toBe(0);
      // A little slack for the clock of the test versus the emulator's.
      expect(snap.readTime.toMillis()).toBeGreaterThanOrEqual(before - 1000);
    });
  });
});
