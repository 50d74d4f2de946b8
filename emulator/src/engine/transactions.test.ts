import { beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../contract';
import { Code, RpcError } from '../contract';
import type { EngineBackend } from './backend';
import { createBackend } from './backend';
import { DB, docName, fromFields, getDoc, OWNER, rpcError, setDoc, toFields } from './test-support';

let b: EngineBackend;
beforeEach(() => {
  b = createBackend();
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function readInTx(path: string, options: JsonObject): Promise<{ tx: string; data: Record<string, unknown> | null }> {
  const [r] = await b.serverStream(
    'BatchGetDocuments',
    { database: DB, documents: [docName(path)], newTransaction: options },
    OWNER,
  );
  const found = r?.['found'] as JsonObject | undefined;
  return { tx: r?.['transaction'] as string, data: found ? fromFields(found['fields'] as never) : null };
}

/** The admin SDK's pattern: lazy transaction on the first read, commit, retry on ABORTED. */
async function incrementInTransaction(path: string): Promise<number> {
  let previous: string | undefined;
  for (let attempt = 1; attempt <= 50; attempt++) {
    try {
      const { tx, data } = await readInTx(path, { readWrite: previous ? { retryTransaction: previous } : {} });
      previous = tx;
      await sleep(Math.random() * 2);
      const n = (data?.['n'] as number | undefined) ?? 0;
      await b.unary(
        'Commit',
        { database: DB, transaction: tx, writes: [{ update: { name: docName(path), fields: toFields({ n: n + 1 }) } }] },
        OWNER,
      );
      return attempt;
    } catch (e) {
      if (e instanceof RpcError && e.code === Code.ABORTED) continue;
      throw e;
    }
  }
  throw new Error('too many attempts');
}

describe('read-write transactions', () => {
  it('never lose an update: 50 concurrent increments end exact', async () => {
    await setDoc(b, 'c/counter', { n: 0 });
    const attempts = await Promise.all(Array.from({ length: 50 }, () => incrementInTransaction('c/counter')));
    expect(await getDoc(b, 'c/counter')).toEqual({ n: 50 });
    expect(Math.max(...attempts)).toBeLessThanOrEqual(5); // the admin SDK gives up after 5 attempts
    expect(b.stats().openTransactions).toBe(0);
  });

  it('aborts a transaction whose read changed through a non-transactional write', async () => {
    await setDoc(b, 'c/d', { n: 1 });
    const { tx } = await readInTx('c/d', { readWrite: {} });
    await setDoc(b, 'c/d', { n: 100 });
    const e = await rpcError(
      b.unary(
        'Commit',
        { database: DB, transaction: tx, writes: [{ update: { name: docName('c/d'), fields: toFields({ n: 2 }) } }] },
        OWNER,
      ),
    );
    expect(e.code).toBe(Code.ABORTED);
    expect(await getDoc(b, 'c/d')).toEqual({ n: 100 });
  });

  it('aborts when a query read in the transaction gains a document', async () => {
    const [r] = await b.serverStream(
      'RunQuery',
      { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'q' }] }, newTransaction: { readWrite: {} } },
      OWNER,
    );
    const tx = r?.['transaction'] as string;
    expect(typeof tx).toBe('string');
    await setDoc(b, 'q/new', {});
    expect((await rpcError(b.unary('Commit', { database: DB, transaction: tx, writes: [] }, OWNER))).code).toBe(Code.ABORTED);
  });

  it('lets an older transaction wound a younger lock holder', async () => {
    await setDoc(b, 'c/a', { n: 0 });
    await setDoc(b, 'c/b', { n: 0 });
    const older = await b.unary('BeginTransaction', { database: DB, options: { readWrite: {} } }, OWNER);
    const younger = await readInTx('c/a', { readWrite: {} });
    // The older transaction reads c/a: it takes the lock and aborts the younger one.
    await b.serverStream(
      'BatchGetDocuments',
      { database: DB, documents: [docName('c/a')], transaction: older['transaction'] ?? '' },
      OWNER,
    );
    const e = await rpcError(b.unary('Commit', { database: DB, transaction: younger.tx, writes: [] }, OWNER));
    expect(e.code).toBe(Code.ABORTED);
    await b.unary(
      'Commit',
      {
        database: DB,
        transaction: older['transaction'] ?? '',
        writes: [{ update: { name: docName('c/a'), fields: toFields({ n: 1 }) } }],
      },
      OWNER,
    );
    expect(await getDoc(b, 'c/a')).toEqual({ n: 1 });
  });

  it('breaks the lock of an idle holder when another transaction waits', async () => {
    await setDoc(b, 'c/idle', { n: 0 });
    const idle = await readInTx('c/idle', { readWrite: {} });
    const t0 = Date.now();
    const waiting = await readInTx('c/idle', { readWrite: {} }); // waits for the lease (2 s) to run out
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_900);
    await b.unary(
      'Commit',
      { database: DB, transaction: waiting.tx, writes: [{ update: { name: docName('c/idle'), fields: toFields({ n: 1 }) } }] },
      OWNER,
    );
    const e = await rpcError(b.unary('Commit', { database: DB, transaction: idle.tx, writes: [] }, OWNER));
    expect(e.code).toBe(Code.ABORTED);
    await b.unary('Rollback', { database: DB, transaction: idle.tx }, OWNER).catch(() => undefined);
  });

  it('rolls back, and rejects unknown transactions', async () => {
    const { tx } = await readInTx('c/d', { readWrite: {} });
    await b.unary('Rollback', { database: DB, transaction: tx }, OWNER);
    expect((await rpcError(b.unary('Commit', { database: DB, transaction: tx, writes: [] }, OWNER))).code).toBe(
      Code.INVALID_ARGUMENT,
    );
    expect((await rpcError(b.unary('Rollback', { database: DB, transaction: 'bm9wZQ==' }, OWNER))).code).toBe(
      Code.INVALID_ARGUMENT,
    );
    // The lock was released: a new transaction can read and commit at once.
    const again = await readInTx('c/d', { readWrite: {} });
    await b.unary('Commit', { database: DB, transaction: again.tx, writes: [] }, OWNER);
  });
});

