import { describe, expect, it } from 'vitest';
import { arrivals, titleWithCount, type AlertState } from './signal-alerts';

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
