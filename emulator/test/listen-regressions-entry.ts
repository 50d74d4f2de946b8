/**
 * Browser side of listen-regressions.test.ts (bundled by esbuild at test time, run in Chromium): one client
 * reads a query with getDocs and then listens to the same query, so the listener starts on documents the
 * client's memory cache already holds.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import type { DocumentSnapshot, FirestoreSettings, Query, QuerySnapshot, SnapshotListenOptions } from 'firebase/firestore';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  DocumentReference,
  getDocs,
  initializeFirestore,
  limit,
  onSnapshot,
  query,
  terminate,
  where,
} from 'firebase/firestore';

export interface CachedListenConfig {
  host: string;
  port: number;
  project: string;
  longPolling: boolean;
}

export interface CachedListenResult {
  getDocs: string;
  /** Every snapshot of a listener with includeMetadataChanges, up to the first the server confirmed. */
  withMetadata: string[];
  /** The first snapshot of a listener with default options, then the first one after a remote change. */
  defaultOptions: string[];
  /** A document listener after a query listener of the same client, with includeMetadataChanges. */
  documentAfterQuery: string[];
}

/** 'cache:<ids or exists>' or 'server:<...>'. */
function describeSnap(s: QuerySnapshot | DocumentSnapshot): string {
  const what =
    'docs' in s
      ? s.docs.map((d) => `${d.id}=${String(d.get('n'))}`).join(',')
      : s.exists()
        ? `${s.id}=${String(s.get('n'))}`
        : 'missing';
  return `${s.metadata.fromCache ? 'cache' : 'server'}:${what}`;
}

function timeout(ms: number, what: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(`timeout: ${what}`)), ms));
}

/** Listens until `done(snapshots)` holds, then unsubscribes; the snapshots are described with describeSnap. */
function listenUntil(
  target: Query | DocumentReference,
  options: SnapshotListenOptions,
  done: (seen: string[]) => boolean,
  what: string,
): { seen: string[]; settled: Promise<string[]> } {
  const seen: string[] = [];
  let unsubscribe = (): void => undefined;
  const settled = new Promise<string[]>((resolve, reject) => {
    const onNext = (s: QuerySnapshot | DocumentSnapshot): void => {
      seen.push(describeSnap(s));
      if (done(seen)) resolve(seen);
    };
    unsubscribe =
      target instanceof DocumentReference
        ? onSnapshot(target, options, onNext, reject)
        : onSnapshot(target, options, onNext, reject);
  });
  return {
    seen,
    settled: Promise.race([settled, timeout(5000, what)]).finally(() => unsubscribe()),
  };
}

const serverConfirmed = (seen: string[]): boolean => seen.some((s) => s.startsWith('server:'));

async function runCachedListen(c: CachedListenConfig, remoteWrite: (n: number) => Promise<void>): Promise<CachedListenResult> {
  const app = initializeApp({ projectId: c.project, apiKey: 'fake-api-key' }, `cached-${Math.random()}`);
  const settings: FirestoreSettings = c.longPolling
    ? { experimentalForceLongPolling: true }
    : { experimentalAutoDetectLongPolling: false };
  const db = initializeFirestore(app, settings);
  connectFirestoreEmulator(db, c.host, c.port);
  try {
    const q = query(collection(db, 'orders'), where('owner', '==', 'alice'), limit(10));
    const read = await getDocs(q);
    const getDocsResult = `${read.metadata.fromCache ? 'cache' : 'server'}:${read.docs.map((d) => `${d.id}=${String(d.get('n'))}`).join(',')}`;

    const withMetadata = await listenUntil(q, { includeMetadataChanges: true }, serverConfirmed, 'query with metadata').settled;

    // Default options: the first snapshot comes from the cache; a remote change must still reach the listener.
    // A second listener of the same query (sharing its target) shows when the server has confirmed it.
    const plain = listenUntil(q, {}, (seen) => seen.some((s) => s.includes('a1=2')), 'query after a remote change');
    const probe = listenUntil(q, { includeMetadataChanges: true }, (seen) => seen.includes('server:a1=2'), 'probe');
    const deadline = Date.now() + 5000;
    while (!serverConfirmed(probe.seen)) {
      if (Date.now() > deadline) throw new Error(`timeout: probe saw ${JSON.stringify(probe.seen)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    await remoteWrite(2);
    const defaultOptions = await plain.settled;
    await probe.settled;

    const documentAfterQuery = await listenUntil(
      doc(db, 'orders/a1'),
      { includeMetadataChanges: true },
      serverConfirmed,
      'document',
    ).settled;
    return { getDocs: getDocsResult, withMetadata, defaultOptions, documentAfterQuery };
  } finally {
    await terminate(db);
    await deleteApp(app);
  }
}

export interface CachedListenGlobals {
  runCachedListen(c: CachedListenConfig): Promise<CachedListenResult>;
}

(globalThis as unknown as CachedListenGlobals).runCachedListen = (c) =>
  runCachedListen(c, async (n) => {
    const name = `projects/${c.project}/databases/(default)/documents/orders/a1`;
    const res = await fetch(`http://${c.host}:${c.port}/v1/projects/${c.project}/databases/(default)/documents:commit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        writes: [{ update: { name, fields: { owner: { stringValue: 'alice' }, n: { integerValue: String(n) } } } }],
      }),
    });
    if (!res.ok) throw new Error(`seed write failed: ${res.status}`);
  });
