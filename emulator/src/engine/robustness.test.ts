import { describe, expect, it } from 'vitest';
import type { BidiMethod, Json, JsonObject, ServerStreamMethod, UnaryMethod } from '../contract';
import { Code, RpcError } from '../contract';
import { createBackend } from './backend';
import { collector, DB, docName, getRaw, OWNER, ROOT, setDoc, toFields, toValue } from './test-support';

/** A small deterministic PRNG so failures reproduce. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS: [UnaryMethod | ServerStreamMethod | BidiMethod, JsonObject][] = [
  [
    'Commit',
    {
      database: DB,
      writes: [
        {
          update: { name: docName('f/x'), fields: toFields({ a: 1, m: { b: [1, 'x'] } }) },
          updateMask: { fieldPaths: ['a'] },
          updateTransforms: [{ fieldPath: 'n', increment: toValue(1) }],
          currentDocument: { exists: true },
        },
      ],
    },
  ],
  ['BatchWrite', { database: DB, writes: [{ delete: docName('f/y') }] }],
  ['GetDocument', { name: docName('f/x'), mask: { fieldPaths: ['a'] } }],
  ['ListDocuments', { parent: ROOT, collectionId: 'f', pageSize: 2, orderBy: 'a desc', showMissing: true }],
  ['ListCollectionIds', { parent: ROOT, pageSize: 1 }],
  ['CreateDocument', { parent: ROOT, collectionId: 'f', documentId: 'z', document: { fields: toFields({ a: 1 }) } }],
  ['UpdateDocument', { document: { name: docName('f/x'), fields: toFields({ a: 2 }) }, updateMask: { fieldPaths: ['a'] } }],
  ['DeleteDocument', { name: docName('f/q'), currentDocument: { exists: true } }],
  ['BeginTransaction', { database: DB, options: { readOnly: { readTime: '2020-01-01T00:00:00Z' } } }],
  ['Rollback', { database: DB, transaction: 'AAAA' }],
  ['BatchGetDocuments', { database: DB, documents: [docName('f/x')], newTransaction: { readOnly: {} } }],
  [
    'RunQuery',
    {
      parent: ROOT,
      structuredQuery: {
        from: [{ collectionId: 'f' }],
        where: {
          compositeFilter: {
            op: 'OR',
            filters: [
              { fieldFilter: { field: { fieldPath: 'a' }, op: 'IN', value: toValue([1, 2]) } },
              { unaryFilter: { op: 'IS_NULL', field: { fieldPath: 'b' } } },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: 'a' }, direction: 'DESCENDING' }],
        startAt: { values: [toValue(5)], before: true },
        limit: { value: 3 },
        offset: 1,
        select: { fields: [{ fieldPath: 'a' }] },
      },
    },
  ],
  [
    'RunAggregationQuery',
    {
      parent: ROOT,
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'f' }] },
        aggregations: [
          { alias: 'c', count: { upTo: '5' } },
          { alias: 's', sum: { field: { fieldPath: 'a' } } },
        ],
      },
    },
  ],
  [
    'Listen',
    {
      database: DB,
      addTarget: {
        targetId: 2,
        query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'f' }], limit: 2 } },
        resumeToken: 'AAAA',
      },
    },
  ],
  ['Write', { database: DB, writes: [{ update: { name: docName('f/w'), fields: {} } }] }],
];

const ODD: Json[] = [
  null,
  0,
  -1,
  1.5,
  'x',
  '',
  true,
  [],
  {},
  [1, 'a'],
  { x: 1 },
  'projects/p/databases/(default)/documents/a',
  'NaN',
  2 ** 40,
  '__x__',
  { integerValue: 'zz' },
];

function mutate(value: Json, rnd: () => number, depth = 0): Json {
  if (rnd() < 0.15 || depth > 6) return ODD[Math.floor(rnd() * ODD.length)] as Json;
  if (Array.isArray(value)) {
    const copy = value.map((v) => (rnd() < 0.3 ? mutate(v, rnd, depth + 1) : v));
    if (rnd() < 0.1) copy.push(ODD[Math.floor(rnd() * ODD.length)] as Json);
    if (rnd() < 0.1) copy.pop();
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const copy: JsonObject = { ...value };
    for (const k of Object.keys(copy)) {
      if (rnd() < 0.3) copy[k] = mutate(copy[k] as Json, rnd, depth + 1);
      else if (rnd() < 0.05) delete copy[k];
    }
    if (rnd() < 0.05) copy['unexpected'] = ODD[Math.floor(rnd() * ODD.length)] as Json;
    return copy;
  }
  return rnd() < 0.5 ? (ODD[Math.floor(rnd() * ODD.length)] as Json) : value;
}

describe('robustness', () => {
  it('answers 3,000 mutated requests with RpcErrors (never INTERNAL or a thrown TypeError) and keeps unrelated data intact', async () => {
    const b = createBackend();
    await setDoc(b, 'keep/me', { v: 'safe', n: 1 });
    const before = await getRaw(b, 'keep/me');
    const rnd = prng(12345);
    const codes = new Map<number, number>();
    for (let i = 0; i < 3_000; i++) {
      const [method, seed] = SEEDS[Math.floor(rnd() * SEEDS.length)] as [string, JsonObject];
      const request = mutate(seed, rnd) as JsonObject;
      try {
        if (method === 'Listen' || method === 'Write') {
          const c = collector();
          const s = b.openStream(method, OWNER, c.sink);
          s.receive(method === 'Write' ? { database: DB } : request);
          s.receive(request);
          s.close();
          for (const e of c.errors) codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
        } else if (method === 'BatchGetDocuments' || method === 'RunQuery' || method === 'RunAggregationQuery') {
          await b.serverStream(method, request, OWNER);
        } else {
          await b.unary(method as UnaryMethod, request, OWNER);
        }
        codes.set(0, (codes.get(0) ?? 0) + 1);
      } catch (e) {
        if (!(e instanceof RpcError))
          throw new Error(`request ${i} (${method}) threw ${String(e)}: ${JSON.stringify(request)}`, { cause: e });
        if (e.code === Code.INTERNAL || e.code === Code.UNKNOWN)
          throw new Error(`request ${i} (${method}) gave ${e.message}: ${JSON.stringify(request)}`, { cause: e });
        codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
      }
    }
    expect(codes.get(Code.INVALID_ARGUMENT) ?? 0).toBeGreaterThan(100);
    expect(codes.get(0) ?? 0).toBeGreaterThan(100);
    expect(await getRaw(b, 'keep/me')).toEqual(before);
    await b.close();
  });
});
