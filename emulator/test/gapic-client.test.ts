/**
 * Conformance: the low-level GAPIC client that @google-cloud/firestore exports (`v1.FirestoreClient`, an
 * official client) over an insecure gRPC channel: the document RPCs with their status codes, transactions,
 * Listen resume tokens, maximum/minimum transforms and unary filters.
 */
import { credentials } from '@grpc/grpc-js';
import { v1 } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost, uniqueProject, waitFor } from './helpers';

type Client = InstanceType<typeof v1.FirestoreClient>;
type Value = Record<string, unknown>;
type Doc = { name?: string | null; fields?: object | null };

let client: Client;
const project = uniqueProject('gapic');
const database = `projects/${project}/databases/(default)`;
const root = `${database}/documents`;

beforeAll(() => {
  const { host, port } = emulatorHost();
  client = new v1.FirestoreClient({
    servicePath: host,
    port,
    sslCreds: credentials.createInsecure(),
    projectId: project,
    customHeaders: { Authorization: 'Bearer owner' },
  });
});

afterAll(async () => {
  await client.close();
});

function code(err: unknown): number | undefined {
  return (err as { code?: number }).code;
}

/** Resolves with the gRPC status code the call failed with (and fails the test if it succeeded). */
async function failureCode(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p;
  } catch (err) {
    return code(err);
  }
  throw new Error('the call succeeded');
}

/** A field value as plain JSON-ish data (drops the GAPIC decoder's `valueType` discriminator). */
function plain(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const v = value as Value;
  const kind = (v['valueType'] as string | undefined) ?? Object.keys(v).find((k) => k.endsWith('Value'));
  if (kind === undefined) return undefined;
  const x = v[kind];
  if (kind === 'integerValue') return `int:${String(x)}`;
  if (kind === 'doubleValue') return Number(x);
  if (kind === 'nullValue') return null;
  if (kind === 'mapValue') return fieldsOf({ fields: (x as { fields?: object }).fields ?? {} });
  return x;
}

function fieldsOf(d: Doc | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d?.fields ?? {}) as [string, unknown][]) out[k] = plain(v);
  return out;
}

const int = (n: number): Value => ({ integerValue: String(n) });
const dbl = (n: number): Value => ({ doubleValue: n });

