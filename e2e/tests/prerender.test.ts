/**
 * The prerendered /login (ADR 0031, ADR 0052): index.html carries the login screen in the app's root, rendered at
 * build time from the app's own route tree; the route preload script (allowed by its CSP hash) shows it on /login to a
 * visitor without a stored session, so it paints before any script of the app has loaded, inert. The app then
 * hydrates it: the same elements become the live screen. Anywhere else, and for a signed-in user, the root is empty.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  captureFailure,
  firstPaintAndAppStart,
  launchBrowser,
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

const root = () => page.locator('#root');

/** Before the app's scripts run: keeps the painted e-mail field, to compare with the live one later. */
const KEEP_PAINTED_FIELD = `document.addEventListener('readystatechange', () => {
  if (document.readyState === 'interactive') window.__paintedEmail = document.querySelector('#root input[type="email"]');
}, { once: true });`;

describe('the prerendered /login', () => {
  test('paints the login screen from the HTML alone, in the app root, inert, under the CSP', async () => {
    await withoutAppScripts(page, async () => {
      await page.goto('/login');
      await expect.poll(() => root().getByText('Welcome back').isVisible()).toBe(true);
      expect(await root().getByText('Log in to your wallet, calculators and signals.').isVisible()).toBe(true);
      expect(await root().locator('input[type="email"]').count()).toBe(1);
      expect(await root().locator('input[type="password"]').count()).toBe(1);
      // Nothing can be typed or submitted before the app has taken the form over.
      expect(await root().evaluate((el) => (el as HTMLElement).inert)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.classList.contains('prerender-login'))).toBe(true);
    });
    expect(takeCspViolations()).toEqual([]);
  });

  test('is hydrated by the app: the painted elements become the live screen, with no mismatch', async () => {
    const warnings: string[] = [];
    const onConsole = (message: { type: () => string; text: () => string }) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    };
    page.on('console', onConsole);
    await page.addInitScript(KEEP_PAINTED_FIELD);
    try {
      await page.goto('/login');
      const email = page.getByLabel('Email');
      await email.fill('someone@punter.test');
      expect(await root().evaluate((el) => (el as HTMLElement).inert)).toBe(false);
      // The field the HTML painted is the one the user types in: React took it over instead of building another.
      expect(
        await page.evaluate(
          () => (window as { __paintedEmail?: Element }).__paintedEmail === document.querySelector('input[type="email"]'),
        ),
      ).toBe(true);
      expect(await page.locator('form').count()).toBe(1);
      expect(await email.inputValue()).toBe('someone@punter.test');
      await page.getByRole('button', { name: 'Login' }).click();
      // The app's validation answers (SPEC's message): the screen is live.
      await page.getByText('Please Enter Your Password').waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('prerender-login'))).toBe(false);
      expect(warnings.filter((text) => /hydrat|prerendered \/login/i.test(text))).toEqual([]);
    } finally {
      page.off('console', onConsole);
    }
  });

  test("paints before the app's code runs, even with the app's files in the browser's cache", async () => {
    // The hydration above brought the files (a year's immutable cache); the snapshot script adds the entry's module
    // script only after the first paint (a cached module script in the HTML would run before it).
    const { firstPaint, appStart } = await firstPaintAndAppStart(page, '/login', () =>
      page.waitForFunction(() => document.getElementById('root')?.inert === false),
    );
    expect(firstPaint).not.toBeNull();
    expect(appStart).not.toBeNull();
    expect(firstPaint).toBeLessThan(appStart ?? 0);
  });

  test('is gone from every other screen once the app runs: one Email field on /register', async () => {
    await page.goto('/register');
    await page.getByText('Stop gambling. Start trading sport.').waitFor();
    expect(await page.getByText('Welcome back').count()).toBe(0);
    expect(await page.getByLabel('Email').count()).toBe(1);
  });

  test('is not shown to a signed-in user, nor on any other screen: the root is empty and live', async () => {
    await withoutAppScripts(page, async () => {
      await page.goto('/register');
      expect(await root().innerHTML()).toBe('');
      expect(await root().evaluate((el) => (el as HTMLElement).inert)).toBe(false);
      await page.evaluate(() => localStorage.setItem('profile', '{"code":200}'));
      await page.goto('/login');
      expect(await root().innerHTML()).toBe('');
      await page.evaluate(() => localStorage.removeItem('profile'));
    });
  });
});
