/**
 * The prerendered /login (ADR 0031): index.html carries the login screen, rendered at build time from the
 * app's components; the route preload script (allowed by its CSP hash) shows it on /login to a visitor
 * without a stored session, so it paints before any script of the app has loaded. The app's own screen
 * replaces it; a signed-in user never sees it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { captureFailure, launchBrowser, takeCspViolations, withoutAppScripts, workerlessSession } from '../support/browser';

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

const prerendered = () => page.locator('#prerendered');

describe('the prerendered /login', () => {
  test('paints the login screen from the HTML alone, inert and read-only, under the CSP', async () => {
    await withoutAppScripts(page, async () => {
      await page.goto('/login');
      await expect.poll(() => prerendered().isVisible()).toBe(true);
      expect(await prerendered().getByText('Welcome back').isVisible()).toBe(true);
      expect(await prerendered().getByText('Log in to your wallet, calculators and signals.').isVisible()).toBe(true);
      expect(await prerendered().locator('input[type="email"]').getAttribute('readonly')).toBe('');
      expect(await prerendered().locator('input[type="password"]').getAttribute('readonly')).toBe('');
      expect(await prerendered().evaluate((el) => (el as HTMLElement).inert)).toBe(true);
      // Nothing of the app ran: its root is empty.
      expect(await page.locator('#root').innerHTML()).toBe('');
    });
    expect(takeCspViolations()).toEqual([]);
  });

  test('is replaced by the app’s screen, which works: one form, the typed e-mail kept', async () => {
    await page.goto('/login');
    const email = page.getByLabel('Email');
    await email.fill('someone@punter.test');
    expect(await prerendered().count()).toBe(0);
    expect(await page.locator('form').count()).toBe(1);
    expect(await email.inputValue()).toBe('someone@punter.test');
    await page.getByRole('button', { name: 'Login' }).click();
    // The app's validation answers (SPEC's message): the screen is live.
    await page.getByText('Please Enter Your Password').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('prerender-login'))).toBe(false);
  });

  test('is gone from every other screen once the app runs: one Email field on /register', async () => {
    await page.goto('/register');
    await page.getByText('Stop gambling. Start trading sport.').waitFor();
    expect(await prerendered().count()).toBe(0);
    expect(await page.getByLabel('Email').count()).toBe(1);
  });

  test('is not shown to a signed-in user, nor on any other screen', async () => {
    await withoutAppScripts(page, async () => {
      await page.goto('/register');
      expect(await prerendered().isVisible()).toBe(false);
      await page.evaluate(() => localStorage.setItem('profile', '{"code":200}'));
      await page.goto('/login');
      expect(await prerendered().isVisible()).toBe(false);
      await page.evaluate(() => localStorage.removeItem('profile'));
    });
  });
});
