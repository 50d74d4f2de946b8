/**
 * Conformance (issue 33) through the Node SDKs: firebase-admin over gRPC and REST (`preferRest`) and the Node
 * client SDK over gRPC. Item 1: non-ASCII text (accents, CJK, emoji in values, map keys, array elements and
 * ids) read and listened to. Item 2: queries ordered or filtered by document id over `__id<n>__` ids answer in
 * Firestore's order (numeric ids first, by value, then the others) in a get, a listener and the client SDK's
 * cache. Item 3: BulkWriter's retries with the caller's onWriteError over both transports. The browser
 * (WebChannel) side is test/browser-listeners.test.ts.
 */
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { Firestore, Query as AdminQuery } from 'firebase-admin/firestore';
import { FieldPath, getFirestore } from 'firebase-admin/firestore';
import { createRequire } from 'node:module';
import type { FirebaseApp } from 'firebase/app';
import { deleteApp as deleteClientApp, initializeApp as initializeClientApp } from 'firebase/app';
import type { DocumentData, Firestore as ClientFirestore, Query } from 'firebase/firestore';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  documentId,
  endBefore,
  getDocs,
  getDocsFromCache,
  getFirestore as getClientFirestore,
  limit,
  limitToLast,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  terminate,
  where,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_ASCII_DOCS, NUMERIC_IDS, NUMERIC_ID_ORDER, expectedIdQueries } from './issue33-fixtures';
import { start } from '../src/index';
import { emulatorHost, uniqueProject, waitFor } from './helpers';

function passThroughAuth(): unknown {
  const fromFirestore = createRequire(createRequire(import.meta.url).resolve('@google-cloud/firestore'));
  const fromGax = createRequire(fromFirestore.resolve('google-gax'));
  const auth = fromGax('google-auth-library') as { PassThroughClient: new () => unknown };
  return new auth.PassThroughClient();
}

type Transport = 'grpc' | 'rest';
const project = uniqueProject('issue33');
const admins: App[] = [];

function admin(transport: Transport): Firestore {
  const app = initializeApp({ projectId: project }, `issue33-${transport}-${Math.random()}`);
  admins.push(app);
  const db = getFirestore(app);
  db.settings({
    host: emulatorHost().hostPort,
    ssl: false,
    ...(transport === 'rest' ? { preferRest: true, authClient: passThroughAuth() } : {}),
  });
  return db;
}

let clientApp: FirebaseApp;
let client: ClientFirestore;

beforeAll(async () => {
  const { host, port } = emulatorHost();
  clientApp = initializeClientApp({ projectId: project, apiKey: 'fake-api-key' }, `issue33-client-${Math.random()}`);
  client = getClientFirestore(clientApp);
  connectFirestoreEmulator(client, host, port);
  const db = admin('grpc');
  await Promise.all(NUMERIC_IDS.map((id, i) => db.collection('ids').doc(id).set({ i })));
  await Promise.all(Object.entries(NON_ASCII_DOCS).map(([id, data]) => db.collection('nonascii').doc(id).set(data)));
});

afterAll(async () => {
  await terminate(client);
  await deleteClientApp(clientApp);
  for (const a of admins) await deleteApp(a);
});

function adminQueries(db: Firestore): Record<string, AdminQuery> {
  const c = db.collection('ids');
  const id = FieldPath.documentId();
  return {
    ordered: c.orderBy(id),
    descending: c.orderBy(id, 'desc'),
    limit3: c.orderBy(id).limit(3),
    limitToLast2: c.orderBy(id).limitToLast(2),
    above: c.where(id, '>', c.doc('__id-1__')),
    below: c.where(id, '<', c.doc('A')),
    after: c.orderBy(id).startAfter('__id2__'),
    before: c.orderBy(id).endBefore('__id2__'),
  };
}

function clientQueries(db: ClientFirestore): Record<string, Query<DocumentData>> {
  const c = collection(db, 'ids');
  return {
    ordered: query(c, orderBy(documentId())),
    descending: query(c, orderBy(documentId(), 'desc')),
    limit3: query(c, orderBy(documentId()), limit(3)),
    limitToLast2: query(c, orderBy(documentId()), limitToLast(2)),
    above: query(c, where(documentId(), '>', doc(c, '__id-1__'))),
    below: query(c, where(documentId(), '<', doc(c, 'A'))),
    after: query(c, orderBy(documentId()), startAfter('__id2__')),
    before: query(c, orderBy(documentId()), endBefore('__id2__')),
  };
}

