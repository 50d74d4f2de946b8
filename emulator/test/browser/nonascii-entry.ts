/**
 * Bundled by browser-nonascii.test.ts for Chromium (issue 33 item 1, ADR 0054): probes of listeners of the browser
 * build of `firebase/firestore` over the WebChannel on text that could break the transport (U+2028/U+2029, U+0000,
 * lone surrogates, U+FEFF, combining marks, escapes), on large snapshots, on non-ASCII field paths, collection ids
 * and collection groups, and on a persistent cache re-listening with a resume token; and, for
 * browser-unicode-sort.test.ts, the SDK's own unicode-order flow and the order its suite ran in (a non-ASCII
 * listener after a numeric-id read in the same page). Data crosses the page boundary as JSON text (lone surrogates
 * escaped), and each step answers what the page observed, or 'timeout'.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import type { DocumentData, DocumentReference, Firestore, FirestoreSettings, Query, QuerySnapshot } from 'firebase/firestore';
import {
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  doc,
  FieldPath,
  getAggregateFromServer,
  getCountFromServer,
  documentId,
  getDocs,
  getDocsFromCache,
  getDocsFromServer,
  initializeFirestore,
  runTransaction,
  sum,
  limit,
  onSnapshot,
  orderBy,
  persistentLocalCache,
  memoryLocalCache,
  memoryLruGarbageCollector,
  query,
  setDoc,
  terminate,
  updateDoc,
  increment,
  deleteField,
  arrayUnion,
  where,
} from 'firebase/firestore';
import type { Mode } from './harness-entry';

export interface ProbeConfig {
  host: string;
  port: number;
  project: string;
  mode: Mode;
  /** An app name reused across opens (the persistent cache is keyed by it), or a fresh one. */
  appName?: string;
  persistent?: boolean;
  /** The memory cache with LRU garbage collection (the SDK's own integration suite's memory setting). */
  lru?: boolean;
}

function settings(config: ProbeConfig): FirestoreSettings {
  const s: FirestoreSettings =
    config.mode === 'long-polling'
      ? { experimentalForceLongPolling: true }
      : config.mode === 'streaming'
        ? { experimentalAutoDetectLongPolling: false }
        : {};
  if (config.persistent) return { ...s, localCache: persistentLocalCache() };
  return config.lru ? { ...s, localCache: memoryLocalCache({ garbageCollector: memoryLruGarbageCollector() }) } : s;
}

function open(config: ProbeConfig): { db: Firestore; close: () => Promise<void> } {
  const app = initializeApp({ projectId: config.project, apiKey: 'fake-api-key' }, config.appName ?? `probe-${Math.random()}`);
  const db = initializeFirestore(app, settings(config));
  connectFirestoreEmulator(db, config.host, config.port);
  return {
    db,
    close: async () => {
      await terminate(db);
      await deleteApp(app);
    },
  };
}

function withTimeout<T>(p: Promise<T>, ms = 10_000): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

type Docs = Record<string, DocumentData>;
const asDocs = (s: QuerySnapshot<DocumentData>): Docs => Object.fromEntries(s.docs.map((d) => [d.id, d.data()]));
const ids = (s: QuerySnapshot<DocumentData>): string[] => s.docs.map((d) => d.id);

/** The first snapshot of `q` the server confirmed (not from the cache), mapped by `f`. */
function firstServerSnapshot<T>(
  q: Query<DocumentData>,
  f: (s: QuerySnapshot<DocumentData>) => T,
  ms?: number,
): Promise<T | 'timeout'> {
  let stop = (): void => undefined;
  return withTimeout(
    new Promise<T>((resolve, reject) => {
      stop = onSnapshot(
        q,
        { includeMetadataChanges: true },
        (s) => {
          if (s.metadata.fromCache) return;
          resolve(f(s));
        },
        reject,
      );
    }),
    ms,
  ).finally(() => stop());
}

function firstDocSnapshot(ref: DocumentReference<DocumentData>): Promise<DocumentData | null | 'timeout'> {
  let stop = (): void => undefined;
  return withTimeout(
    new Promise<DocumentData | null>((resolve, reject) => {
      stop = onSnapshot(
        ref,
        { includeMetadataChanges: true },
        (s) => {
          if (s.metadata.fromCache) return;
          resolve(s.exists() ? s.data() : null);
        },
        reject,
      );
    }),
  ).finally(() => stop());
}