describe('document RPCs', () => {
  it('CreateDocument creates once, then answers ALREADY_EXISTS', async () => {
    const [doc] = await client.createDocument({
      parent: root,
      collectionId: 'docs',
      documentId: 'created',
      document: { fields: { a: int(1), s: { stringValue: 'é✓😀' } } },
    });
    expect(doc.name).toBe(`${root}/docs/created`);
    expect(fieldsOf(doc)).toEqual({ a: 'int:1', s: 'é✓😀' });
    expect(doc.createTime).toBeTruthy();
    expect(doc.updateTime).toEqual(doc.createTime);
    expect(
      await failureCode(
        client.createDocument({ parent: root, collectionId: 'docs', documentId: 'created', document: { fields: {} } }),
      ),
    ).toBe(6);
    // Without a document id the server picks a 20-character one.
    const [auto] = await client.createDocument({ parent: root, collectionId: 'docs', document: { fields: { b: int(2) } } });
    expect(auto.name).toMatch(new RegExp(`^${root.replace(/[()]/g, '\\$&')}/docs/[A-Za-z0-9]{20}$`));
  });

  it('GetDocument answers NOT_FOUND for a missing document and applies a mask', async () => {
    await client.createDocument({
      parent: root,
      collectionId: 'docs',
      documentId: 'masked',
      document: { fields: { a: int(1), b: int(2), m: { mapValue: { fields: { x: int(3), y: int(4) } } } } },
    });
    const [full] = await client.getDocument({ name: `${root}/docs/masked` });
    expect(fieldsOf(full)).toEqual({ a: 'int:1', b: 'int:2', m: { x: 'int:3', y: 'int:4' } });
    const [masked] = await client.getDocument({ name: `${root}/docs/masked`, mask: { fieldPaths: ['b', 'm.y'] } });
    expect(fieldsOf(masked)).toEqual({ b: 'int:2', m: { y: 'int:4' } });
    expect(await failureCode(client.getDocument({ name: `${root}/docs/nope` }))).toBe(5);
    expect(await failureCode(client.getDocument({ name: `${root}/docs` }))).toBe(3);
  });

  it('UpdateDocument honours the update mask and preconditions', async () => {
    const name = `${root}/docs/updated`;
    // exists=false creates; a second exists=false fails.
    const [created] = await client.updateDocument({
      document: { name, fields: { a: int(1), b: int(2), c: int(3) } },
      currentDocument: { exists: false },
    });
    expect(fieldsOf(created)).toEqual({ a: 'int:1', b: 'int:2', c: 'int:3' });
    expect(await failureCode(client.updateDocument({ document: { name, fields: {} }, currentDocument: { exists: false } }))).toBe(
      6,
    );
    // The mask: a is replaced, b (in the mask but not in the document) is deleted, c is kept.
    const [masked] = await client.updateDocument({
      document: { name, fields: { a: int(10), c: int(99) } },
      updateMask: { fieldPaths: ['a', 'b'] },
      mask: { fieldPaths: ['a', 'b', 'c'] },
    });
    expect(fieldsOf(masked)).toEqual({ a: 'int:10', c: 'int:3' });
    // updateTime precondition: a stale time fails with FAILED_PRECONDITION, the current one succeeds.
    expect(
      await failureCode(
        client.updateDocument({
          document: { name, fields: { a: int(0) } },
          updateMask: { fieldPaths: ['a'] },
          currentDocument: { updateTime: created.updateTime! },
        }),
      ),
    ).toBe(9);
    const [ok] = await client.updateDocument({
      document: { name, fields: { a: int(11) } },
      updateMask: { fieldPaths: ['a'] },
      currentDocument: { updateTime: masked.updateTime! },
    });
    expect(fieldsOf(ok)).toEqual({ a: 'int:11', c: 'int:3' });
    // exists=true on a missing document: NOT_FOUND.
    expect(
      await failureCode(
        client.updateDocument({
          document: { name: `${root}/docs/ghost`, fields: { a: int(1) } },
          currentDocument: { exists: true },
        }),
      ),
    ).toBe(5);
    const [after] = await client.getDocument({ name });
    expect(fieldsOf(after)).toEqual({ a: 'int:11', c: 'int:3' });
  });

  it('DeleteDocument deletes, honours preconditions, and is idempotent without one', async () => {
    const name = `${root}/docs/deleted`;
    const [doc] = await client.createDocument({
      parent: root,
      collectionId: 'docs',
      documentId: 'deleted',
      document: { fields: { a: int(1) } },
    });
    expect(await failureCode(client.deleteDocument({ name, currentDocument: { updateTime: { seconds: 1, nanos: 0 } } }))).toBe(9);
    await client.deleteDocument({ name, currentDocument: { updateTime: doc.updateTime! } });
    expect(await failureCode(client.getDocument({ name }))).toBe(5);
    await client.deleteDocument({ name });
    expect(await failureCode(client.deleteDocument({ name, currentDocument: { exists: true } }))).toBe(5);
  });

  it('ListDocuments lists a collection, pages, and shows missing parents with showMissing', async () => {
    for (const id of ['l1', 'l2', 'l3']) {
      await client.createDocument({
        parent: root,
        collectionId: 'list',
        documentId: id,
        document: { fields: { id: { stringValue: id } } },
      });
    }
    // A document that does not exist but has a subcollection.
    await client.createDocument({
      parent: `${root}/list/ghost`,
      collectionId: 'sub',
      documentId: 'child',
      document: { fields: {} },
    });
    const [docs] = await client.listDocuments({ parent: root, collectionId: 'list' });
    expect(docs.map((d) => d.name?.split('/').pop())).toEqual(['l1', 'l2', 'l3']);
    const [withMissing] = await client.listDocuments({ parent: root, collectionId: 'list', showMissing: true });
    expect(withMissing.map((d) => [d.name?.split('/').pop(), d.createTime === null || d.createTime === undefined])).toEqual([
      ['ghost', true],
      ['l1', false],
      ['l2', false],
      ['l3', false],
    ]);
    const [page, next] = await client.listDocuments({ parent: root, collectionId: 'list', pageSize: 2 }, { autoPaginate: false });
    expect(page.map((d) => d.name?.split('/').pop())).toEqual(['l1', 'l2']);
    expect(next?.pageToken).toBeTruthy();
    const [rest] = await client.listDocuments(
      { parent: root, collectionId: 'list', pageSize: 2, pageToken: next!.pageToken! },
      { autoPaginate: false },
    );
    expect(rest.map((d) => d.name?.split('/').pop())).toEqual(['l3']);
  });
});