describe.each<Transport>(['grpc', 'rest'])('admin SDK over %s (issue 33)', (transport) => {
  let db: Firestore;
  beforeAll(() => {
    db = admin(transport);
  });

  it('queries ordered or filtered by numeric document ids answer in Firestore order', async () => {
    const got: Record<string, string[]> = {};
    for (const [name, q] of Object.entries(adminQueries(db))) got[name] = (await q.get()).docs.map((d) => d.id);
    expect(got).toEqual(expectedIdQueries());
    expect(got['ordered']).toEqual(NUMERIC_ID_ORDER);
  });

  it('reads documents holding non-ASCII text in values, map keys, array elements and ids', async () => {
    const snap = await db.collection('nonascii').get();
    expect(Object.fromEntries(snap.docs.map((d) => [d.id, d.data()]))).toEqual(NON_ASCII_DOCS);
    const byValue = await db.collection('nonascii').where('name', '==', 'Ọlámídé Ọ̀ṣọ́').get();
    expect(byValue.docs.map((d) => d.id)).toEqual(['ọ̀ṣọ́']);
  });

  it("BulkWriter: a write the backend refuses is retried as the caller's onWriteError says, then fails", async () => {
    const writer = db.bulkWriter();
    const attempts: number[] = [];
    let failedWith: number | undefined;
    writer.onWriteError((error) => {
      attempts.push(error.failedAttempts);
      return error.failedAttempts < 3;
    });
    // A reserved id (not __id<n>__) that the backend refuses with INVALID_ARGUMENT, next to a valid write.
    writer.create(db.collection(`bulk-${transport}`).doc('__doc__'), { foo: 'bar' }).catch((e: unknown) => {
      failedWith = (e as { code?: number }).code;
    });
    const ok = writer.set(db.collection(`bulk-${transport}`).doc('fine'), { foo: 'bar' });
    await writer.close();
    await ok;
    expect(attempts).toEqual([1, 2, 3]);
    expect(failedWith).toBe(3);
  });

  it('BulkWriter: a create that finds its document already there fails once with ALREADY_EXISTS', async () => {
    const c = db.collection(`bulk-exists-${transport}`);
    await c.doc('x').set({ a: 1 });
    const writer = db.bulkWriter();
    const seen: Array<[number, number]> = [];
    let failedWith: number | undefined;
    writer.onWriteError((error) => {
      seen.push([error.code, error.failedAttempts]);
      return false;
    });
    writer.create(c.doc('x'), { a: 2 }).catch((e: unknown) => {
      failedWith = (e as { code?: number }).code;
    });
    await writer.close();
    expect(seen).toEqual([[6, 1]]);
    expect(failedWith).toBe(6);
  });
});

describe('Node client SDK over gRPC (issue 33)', () => {
  it('listeners on numeric document ids agree with a get, the cache and Firestore', async () => {
    const listened: Record<string, unknown> = {};
    const got: Record<string, unknown> = {};
    const cached: Record<string, unknown> = {};
    for (const [name, q] of Object.entries(clientQueries(client))) {
      const snaps: string[][] = [];
      const stop = onSnapshot(q, { includeMetadataChanges: true }, (s) => {
        if (!s.metadata.fromCache) snaps.push(s.docs.map((d) => d.id));
      });
      await waitFor(() => snaps.length > 0, 5000, `the ${name} listener`);
      listened[name] = snaps[0];
      got[name] = (await getDocs(q)).docs.map((d) => d.id);
      cached[name] = (await getDocsFromCache(q)).docs.map((d) => d.id);
      stop();
    }
    expect(listened).toEqual(expectedIdQueries());
    expect(got).toEqual(expectedIdQueries());
    expect(cached).toEqual(expectedIdQueries());
  });

  it('listeners opened on a fresh emulator get their first snapshot, then non-ASCII documents another client writes', async () => {
    // Nothing committed yet: a first snapshot at read time 0 is dropped by the SDK and the listener waits.
    const fresh = await start({ port: 0 });
    const app = initializeClientApp({ projectId: project, apiKey: 'fake-api-key' }, `issue33-fresh-${Math.random()}`);
    const db = getClientFirestore(app);
    connectFirestoreEmulator(db, fresh.host, fresh.port);
    try {
      const snaps: Array<Record<string, unknown>> = [];
      const stop = onSnapshot(collection(db, 'ẹ̀bùn-🎁'), (s) => {
        snaps.push(Object.fromEntries(s.docs.map((d) => [d.id, d.data()])));
      });
      await waitFor(() => snaps.length > 0, 5000, 'the first snapshot');
      expect(snaps[0]).toEqual({});
      const adminApp = initializeApp({ projectId: project }, `issue33-fresh-admin-${Math.random()}`);
      admins.push(adminApp);
      const admin = getFirestore(adminApp);
      admin.settings({ host: `${fresh.host}:${fresh.port}`, ssl: false });
      for (const [id, data] of Object.entries(NON_ASCII_DOCS)) await admin.collection('ẹ̀bùn-🎁').doc(id).set(data);
      await waitFor(() => Object.keys(snaps.at(-1) ?? {}).length === Object.keys(NON_ASCII_DOCS).length, 5000, 'the documents');
      expect(snaps.at(-1)).toEqual(NON_ASCII_DOCS);
      stop();
    } finally {
      await terminate(db);
      await deleteClientApp(app);
      await fresh.stop();
    }
  });

  it('a listener on documents holding non-ASCII text gets them', async () => {
    const snaps: Array<Record<string, unknown>> = [];
    const stop = onSnapshot(collection(client, 'nonascii'), { includeMetadataChanges: true }, (s) => {
      if (!s.metadata.fromCache) snaps.push(Object.fromEntries(s.docs.map((d) => [d.id, d.data()])));
    });
    await waitFor(() => snaps.length > 0, 5000, 'the snapshot');
    stop();
    expect(snaps[0]).toEqual(NON_ASCII_DOCS);
  });
});
