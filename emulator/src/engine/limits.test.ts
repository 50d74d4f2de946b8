/** Production-limits mode's arithmetic on a fake clock: the token bucket, the bounds, the warnings, the report. */
import { describe, expect, it } from 'vitest';
import type { Value } from '../contract';
import { Code, RpcError } from '../contract';
import type { ProductionLimitsOptions } from './limits';
import { CONTENTION_MESSAGE, formatLimitsReport, parseProductionLimits, ProductionLimits } from './limits';
import type { Change, DocRecord } from './store';

const DB = 'projects/p/databases/(default)';

function setup(options: ProductionLimitsOptions = {}): { limits: ProductionLimits; clock: { t: number }; lines: string[] } {
  const clock = { t: 1_000_000 };
  const lines: string[] = [];
  const limits = new ProductionLimits(parseProductionLimits(options), { now: () => clock.t, warn: (l) => lines.push(l) });
  return { limits, clock, lines };
}

function put(path: string, fields: Record<string, Value>, before: Record<string, Value> | null = null): Change {
  const doc = (f: Record<string, Value>): DocRecord => ({
    name: `${DB}/documents/${path}`,
    fields: f,
    createTime: '',
    updateTime: '',
    updateNs: 0n,
  });
  return { path, before: before ? doc(before) : null, after: doc(fields) };
}

function aborted(f: () => unknown): RpcError {
  try {
    f();
  } catch (e) {
    if (e instanceof RpcError) return e;
    throw e;
  }
  throw new Error('expected ABORTED');
}

describe('per-document token bucket', () => {
  it('lets a burst through, then spaces writes at the sustained rate', () => {
    const { limits, clock } = setup(); // 1/s, burst 5
    const delays = Array.from({ length: 8 }, () => limits.admit(DB, ['c/d'], null));
    expect(delays).toEqual([0, 0, 0, 0, 0, 1000, 2000, 3000]);
    clock.t += 10_000; // idle: the bucket refills (to the burst, no more)
    expect(Array.from({ length: 6 }, () => limits.admit(DB, ['c/d'], null))).toEqual([0, 0, 0, 0, 0, 1000]);
  });

  it('keeps documents apart, and a batch waits for its slowest document', () => {
    const { limits } = setup({ documentBurst: 1 });
    expect(limits.admit(DB, ['c/a'], null)).toBe(0);
    expect(limits.admit(DB, ['c/b'], null)).toBe(0);
    expect(limits.admit(`projects/q/databases/(default)`, ['c/a'], null)).toBe(0);
    expect(limits.admit(DB, ['c/a', 'c/z'], null)).toBe(1000);
  });

  it('fails a write that would wait longer than maxWriteDelayMs, without taking a slot', () => {
    const { limits } = setup({ documentWritesPerSecond: 10, documentBurst: 1, maxWriteDelayMs: 250 });
    expect([0, 1, 2].map(() => limits.admit(DB, ['c/d'], null))).toEqual([0, 100, 200]);
    const e = aborted(() => limits.admit(DB, ['c/d'], null));
    expect(e.code).toBe(Code.ABORTED);
    expect(e.message).toBe(CONTENTION_MESSAGE);
    const report = limits.report();
    expect(report.documents[0]).toMatchObject({ path: 'c/d', aborts: 1, delayedWrites: 2, maxDelayMs: 200 });
    expect(report.totals).toMatchObject({ aborts: 1, delayedWrites: 2, totalDelayMs: 300 });
  });

  it("counts a transaction's lock waits against transactionMaxWaitMs, only when its document is past the rate", () => {
    const { limits } = setup({ documentWritesPerSecond: 10, documentBurst: 2, transactionMaxWaitMs: 300 });
    expect(limits.admit(DB, ['c/d'], 5_000)).toBe(0); // within the burst: a long lock wait alone is no contention
    expect(limits.admit(DB, ['c/d'], 150)).toBe(0);
    expect(limits.admit(DB, ['c/d'], 150)).toBe(100); // 150 + 100 <= 300
    expect(aborted(() => limits.admit(DB, ['c/d'], 150)).message).toBe(CONTENTION_MESSAGE); // 150 + 200 > 300
    expect(limits.admit(DB, ['c/d'], 0)).toBe(200);
  });
});

