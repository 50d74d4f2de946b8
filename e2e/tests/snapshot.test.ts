/**
 * The returning user's dashboard painted from the last visit (ADR 0032): once /dashboard has shown the
 * balance and the transactions, the app keeps a copy of the screen; on the next visit index.html's snapshot
 * script (allowed by its CSP hash) shows that copy before any script of the app has loaded. It is inert
 * and hidden from assistive technology; the app's own screen replaces it and works. Another screen never
 * shows it, and logging out removes it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  capture,
  captureFailure,
  firstPaintAndAppStart,
  launchBrowser,
  loginThroughUi,
  takeCspViolations,
  withoutAppScripts,
  workerlessSession,
} from '../support/browser';

const { webUrl } = inject('stack');

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await workerlessSession(browser, webUrl));
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await captureFailure(page, ctx.task.name);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const snapshot = () => page.locator('#snapshot');
const kept = () => page.evaluate(() => localStorage.getItem('dashboard_snapshot'));
/** The app's own balance: the copy is aria-hidden, so it is not in the page's accessibility tree. */
const appBalance = () => page.getByRole('region', { name: 'Naira wallet' }).getByTestId('wallet-balance');

describe("the last visit's dashboard", () => {
  test('is kept once the balance and the transactions show, and painted from the HTML alone on the next visit', async () => {
    await loginThroughUi(page, 'user@punter.test', 'Punter#2026');
    await appBalance().filter({ hasText: '₦' }).waitFor({ timeout: 90_000 });
    const balance = (await appBalance().textContent()) ?? '';
    await expect.poll(kept, { timeout: 10_000 }).toContain(balance);

    await withoutAppScripts(page, async () => {
      await page.goto('/dashboard');
      await expect.poll(() => snapshot().isVisible()).toBe(true);
      expect(await snapshot().getByTestId('wallet-balance').textContent()).toBe(balance);
      expect(await snapshot().locator('h1').textContent()).toMatch(/^Hello, /);
      expect(await snapshot().locator('.tx-list li, .empty').count()).toBeGreaterThan(0);
      expect(await snapshot().evaluate((el) => (el as HTMLElement).inert)).toBe(true);
      expect(await snapshot().getAttribute('aria-hidden')).toBe('true');
      // No dialog came with it, and no id is there twice.
      expect(await snapshot().locator('dialog').count()).toBe(0);
      const ids = await page.locator('[id]').evaluateAll((els) => els.map((el) => el.id));
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
      // Nothing of the app ran: its root is empty, and hidden while the copy shows.
      expect(await page.locator('#root').innerHTML()).toBe('');
      await capture(page, 'dashboard-from-the-last-visit');
    });
    expect(takeCspViolations()).toEqual([]);
  });

  test("paints before the app's code runs, even with the app's files in the browser's cache", async () => {
    // The files came with the visits above (a year's immutable cache): a browser runs cached module scripts as
    // soon as the HTML is parsed, before painting, unless index.html's snapshot script adds them after the paint.
    const { firstPaint, appStart } = await firstPaintAndAppStart(page, '/dashboard', () =>
      appBalance().filter({ hasText: '₦' }).waitFor(),
    );
    expect(firstPaint).not.toBeNull();
    expect(appStart).not.toBeNull();
    expect(firstPaint).toBeLessThan(appStart ?? 0);
  });

  test("is replaced by the app's own screen, which works", async () => {
    await page.goto('/dashboard');
    await appBalance().filter({ hasText: '₦' }).waitFor();
    expect(await snapshot().count()).toBe(0);
    expect(await page.getByTestId('wallet-balance').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.classList.contains('prerender-snapshot'))).toBe(false);
    await capture(page, 'dashboard-after-the-copy');
    await page.getByRole('button', { name: 'Top up' }).click();
    await page.getByLabel('Amount (₦)').waitFor();
    await page.keyboard.press('Escape');
    expect(takeCspViolations()).toEqual([]);
  });

  test('is not shown on another screen, and logging out removes it', async () => {
    await withoutAppScripts(page, async () => {
      await page.goto('/transactions');
      expect(await snapshot().isVisible()).toBe(false);
      expect(await snapshot().innerHTML()).toBe('');
    });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await kept()).toBeNull();
  });
});