describe('read-only transactions', () => {
  it('read a consistent snapshot and refuse writes', async () => {
    await setDoc(b, 'c/d', { n: 1 });
    const begin = await b.unary('BeginTransaction', { database: DB, options: { readOnly: {} } }, OWNER);
    const tx = begin['transaction'] as string;
    await setDoc(b, 'c/d', { n: 2 });
    const [r] = await b.serverStream('BatchGetDocuments', { database: DB, documents: [docName('c/d')], transaction: tx }, OWNER);
    expect(fromFields((r?.['found'] as JsonObject)['fields'] as never)).toEqual({ n: 1 });
    const e = await rpcError(b.unary('Commit', { database: DB, transaction: tx, writes: [{ delete: docName('c/d') }] }, OWNER));
    expect(e.code).toBe(Code.INVALID_ARGUMENT);
  });

  it('read at an explicit readTime', async () => {
    const r1 = await setDoc(b, 'c/d', { n: 1 });
    await setDoc(b, 'c/d', { n: 2 });
    const { data } = await readInTx('c/d', { readOnly: { readTime: r1['commitTime'] ?? '' } });
    expect(data).toEqual({ n: 1 });
  });
});

describe('client SDK optimistic transactions', () => {
  it('retry on FAILED_PRECONDITION / ALREADY_EXISTS and end exact', async () => {
    const loop = async (): Promise<void> => {
      for (;;) {
        const [r] = await b.serverStream('BatchGetDocuments', { database: DB, documents: [docName('c/opt')] }, OWNER);
        const found = r?.['found'] as JsonObject | undefined;
        await sleep(Math.random() * 2);
        const n = found ? Number((found['fields'] as never as Record<string, JsonObject>)['n']?.['integerValue']) : 0;
        const currentDocument = found ? { updateTime: found['updateTime'] ?? '' } : { exists: false };
        try {
          await b.unary(
            'Commit',
            { database: DB, writes: [{ update: { name: docName('c/opt'), fields: toFields({ n: n + 1 }) }, currentDocument }] },
            OWNER,
          );
          return;
        } catch (e) {
          if (e instanceof RpcError && (e.code === Code.FAILED_PRECONDITION || e.code === Code.ALREADY_EXISTS)) continue;
          throw e;
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, loop));
    expect(await getDoc(b, 'c/opt')).toEqual({ n: 20 });
  });
});
