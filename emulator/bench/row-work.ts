/**
 * The work of the side-by-side bench's goal rows, shared by the scripts that time or profile one row on one
 * emulator (ab-builds.ts, profile-commits.ts): a sequential commit, an equality + order + limit query over 2,000
 * documents, or 30 transactions at once on one counter.
 */
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';

export type RowWork = 'commit' | 'query' | 'tx';

const CONTENDERS = 30;

const query = (db: Firestore, i: number) =>
  db
    .collection('q')
    .where('g', '==', i % 10)
    .orderBy('n')
    .limit(20)
    .get();

/** What the row reads, written and warmed (the query's 2,000 documents), and the transactions' counter at 0. */
export async function prepareRow(db: Firestore, work: RowWork): Promise<DocumentReference> {
  if (work === 'query') {
    for (let i = 0; i < 2000; i += 400) {
      const b = db.batch();
      for (let j = i; j < i + 400; j++) b.set(db.collection('q').doc(`d${j}`), { g: j % 10, n: j });
      await b.commit();
    }
    for (let i = 0; i < 50; i++) await query(db, i);
  }
  const counter = db.doc('tx/counter');
  await counter.set({ n: 0 });
  return counter;
}

/** Runs about `n` operations of the row; returns how many ran (the transactions go in groups of 30, each checked). */
export async function runRow(db: Firestore, work: RowWork, n: number, counter: DocumentReference): Promise<number> {
  if (work === 'commit') {
    for (let i = 0; i < n; i++) await db.doc(`c/d${i % 500}`).set({ i, s: 'x', at: i });
    return n;
  }
  if (work === 'query') {
    for (let i = 0; i < n; i++) await query(db, i);
    return n;
  }
  const ops = Math.max(1, Math.floor(n / CONTENDERS)) * CONTENDERS;
  for (let r = 0; r < ops / CONTENDERS; r++)
    await Promise.all(
      Array.from({ length: CONTENDERS }, () =>
        db.runTransaction(async (tx) => {
          const value = ((await tx.get(counter)).get('n') as number | undefined) ?? 0;
          tx.update(counter, { n: value + 1 });
        }),
      ),
    );
  const value = (await counter.get()).get('n') as number;
  if (value !== ops) throw new Error(`counter ${value} after ${ops} increments`);
  return ops;
}
