/**
 * The figures of the signal fan-out benchmark (signal-fanout.ts), kept apart from the stack and the
 * clients so what counts as a delivery, a miss and a duplicate is unit-tested (fanout-figures.test.ts).
 */

export interface Post {
  id: string;
  /** Date.now() just before the postSignal call, and once its answer was read. */
  calledAt: number;
  returnedAt: number;
}

/** One post as one client got it. */
export interface Delivery {
  /** Index of the post in the run. */
  post: number;
  /** ms from the callable's return (negative: the listener heard first); null when missed. */
  fromReturnMs: number | null;
  /** ms from the start of the call; null when missed. */
  fromCallMs: number | null;
  twice: boolean;
}

/** A change of the number of rows in a page's signal list, at (epoch ms). */
export interface PageRecord {
  count: number;
  at: number;
}

function delivery(post: number, p: Post, arrivedAt: number | undefined, missedAfterMs: number, twice: boolean): Delivery {
  const missed = arrivedAt === undefined || arrivedAt - p.returnedAt > missedAfterMs;
  return {
    post,
    fromReturnMs: missed ? null : Math.round(arrivedAt - p.returnedAt),
    fromCallMs: missed ? null : Math.round(arrivedAt - p.calledAt),
    twice,
  };
}

/**
 * An SDK client's deliveries, from when each 'added' change of a signal id reached its listener.
 * A second 'added' of the same id is a duplicate (shown twice, or gone and back).
 */
export function sdkDeliveries(
  added: ReadonlyMap<string, readonly number[]>,
  posts: readonly Post[],
  missedAfterMs: number,
): Delivery[] {
  return posts.map((p, k) => {
    const times = added.get(p.id) ?? [];
    return delivery(k, p, times[0], missedAfterMs, times.length > 1);
  });
}

/**
 * A page's deliveries, from the row counts of its list, recorded from an empty feed on. Post k (from
 * 0) has arrived when, after its call, the list first holds k + 1 rows; until post k + 1 is made, a
 * list of more than k + 1 rows shows something twice.
 */
export function pageDeliveries(records: readonly PageRecord[], posts: readonly Post[], missedAfterMs: number): Delivery[] {
  return posts.map((p, k) => {
    const arrival = records.find((r) => r.at >= p.calledAt && r.count >= k + 1);
    const windowEnd = posts[k + 1]?.calledAt ?? Infinity;
    const twice = records.some((r) => r.at < windowEnd && r.count > k + 1);
    return delivery(k, p, arrival?.at, missedAfterMs, twice);
  });
}

/** Nearest-rank percentile of ascending values; null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? null;
}

export interface Summary {
  /** Deliveries that arrived (missed ones are not in the percentiles). */
  arrived: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
  minMs: number | null;
  /** The same, measured from the start of the call. */
  fromCall: { p50Ms: number | null; p95Ms: number | null; maxMs: number | null };
  missed: number;
  twice: number;
}

export function summarise(deliveries: readonly Delivery[]): Summary {
  const ascending = (values: (number | null)[]) => values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  const fromReturn = ascending(deliveries.map((d) => d.fromReturnMs));
  const fromCall = ascending(deliveries.map((d) => d.fromCallMs));
  return {
    arrived: fromReturn.length,
    p50Ms: percentile(fromReturn, 50),
    p95Ms: percentile(fromReturn, 95),
    maxMs: fromReturn.at(-1) ?? null,
    minMs: fromReturn[0] ?? null,
    fromCall: { p50Ms: percentile(fromCall, 50), p95Ms: percentile(fromCall, 95), maxMs: fromCall.at(-1) ?? null },
    missed: deliveries.filter((d) => d.fromReturnMs === null).length,
    twice: deliveries.filter((d) => d.twice).length,
  };
}

/** The goal of issue 12: p95 under `p95GoalMs`, nothing missed, nothing twice. */
export function withinGoal(summary: Summary, p95GoalMs: number): boolean {
  return summary.p95Ms !== null && summary.p95Ms < p95GoalMs && summary.missed === 0 && summary.twice === 0;
}

/** `total` clients in processes of at most `perProcess`, as even as can be (2,500 by 1,000: 834, 833, 833). */
export function splitClients(total: number, perProcess: number): number[] {
  const processes = Math.ceil(total / perProcess);
  return Array.from({ length: processes }, (_, k) => Math.floor(total / processes) + (k < total % processes ? 1 : 0));
}
