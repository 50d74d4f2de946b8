import { describe, expect, it } from 'vitest';
import {
  arrivals,
  connectionChanged,
  initialAlertState,
  missedNotice,
  settled,
  titleWithCount,
  type AlertState,
} from './signal-alerts';

const server = (id: string) => ({ id, fromCache: false });
const cached = (id: string) => ({ id, fromCache: true });

describe('arrivals', () => {
  it('the first snapshot alerts nothing; later new ids do, once each', () => {
    let state: AlertState = initialAlertState(true);
    let step = arrivals(state, [server('a'), server('b')]);
    expect(step.arrived).toEqual([]);
    state = step.state;
    step = arrivals(state, [server('c'), server('a'), server('b')]);
    expect(step.arrived).toEqual([server('c')]);
    expect(step.missed).toBe(false);
    state = step.state;
    // The same snapshot again, or a signal removed (Clear Signals), alerts nothing.
    expect(arrivals(state, [server('c'), server('a'), server('b')]).arrived).toEqual([]);
    expect(arrivals(state, [server('a')]).arrived).toEqual([]);
  });

  it('several arrivals at once come in the order of the list', () => {
    const state = arrivals(initialAlertState(true), [server('a')]).state;
    expect(arrivals(state, [server('d'), server('c'), server('a')]).arrived).toEqual([server('d'), server('c')]);
  });
});

describe('after a lost connection', () => {
  const live = arrivals(initialAlertState(true), [server('a')]).state;

  it('what the first snapshot from the server brings is missed, however long the reconnect took; then live again', () => {
    let state = connectionChanged(live, false);
    // Firestore says it serves from its cache now: nothing new, still lost.
    let step = arrivals(state, [cached('a')]);
    expect(step.arrived).toEqual([]);
    state = connectionChanged(step.state, true);
    expect(state.connection).toBe('back');
    // Still from the cache after the browser is online: not yet in sync.
    state = arrivals(state, [cached('a')]).state;
    expect(state.connection).toBe('back');
    // The catch-up can come in several snapshots (seen on the local stack): all of it is missed.
    step = arrivals(state, [server('b'), server('a')]);
    expect(step.arrived.map((s) => s.id)).toEqual(['b']);
    expect(step.missed).toBe(true);
    expect(step.state.connection).toBe('syncing');
    step = arrivals(step.state, [server('c'), server('b'), server('a')]);
    expect(step.arrived.map((s) => s.id)).toEqual(['c']);
    expect(step.missed).toBe(true);
    // A server snapshot with nothing new: in sync. The next signal is live, and none counts twice.
    state = arrivals(step.state, [server('c'), server('b'), server('a')]).state;
    expect(state.connection).toBe('live');
    step = arrivals(state, [server('d'), server('c'), server('b'), server('a')]);
    expect(step.arrived.map((s) => s.id)).toEqual(['d']);
    expect(step.missed).toBe(false);
  });

  it('nothing missed: the snapshot in sync again ends it, so a later signal is live', () => {
    let state = connectionChanged(connectionChanged(live, false), true);
    state = arrivals(state, [server('a')]).state;
    expect(state.connection).toBe('live');
    expect(arrivals(state, [server('b'), server('a')]).missed).toBe(false);
  });

  it('an empty feed says nothing about the connection: settled() ends the wait', () => {
    const empty = arrivals(initialAlertState(true), []).state;
    let state = connectionChanged(connectionChanged(empty, false), true);
    state = arrivals(state, []).state;
    expect(state.connection).toBe('back');
    expect(settled(state).connection).toBe('live');
    expect(settled(live)).toBe(live);
    // The catch-up ends by the clock too (CATCH_UP_MS) when no empty server snapshot comes.
    expect(settled({ ...live, connection: 'syncing' }).connection).toBe('live');
  });

  it('a page opened offline does not take its cache as what was there: the server snapshot is', () => {
    let state = initialAlertState(false);
    state = arrivals(state, []).state;
    expect(state.seen).toBeNull();
    state = connectionChanged(state, true);
    const step = arrivals(state, [server('a'), server('b')]);
    expect(step.arrived).toEqual([]);
    expect(step.state.seen).toEqual(new Set(['a', 'b']));
  });
});

describe('texts', () => {
  it('prefixes the unseen count, and leaves the title alone at zero', () => {
    expect(titleWithCount('Punter', 0)).toBe('Punter');
    expect(titleWithCount('Punter', 3)).toBe('(3) Punter');
  });
  it('words the missed notice for one and for several', () => {
    expect(missedNotice(1)).toBe('1 signal arrived while you were offline. They are marked New below.');
    expect(missedNotice(3)).toBe('3 signals arrived while you were offline. They are marked New below.');
  });
});
