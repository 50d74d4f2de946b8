/**
 * Browser harness for the fidelity suite (issue 18): the browser build of `firebase/firestore` in Chromium,
 * WebChannel for Listen / Write, REST for transactions and aggregations. Each step returns what it observed.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import type { DocumentData, QuerySnapshot } from 'firebase/firestore';
import {
  average,
  collection,
  connectFirestoreEmulator,
  count,
  doc,
  getAggregateFromServer,
  getDoc,
  getDocs,
  initializeFirestore,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  sum,
  terminate,
  Timestamp,
  vector,
  VectorValue,
  where,
} from 'firebase/firestore';
import type { Mode, ScenarioConfig } from './harness-entry';

const ids = (s: QuerySnapshot<DocumentData>): string[] => s.docs.map((d) => d.id);

async function fidelity(config: ScenarioConfig): Promise<Record<string, unknown>> {
  const app = initializeApp({ projectId: config.project, apiKey: 'fake-api-key' }, `fidelity-${Math.random()}`);
  const mode: Mode = config.mode;
  const db = initializeFirestore(
    app,
    mode === 'long-polling' ? { experimentalForceLongPolling: true } : { experimentalAutoDetectLongPolling: false },
  );
  connectFirestoreEmulator(db, config.host, config.port);
  const out: Record<string, unknown> = {};
  try {
    await setDoc(doc(db, 'v/a'), { e: vector([1, -2.5]) });
    const e: unknown = (await getDoc(doc(db, 'v/a'))).get('e');
    out['vector'] = [e instanceof VectorValue, e instanceof VectorValue ? e.toArray() : null];
    out['vectorQuery'] = ids(await getDocs(query(collection(db, 'v'), where('e', '==', vector([1, -2.5])))));

    await Promise.all([
      setDoc(doc(db, 'arr/a'), { a: [42] }),
      setDoc(doc(db, 'arr/b'), { a: [99] }),
      setDoc(doc(db, 'arr/c'), { a: 42 }),
    ]);
    out['inArrays'] = ids(await getDocs(query(collection(db, 'arr'), where('a', 'in', [[42], [99]]))));

    await setDoc(doc(db, 'num/__id7__'), { a: 1 });
    out['numericId'] = (await getDoc(doc(db, 'num/__id7__'))).get('a');

    await setDoc(doc(db, 'merge/x'), { keep: 1, foo: 'old' });
    await setDoc(doc(db, 'merge/x'), { foo: serverTimestamp(), other: 2 }, { mergeFields: ['foo'] });
    const merged = (await getDoc(doc(db, 'merge/x'))).data() ?? {};
    out['mergeFields'] = [merged['keep'], merged['other'], merged['foo'] instanceof Timestamp];

    await setDoc(doc(db, 'tx/x'), { foo: 'bar' });
    try {
      await runTransaction(db, (t) => {
        t.delete(doc(db, 'tx/x'));
        t.update(doc(db, 'tx/x'), { foo: 'bar2' });
        return Promise.resolve();
      });
      out['deleteThenUpdate'] = 'committed';
    } catch (err) {
      out['deleteThenUpdate'] = (err as { code?: string }).code;
    }

    await Promise.all([
      setDoc(doc(db, 'books/a'), { pages: 100, year: 1980 }),
      setDoc(doc(db, 'books/b'), { pages: 50, year: 2020 }),
      setDoc(doc(db, 'books/c'), { pages: 150, year: 2021 }),
      setDoc(doc(db, 'books/d'), { pages: 50 }),
    ]);
    const agg = await getAggregateFromServer(collection(db, 'books'), {
      totalPages: sum('pages'),
      averageYear: average('year'),
      n: count(),
    });
    out['aggregate'] = agg.data();
  } finally {
    await terminate(db);
    await deleteApp(app);
  }
  return out;
}

export interface FidelityGlobals {
  runFidelity: typeof fidelity;
}
(globalThis as unknown as FidelityGlobals).runFidelity = fidelity;
