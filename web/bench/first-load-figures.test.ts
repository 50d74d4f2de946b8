import { describe, expect, it } from 'vitest';
import {
  answeredByHttpCache,
  deployFigure,
  goalKb,
  journeyCost,
  lcpFigure,
  median,
  tabSwitchFigure,
  type Received,
} from './first-load-figures';

describe('first-load goals', () => {
  it("are issue 30's: 120 KB for /login, 250 KB for the live screens and 180 KB for every other route", () => {
    expect(goalKb('/login')).toBe(120);
    expect(goalKb('/signal-4')).toBe(250);
    expect(goalKb('/punters-hub')).toBe(250);
    expect(goalKb('/auto-trada')).toBe(250);
    expect(goalKb('/pot/:id')).toBe(250);
    expect(goalKb('/dashboard')).toBe(180);
    expect(goalKb('/referral/:referralCode')).toBe(180);
  });
});

describe('LCP figures', () => {
  it('take the median of the runs and the range of the load around them', () => {
    const figure = lcpFigure(
      [
        { ms: 1400.4, loadBefore: 0.5, loadAfter: 0.7 },
        { ms: 1700, loadBefore: 0.7, loadAfter: 0.9 },
        { ms: 1200, loadBefore: 0.3, loadAfter: 0.4 },
      ],
      2,
    );
    expect(figure).toMatchObject({
      runsMs: [1400, 1700, 1200],
      medianMs: 1400,
      appShownMedianMs: null,
      load: { min: 0.3, max: 0.9 },
      quiet: true,
      withinGoal: true,
    });
  });

  it("report the median time of the app's own screen when every run recorded it", () => {
    const runs = [
      { ms: 600, appShownMs: 1900, loadBefore: 0.5, loadAfter: 0.7 },
      { ms: 650, appShownMs: 2100.4, loadBefore: 0.5, loadAfter: 0.7 },
      { ms: 700, appShownMs: 1800, loadBefore: 0.5, loadAfter: 0.7 },
    ];
    expect(lcpFigure(runs, 2).appShownMedianMs).toBe(1900);
    expect(lcpFigure([...runs, { ms: 640, loadBefore: 0.5, loadAfter: 0.7 }], 2).appShownMedianMs).toBeNull();
  });

  it('call a run under a load of one core or more not quiet, and a median at the goal not within it', () => {
    const figure = lcpFigure(
      [
        { ms: 1500, loadBefore: 0.2, loadAfter: 1.0 },
        { ms: 1500, loadBefore: 0.2, loadAfter: 0.3 },
      ],
      2,
    );
    expect(figure.quiet).toBe(false);
    expect(figure.withinGoal).toBe(false);
  });

  it('median: the upper middle of an even count, NaN for none', () => {
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBeNaN();
  });
});

describe('journey cost', () => {
  const web = 'http://127.0.0.1:4173';
  const response = (url: string, over: Partial<Received> = {}): Received => ({
    requestId: url,
    url,
    streamed: 0,
    finished: null,
    fromCache: false,
    headers: 0,
    ...over,
  });

  it('counts finished responses whole, open streams as far as they came, and cached answers as nothing; headers apart too', () => {
    const cost = journeyCost(
      [
        response(`${web}/dashboard`, { finished: 1024, headers: 300 }),
        response(`${web}/assets/index-abc.js`, { streamed: 500, finished: 10 * 1024, headers: 1000 }),
        response(`${web}/assets/index-abc.css`, { fromCache: true, finished: 4096, headers: 900 }),
        response('http://127.0.0.1:8080/google.firestore.v1.Firestore/Listen/channel?VER=8', { streamed: 2048 }),
        response(`${web}/favicon.svg`, { finished: 512 }),
        response('http://127.0.0.1:8080/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=2', { finished: 1024 }),
      ],
      web,
    );
    expect(cost).toEqual({
      totalKb: 14.5,
      requests: 6,
      fromCache: 1,
      byKind: { code: 10, document: 1, api: 3, other: 0.5 },
      headersKb: 1.3,
      largest: [
        { url: '/assets/index-abc.js', kb: 10, requests: 1 },
        { url: 'http://127.0.0.1:8080/google.firestore.v1.Firestore/Listen/channel', kb: 3, requests: 2 },
        { url: '/dashboard', kb: 1, requests: 1 },
        { url: '/favicon.svg', kb: 0.5, requests: 1 },
      ],
    });
  });
});

describe('Punters Hub tab-switch figure', () => {
  const run = (tab: string, ms: number, wholePageMs = ms + 30) => ({ tab, ms, cards: 6, wholePageMs, wholePageCards: 20 });
  it('reports the median and the worst switch, and judges the goal on the worst', () => {
    const fast = tabSwitchFigure([run('Boom', 40.26), run('Cut', 60, 131.04), run('Active', 55)], 500, [1.2, 0.8, 1.5]);
    expect(fast).toMatchObject({
      codes: 500,
      medianMs: 55,
      maxMs: 60,
      wholePageMaxMs: 131,
      load: { min: 0.8, max: 1.5 },
      goalMs: 100,
      withinGoal: true,
    });
    expect(fast.runs[0]).toEqual({ tab: 'Boom', ms: 40.3, cards: 6, wholePageMs: 70.3, wholePageCards: 20 });
    expect(fast.runs[1]?.wholePageMs).toBe(131);
    // One slow switch fails the goal even when the median is well under it.
    expect(tabSwitchFigure([run('Boom', 40), run('Cut', 140), run('Active', 50)], 500, [1]).withinGoal).toBe(false);
    expect(tabSwitchFigure([], 500, [1]).withinGoal).toBe(false);
  });
});

describe('the deploy figure', () => {
  it("counts a route's files whose names the earlier build did not have, and the route's whole first load", () => {
    const earlier = new Set(['assets/sdk-firestore-A.js', 'assets/jsx-runtime-B.js', 'assets/index-OLD.js']);
    const figure = deployFigure(
      [
        {
          route: '/signal-4',
          files: [
            { name: 'assets/sdk-firestore-A.js', bytes: 80 * 1024 },
            { name: 'assets/jsx-runtime-B.js', bytes: 8 * 1024 },
            { name: 'assets/index-NEW.js', bytes: 17 * 1024 },
            { name: 'assets/signal-NEW.js', bytes: 6 * 1024 + 512 },
          ],
        },
        { route: '/login', files: [{ name: 'assets/jsx-runtime-B.js', bytes: 8 * 1024 }] },
      ],
      earlier,
    );
    expect(figure).toEqual([
      { route: '/signal-4', totalKb: 111.5, renamedKb: 23.5 },
      { route: '/login', totalKb: 8, renamedKb: 0 },
    ]);
  });
});

describe("the worker's fetches", () => {
  it('count as cached only when the HTTP cache answered alone, not after a revalidation (a 304 crossed the network)', () => {
    expect(answeredByHttpCache(200, 0, { accept: '*/*' })).toBe(true);
    expect(answeredByHttpCache(200, -273, { accept: '*/*' })).toBe(true);
    expect(answeredByHttpCache(200, 0, { 'if-none-match': 'W/"401e-x"' })).toBe(false);
    expect(answeredByHttpCache(200, 0, { 'if-modified-since': 'Wed, 25 Nov 2026 15:45:37 GMT' })).toBe(false);
    expect(answeredByHttpCache(200, 5066, {})).toBe(false);
    expect(answeredByHttpCache(404, 0, {})).toBe(false);
    expect(answeredByHttpCache(undefined, 0, {})).toBe(false);
  });
});