describe('collection warnings', () => {
  it('warns once a minute about a sequential field above its rate, and about a ramp faster than 500/50/5', () => {
    const { limits, clock, lines } = setup({ sequentialWritesPerSecond: 50, rampStartWritesPerSecond: 50 });
    const batch = (from: number, n: number): Change[] =>
      Array.from({ length: n }, (_, i) => put(`log/e${from + i}`, { at: { integerValue: String(from + i) } }));
    limits.committed(DB, batch(0, 40));
    expect(lines).toEqual([]);
    clock.t += 100;
    limits.committed(DB, batch(40, 40)); // 80 in the last second
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/sequential-index: .*80 writes\/s into log with sequential field\(s\) at/);
    expect(lines[1]).toMatch(/ramp: .*80 writes\/s into log ramps faster than the 500\/50\/5 rule/);
    clock.t += 30_000;
    limits.committed(DB, batch(80, 100));
    expect(lines).toHaveLength(2); // once per minute
    clock.t += 31_000;
    limits.committed(DB, batch(180, 100));
    expect(lines).toHaveLength(3); // the hot spot again; 100/s now is within what the ramp allows after 100/s before
    const col = limits.report().collections[0];
    expect(col).toMatchObject({ path: 'log', sequentialFields: ['at'], hotSpotWarnings: 2, rampWarnings: 1 });
  });

  it('does not call random or unchanged values sequential', () => {
    const { limits, clock, lines } = setup({ sequentialWritesPerSecond: 10, rampStartWritesPerSecond: 1000 });
    const values = [5, 3, 9, 1, 7, 2, 8, 4, 6, 0, 5, 3, 9, 1, 7, 2, 8, 4, 6, 0];
    limits.committed(
      DB,
      values.map((v, i) => put(`r/d${i}`, { score: { integerValue: String(v) } })),
    );
    clock.t += 10;
    // The same document rewritten with its timestamp unchanged: no new index entry.
    const ts = { timestampValue: '2026-11-29T00:00:00.000000000Z' };
    for (let i = 0; i < 20; i++) limits.committed(DB, [put('r/same', { ts, n: { stringValue: String(i) } }, { ts })]);
    expect(lines).toEqual([]);
    const col = limits.report().collections[0];
    expect(col).toMatchObject({ path: 'r', sequentialFields: [] });
  });

  it('lets a collection grow 50% every 5 minutes without a ramp warning', () => {
    const { limits, clock, lines } = setup({ rampStartWritesPerSecond: 10, sequentialWritesPerSecond: 1e6 });
    let rate = 10;
    let n = 0;
    for (let second = 0; second < 1200; second++) {
      // Growing 1.5x per 300 s, evenly spread over each second.
      rate = 10 * 1.5 ** (second / 300);
      const perSecond = Math.floor(rate);
      for (let k = 0; k < perSecond; k++) {
        clock.t = 1_000_000 + second * 1000 + Math.floor((k * 1000) / perSecond);
        limits.committed(DB, [put(`g/d${n++}`, { v: { stringValue: 'x' } })]);
      }
    }
    expect(rate).toBeGreaterThan(50);
    expect(lines).toEqual([]);
  });
});

describe('options and report', () => {
  it('validates the options', () => {
    expect(parseProductionLimits(true).documentWritesPerSecond).toBe(1);
    expect(() => parseProductionLimits({ documentBurst: 0 })).toThrow(/documentBurst/);
    expect(() => parseProductionLimits({ nope: 1 } as ProductionLimitsOptions)).toThrow(/nope|Unrecognized/);
  });

  it('formats the report as text', () => {
    const { limits } = setup();
    for (let i = 0; i < 7; i++) limits.admit(DB, ['c/hot'], null);
    limits.committed(DB, [put('c/hot', { n: { integerValue: '1' } })]);
    const text = formatLimitsReport(limits.report());
    expect(text).toMatch(/1 writes, 2 delayed \(3000 ms in all\), 0 aborted/);
    expect(text).toMatch(/c\/hot {2}1 \(7\)/);
  });
});
