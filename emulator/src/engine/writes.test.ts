import { beforeEach, describe, expect, it } from 'vitest';
import type { AccessDecision, AccessRequest, JsonObject } from '../contract';
import { Code } from '../contract';
import type { EngineBackend } from './backend';
import { createBackend } from './backend';
import { parseTimestamp } from './timestamps';
import { ALICE, commit, DB, docName, getDoc, getRaw, OWNER, ROOT, rpcError, setDoc, toFields, toValue } from './test-support';

let b: EngineBackend;
beforeEach(() => {
  b = createBackend();
});

const update = (path: string, data: Record<string, unknown>, extra: JsonObject = {}): JsonObject => ({
  update: { name: docName(path), fields: toFields(data) },
  ...extra,
});

describe('set, merge, update, delete', () => {
  it('sets, merges with a mask (incl. nested and deleting paths) and deletes', async () => {
    await setDoc(b, 'c/d', { a: 1, m: { x: 1, y: 2 }, gone: true });
    await commit(b, [update('c/d', { b: 2, m: { y: 3 } }, { updateMask: { fieldPaths: ['b', 'm.y', 'gone'] } })]);
    expect(await getDoc(b, 'c/d')).toEqual({ a: 1, b: 2, m: { x: 1, y: 3 } });
    await setDoc(b, 'c/d', { only: 'this' });
    expect(await getDoc(b, 'c/d')).toEqual({ only: 'this' });
    await commit(b, [{ delete: docName('c/d') }]);
    expect(await getDoc(b, 'c/d')).toBeNull();
  });

  it('keeps createTime, advances updateTime strictly, and keeps updateTime for a no-op write', async () => {
    const r1 = await setDoc(b, 'c/d', { a: 1 });
    const r2 = await setDoc(b, 'c/d', { a: 2 });
    const t1 = parseTimestamp(r1['commitTime']);
    const t2 = parseTimestamp(r2['commitTime']);
    expect(t2 > t1).toBe(true);
    const doc = await getRaw(b, 'c/d');
    expect(doc?.['createTime']).toBe(r1['commitTime']);
    expect(doc?.['updateTime']).toBe(r2['commitTime']);
    const r3 = await setDoc(b, 'c/d', { a: 2 });
    expect((r3['writeResults'] as JsonObject[])[0]?.['updateTime']).toBe(r2['commitTime']);
  });

  it('applies preconditions with Firestore codes', async () => {
    await setDoc(b, 'c/d', { a: 1 });
    const doc = await getRaw(b, 'c/d');
    expect((await rpcError(commit(b, [update('c/x', { a: 1 }, { currentDocument: { exists: true } })]))).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await rpcError(commit(b, [update('c/d', { a: 1 }, { currentDocument: { exists: false } })]))).code).toBe(
      Code.ALREADY_EXISTS,
    );
    expect(
      (await rpcError(commit(b, [update('c/d', { a: 2 }, { currentDocument: { updateTime: '2000-01-01T00:00:00Z' } })]))).code,
    ).toBe(Code.FAILED_PRECONDITION);
    expect((await rpcError(commit(b, [{ delete: docName('c/x'), currentDocument: { exists: true } }]))).code).toBe(
      Code.NOT_FOUND,
    );
    await commit(b, [update('c/d', { a: 3 }, { currentDocument: { updateTime: doc?.['updateTime'] ?? '' } })]);
    expect(await getDoc(b, 'c/d')).toEqual({ a: 3 });
  });

  it('verifies reads and fails with FAILED_PRECONDITION when the document moved on', async () => {
    await setDoc(b, 'c/d', { a: 1 });
    const doc = await getRaw(b, 'c/d');
    await commit(b, [
      { verify: docName('c/d'), currentDocument: { updateTime: doc?.['updateTime'] ?? '' } },
      update('c/e', { ok: true }),
    ]);
    await setDoc(b, 'c/d', { a: 2 });
    const e = await rpcError(
      commit(b, [
        { verify: docName('c/d'), currentDocument: { updateTime: doc?.['updateTime'] ?? '' } },
        update('c/f', { ok: true }),
      ]),
    );
    expect(e.code).toBe(Code.FAILED_PRECONDITION);
    expect(await getDoc(b, 'c/f')).toBeNull();
  });

  it('is atomic: one failing write leaves nothing applied', async () => {
    await setDoc(b, 'c/exists', { a: 1 });
    const e = await rpcError(
      commit(b, [update('c/new', { a: 1 }), update('c/exists', { a: 2 }, { currentDocument: { exists: false } })]),
    );
    expect(e.code).toBe(Code.ALREADY_EXISTS);
    expect(await getDoc(b, 'c/new')).toBeNull();
    expect(await getDoc(b, 'c/exists')).toEqual({ a: 1 });
  });

  it('rejects malformed writes with INVALID_ARGUMENT and changes nothing', async () => {
    await setDoc(b, 'c/d', { a: 1 });
    const bad: unknown[] = [
      [{ update: { name: 'c/d', fields: {} } }],
      [{ update: { name: docName('c/d'), fields: { a: { integerValue: 'x' } } } }],
      [{ update: { name: docName('c/d'), fields: { a: 5 } } }],
      [{ update: { name: docName('c/d') }, delete: docName('c/d') }],
      [{ update: { name: docName('c/d'), fields: {} }, updateMask: { fieldPaths: ['a..b'] } }],
      [{ delete: 'projects/other/databases/(default)/documents/c/d' }],
      [{ update: { name: docName('c/d'), fields: {} }, updateTransforms: [{ fieldPath: 'n', increment: { stringValue: '1' } }] }],
      [{ update: { name: docName('c/d'), fields: {} }, updateTransforms: [{ fieldPath: 'n', setToServerValue: 'NOW' }] }],
      [42],
      'writes',
    ];
    for (const writes of bad) {
      const e = await rpcError(b.unary('Commit', { database: DB, writes } as JsonObject, OWNER));
      expect(e.code).toBe(Code.INVALID_ARGUMENT);
    }
    expect((await rpcError(b.unary('Commit', { database: 'nope', writes: [] }, OWNER))).code).toBe(Code.INVALID_ARGUMENT);
    expect(await getDoc(b, 'c/d')).toEqual({ a: 1 });
  });

  it('enforces the 1 MiB document size limit', async () => {
    // Size = name (c: 2, d: 2, +16) + field 'f' (2) + string (len + 1) + 32 = len + 55.
    const max = 1_048_576 - 55;
    await setDoc(b, 'c/d', { f: 'x'.repeat(max) });
    const e = await rpcError(setDoc(b, 'c/d', { f: 'x'.repeat(max + 1) }));
    expect(e.code).toBe(Code.INVALID_ARGUMENT);
  });
});

