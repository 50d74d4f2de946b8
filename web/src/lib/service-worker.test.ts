import { describe, expect, it, vi } from 'vitest';
import { watchLoadedAssets } from '@/lib/service-worker';

describe('the files the page loaded before the worker controlled it', () => {
  const origin = 'https://punter.example';
  const entry = (name: string) => ({ name }) as PerformanceEntry;

  it('are reported once each, hashed files of this origin only, from the timeline and then as the observer sees them (past the timeline’s 250)', () => {
    let observed: ((list: { getEntries: () => PerformanceEntry[] }) => void) | undefined;
    const observe = vi.fn();
    class FakeObserver {
      constructor(callback: (list: { getEntries: () => PerformanceEntry[] }) => void) {
        observed = callback;
      }
      observe = observe;
    }
    const timeline = {
      getEntriesByType: () => [
        entry(`${origin}/assets/index-A.js`),
        entry(`${origin}/index.html`),
        entry('https://firestore.googleapis.com/assets/x.js'),
      ],
    };
    const reports: string[][] = [];
    watchLoadedAssets(timeline, origin, (urls) => reports.push(urls), FakeObserver as unknown as typeof PerformanceObserver);
    expect(observe).toHaveBeenCalledWith({ type: 'resource', buffered: true });
    // A file loaded once the timeline is full still reaches the observer; one already reported is not sent again.
    const late = Array.from({ length: 300 }, (_, i) => entry(`${origin}/google.firestore.v1.Firestore/Listen/channel?RID=${i}`));
    observed?.({ getEntries: () => [...late, entry(`${origin}/assets/wallet-B.js`), entry(`${origin}/assets/index-A.js`)] });
    observed?.({ getEntries: () => late });
    expect(reports).toEqual([[`${origin}/assets/index-A.js`], [`${origin}/assets/wallet-B.js`]]);
  });

  it('come from the timeline alone where the browser has no observer', () => {
    const reports: string[][] = [];
    const timeline = { getEntriesByType: () => [entry(`${origin}/assets/index-A.js`)] };
    watchLoadedAssets(timeline, origin, (urls) => reports.push(urls), undefined);
    expect(reports).toEqual([[`${origin}/assets/index-A.js`]]);
  });
});
