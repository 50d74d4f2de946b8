import { describe, expect, it } from 'vitest';
import {
  arrivals,
  arrivedWhileOffline,
  missedNotice,
  RECONNECT_WINDOW_MS,
  titleWithCount,
  type AlertState,
} from './signal-alerts';

const s = (id: string) => ({ id });

describe('arrivals', () => {
  it('the first snapshot alerts nothing; later new ids do, once each', () => {
    let state: AlertState = { seen: null };
    let step = arrivals(state, [s('a'), s('b')]);
    expect(step.arrived).toEqual([]);
    state = step.state;
    step = arrivals(state, [s('c'), s('a'), s('b')]);
    expect(step.arrived).toEqual([s('c')]);
    state = step.state;
    // The same snapshot again, or a signal removed (Clear Signals), alerts nothing.
    expect(arrivals(state, [s('c'), s('a'), s('b')]).arrived).toEqual([]);
    expect(arrivals(state, [s('a')]).arrived).toEqual([]);
  });
  it('several arrivals at once (a reconnect) come in the order of the list', () => {
    const state = arrivals({ seen: null }, [s('a')]).state;
    expect(arrivals(state, [s('d'), s('c'), s('a')]).arrived).toEqual([s('d'), s('c')]);
  });
});

describe('titleWithCount', () => {
  it('prefixes the unseen count, and leaves the title alone at zero', () => {
    expect(titleWithCount('Punter', 0)).toBe('Punter');
    expect(titleWithCount('Punter', 3)).toBe('(3) Punter');
  });
});

describe('arrivedWhileOffline', () => {
  it('counts arrivals while offline and in the window after the connection is back, not later or never offline', () => {
    expect(arrivedWhileOffline(true, null, 1_000)).toBe(true);
    expect(arrivedWhileOffline(false, 1_000, 1_000 + RECONNECT_WINDOW_MS)).toBe(true);
    expect(arrivedWhileOffline(false, 1_000, 1_001 + RECONNECT_WINDOW_MS)).toBe(false);
    expect(arrivedWhileOffline(false, null, 1_000)).toBe(false);
  });
  it('words the notice for one and for several', () => {
    expect(missedNotice(1)).toBe('1 signal arrived while you were offline. They are marked New below.');
    expect(missedNotice(3)).toMatch(/^3 signals arrived/);
  });
});