describe('transforms', () => {
  const transform = (
    path: string,
    transforms: JsonObject[],
    data: Record<string, unknown> = {},
    mask: string[] = [],
  ): JsonObject => ({
    update: { name: docName(path), fields: toFields(data) },
    updateMask: { fieldPaths: mask },
    updateTransforms: transforms,
  });

  it('increments integers (saturating), doubles and missing fields, returning transformResults', async () => {
    await setDoc(b, 'c/d', { i: 1, f: 1.5, s: 'x', big: { __value: { integerValue: '9223372036854775800' } } });
    const r = await commit(b, [
      transform('c/d', [
        { fieldPath: 'i', increment: toValue(2) },
        { fieldPath: 'f', increment: toValue(1) },
        { fieldPath: 's', increment: toValue(5) },
        { fieldPath: 'new', increment: toValue(0.5) },
        { fieldPath: 'big', increment: toValue(100) },
      ]),
    ]);
    expect((r['writeResults'] as JsonObject[])[0]?.['transformResults']).toEqual([
      { integerValue: '3' },
      { doubleValue: 2.5 },
      { integerValue: '5' },
      { doubleValue: 0.5 },
      { integerValue: '9223372036854775807' },
    ]);
  });

  it('applies maximum, minimum, arrayUnion, arrayRemove and server timestamps', async () => {
    await setDoc(b, 'c/d', { hi: 5, lo: 5, same: 3, arr: [1, 'a', 1], nan: NaN });
    const r = await commit(b, [
      transform('c/d', [
        { fieldPath: 'hi', maximum: toValue(7.5) },
        { fieldPath: 'lo', minimum: toValue(2) },
        { fieldPath: 'same', maximum: toValue(3.0) },
        { fieldPath: 'nan', maximum: toValue(1) },
        { fieldPath: 'arr', appendMissingElements: { values: [toValue(1.0), toValue('b'), toValue('b')] } },
        { fieldPath: 'u', removeAllFromArray: { values: [toValue(1)] } },
        { fieldPath: 'at', setToServerValue: 'REQUEST_TIME' },
      ]),
    ]);
    const results = (r['writeResults'] as JsonObject[])[0]?.['transformResults'] as JsonObject[];
    expect(results.slice(0, 6)).toEqual([
      { doubleValue: 7.5 },
      { integerValue: '2' },
      { integerValue: '3' },
      { doubleValue: 'NaN' },
      { nullValue: 'NULL_VALUE' },
      { nullValue: 'NULL_VALUE' },
    ]);
    const doc = await getDoc(b, 'c/d');
    expect(doc?.['arr']).toEqual([1, 'a', 1, 'b']);
    expect(doc?.['u']).toEqual([]);
    expect(doc?.['at']).toBe((r['commitTime'] as string).slice(0, 26) + '000Z');
    await commit(b, [transform('c/d', [{ fieldPath: 'arr', removeAllFromArray: { values: [toValue(1)] } }])]);
    expect((await getDoc(b, 'c/d'))?.['arr']).toEqual(['a', 'b']);
  });

  it('supports the legacy transform write', async () => {
    await commit(b, [{ transform: { document: docName('c/t'), fieldTransforms: [{ fieldPath: 'n', increment: toValue(1) }] } }]);
    await commit(b, [{ transform: { document: docName('c/t'), fieldTransforms: [{ fieldPath: 'n', increment: toValue(1) }] } }]);
    expect(await getDoc(b, 'c/t')).toEqual({ n: 2 });
  });
});