/**
 * Writes `docsJson` into `collectionId` from this page (unless `write` is false), then opens on a second client
 * (its own channels) a collection listener, a listener on each document and a getDocs. Answers JSON text.
 */
async function docs(config: ProbeConfig, collectionId: string, docsJson: string, write: boolean): Promise<string> {
  const input = JSON.parse(docsJson) as Docs;
  const out: Record<string, unknown> = {};
  const writer = open(config);
  try {
    if (write) {
      const results = await Promise.all(
        Object.entries(input).map(([id, d]) => withTimeout(setDoc(doc(writer.db, collectionId, id), d))),
      );
      out['writes'] = results.filter((r) => r === 'timeout').length;
    }
    out['sameClientCollection'] = await firstServerSnapshot(collection(writer.db, collectionId), asDocs);
  } finally {
    await writer.close();
  }
  const reader = open(config);
  try {
    out['collection'] = await firstServerSnapshot(collection(reader.db, collectionId), asDocs);
    const each: Record<string, unknown> = {};
    for (const id of Object.keys(input)) each[id] = await firstDocSnapshot(doc(reader.db, collectionId, id));
    out['documents'] = each;
    out['get'] = await withTimeout(getDocs(collection(reader.db, collectionId)).then(asDocs));
  } finally {
    await reader.close();
  }
  return JSON.stringify(out);
}

/** Listeners on queries whose targets hold non-ASCII text: field paths, values, collection ids and groups. */
async function targets(config: ProbeConfig): Promise<string> {
  const { db, close } = open(config);
  const out: Record<string, unknown> = {};
  try {
    const col = collection(db, 'ẹgbẹ́-👥');
    await withTimeout(
      Promise.all([
        setDoc(doc(col, 'ọ̀kan'), { 'naïra ₦': 5000, ìlú: 'Èkó', 'tag-🏷': ['₦', 'ọ̀'], m: { 'kẹ́y.dot': 'a' } }),
        setDoc(doc(col, 'èjì'), { 'naïra ₦': 200, ìlú: 'Ìbàdàn', 'tag-🏷': ['x'], m: { 'kẹ́y.dot': 'b' } }),
        setDoc(doc(db, 'òkè', 'a', 'ẹgbẹ́-👥', 'ẹ̀ta'), { 'naïra ₦': 1, ìlú: 'Èkó' }),
      ]),
    );
    out['fieldEquals'] = await firstServerSnapshot(query(col, where('ìlú', '==', 'Èkó')), ids);
    out['backtickPath'] = await firstServerSnapshot(query(col, where('naïra ₦', '>', 1000)), ids);
    out['orderByNonAscii'] = await firstServerSnapshot(query(col, orderBy('naïra ₦', 'desc'), limit(2)), ids);
    out['arrayContains'] = await firstServerSnapshot(query(col, where('tag-🏷', 'array-contains', '₦')), ids);
    out['in'] = await firstServerSnapshot(query(col, where('ìlú', 'in', ['Ìbàdàn', 'Àbújá'])), ids);
    out['mapKeyWithDot'] = await firstServerSnapshot(query(col, where(new FieldPath('m', 'kẹ́y.dot'), '==', 'b')), ids);
    out['group'] = await firstServerSnapshot(query(collectionGroup(db, 'ẹgbẹ́-👥'), where('ìlú', '==', 'Èkó')), (s) =>
      s.docs.map((d) => d.ref.path),
    );
    out['subcollection'] = await firstServerSnapshot(collection(db, 'òkè', 'a', 'ẹgbẹ́-👥'), ids);
  } finally {
    await close();
  }
  return JSON.stringify(out);
}

/**
 * Persistent cache: listens on `collectionId` until the server's snapshot arrives, closes, and answers what it saw.
 * Called twice with the same app name, the second open re-listens with the cached resume token.
 */
