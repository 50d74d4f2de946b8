/**
 * Bundled by browser-listeners.test.ts for Chromium (issue 33): listeners of the browser build of
 * `firebase/firestore` over the WebChannel (streaming or long polling) on non-ASCII text, on numeric document
 * ids, and under rules that stop allowing them. Each step answers what the page observed, or 'timeout'.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import type { DocumentData, DocumentReference, Firestore, Query, QuerySnapshot } from 'firebase/firestore';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  documentId,
  endBefore,
  getDoc,
  getDocs,
  getDocsFromCache,
  initializeFirestore,
  limit,
  limitToLast,
  onSnapshot,
  orderBy,
  query,
  setDoc,
  startAfter,
  terminate,
  where,
} from 'firebase/firestore';
import type { Mode } from './harness-entry';

export interface ListenersConfig {
  host: string;
  port: number;
  project: string;
  mode: Mode;
  /** A mock user token's uid (rules), or none. */
  uid?: string;
}

function open(config: ListenersConfig): { db: Firestore; close: () => Promise<void> } {
  const app = initializeApp({ projectId: config.project, apiKey: 'fake-api-key' }, `listeners-${Math.random()}`);
  const db = initializeFirestore(
    app,
    config.mode === 'long-polling'
      ? { experimentalForceLongPolling: true }
      : config.mode === 'streaming'
        ? { experimentalAutoDetectLongPolling: false }
        : {},
  );
  connectFirestoreEmulator(
    db,
    config.host,
    config.port,
    config.uid !== undefined ? { mockUserToken: { sub: config.uid, user_id: config.uid } } : {},
  );
  return {
    db,
    close: async () => {
      await terminate(db);
      await deleteApp(app);
    },
  };
}

const ids = (s: QuerySnapshot<DocumentData>): string[] => s.docs.map((d) => d.id);

function withTimeout<T>(p: Promise<T>, ms = 8000): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** The first snapshot of `q` the server confirmed (not from the cache), mapped by `f`. */
function firstServerSnapshot<T>(q: Query<DocumentData>, f: (s: QuerySnapshot<DocumentData>) => T): Promise<T | 'timeout'> {
  return withTimeout(
    new Promise<T>((resolve, reject) => {
      const stop = onSnapshot(
        q,
        { includeMetadataChanges: true },
        (s) => {
          if (s.metadata.fromCache) return;
          stop();
          resolve(f(s));
        },
        reject,
      );
    }),
  );
}

/** The first server-confirmed snapshot of a document: its data, or null when it does not exist. */
function firstDocSnapshot(ref: DocumentReference<DocumentData>): Promise<DocumentData | null | 'timeout'> {
  return withTimeout(
    new Promise<DocumentData | null>((resolve, reject) => {
      const stop = onSnapshot(
        ref,
        { includeMetadataChanges: true },
        (s) => {
          if (s.metadata.fromCache) return;
          stop();
          resolve(s.exists() ? s.data() : null);
        },
        reject,
      );
    }),
  );
}

/** Item 1: documents whose strings hold accents, CJK and emoji (values, map keys, array elements, ids). */
async function nonAscii(config: ListenersConfig, docs: Record<string, DocumentData>): Promise<Record<string, unknown>> {
  const { db, close } = open(config);
  const out: Record<string, unknown> = {};
  try {
    const col = collection(db, 'nonascii');
    // A collection listener opened before the documents exist: it must see each one arrive.
    const arrived: string[][] = [];
    const stop = onSnapshot(col, (s) => arrived.push(ids(s)));
    for (const [id, data] of Object.entries(docs)) await withTimeout(setDoc(doc(col, id), data));
    const all = Object.keys(docs).sort();
    out['liveCollection'] = await withTimeout(
      new Promise<string[]>((resolve) => {
        const tick = (): void => {
          const last = arrived.at(-1);
          if (last && [...last].sort().join('|') === all.join('|')) resolve([...last].sort());
          else setTimeout(tick, 10);
        };
        tick();
      }),
    );
    stop();
    // A new listener on the collection, on each document, and on a query by a non-ASCII value.
    out['collection'] = await firstServerSnapshot(col, (s) => Object.fromEntries(s.docs.map((d) => [d.id, d.data()])));
    const each: Record<string, unknown> = {};
    for (const id of Object.keys(docs)) each[id] = await firstDocSnapshot(doc(col, id));
    out['documents'] = each;
    out['byValue'] = await firstServerSnapshot(query(col, where('name', '==', 'Ọlámídé Ọ̀ṣọ́')), ids);
    out['getDoc'] = (await withTimeout(getDoc(doc(col, Object.keys(docs)[0] as string)).then((s) => s.data() ?? null))) ?? null;
  } finally {
    await close();
  }
  return out;
}

