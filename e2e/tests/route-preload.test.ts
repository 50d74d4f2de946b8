/**
 * A route opened from within the app asks for all its chunks at once (lib/route-preload.ts): the build lists
 * each route's chunks once, in index.html's map, and the router preloads them beside the route's module, so
 * the module's imports (reactfire for the signal feed) do not wait for the module to arrive first.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { captureFailure, launchBrowser, loginThroughUi, newSession, registerViaApi, type ApiUser } from '../support/browser';

const { webUrl, providerOrigin } = inject('stack');
const run = Date.now().toString().slice(-8);
const user: ApiUser = {
  email: `rtp.${run}@punter.test`,
  password: 'Preload-fast-2026',
  phone: `0805${run.slice(-7)}`,
  first_name: 'Remi',
  last_name: `Preload${run}`,
  username: `remi_${run}`,
  pin: '9753',
};

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, webUrl));
  await registerViaApi(providerOrigin, user);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await captureFailure(page, ctx.task.name);
});

afterAll(async () => {
  await browser.close();
});

describe('a route opened from the menu', () => {
  test("preloads every chunk index.html's map lists for it, reactfire among them", async () => {
    await loginThroughUi(page, user.email, user.password);
    const chunks = await page.evaluate(
      () =>
        (JSON.parse(document.getElementById('route-chunks')?.textContent ?? '{}') as Record<string, string[]>)['/signal-4'] ?? [],
    );
    // reactfire: the live screens load it, the dashboard does not (its permissions watcher listens without it).
    expect(chunks.some((file) => file.includes('/sdk-reactfire-'))).toBe(true);
    const before = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (l) => l.getAttribute('href')),
    );
    expect(before.filter((href) => href?.includes('/sdk-reactfire-'))).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Over 4.5 signal' }).click();
    await page.waitForURL((url) => url.pathname === '/signal-4');
    // The address changes at the click; the dashboard stays until the signal screen's module is in.
    await page.getByRole('heading', { level: 1, name: 'Over 4.5 signal' }).waitFor();

    const preloaded = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (l) => l.getAttribute('href')),
    );
    expect(chunks.filter((file) => !preloaded.includes(file))).toEqual([]);
    // Each asked for once.
    const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    for (const file of chunks) expect(requested.filter((p) => p === file)).toHaveLength(1);
  });
});