async function persisted(config: ProbeConfig, collectionId: string, timeoutMs = 10_000): Promise<string> {
  const { db, close } = open(config);
  try {
    const seen = await firstServerSnapshot(collection(db, collectionId), asDocs, timeoutMs);
    return JSON.stringify(seen);
  } finally {
    await close();
  }
}

/** A listener kept open while the Node side writes: `liveState()` answers its latest snapshot as JSON text. */
function live(config: ProbeConfig, collectionId: string): void {
  const { db, close } = open(config);
  const state: { latest: Docs | null; fromServer: boolean; error: string | null; count: number } = {
    latest: null,
    fromServer: false,
    error: null,
    count: 0,
  };
  onSnapshot(
    collection(db, collectionId),
    { includeMetadataChanges: true },
    (s) => {
      state.latest = asDocs(s);
      state.fromServer = !s.metadata.fromCache;
      state.count++;
    },
    (e) => {
      state.error = e.code;
    },
  );
  g.liveState = () => JSON.stringify(state);
  g.liveClose = close;
}

/**
 * One client: a collection listener until the server's snapshot, stopped; the Node side then changes the collection
 * (`changed()` resolves); the same client listens again (its memory cache holds the target's resume token).
 */
async function relisten(config: ProbeConfig, collectionId: string): Promise<string> {
  const { db, close } = open(config);
  try {
    const first = await firstServerSnapshot(collection(db, collectionId), asDocs);
    await new Promise<void>((resolve) => {
      g.relistenGo = resolve;
    });
    const second = await firstServerSnapshot(collection(db, collectionId), asDocs);
    const one = await firstDocSnapshot(doc(db, collectionId, 'ọ̀ṣọ́'));
    return JSON.stringify({ first, second, one });
  } finally {
    await close();
  }
}

/** Non-ASCII uid and token claims (a mock user token): a listener allowed by rules that compare them. */
async function asUser(config: ProbeConfig & { uid: string; name: string }, collectionId: string): Promise<string> {
  const app = initializeApp({ projectId: config.project, apiKey: 'fake-api-key' }, `user-${Math.random()}`);
  const db = initializeFirestore(app, settings(config));
  connectFirestoreEmulator(db, config.host, config.port, {
    mockUserToken: { sub: config.uid, user_id: config.uid, name: config.name },
  });
  try {
    const mine = await firstServerSnapshot(query(collection(db, collectionId), where('owner', '==', config.uid)), (s) =>
      s.docs.map((d) => d.id),
    );
    const one = await firstDocSnapshot(doc(db, collectionId, config.uid));
    let denied: string = 'allowed';
    await withTimeout(
      getDocs(collection(db, collectionId)).catch((e: { code?: string }) => {
        denied = e.code ?? 'error';
      }),
    );
    return JSON.stringify({ mine, one, denied });
  } finally {
    await terminate(db);
    await deleteApp(app);
  }
}

/** REST from the browser (transactions: batchGet and commit; aggregations: runAggregationQuery) on non-ASCII paths. */
async function rest(config: ProbeConfig): Promise<string> {
  const { db, close } = open(config);
  try {
    const parent = doc(db, 'òkè', 'ilé ₦');
    const col = collection(parent, 'àwọn-😀');
    await withTimeout(Promise.all([setDoc(doc(col, 'ọ̀kan'), { n: 1, s: 'Ọ̀' }), setDoc(doc(col, 'èjì'), { n: 2, s: '😀' })]));
    const count = await withTimeout(getCountFromServer(query(col, where('s', '==', '😀'))).then((s) => s.data().count));
    const sumN = await withTimeout(getAggregateFromServer(col, { total: sum('n') }).then((s) => s.data().total));
    const tx = await withTimeout(
      runTransaction(db, async (t) => {
        const a = await t.get(doc(col, 'ọ̀kan'));
        t.set(doc(col, 'ẹ̀ta'), { n: Number(a.get('n')) + 2, s: `${String(a.get('s'))}-₦` });
        return a.get('s') as string;
      }),
    );
    const after = await firstServerSnapshot(col, asDocs);
    return JSON.stringify({ count, sumN, tx, after });
  } finally {
    await close();
  }
}

