/**
 * Which signals are new to this page: the first snapshot is what was already there (no alert);
 * every later id not seen before is an arrival. Pure, so it is tested without a browser.
 */
export interface AlertState {
  /** Ids seen so far; null until the first snapshot. */
  seen: ReadonlySet<string> | null;
}

export function arrivals<T extends { id: string }>(
  state: AlertState,
  signals: readonly T[],
): { state: AlertState; arrived: T[] } {
  const ids = new Set(signals.map((s) => s.id));
  if (state.seen === null) return { state: { seen: ids }, arrived: [] };
  const seen = state.seen;
  const arrived = signals.filter((s) => !seen.has(s.id));
  return { state: { seen: new Set([...seen, ...ids]) }, arrived };
}

/** The tab title with the count of signals that arrived while the user was away: '(2) Punter'. */
export function titleWithCount(base: string, unseen: number): string {
  return unseen > 0 ? `(${unseen}) ${base}` : base;
}