describe('transactions', () => {
  it('commits writes in a transaction begun with BeginTransaction', async () => {
    const name = `${root}/tx/a`;
    await client.createDocument({ parent: root, collectionId: 'tx', documentId: 'a', document: { fields: { n: int(1) } } });
    const transaction = (await client.beginTransaction({ database }))[0].transaction as Uint8Array;
    expect(Buffer.from(transaction).length).toBeGreaterThan(0);
    const [read] = await client.getDocument({ name, transaction });
    expect(fieldsOf(read)).toEqual({ n: 'int:1' });
    const [res] = await client.commit({ database, transaction, writes: [{ update: { name, fields: { n: int(2) } } }] });
    expect(res.writeResults).toHaveLength(1);
    expect(res.commitTime).toBeTruthy();
    const [after] = await client.getDocument({ name });
    expect(fieldsOf(after)).toEqual({ n: 'int:2' });
    // A finished transaction cannot commit again.
    expect(
      await failureCode(client.commit({ database, transaction, writes: [{ update: { name, fields: { n: int(3) } } }] })),
    ).toBe(3);
  });

  it('rolls back: the writes of a rolled-back transaction never land; unknown ids are INVALID_ARGUMENT', async () => {
    const name = `${root}/tx/b`;
    await client.createDocument({ parent: root, collectionId: 'tx', documentId: 'b', document: { fields: { n: int(1) } } });
    const transaction = (await client.beginTransaction({ database }))[0].transaction as Uint8Array;
    await client.getDocument({ name, transaction });
    await client.rollback({ database, transaction });
    expect(
      await failureCode(client.commit({ database, transaction, writes: [{ update: { name, fields: { n: int(9) } } }] })),
    ).toBe(3);
    const [after] = await client.getDocument({ name });
    expect(fieldsOf(after)).toEqual({ n: 'int:1' });
    expect(await failureCode(client.rollback({ database, transaction: Buffer.from('no-such-transaction') }))).toBe(3);
    expect(await failureCode(client.rollback({ database, transaction: Buffer.alloc(0) }))).toBe(3);
  });

  it('read-only transactions reject writes', async () => {
    const transaction = (await client.beginTransaction({ database, options: { readOnly: {} } }))[0].transaction as Uint8Array;
    expect(
      await failureCode(
        client.commit({ database, transaction, writes: [{ update: { name: `${root}/tx/ro`, fields: { n: int(1) } } }] }),
      ),
    ).toBe(3);
  });
});

describe('transforms and unary filters', () => {
  it('applies maximum and minimum like Firestore (missing field, mixed types, NaN)', async () => {
    const name = `${root}/transforms/mm`;
    await client.createDocument({
      parent: root,
      collectionId: 'transforms',
      documentId: 'mm',
      document: { fields: { hi: int(5), lo: int(5), mixed: int(3), nan: int(1), str: { stringValue: 'x' } } },
    });
    const [res] = await client.commit({
      database,
      writes: [
        {
          transform: {
            document: name,
            fieldTransforms: [
              { fieldPath: 'hi', maximum: int(7) },
              { fieldPath: 'lo', minimum: int(7) },
              { fieldPath: 'mixed', maximum: dbl(3.5) },
              { fieldPath: 'nan', maximum: dbl(NaN) },
              { fieldPath: 'str', minimum: int(2) },
              { fieldPath: 'absent', maximum: int(-4) },
            ],
          },
        },
      ],
    });
    expect(res.writeResults?.[0]?.transformResults?.map((v) => plain(v))).toEqual([
      'int:7',
      'int:5',
      3.5,
      NaN,
      'int:2',
      'int:-4',
    ]);
    const [after] = await client.getDocument({ name });
    expect(fieldsOf(after)).toEqual({ hi: 'int:7', lo: 'int:5', mixed: 3.5, nan: NaN, str: 'int:2', absent: 'int:-4' });
  });

  it('filters with IS_NULL, IS_NAN, IS_NOT_NULL and IS_NOT_NAN', async () => {
    const rows: [string, Value | null][] = [
      ['a-null', { nullValue: 'NULL_VALUE' }],
      ['b-nan', dbl(NaN)],
      ['c-num', int(1)],
      ['d-str', { stringValue: 'x' }],
      ['e-missing', null],
    ];
    await client.commit({
      database,
      writes: rows.map(([id, v]) => ({ update: { name: `${root}/unary/${id}`, fields: v === null ? {} : { v } } })),
    });
    const run = async (op: string): Promise<string[]> => {
      const names: string[] = [];
      const stream = client.runQuery({
        parent: root,
        structuredQuery: {
          from: [{ collectionId: 'unary' }],
          where: { unaryFilter: { op: op as 'IS_NULL', field: { fieldPath: 'v' } } },
        },
      });
      for await (const r of stream as AsyncIterable<{ document?: Doc | null }>)
        if (r.document?.name) names.push(r.document.name.split('/').pop()!);
      return names;
    };
    expect(await run('IS_NULL')).toEqual(['a-null']);
    expect(await run('IS_NAN')).toEqual(['b-nan']);
    // Firestore: != matches documents where the field exists with a value other than the operand *or null*
    // (the SDK's own matcher does the same), so IS_NOT_NAN leaves out a-null as well.
    expect(await run('IS_NOT_NULL')).toEqual(['b-nan', 'c-num', 'd-str']);
    expect(await run('IS_NOT_NAN')).toEqual(['c-num', 'd-str']);
  });
});