describe('BatchWrite and document RPCs', () => {
  it('applies each BatchWrite write independently with a status each', async () => {
    await setDoc(b, 'c/exists', { a: 1 });
    const r = await b.unary(
      'BatchWrite',
      { database: DB, writes: [update('c/a', { a: 1 }), update('c/exists', {}, { currentDocument: { exists: false } })] },
      OWNER,
    );
    expect((r['status'] as JsonObject[]).map((s) => s['code'])).toEqual([Code.OK, Code.ALREADY_EXISTS]);
    expect(await getDoc(b, 'c/a')).toEqual({ a: 1 });
  });

  it('creates, gets, updates, deletes and lists documents', async () => {
    const created = await b.unary(
      'CreateDocument',
      { parent: ROOT, collectionId: 'c', documentId: 'x', document: { fields: toFields({ a: 1 }) } },
      OWNER,
    );
    expect(created['name']).toBe(docName('c/x'));
    expect(
      (await rpcError(b.unary('CreateDocument', { parent: ROOT, collectionId: 'c', documentId: 'x', document: {} }, OWNER))).code,
    ).toBe(Code.ALREADY_EXISTS);
    const auto = await b.unary('CreateDocument', { parent: ROOT, collectionId: 'c', document: {} }, OWNER);
    expect(auto['name']).toMatch(/^projects\/p\/databases\/\(default\)\/documents\/c\/[A-Za-z0-9]{20}$/);
    const updated = await b.unary(
      'UpdateDocument',
      { document: { name: docName('c/x'), fields: toFields({ b: 2 }) }, updateMask: { fieldPaths: ['b'] } },
      OWNER,
    );
    expect(updated['fields']).toEqual(toFields({ a: 1, b: 2 }));
    expect((await b.unary('GetDocument', { name: docName('c/x'), mask: { fieldPaths: ['b'] } }, OWNER))['fields']).toEqual(
      toFields({ b: 2 }),
    );
    await b.unary('DeleteDocument', { name: docName('c/x') }, OWNER);
    expect((await rpcError(b.unary('GetDocument', { name: docName('c/x') }, OWNER))).code).toBe(Code.NOT_FOUND);
  });

  it('lists collection ids and documents, with missing parents and pages', async () => {
    await setDoc(b, 'a/1', {});
    await setDoc(b, 'a/2', { v: 2 });
    await setDoc(b, 'a/3/sub/x', {});
    await setDoc(b, 'b/1/deep/2/deeper/3', {});
    expect((await b.unary('ListCollectionIds', { parent: ROOT }, OWNER))['collectionIds']).toEqual(['a', 'b']);
    expect((await b.unary('ListCollectionIds', { parent: docName('b/1') }, OWNER))['collectionIds']).toEqual(['deep']);
    const page1 = await b.unary('ListDocuments', { parent: ROOT, collectionId: 'a', pageSize: 2, showMissing: true }, OWNER);
    const names1 = (page1['documents'] as JsonObject[]).map((d) => d['name']);
    expect(names1).toEqual([docName('a/1'), docName('a/2')]);
    const page2 = await b.unary(
      'ListDocuments',
      { parent: ROOT, collectionId: 'a', pageSize: 2, showMissing: true, pageToken: page1['nextPageToken'] ?? '' },
      OWNER,
    );
    expect(page2['documents']).toEqual([{ name: docName('a/3') }]);
    expect(page2['nextPageToken']).toBeUndefined();
    const plain = await b.unary('ListDocuments', { parent: ROOT, collectionId: 'a' }, OWNER);
    expect((plain['documents'] as JsonObject[]).length).toBe(2);
  });

  it('clears one database only', async () => {
    await setDoc(b, 'c/d', { a: 1 });
    await b.unary(
      'Commit',
      {
        database: 'projects/q/databases/(default)',
        writes: [{ update: { name: 'projects/q/databases/(default)/documents/c/d', fields: {} } }],
      },
      OWNER,
    );
    b.clear(DB);
    expect(await getDoc(b, 'c/d')).toBeNull();
    expect(b.stats().documents).toBe(1);
  });
});

