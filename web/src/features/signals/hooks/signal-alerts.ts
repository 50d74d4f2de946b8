/**
 * Which signals are new to this page, and which of them the reader missed while offline. Pure, so
 * it is tested without a browser. The first snapshot from the server is what was already there (no
 * alert); every later id not seen before is an arrival. After a lost connection, the arrivals that
 * come with the first snapshot from the server again are the missed ones: counted by events, not by
 * a clock, so a slow reconnect on a bad network still reports them.
 */
export type Connection = 'live' | 'lost' | 'back' | 'syncing';

export interface AlertState {
  /** Ids seen so far; null until the first snapshot from the server. */
  seen: ReadonlySet<string> | null;
  /**
   * 'lost' from the browser going offline until it is online again ('back'); 'syncing' once snapshots
   * come from the server again (the catch-up can come in several: measured on the local stack, two
   * missed signals came in two snapshots); 'live' when a server snapshot brings nothing new, or
   * CATCH_UP_MS after the catch-up began.
   */
  connection: Connection;
}

export function initialAlertState(online: boolean): AlertState {
  return { seen: null, connection: online ? 'live' : 'lost' };
}

/** What the listener delivered: Firestore marks a snapshot built from its cache while the connection is down. */
export interface SnapshotSignal {
  id: string;
  fromCache: boolean;
}

export function connectionChanged(state: AlertState, online: boolean): AlertState {
  if (!online) return state.connection === 'lost' ? state : { ...state, connection: 'lost' };
  return state.connection === 'lost' ? { ...state, connection: 'back' } : state;
}

/**
 * Back online but no snapshot told us we are in sync (an empty feed, or a blip Firestore did not
 * notice): after RECONNECT_SETTLE_MS the connection counts as live again.
 */
export const RECONNECT_SETTLE_MS = 60_000;

/** How long the catch-up after a reconnect may take once the first snapshot from the server came. */
export const CATCH_UP_MS = 3_000;

export function settled(state: AlertState): AlertState {
  return state.connection === 'back' || state.connection === 'syncing' ? { ...state, connection: 'live' } : state;
}

export function arrivals<T extends SnapshotSignal>(
  state: AlertState,
  signals: readonly T[],
): { state: AlertState; arrived: T[]; missed: boolean } {
  // Firestore raises a snapshot when it loses or regains the server (includeMetadataChanges); an
  // empty list says nothing about where it came from.
  const fromServer = signals.length > 0 && signals.every((s) => !s.fromCache);
  const ids = new Set(signals.map((s) => s.id));
  if (state.seen === null) {
    // A page opened offline keeps waiting: its cache is not what was there before.
    if (state.connection !== 'live' && !fromServer) return { state, arrived: [], missed: false };
    return { state: { seen: ids, connection: 'live' }, arrived: [], missed: false };
  }
  const seen = state.seen;
  const arrived = signals.filter((s) => !seen.has(s.id));
  const missed = arrived.length > 0 && state.connection !== 'live';
  const catchingUp = state.connection === 'back' || state.connection === 'syncing';
  const connection: Connection = catchingUp && fromServer ? (arrived.length > 0 ? 'syncing' : 'live') : state.connection;
  return { state: { seen: new Set([...seen, ...ids]), connection }, arrived, missed };
}

/** The tab title with the count of signals that arrived while the user was away: '(2) Punter'. */
export function titleWithCount(base: string, unseen: number): string {
  return unseen > 0 ? `(${unseen}) ${base}` : base;
}

/** The one-time notice after a reconnect: '1 signal arrived while you were offline' or 'N signals ...'. */
export function missedNotice(count: number): string {
  return `${count} ${count === 1 ? 'signal' : 'signals'} arrived while you were offline. They are marked New below.`;
}
