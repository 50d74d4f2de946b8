import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../contract';
import { compileQuery, runQuery, runQueryScan } from './query';
import type { Change, DocRecord } from './store';
import { Database } from './store';
import { DB, ROOT, toFields, toValue } from './test-support';

/** Small deterministic PRNG (mulberry32) so a failure is reproducible from the seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const POOL: unknown[] = [0, 1, 2, 3, 1.5, -0, 2.0, NaN, 'a', 'b', '1', true, false, null, [1], { k: 1 }, new Date(0)];

function names(docs: DocRecord[]): string[] {
  return docs.map((d) => d.name);
}

describe('equality index', () => {
  it('gives exactly the scan answers for random EQUAL / IN queries under interleaved writes and deletes', () => {
    const r = rng(20261122);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
    const db = new Database(DB);
    let ns = 1_000n;
    const paths = ['items', 'items/p1/items', 'other'];
    const randomDoc = (): Record<string, unknown> => {
      const o: Record<string, unknown> = {};
      if (r() < 0.9) o['g'] = pick(POOL);
      if (r() < 0.9) o['price'] = Math.floor(r() * 50);
      if (r() < 0.7) o['m'] = { k: pick(POOL) };
      if (r() < 0.5) o['s'] = pick(['a', 'b', 'c']);
      return o;
    };
    const write = (): void => {
      const coll = pick(paths);
      const path = `${coll}/d${Math.floor(r() * 300)}`;
      const before = db.get(path);
      ns += 1_000n;
      let after: DocRecord | null = null;
      if (r() >= 0.15) {
        const t = new Date(Number(ns / 1_000_000n)).toISOString();
        after = {
          name: `${ROOT}/${path}`,
          fields: toFields(randomDoc()),
          createTime: before?.createTime ?? t,
          updateTime: t,
          updateNs: ns,
        };
      }
      const ch: Change = { path, before, after };
      db.apply([ch], ns);
    };
    for (let i = 0; i < 1500; i++) write();
    let checked = 0;
    let nonEmpty = 0;
    for (let round = 0; round < 600; round++) {
      for (let i = 0, n = Math.floor(r() * 6); i < n; i++) write();
      const field = pick(['g', 'm.k', 's', 'price']);
      const conj: JsonObject[] = [];
      const eqValue = pick(POOL);
      const eq: JsonObject =
        r() < 0.3
          ? {
              fieldFilter: {
                field: { fieldPath: field },
                op: 'IN',
                value: toValue([pick(POOL), pick(POOL), eqValue].filter((v) => !(typeof v === 'object' && v !== null))),
              },
            }
          : { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: toValue(eqValue) } };
      const eqOk =
        (eq['fieldFilter'] as JsonObject)['op'] === 'EQUAL' ||
        ((eq['fieldFilter'] as JsonObject)['value'] as JsonObject)['arrayValue'] !== undefined;
      if (!eqOk) continue;
      conj.push(eq);
      if (r() < 0.4) conj.push({ fieldFilter: { field: { fieldPath: 's' }, op: 'EQUAL', value: toValue(pick(['a', 'b'])) } });
      if (r() < 0.3)
        conj.push({ fieldFilter: { field: { fieldPath: 'price' }, op: 'GREATER_THAN', value: toValue(Math.floor(r() * 50)) } });
      const where =
        conj.length === 1 ? conj[0] : { compositeFilter: { op: 'AND', filters: r() < 0.5 ? conj : [...conj].reverse() } };
      const sq: JsonObject = { from: [{ collectionId: 'items', allDescendants: r() < 0.3 }], where: where as JsonObject };
      const hasIneq = conj.length > 0 && JSON.stringify(conj).includes('GREATER_THAN');
      if (r() < 0.7 && !hasIneq)
        sq['orderBy'] = [{ field: { fieldPath: 'price' }, direction: r() < 0.5 ? 'DESCENDING' : 'ASCENDING' }];
      else if (hasIneq) sq['orderBy'] = [{ field: { fieldPath: 'price' }, direction: r() < 0.5 ? 'DESCENDING' : 'ASCENDING' }];
      if (r() < 0.6) sq['limit'] = Math.floor(r() * 25);
      if (r() < 0.3) sq['offset'] = Math.floor(r() * 5);
      if (r() < 0.3 && sq['orderBy']) sq['startAt'] = { values: [toValue(Math.floor(r() * 50))], before: r() < 0.5 };
      if (r() < 0.2 && sq['orderBy']) sq['endAt'] = { values: [toValue(Math.floor(r() * 50))], before: r() < 0.5 };
      const q = compileQuery(sq, '');
      const fromIndex = names(runQuery(q, db));
      expect(fromIndex, JSON.stringify(sq)).toEqual(names(runQueryScan(q, db)));
      // A read at a past time uses the history (the scan), never the current index.
      const past = ns - 3_000n;
      expect(names(runQuery(q, db, past))).toEqual(names(runQueryScan(q, db, past)));
      checked++;
      if (fromIndex.length > 0) nonEmpty++;
    }
    expect(checked).toBeGreaterThan(400);
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('treats equal numbers of either type (1 and 1.0, 0 and -0) as the same key and finds nested fields', () => {
    const db = new Database(DB);
    const put = (path: string, data: Record<string, unknown>, ns: bigint): void => {
      const t = new Date(Number(ns)).toISOString();
      db.apply(
        [
          {
            path,
            before: db.get(path),
            after: { name: `${ROOT}/${path}`, fields: toFields(data), createTime: t, updateTime: t, updateNs: ns },
          },
        ],
        ns,
      );
    };
    put('c/a', { n: 1, m: { k: 0 } }, 1n);
    put('c/b', { n: 1.5, m: { k: -0 } }, 2n);
    put('c/c', { n: 2, m: { k: 'x' } }, 3n);
    const run = (where: JsonObject): string[] => names(runQuery(compileQuery({ from: [{ collectionId: 'c' }], where }, ''), db));
    expect(run({ fieldFilter: { field: { fieldPath: 'n' }, op: 'EQUAL', value: { doubleValue: 1 } } })).toEqual([`${ROOT}/c/a`]);
    expect(run({ fieldFilter: { field: { fieldPath: 'm.k' }, op: 'EQUAL', value: { integerValue: '0' } } })).toEqual([
      `${ROOT}/c/a`,
      `${ROOT}/c/b`,
    ]);
    // The index follows later writes and deletes.
    put('c/c', { n: 1, m: { k: 0 } }, 4n);
    db.apply([{ path: 'c/a', before: db.get('c/a'), after: null }], 5n);
    expect(run({ fieldFilter: { field: { fieldPath: 'n' }, op: 'IN', value: toValue([1, 2]) } })).toEqual([`${ROOT}/c/c`]);
  });
});
