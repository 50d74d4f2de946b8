/**
 * The subscription and the how-to videos end to end (issue 15): a visitor on /subscription gets the
 * expired-subscription page, whose Re-activate goes to login and back; there a new user pays the
 * ₦2,000 from the wallet (just logged in: no PIN step-up, e2e/tests/step-up.test.ts has it), sees it active, finds the SUBSCRIPTION entry in the
 * transactions and the state on the dashboard. /how-to downloads nothing from any YouTube host until a
 * video is tapped, then frames the player from youtube-nocookie.com only; offline, a tapped video says
 * it cannot load and the page works on.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { capture, captureFailure, fundViaApi, launchBrowser, newSession, registerViaApi, type ApiUser } from '../support/browser';

const { webUrl, providerOrigin } = inject('stack');
const run = Date.now().toString().slice(-8);
const newcomer: ApiUser = {
  email: `kemi.${run}@punter.test`,
  password: 'Subscriber-2026',
  phone: `0807${run.slice(-7)}`,
  first_name: 'Kemi',
  last_name: `Subscriber${run}`,
  username: `kemi_${run}`,
  pin: '1357',
};

const YOUTUBE_HOST = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com|ggpht\.com)$/;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newSession(browser, webUrl));
  await registerViaApi(providerOrigin, newcomer);
  await fundViaApi(providerOrigin, newcomer.email, newcomer.password, 5_000);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await captureFailure(page, ctx.task.name);
});

afterAll(async () => {
  await browser.close();
});

describe('subscription', () => {
  test("the expired page's Re-activate goes to login and back; the user pays from the wallet", async () => {
    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'Your subscription has expired' }).waitFor();
    await capture(page, 'subscription-expired');
    await page.getByRole('link', { name: 'Re-activate' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === '/subscription');
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription');

    await page.getByRole('heading', { name: 'Monthly subscription' }).waitFor();
    const state = page.getByRole('region', { name: 'Your subscription' });
    await state.getByText('Not subscribed').waitFor();
    // Signed in, the page sits in the app's frame (top bar and menu).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    await capture(page, 'subscription');

    await page.getByRole('button', { name: 'Subscribe for ₦2,000' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe' });
    expect(await dialog.getByLabel('Transaction PIN').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Pay ₦2,000' }).click();
    // A cold providerCall on a busy machine can take most of a minute: wait on the page's state, not the 5 s toast.
    await state.getByText('Active', { exact: true }).waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Renew for ₦2,000' }).waitFor();

    // The payment is a SUBSCRIPTION entry of ₦2,000 in the transaction list, and the wallet holds ₦3,000.
    await page.goto('/transactions');
    // The row's name runs its parts together: 'Subscription', the date, '-₦2,000', the status.
    const entry = page.getByRole('button', { name: /^Subscription.*-₦2,000/ });
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    await page.getByTestId('wallet-balance').filter({ hasText: '₦3,000' }).waitFor();

    // The dashboard shows the state beside the services it unlocks.
    await page.goto('/dashboard');
    const services = page.getByRole('region', { name: 'Services' });
    await services.getByText(/^Subscription active until /).waitFor();
    await services.getByRole('link', { name: /^Over 4.5 signal.*Subscribed/ }).waitFor();
    await capture(page, 'dashboard-subscribed');
  });
});

describe('how-to videos', () => {
  test('no request to any YouTube host until a tap, then the nocookie player; offline, a video says it cannot load', async () => {
    const youtube: string[] = [];
    const watch = (request: Request) => {
      if (YOUTUBE_HOST.test(new URL(request.url()).hostname)) youtube.push(request.url());
    };
    context.on('request', watch);
    // No internet here: the player's page is answered locally, so the frame has something to show.
    await context.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }),
    );
    try {
      await page.goto('/how-to');
      await page.getByRole('heading', { name: 'How to', level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: /^Play / }).count()).toBe(8);
      // Not 'networkidle': the app keeps live Firestore listeners open, so the network is never idle. Whatever
      // the page would fetch by itself (posters, a preloaded player) has had its chance by now.
      await page.waitForLoadState('load');
      await page.waitForTimeout(1500);
      await capture(page, 'how-to');
      expect(youtube).toEqual([]);
      expect(await page.locator('iframe').count()).toBe(0);

      await page.getByRole('button', { name: 'Play Introduction' }).click();
      const frame = page.locator('iframe[title="Introduction"]');
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}\?/);
      await page.frameLocator('iframe[title="Introduction"]').getByText('player').waitFor();
      expect(youtube.length).toBeGreaterThan(0);
      expect(youtube.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);

      await context.setOffline(true);
      await page.getByRole('button', { name: 'Play Punters Hub' }).click();
      await page.getByText(/You are offline, so this video cannot load/).waitFor();
      expect(await page.locator('iframe').count()).toBe(1);
      // The page still works: another poster still answers, and the menu still navigates.
      expect(await page.getByRole('button', { name: /^Play / }).count()).toBe(7);
      await context.setOffline(false);
    } finally {
      context.off('request', watch);
      await context.unrouteAll();
    }
  });
});