/** Item 2: queries ordered or filtered by document id over `__id<n>__` ids, from the server and from the cache. */
async function idOrder(config: ListenersConfig, collectionId: string): Promise<Record<string, unknown>> {
  const { db, close } = open(config);
  const out: Record<string, unknown> = {};
  try {
    const col = collection(db, collectionId);
    const queries: Record<string, Query<DocumentData>> = {
      ordered: query(col, orderBy(documentId())),
      descending: query(col, orderBy(documentId(), 'desc')),
      limit3: query(col, orderBy(documentId()), limit(3)),
      limitToLast2: query(col, orderBy(documentId()), limitToLast(2)),
      above: query(col, where(documentId(), '>', doc(col, '__id-1__'))),
      below: query(col, where(documentId(), '<', doc(col, 'A'))),
      after: query(col, orderBy(documentId()), startAfter('__id2__')),
      before: query(col, orderBy(documentId()), endBefore('__id2__')),
    };
    const listened: Record<string, unknown> = {};
    const got: Record<string, unknown> = {};
    const cached: Record<string, unknown> = {};
    for (const [name, q] of Object.entries(queries)) {
      // A listener kept open while the same query is read once more (getDocs) and from the cache.
      const snaps: string[][] = [];
      const stop = onSnapshot(q, { includeMetadataChanges: true }, (s) => {
        if (!s.metadata.fromCache) snaps.push(ids(s));
      });
      listened[name] = await withTimeout(
        new Promise<string[]>((resolve) => {
          const tick = (): void => {
            const first = snaps[0];
            if (first) resolve(first);
            else setTimeout(tick, 10);
          };
          tick();
        }),
      );
      got[name] = await withTimeout(getDocs(q).then(ids));
      cached[name] = await withTimeout(getDocsFromCache(q).then(ids));
      stop();
    }
    out['listen'] = listened;
    out['get'] = got;
    out['cache'] = cached;
  } finally {
    await close();
  }
  return out;
}

/**
 * Item 4: a collection listener and a document listener opened while the rules allow them; `listenersState`
 * shows what they saw. The Node side then takes access away and writes: each listener must end with
 * permission-denied and see nothing written after.
 */
function losesAccess(config: ListenersConfig, paths: { feed: string; docId: string }): Record<string, unknown> {
  const { db, close } = open(config);
  const out: Record<string, unknown> = {};
  type Seen = { snapshots: string[][]; error: string | null };
  const col: Seen = { snapshots: [], error: null };
  const one: Seen = { snapshots: [], error: null };
  const w = globalThis as unknown as { listenersState: { col: Seen; one: Seen } };
  w.listenersState = { col, one };
  onSnapshot(
    collection(db, paths.feed),
    (s) => col.snapshots.push(ids(s)),
    (e) => {
      col.error = e.code;
    },
  );
  onSnapshot(
    doc(db, paths.feed, paths.docId),
    (s) => one.snapshots.push(s.exists() ? [s.id, String(s.get('n'))] : []),
    (e) => {
      one.error = e.code;
    },
  );
  out['started'] = true;
  (globalThis as unknown as { listenersClose: () => Promise<void> }).listenersClose = close;
  return out;
}

/**
 * Item 1, documents written by another client: a collection listener and a listener on each document are
 * opened first; the Node side then writes the documents, and the page's state shows what arrived.
 */
async function remoteNonAscii(config: ListenersConfig, collectionId: string, docIds: string[]): Promise<[string, number]> {
  const { db, close } = open(config);
  const state: { collection: Record<string, DocumentData>; documents: Record<string, DocumentData | null>; errors: string[] } = {
    collection: {},
    documents: {},
    errors: [],
  };
  (globalThis as unknown as { remoteState: typeof state }).remoteState = state;
  for (const id of docIds) {
    onSnapshot(
      doc(db, collectionId, id),
      (s) => {
        state.documents[id] = s.exists() ? s.data() : null;
      },
      (e) => state.errors.push(e.code),
    );
  }
  onSnapshot(
    collection(db, collectionId),
    (s) => {
      state.collection = Object.fromEntries(s.docs.map((d) => [d.id, d.data()]));
    },
    (e) => state.errors.push(e.code),
  );
  (globalThis as unknown as { listenersClose: () => Promise<void> }).listenersClose = close;
  // Both listeners have heard from the server (the collection is still empty).
  const t0 = Date.now();
  const r = await withTimeout(getDocs(collection(db, collectionId)));
  return [r === 'timeout' ? 'timeout' : 'ok', Date.now() - t0];
}

export interface ListenersGlobals {
  runRemoteNonAscii: typeof remoteNonAscii;
  remoteState: { collection: Record<string, DocumentData>; documents: Record<string, DocumentData | null>; errors: string[] };
  runNonAscii: typeof nonAscii;
  runIdOrder: typeof idOrder;
  runLosesAccess: typeof losesAccess;
  listenersState: {
    col: { snapshots: string[][]; error: string | null };
    one: { snapshots: string[][]; error: string | null };
  };
  listenersClose: () => Promise<void>;
}
const g = globalThis as unknown as ListenersGlobals;
g.runNonAscii = nonAscii;
g.runIdOrder = idOrder;
g.runLosesAccess = losesAccess;
g.runRemoteNonAscii = remoteNonAscii;