/**
 * Writes whose update masks and transforms name non-ASCII fields and fields holding '`', '\\' and '.' (backtick
 * escapes in field paths), then what a second client's listener sees.
 */
async function masks(config: ProbeConfig, collectionId: string): Promise<string> {
  const writer = open(config);
  const ref = doc(writer.db, collectionId, 'ọ̀ṣọ́-`\\');
  try {
    await withTimeout(setDoc(ref, { 'naïra ₦': 1, 'k`tick': 'a', 'back\\slash': 'b', m: { 'a.b': 1, ẹ̀: 'x' }, list: ['ọ̀'] }));
    await withTimeout(
      updateDoc(
        ref,
        new FieldPath('naïra ₦'),
        increment(4),
        new FieldPath('k`tick'),
        'A',
        new FieldPath('back\\slash'),
        deleteField(),
        new FieldPath('m', 'a.b'),
        2,
        new FieldPath('m', 'ẹ̀'),
        'ý',
        new FieldPath('list'),
        arrayUnion('😀', 'ọ̀'),
      ),
    );
    await withTimeout(setDoc(ref, { 'nèw 🆕': { 'ọ̀`': 'z' } }, { merge: true }));
  } finally {
    await writer.close();
  }
  const reader = open(config);
  try {
    const seen = await firstDocSnapshot(doc(reader.db, collectionId, 'ọ̀ṣọ́-`\\'));
    return JSON.stringify(seen);
  } finally {
    await reader.close();
  }
}

/**
 * The flow of the browser SDK's own integration tests of unicode order (its 'Sort unicode strings' block): a second
 * client writes `docsJson` one document at a time; this client then reads the query ordered by `orderField` (or by
 * document id when it is null) from the server, listens to it (first event), reads the whole collection from the
 * server (filling the cache), and reads the query from the server and from the cache again; it also reads the last five
 * in that order from the server (descending, limit 5). Each step answers the ids in order, or 'timeout'.
 */
async function unicodeSort(
  config: ProbeConfig,
  collectionId: string,
  docsJson: string,
  orderField: string | null,
): Promise<string> {
  const input = JSON.parse(docsJson) as Docs;
  const out: Record<string, unknown> = {};
  const setup = open({ host: config.host, port: config.port, project: config.project, mode: config.mode });
  const reader = open(config);
  try {
    const writes = await Promise.all(
      Object.entries(input).map(([id, d]) => withTimeout(setDoc(doc(setup.db, collectionId, id), d))),
    );
    out['writes'] = writes.filter((r) => r === 'timeout').length;
    const col = collection(reader.db, collectionId);
    const by = orderField ?? documentId();
    const ordered = query(col, orderBy(by));
    out['server'] = await withTimeout(getDocsFromServer(ordered).then(ids));
    let stop = (): void => undefined;
    out['watch'] = await withTimeout(
      new Promise<string[]>((resolve, reject) => {
        stop = onSnapshot(ordered, (snap) => resolve(ids(snap)), reject);
      }),
    ).finally(() => stop());
    // A limit makes the server's order count (the SDK sorts what it receives, but cannot add what was left out).
    const lastFive = query(col, orderBy(by, 'desc'), limit(5));
    out['lastFive'] = await withTimeout(getDocsFromServer(lastFive).then(ids));
    out['collection'] = await withTimeout(getDocsFromServer(col).then(ids));
    out['serverAgain'] = await withTimeout(getDocsFromServer(ordered).then(ids));
    out['cache'] = await withTimeout(getDocsFromCache(ordered).then(ids));
  } finally {
    await reader.close();
    await setup.close();
  }
  return JSON.stringify(out);
}

/**
 * The order of the browser SDK's own integration suite, in one page: a non-ASCII listener that comes after a step on
 * numeric ids (issue 33 item 1's report, ADR 0054 "Fifth look"). Chromium opens at most six HTTP/1.1 connections to
 * one host, and every open WebChannel stream holds one with its back channel (a hanging GET or a long poll). The
 * page first keeps one client with a live listener and a write stream, as an app (or an earlier test) does. Then a
 * second client, on the LRU memory cache that suite uses, reads from the server the whole collection of
 * `numericIds` (written by a third) and then a range of them (after __id7__, up to Aa), as that suite's 'offline
 * SDK orders query the same way online and offline' does. A caller awaiting those reads holds both clients until
 * they answer and closes them only then: reads that never answer (the emulator before issue 33 item 2) leave them
 * open, as that suite's timed-out test did. Last, a fresh writer writes `docsJson`, and a fresh reader reads them
 * ordered by `orderField` (or by id) from the server and then listens to them: each step's ids, or 'timeout'.
 */