describe('Listen resume tokens', () => {
  type ListenResponse = {
    targetChange?: { targetChangeType?: string; targetIds?: number[]; resumeToken?: Uint8Array; cause?: unknown } | null;
    documentChange?: { document?: Doc | null } | null;
    documentDelete?: { document?: string | null } | null;
    documentRemove?: { document?: string | null } | null;
  };

  /** Opens a Listen on collection `col` and collects responses until the target is current. */
  async function listenOnce(col: string, resumeToken?: Uint8Array): Promise<{ events: string[]; token: Uint8Array }> {
    const stream = client.listen();
    const responses: ListenResponse[] = [];
    let failed: unknown;
    stream.on('data', (r: ListenResponse) => responses.push(r));
    stream.on('error', (e: unknown) => {
      if (code(e) !== 1) failed = e; // CANCELLED is our own end()
    });
    stream.write({
      database,
      addTarget: {
        targetId: 7,
        query: {
          parent: root,
          structuredQuery: { from: [{ collectionId: col }], orderBy: [{ field: { fieldPath: '__name__' } }] },
        },
        ...(resumeToken ? { resumeToken } : {}),
      },
    });
    const globalIndex = (): number =>
      responses.findIndex(
        (r, i) => i > 0 && r.targetChange && (r.targetChange.targetIds ?? []).length === 0 && r.targetChange.resumeToken?.length,
      );
    await waitFor(
      () => failed !== undefined || (responses.some((r) => r.targetChange?.targetChangeType === 'CURRENT') && globalIndex() >= 0),
      10_000,
      'a current target',
    );
    stream.end();
    if (failed !== undefined) throw failed as Error;
    const events: string[] = [];
    let token: Uint8Array | undefined;
    for (const r of responses.slice(0, globalIndex() + 1)) {
      if (r.targetChange) {
        if (r.targetChange.targetChangeType !== 'NO_CHANGE') events.push(r.targetChange.targetChangeType ?? '?');
        if (r.targetChange.targetChangeType === 'CURRENT') token = r.targetChange.resumeToken;
      } else if (r.documentChange)
        events.push(
          `change:${r.documentChange.document?.name?.split('/').pop()}:${JSON.stringify(fieldsOf(r.documentChange.document))}`,
        );
      else if (r.documentDelete) events.push(`delete:${r.documentDelete.document?.split('/').pop()}`);
      else if (r.documentRemove) events.push(`remove:${r.documentRemove.document?.split('/').pop()}`);
    }
    expect(token?.length).toBeGreaterThan(0);
    return { events, token: token! };
  }

  const set = (path: string, n: number): Promise<unknown> =>
    client.commit({ database, writes: [{ update: { name: `${root}/${path}`, fields: { n: int(n) } } }] });

  it('resumes with a token: nothing is re-sent when nothing changed, and a change since the token arrives', async () => {
    await set('resume/a', 1);
    await set('resume/b', 2);
    const first = await listenOnce('resume');
    expect(first.events).toEqual(['ADD', 'change:a:{"n":"int:1"}', 'change:b:{"n":"int:2"}', 'CURRENT']);

    // Nothing changed in the target (a write elsewhere does not count): the resumed listen sends no documents.
    await set('elsewhere/x', 1);
    const same = await listenOnce('resume', first.token);
    expect(same.events).toEqual(['ADD', 'CURRENT']);

    // Changes after the token: a is modified, b deleted, c added. Firestore sends either just those changes or a
    // RESET followed by the whole current result; either way the client ends with the current state and never
    // sees the old version of a or the deleted b as current.
    await set('resume/a', 10);
    await client.deleteDocument({ name: `${root}/resume/b` });
    await set('resume/c', 3);
    const resumed = await listenOnce('resume', first.token);
    expect(resumed.events[0]).toBe('ADD');
    expect(resumed.events.at(-1)).toBe('CURRENT');
    const body = resumed.events.slice(1, -1);
    if (body[0] === 'RESET') {
      expect(body.slice(1)).toEqual(['change:a:{"n":"int:10"}', 'change:c:{"n":"int:3"}']);
    } else {
      expect(body).toContain('change:a:{"n":"int:10"}');
      expect(body).toContain('change:c:{"n":"int:3"}');
      expect(body.some((e) => e === 'delete:b' || e === 'remove:b')).toBe(true);
      expect(body.some((e) => e.startsWith('change:b'))).toBe(false);
    }
    // The token from the resumed listen is newer: resuming from it sends nothing again.
    const again = await listenOnce('resume', resumed.token);
    expect(again.events).toEqual(['ADD', 'CURRENT']);
  });

  it('answers a token it cannot resume from with a RESET and the full result', async () => {
    await set('resume2/a', 1);
    const bogus = Buffer.from('not-a-real-resume-token');
    const r = await listenOnce('resume2', bogus);
    expect(r.events).toEqual(['ADD', 'RESET', 'change:a:{"n":"int:1"}', 'CURRENT']);
  });
});
