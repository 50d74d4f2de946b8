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

/** After the connection comes back, arrivals within this window are what the reader missed while offline. */
export const RECONNECT_WINDOW_MS = 15_000;

/** True when signals arriving at `now` were posted while the reader was offline. */
export function arrivedWhileOffline(offline: boolean, backOnlineAt: number | null, now: number): boolean {
  return offline || (backOnlineAt !== null && now - backOnlineAt <= RECONNECT_WINDOW_MS);
}

/** The one-time notice after a reconnect: '1 signal arrived while you were offline' or 'N signals ...'. */
export function missedNotice(count: number): string {
  return `${count} ${count === 1 ? 'signal' : 'signals'} arrived while you were offline. They are marked New below.`;
}
