/**
 * Browser harness (bundled by esbuild at test time, run in Chromium): drives the browser build of
 * `firebase/firestore` (WebChannel for Listen/Write, REST for transactions and aggregations).
 */
import { deleteApp, initializeApp } from 'firebase/app';
import type { DocumentData, Firestore, FirestoreSettings, QuerySnapshot } from 'firebase/firestore';
import {
  Bytes,
  GeoPoint,
  Timestamp,
  arrayRemove,
  arrayUnion,
  average,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  deleteField,
  getAggregateFromServer,
  getCountFromServer,
  getDoc,
  getDocs,
  increment,
  initializeFirestore,
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
  terminate,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';

export type Mode = 'streaming' | 'long-polling' | 'auto-detect';

export interface ScenarioConfig {
  host: string;
  port: number;
  project: string;
  mode: Mode;
}

function settingsFor(mode: Mode): FirestoreSettings {
  if (mode === 'long-polling') return { experimentalForceLongPolling: true };
  if (mode === 'streaming') return { experimentalAutoDetectLongPolling: false };
  return {};
}

function open(config: ScenarioConfig): { db: Firestore; close: () => Promise<void> } {
  const app = initializeApp({ projectId: config.project, apiKey: 'fake-api-key' }, `app-${Math.random()}`);
  const db = initializeFirestore(app, settingsFor(config.mode));
  connectFirestoreEmulator(db, config.host, config.port);
  return {
    db,
    close: async () => {
      await terminate(db);
      await deleteApp(app);
    },
  };
}

const ids = (s: QuerySnapshot<DocumentData>): string[] => s.docs.map((d) => d.id);

function waitUntil(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = (): void => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

/** The steps the scenario has started, for diagnosing a hang. */
const progress: string[] = [];

async function scenario(config: ScenarioConfig): Promise<Record<string, unknown>> {
  progress.length = 0;
  const { db, close } = open(config);
  const out: Record<string, unknown> = {};
  try {
    // Values through the Write stream, read back through Listen.
    const ref = doc(db, 'values', 'v1');
    await setDoc(ref, {
      s: 'é✓😀',
      i: 42,
      d: 1.5,
      b: true,
      n: null,
      t: new Timestamp(1_700_000_000, 5000),
      g: new GeoPoint(6.5, 3.4),
      y: Bytes.fromUint8Array(new Uint8Array([0, 255])),
      a: [1, 'x'],
      m: { deep: { er: 1 } },
    });
    const v = (await getDoc(ref)).data() as Record<string, unknown>;
    progress.push('values');
    out.values = {
      s: v.s,
      i: v.i,
      d: v.d,
      b: v.b,
      n: v.n,
      t: (v.t as Timestamp).toMillis(),
      g: [(v.g as GeoPoint).latitude, (v.g as GeoPoint).longitude],
      y: Array.from((v.y as Bytes).toUint8Array()),
      a: v.a,
      m: v.m,
    };

    // Transforms.
    await updateDoc(ref, { i: increment(8), a: arrayUnion('z'), at: serverTimestamp() });
    const after = (await getDoc(ref)).data() as Record<string, unknown>;
    progress.push('transforms');
    out.transforms = { i: after.i, a: after.a, atIsTimestamp: after.at instanceof Timestamp };

    // Batches and queries (Listen with a query target).
    const batch = writeBatch(db);
    for (let i = 0; i < 6; i++) batch.set(doc(db, 'q', `d${i}`), { n: i, even: i % 2 === 0 });
    await batch.commit();
    const q = collection(db, 'q');
    progress.push('query');
    out.query = ids(await getDocs(query(q, where('even', '==', true), orderBy('n', 'desc'), limit(2))));
    progress.push('cursor');
    out.cursor = ids(await getDocs(query(q, orderBy('n'), startAfter(3))));
    progress.push('count');
    out.count = (await getCountFromServer(query(q, where('n', '>', 1)))).data().count;
    progress.push('limitToLast');
    out.limitToLast = ids(await getDocs(query(q, orderBy('n'), limitToLast(2))));
    progress.push('or');
    out.or = ids(await getDocs(query(q, or(where('n', '==', 0), where('n', '==', 5)))));
    progress.push('aggregate');
    out.aggregate = (await getAggregateFromServer(q, { total: sum('n'), mean: average('n') })).data();
    await updateDoc(doc(db, 'q', 'd0'), { even: deleteField(), tags: arrayUnion('a', 'b') });
    await updateDoc(doc(db, 'q', 'd0'), { tags: arrayRemove('a') });
    progress.push('fieldOps');
    out.fieldOps = (await getDoc(doc(db, 'q', 'd0'))).data();
    const failing = writeBatch(db);
    failing.set(doc(db, 'q', 'atomic'), { n: 99 });
    failing.update(doc(db, 'q', 'no-such-doc'), { n: 1 });
    try {
      await failing.commit();
      out.atomic = 'committed';
    } catch (err) {
      out.atomic = [(err as { code?: string }).code, (await getDoc(doc(db, 'q', 'atomic'))).exists()];
    }

    // Transactions over REST batchGet + commit, with contention.
    const counter = doc(db, 'tx', 'counter');
    await setDoc(counter, { n: 0 });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        runTransaction(db, async (tx) => {
          const snap = await tx.get(counter);
          tx.update(counter, { n: (snap.get('n') as number) + 1 });
        }),
      ),
    );
    progress.push('transactions');
    out.transactions = (await getDoc(counter)).get('n');

    // hasPendingWrites settles on the listener.
    const live = doc(db, 'live', 'p');
    const states: string[] = [];
    const unsub = onSnapshot(live, { includeMetadataChanges: true }, (s) => {
      if (!s.metadata.fromCache) states.push(`${String(s.get('n'))}:${s.metadata.hasPendingWrites ? 'pending' : 'done'}`);
    });
    await waitUntil(() => states.length > 0, 'first listener snapshot');
    await setDoc(live, { n: 1 });
    await waitUntil(() => states.includes('1:done'), 'acknowledged write');
    unsub();
    progress.push('pending');
    out.pending = [states[0], states.includes('1:pending'), states.at(-1)];

    // A limit query listener as documents move in and out.
    const board = collection(db, 'board');
    await setDoc(doc(board, 'a'), { s: 1 });
    await setDoc(doc(board, 'b'), { s: 2 });
    const seen: string[] = [];
    const unsubBoard = onSnapshot(query(board, orderBy('s', 'desc'), limit(1)), { includeMetadataChanges: true }, (s) => {
      if (!s.metadata.hasPendingWrites && !s.metadata.fromCache) seen.push(ids(s).join(','));
    });
    await waitUntil(() => seen.at(-1) === 'b', 'top b');
    await setDoc(doc(board, 'a'), { s: 3 });
    await waitUntil(() => seen.at(-1) === 'a', 'a moving in');
    await deleteDoc(doc(board, 'a'));
    await waitUntil(() => seen.at(-1) === 'b', 'b moving back');
    unsubBoard();
    progress.push('board');
    out.board = 'ok';

    // Errors.
    try {
      await updateDoc(doc(db, 'missing', 'x'), { a: 1 });
      out.missing = 'no error';
    } catch (err) {
      out.missing = (err as { code?: string }).code;
    }
    await deleteDoc(ref);
    progress.push('deleted');
    out.deleted = !(await getDoc(ref)).exists();
  } finally {
    await close();
  }
  return out;
}

/** Latency of a write until its own listener sees it acknowledged (hasPendingWrites false), in ms. */
async function ownWriteLatency(config: ScenarioConfig, rounds: number): Promise<number[]> {
  const { db, close } = open(config);
  const ref = doc(db, 'bench', `own-${Math.random().toString(36).slice(2)}`);
  let latest = -1;
  const unsub = onSnapshot(ref, { includeMetadataChanges: true }, (s) => {
    if (!s.metadata.hasPendingWrites && !s.metadata.fromCache && s.exists()) latest = s.get('i') as number;
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      void setDoc(ref, { i });
      await waitUntil(() => latest === i, `write ${i}`);
      times.push(performance.now() - t0);
    }
  } finally {
    unsub();
    await close();
  }
  return times;
}

export interface HarnessGlobals {
  runScenario: typeof scenario;
  scenarioProgress: string[];
  ownWriteLatency: typeof ownWriteLatency;
}
const globals = globalThis as unknown as HarnessGlobals;
globals.runScenario = scenario;
globals.scenarioProgress = progress;
globals.ownWriteLatency = ownWriteLatency;
