/**
 * A permission taken away shows in the open app at once, without a reload or a new login (ADR 0004):
 * an admin grants can_post_signal, the user logs in and /profile lists it; the admin revokes it and
 * the page follows; the admin suspends the account and the app ends the session, /login saying why.
 * (The direct Firestore write and the callables after a revoke are refused in
 * functions/test/functions-emulator.test.ts.) A page whose watcher could not load (its chunk dropped by the
 * connection) starts it once the browser is back online.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  capture,
  captureFailure,
  launchBrowser,
  loginThroughUi,
  newSession,
  workerlessSession,
  providerCall,
  registerViaApi,
  type ApiUser,
} from '../support/browser';

const { webUrl, providerOrigin } = inject('stack');
const run = Date.now().toString().slice(-8);
const user: ApiUser = {
  email: `kemi.${run}@punter.test`,
  password: 'Granted-2026',
  phone: `0807${run.slice(-7)}`,
  first_name: 'Kemi',
  last_name: `Poster${run}`,
  username: `kemi_${run}`,
  pin: '1357',
};

/** The chunk of the live permissions watcher (web/sdk-chunks.ts APP_CHUNK_GROUPS: with Firestore's set-up). */
const WATCHER_CHUNK = '**/assets/permissions-watcher-*.js';

let browser: Browser;
let page: Page;
let userId = '';
let adminToken = '';

const asAdmin = (method: string, path: string, body: unknown) => providerCall(providerOrigin, method, path, body, adminToken);
/** The Access row of /profile's account details. */
const access = () =>
  page
    .locator('dl.detail-list > div')
    .filter({ has: page.locator('dt', { hasText: /^Access$/ }) })
    .locator('dd');

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, webUrl));
  await registerViaApi(providerOrigin, user);
  const own = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', { email: user.email, password: user.password });
  userId = (own.data as { id: string }).id;
  const admin = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', {
    email: 'admin@punter.test',
    password: 'Punter#2026',
  });
  adminToken = String(admin.token);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await captureFailure(page, ctx.task.name);
});

afterAll(async () => {
  await browser.close();
});

describe('permissions follow the admin at once', () => {
  test('granted before login: /profile lists it', async () => {
    await asAdmin('PUT', '/api/v1/users/update', { user_id: userId, can_post_signal: true });
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await expect.poll(() => access().textContent(), { timeout: 30_000 }).toBe('Posts signals');
  });

  test('revoked while the page is open: it follows without a reload', async () => {
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await asAdmin('PUT', '/api/v1/users/update', { user_id: userId, can_post_signal: false });
    const revokedAt = Date.now();
    await expect.poll(() => access().textContent(), { timeout: 10_000, interval: 50 }).toBe('Member');
    console.info(`revoke -> /profile updated in ${Date.now() - revokedAt} ms`);
    expect(navigations).toEqual([]);
  });

  test('suspended while signed in: the app ends the session and /login says why', async () => {
    await asAdmin('PUT', '/api/v1/users/suspend-account', { user_id: userId });
    const suspendedAt = Date.now();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    const notice = page.getByRole('alert').filter({ hasText: 'your account has been suspended' });
    await notice.waitFor();
    console.info(`suspend -> logged out with the notice in ${Date.now() - suspendedAt} ms`);
    expect(await page.evaluate(() => window.localStorage.getItem('profile'))).toBeNull();
    await capture(page, 'login-after-suspension');
    // Back to a protected page: the guard sends the ended session to /login.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await asAdmin('PUT', '/api/v1/users/activate', { user_id: userId });
  });

  test('a watcher whose chunk the connection dropped starts once the browser is back online', async () => {
    // No service worker in this tab: the route below must see the chunk's request (a worker's own fetch would
    // go past it); the page's import fails as it does when the connection drops it.
    const { context, page: dropped } = await workerlessSession(browser, webUrl);
    try {
      let refused = 0;
      const drop = (route: { abort: () => Promise<void> }) => {
        refused += 1;
        return route.abort();
      };
      await context.route(WATCHER_CHUNK, drop);
      await loginThroughUi(dropped, user.email, user.password);
      await dropped.goto('/profile');
      await dropped.getByRole('heading', { name: 'My Profile' }).waitFor();
      await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThan(0);
      const accessRow = dropped
        .locator('dl.detail-list > div')
        .filter({ has: dropped.locator('dt', { hasText: /^Access$/ }) })
        .locator('dd');
      await expect.poll(() => accessRow.textContent()).toBe('Member');

      await asAdmin('PUT', '/api/v1/users/update', { user_id: userId, can_post_signal: true });
      // Nothing listens yet: the grant does not show.
      await dropped.waitForTimeout(2_000);
      expect(await accessRow.textContent()).toBe('Member');

      await context.unroute(WATCHER_CHUNK, drop);
      await context.setOffline(true);
      await context.setOffline(false);
      const backAt = Date.now();
      await expect.poll(() => accessRow.textContent(), { timeout: 15_000, interval: 100 }).toBe('Posts signals');
      console.info(`back online -> watcher running and /profile updated in ${Date.now() - backAt} ms`);
    } finally {
      await asAdmin('PUT', '/api/v1/users/update', { user_id: userId, can_post_signal: false });
      await context.close();
    }
  });
});
