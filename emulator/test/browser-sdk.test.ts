/**
 * Conformance: the browser build of `firebase/firestore` in Debian's Chromium (WebChannel + REST + CORS),
 * in streaming, forced long-polling and auto-detect modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHarness } from './browser/harness';
import { startBrowserHarness } from './browser/harness';
import type { HarnessGlobals, Mode, ScenarioConfig } from './browser/harness-entry';
import { emulatorHost, uniqueProject } from './helpers';

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startBrowserHarness();
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

const modes: Mode[] = ['streaming', 'long-polling', 'auto-detect'];

describe.each(modes)('browser SDK, %s', (mode) => {
  it('runs the whole scenario', async () => {
    const { host, port } = emulatorHost();
    const page = await harness.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const config: ScenarioConfig = { host, port, project: uniqueProject(`browser-${mode}`), mode };
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        page
          .evaluate(() => (globalThis as unknown as HarnessGlobals).scenarioProgress.join(' > '))
          .then((steps) => reject(new Error(`scenario hung after: ${steps}; page errors: ${errors.join('; ')}`)), reject);
      }, 45_000);
    });
    const result = await Promise.race([page.evaluate((c) => (globalThis as unknown as HarnessGlobals).runScenario(c), config), hung]);
    clearTimeout(timer);
    await page.close();
    expect(result).toEqual({
      values: {
        s: 'é✓😀',
        i: 42,
        d: 1.5,
        b: true,
        n: null,
        t: 1_700_000_000_000.005,
        g: [6.5, 3.4],
        y: [0, 255],
        a: [1, 'x'],
        m: { deep: { er: 1 } },
      },
      transforms: { i: 50, a: [1, 'x', 'z'], atIsTimestamp: true },
      query: ['d4', 'd2'],
      cursor: ['d4', 'd5'],
      count: 4,
      limitToLast: ['d4', 'd5'],
      or: ['d0', 'd5'],
      aggregate: { total: 15, mean: 2.5 },
      fieldOps: { n: 0, tags: ['b'] },
      atomic: ['not-found', false],
      transactions: 5,
      pending: ['undefined:done', true, '1:done'],
      board: 'ok',
      missing: 'not-found',
      deleted: true,
    });
    expect(errors).toEqual([]);
  }, 60_000);
});
