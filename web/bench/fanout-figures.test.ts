import { describe, expect, it } from 'vitest';
import { pageDeliveries, percentile, sdkDeliveries, splitClients, summarise, withinGoal, type Post } from './fanout-figures';

const posts: Post[] = [
  { id: 'a', calledAt: 1000, returnedAt: 1100 },
  { id: 'b', calledAt: 5000, returnedAt: 5100 },
];

describe('SDK client deliveries', () => {
  it('time each post from the callable return and from the call, the first arrival only', () => {
    const added = new Map([
      ['a', [1150]],
      ['b', [5090]],
    ]);
    expect(sdkDeliveries(added, posts, 10_000)).toEqual([
      { post: 0, fromReturnMs: 50, fromCallMs: 150, twice: false },
      { post: 1, fromReturnMs: -10, fromCallMs: 90, twice: false },
    ]);
  });
  it('count a post never added, or added after the limit, as missed', () => {
    const added = new Map([['b', [5100 + 10_001]]]);
    const summary = summarise(sdkDeliveries(added, posts, 10_000));
    expect(summary).toMatchObject({ arrived: 0, missed: 2, p95Ms: null });
    expect(withinGoal(summary, 250)).toBe(false);
  });
  it('count a second add of the same signal as twice', () => {
    const added = new Map([
      ['a', [1150, 1400]],
      ['b', [5120]],
    ]);
    const summary = summarise(sdkDeliveries(added, posts, 10_000));
    expect(summary).toMatchObject({ arrived: 2, missed: 0, twice: 1 });
    expect(withinGoal(summary, 250)).toBe(false);
  });
});

describe('page deliveries', () => {
  it('take the first time the list holds k + 1 rows as post k arriving', () => {
    const records = [
      { count: 0, at: 900 },
      { count: 1, at: 1300 },
      { count: 2, at: 5180 },
    ];
    const deliveries = pageDeliveries(records, posts, 10_000);
    expect(deliveries.map((d) => d.fromReturnMs)).toEqual([200, 80]);
    expect(withinGoal(summarise(deliveries), 250)).toBe(true);
  });
  it('count more rows than posts made so far as twice, and rows that never come as missed', () => {
    const records = [
      { count: 0, at: 900 },
      { count: 2, at: 1300 },
      { count: 1, at: 1400 },
    ];
    const deliveries = pageDeliveries(records, posts, 10_000);
    expect(deliveries[0]).toMatchObject({ fromReturnMs: 200, twice: true });
    // The doubled row at 1300 is not post b, made at 5000: b never showed.
    expect(deliveries[1]).toMatchObject({ fromReturnMs: null, twice: false });
    expect(summarise(deliveries)).toMatchObject({ arrived: 1, missed: 1, twice: 1 });
    expect(pageDeliveries([{ count: 0, at: 900 }], posts, 10_000).every((d) => d.fromReturnMs === null)).toBe(true);
  });
});

describe('summary', () => {
  it('gives nearest-rank percentiles over the deliveries that arrived', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });
  it('misses the goal at p95 of 250 ms or more', () => {
    const added = new Map([
      ['a', [1100 + 250]],
      ['b', [5100 + 249]],
    ]);
    const summary = summarise(sdkDeliveries(added, posts, 10_000));
    expect(summary.p95Ms).toBe(250);
    expect(withinGoal(summary, 250)).toBe(false);
  });
});

describe('listener processes', () => {
  it('hold every client, at most perProcess each, as evenly as can be', () => {
    expect(splitClients(200, 1000)).toEqual([200]);
    expect(splitClients(2000, 1000)).toEqual([1000, 1000]);
    expect(splitClients(2500, 1000)).toEqual([834, 833, 833]);
    expect(splitClients(10_000, 1500)).toEqual([1429, 1429, 1429, 1429, 1428, 1428, 1428]);
  });
});
