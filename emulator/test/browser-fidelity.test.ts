/**
 * Conformance (issue 18) through the browser build of `firebase/firestore` in Debian's Chromium: the behaviours
 * of test/fidelity.test.ts that the web SDK can reach, over the WebChannel (streaming and long polling) and
 * the REST calls it makes for transactions and aggregations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHarness } from './browser/harness';
import { startBrowserHarness } from './browser/harness';
import type { FidelityGlobals } from './browser/fidelity-entry';
import type { Mode, ScenarioConfig } from './browser/harness-entry';
import { emulatorHost, uniqueProject } from './helpers';

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startBrowserHarness(new URL('./browser/fidelity-entry.ts', import.meta.url), 'runFidelity');
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

const modes: Mode[] = ['streaming', 'long-polling'];

describe.each(modes)('browser SDK fidelity, %s', (mode) => {
  it('vectors, arrays in `in`, numeric ids, mergeFields with a transform, delete-then-update, multi-field aggregations', async () => {
    const { host, port } = emulatorHost();
    const page = await harness.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const config: ScenarioConfig = { host, port, project: uniqueProject(`browser-fid-${mode}`), mode };
    const result = await page.evaluate((c) => (globalThis as unknown as FidelityGlobals).runFidelity(c), config);
    await page.close();
    expect(result).toEqual({
      vector: [true, [1, -2.5]],
      vectorQuery: ['a'],
      inArrays: ['a', 'b'],
      numericId: 1,
      mergeFields: [1, undefined, true],
      deleteThenUpdate: 'invalid-argument',
      aggregate: { totalPages: 300, averageYear: 2007, n: 3 },
    });
    expect(errors).toEqual([]);
  }, 60_000);
});