describe('authorization', () => {
  it('asks the authorizer with resource, requestResource and lookups; owners bypass it', async () => {
    await setDoc(b, 'posts/p1', { owner: 'alice', n: 1 });
    await setDoc(b, 'config/limits', { max: 10 });
    const seen: AccessRequest[] = [];
    const allow = (ok: boolean): AccessDecision => (ok ? { allowed: true } : { allowed: false, message: 'denied' });
    b.setAuthorizer((req) => {
      seen.push(req);
      if (req.method === 'delete') return { allowed: false, message: 'no deletes' };
      if (req.method === 'create' || req.method === 'update') {
        const max = req.lookup('config/limits')?.fields['max'];
        const after = req.lookupAfter(`/databases/(default)/documents/${req.path}`);
        return allow(Number(max?.['integerValue']) >= Number(after?.fields['n']?.['integerValue'] ?? 0));
      }
      return allow(req.caller.kind === 'user');
    });
    await commit(
      b,
      [
        {
          update: { name: docName('posts/p1'), fields: {} },
          updateMask: { fieldPaths: [] },
          updateTransforms: [{ fieldPath: 'n', increment: toValue(4) }],
        },
      ],
      ALICE,
    );
    const upd = seen.find((r) => r.method === 'update');
    expect(upd?.resource?.fields['n']).toEqual({ integerValue: '1' });
    expect(upd?.requestResource?.fields['n']).toEqual({ integerValue: '5' });
    expect(upd?.caller).toEqual(ALICE);
    const denied = await rpcError(commit(b, [{ update: { name: docName('posts/p1'), fields: toFields({ n: 11 }) } }], ALICE));
    expect(denied.code).toBe(Code.PERMISSION_DENIED);
    expect(denied.message).toBe('Missing or insufficient permissions.');
    expect((await rpcError(commit(b, [{ delete: docName('posts/p1') }], ALICE))).code).toBe(Code.PERMISSION_DENIED);
    expect((await rpcError(getDoc(b, 'posts/p1', { kind: 'anonymous' }))).code).toBe(Code.PERMISSION_DENIED);
    expect(await getDoc(b, 'posts/p1', ALICE)).toEqual({ owner: 'alice', n: 5 });
    const q = await rpcError(
      b.serverStream('RunQuery', { parent: ROOT, structuredQuery: { from: [{ collectionId: 'posts' }] } }, { kind: 'anonymous' }),
    );
    expect(q.code).toBe(Code.PERMISSION_DENIED);
    expect(seen.at(-1)?.method).toBe('list');
    expect(seen.at(-1)?.path).toBe('posts');
    await commit(b, [{ delete: docName('posts/p1') }], OWNER);
    expect(await getDoc(b, 'posts/p1')).toBeNull();
  });

  it('reports PERMISSION_DENIED before a failing precondition', async () => {
    b.setAuthorizer(() => ({ allowed: false, message: 'no' }));
    const e = await rpcError(commit(b, [update('c/missing', { a: 1 }, { currentDocument: { exists: true } })], ALICE));
    expect(e.code).toBe(Code.PERMISSION_DENIED);
    b.setAuthorizer(null);
    expect((await rpcError(commit(b, [update('c/missing', { a: 1 }, { currentDocument: { exists: true } })], ALICE))).code).toBe(
      Code.NOT_FOUND,
    );
  });
});