async function suiteOrder(
  config: ProbeConfig,
  numericIds: string[],
  docsJson: string,
  orderField: string | null,
): Promise<string> {
  const out: Record<string, unknown> = {};
  const base = { host: config.host, port: config.port, project: config.project, mode: config.mode };
  const kept = open(base);
  const numericWriter = open(base);
  const numericReader = open({ ...base, lru: true });
  const later: Array<ReturnType<typeof open>> = [];
  let numericOpen = true;
  let stopKept = (): void => undefined;
  try {
    const keptRef = doc(kept.db, 'kept', 'one');
    out['kept'] = await withTimeout(
      setDoc(keptRef, { n: 1 }).then(
        () => new Promise<boolean>((resolve, reject) => (stopKept = onSnapshot(keptRef, (d) => resolve(d.exists()), reject))),
      ),
    );
    await Promise.all(numericIds.map((id) => withTimeout(setDoc(doc(numericWriter.db, 'numeric', id), { value: true }))));
    // The SDK suite's step on numeric ids: the whole collection from the server (filling the cache), then a range of ids.
    const col = collection(numericReader.db, 'numeric');
    out['numericAll'] = await withTimeout(getDocsFromServer(col).then(ids));
    const range = query(col, where(documentId(), '>', '__id7__'), where(documentId(), '<=', 'Aa'), orderBy(documentId()));
    out['numericRange'] = await withTimeout(getDocsFromServer(range).then(ids));
    // Reads that never answered keep both clients open (until the end here), as a caller still awaiting them would.
    if (out['numericAll'] !== 'timeout' && out['numericRange'] !== 'timeout') {
      numericOpen = false;
      await numericReader.close();
      await numericWriter.close();
    }
    const writer = open(base);
    const reader = open(config);
    later.push(writer, reader);
    const input = JSON.parse(docsJson) as Docs;
    const writes = await Promise.all(
      Object.entries(input).map(([id, d]) => withTimeout(setDoc(doc(writer.db, 'unicode', id), d))),
    );
    out['writes'] = writes.filter((r) => r === 'timeout').length;
    // As the SDK's test: the ordered query from the server (its target rides on the stream's handshake), then a
    // listener on it, whose target needs a forward-channel request of its own; the first snapshot the server
    // confirmed (the cache may answer first).
    const ordered = query(collection(reader.db, 'unicode'), orderBy(orderField ?? documentId()));
    out['server'] = await withTimeout(getDocsFromServer(ordered).then(ids));
    out['watch'] = await firstServerSnapshot(ordered, ids);
    stopKept();
  } finally {
    for (const c of [...later, ...(numericOpen ? [numericReader, numericWriter] : []), kept]) await c.close();
  }
  return JSON.stringify(out);
}

export interface ProbeGlobals {
  probeUnicodeSort: typeof unicodeSort;
  probeSuiteOrder: typeof suiteOrder;
  probeMasks: typeof masks;
  probeRelisten: typeof relisten;
  relistenGo: () => void;
  probeAsUser: typeof asUser;
  probeRest: typeof rest;
  probeDocs: typeof docs;
  probeTargets: typeof targets;
  probePersisted: typeof persisted;
  probeLive: typeof live;
  liveState: () => string;
  liveClose: () => Promise<void>;
}
const g = globalThis as unknown as ProbeGlobals;
g.probeDocs = docs;
g.probeUnicodeSort = unicodeSort;
g.probeSuiteOrder = suiteOrder;
g.probeTargets = targets;
g.probePersisted = persisted;
g.probeLive = live;
g.probeMasks = masks;
g.probeRelisten = relisten;
g.probeAsUser = asUser;
g.probeRest = rest;