describe('authorization: batch size', () => {
  it('tells the rules how many writes the commit carries (each write of a batch or transaction); reads carry none', async () => {
    await setDoc(b, 'c/a', { n: 1 });
    const seen: { method: string; path: string; batchSize: number | undefined }[] = [];
    b.setAuthorizer((req) => {
      seen.push({ method: req.method, path: req.path, batchSize: req.batchSize });
      return { allowed: true };
    });
    await commit(b, [update('c/one', { n: 1 })], ALICE);
    await commit(b, [update('c/two', { n: 2 }), { delete: docName('c/a') }], ALICE);
    await commit(b, [update('c/three', { n: 3 }), { verify: docName('c/one') }], ALICE); // a client transaction's shape
    await getDoc(b, 'c/one', ALICE);
    expect(seen).toEqual([
      { method: 'create', path: 'c/one', batchSize: 1 },
      { method: 'create', path: 'c/two', batchSize: 2 },
      { method: 'delete', path: 'c/a', batchSize: 2 },
      { method: 'create', path: 'c/three', batchSize: 2 },
      { method: 'get', path: 'c/one', batchSize: 2 },
      { method: 'get', path: 'c/one', batchSize: undefined },
    ]);
  });
});

describe('ListDocuments without a collection id', () => {
  it('lists the documents of every collection below the parent', async () => {
    await setDoc(b, 'p/1/a/x', {});
    await setDoc(b, 'p/1/b/y', {});
    await setDoc(b, 'p/1/b/y/c/z', {});
    const r = await b.unary('ListDocuments', { parent: docName('p/1'), collectionId: '' }, OWNER);
    expect((r['documents'] as JsonObject[]).map((d) => d['name'])).toEqual([docName('p/1/a/x'), docName('p/1/b/y')]);
  });
});
