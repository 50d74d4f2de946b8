/**
 * Every live screen opened directly shows its data (ADR 0037): typed into a new tab, reloaded, right after a login
 * and with a session whose ID token has expired in the meantime, on the production build and on the dev server that
 * `npm start` serves. Before the app used Firebase Auth through its SDK, Firestore could listen before the session
 * was restored and was refused ('Missing or insufficient permissions'), and on the dev server every live screen
 * opened directly failed. Also: a session the Auth service no longer renews (a refused refresh token, as for a
 * revoked or deleted user) ends, and the user is sent to /login.
 *
 * The data is this run's own, so other files' clean-ups (Clear Signals, clear games) cannot take it away: a signal
 * for group A written to Firestore, a free betting code the punter posts and the reader takes (Punters Hub and My
 * Games), and a pot the admin creates (Auto-Trada and the pot's page); /admin shows the withdrawal queue.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { captureFailure, launchBrowser, loginThroughUi, newSession, providerCall, watchCsp } from '../support/browser';
import { warmFunctions } from '../../scripts/stack.mjs';
import { startOtherWeb } from '../support/stack';

const stack = inject('stack');
const { providerOrigin, firestoreHost } = stack;
const run = Date.now().toString().slice(-8);
const PASSWORD = 'Punter#2026';
const READER = 'user@punter.test';
const ADMIN = 'admin@punter.test';
const PROJECT = 'demo-punter';

const signalTitle = `Direct ${run}`;
const gameTitle = `Direct open ${run}`;
const potType = `Direct pot ${run}`;
let potId = '';

type Who = 'reader' | 'admin';
interface LiveScreen {
  label: string;
  path: () => string;
  who: Who;
  /**
   * Whether it listens to Firestore, which must wait for Auth to restore (and renew) the session. /admin reads through
   * callables only, and may show the queue kept from its last visit without loading Firebase at all.
   */
  firestore: boolean;
  /** What the screen shows once its data is in. */
  data: (page: Page) => Locator;
}

const SCREENS: LiveScreen[] = [
  {
    label: '/signal-4',
    path: () => '/signal-4',
    who: 'reader',
    firestore: true,
    data: (page) => page.getByRole('list', { name: 'Signals' }).getByText(signalTitle, { exact: true }),
  },
  {
    label: '/punters-hub',
    path: () => '/punters-hub',
    who: 'reader',
    firestore: true,
    data: (page) => page.getByText(gameTitle, { exact: true }).first(),
  },
  {
    label: '/my-games',
    path: () => '/my-games',
    who: 'reader',
    firestore: true,
    data: (page) => page.getByText(gameTitle, { exact: true }).first(),
  },
  {
    label: '/auto-trada',
    path: () => '/auto-trada',
    who: 'reader',
    firestore: true,
    data: (page) => page.getByText(potType, { exact: true }).first(),
  },
  {
    label: '/pot/{id}',
    path: () => `/pot/${potId}`,
    who: 'reader',
    firestore: true,
    data: (page) => page.getByText(potType, { exact: true }).first(),
  },
  {
    // /admin opens the withdrawal queue: its rows, or that none is waiting, once the queue is in.
    label: '/admin',
    path: () => '/admin',
    who: 'admin',
    firestore: false,
    data: (page) => page.getByTestId('withdrawal-row').first().or(page.getByText('No withdrawal is waiting.')),
  },
];

/** Writes a document through the Firestore emulator's REST API as the owner (rules aside). */
async function writeDocument(path: string, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`http://${firestoreHost}/v1/projects/${PROJECT}/databases/(default)/documents/${path}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields }),
  });
  if (!response.ok) throw new Error(`PATCH ${path}: ${response.status} ${await response.text()}`);
}

async function tokenOf(email: string): Promise<string> {
  return String((await providerCall(providerOrigin, 'POST', '/api/v1/user/login', { email, password: PASSWORD })).token);
}

let browser: Browser;
let otherWeb: Awaited<ReturnType<typeof startOtherWeb>> | null = null;
const failed: Page[] = [];

beforeAll(async () => {
  const now = new Date();
  await writeDocument(`signal/direct-${run}`, {
    title: { stringValue: signalTitle },
    details: { stringValue: 'opened directly' },
    group: { stringValue: 'A' },
    status: { stringValue: 'Active' },
    timestamp: { timestampValue: now.toISOString() },
    created_at: { stringValue: now.toISOString() },
  });
  const [punter, reader, admin] = await Promise.all([tokenOf('punter@punter.test'), tokenOf(READER), tokenOf(ADMIN)]);
  const code = await providerCall(
    providerOrigin,
    'POST',
    '/api/v1/puntershub/create-code',
    {
      title: gameTitle,
      game_code: `DIR${run}`,
      platform: 'sportybet',
      odd: '2.50',
      amount: 0,
      startDate: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      endDate: new Date(Date.now() + 8 * 3_600_000).toISOString(),
    },
    punter,
  );
  const gameId = (code.data as { id: string }).id;
  await fetch(`${providerOrigin}/api/v1/puntershub/buy-or-get-game`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${reader}`, 'idempotency-key': `e2e-direct-${run}` },
    body: JSON.stringify({ game_id: gameId, amount: 0 }),
  }).then(async (r) => {
    if (!r.ok) throw new Error(`buy-or-get-game: ${r.status} ${await r.text()}`);
  });
  const raisingTo = Date.now() + 5 * 86_400_000;
  const pot = await providerCall(
    providerOrigin,
    'POST',
    '/api/v1/admin/pots/create',
    {
      pot_volume: 1_000_000,
      percentage: 10,
      raising_to: new Date(raisingTo).toISOString(),
      trade_from: new Date(raisingTo + 86_400_000).toISOString(),
      trade_to: new Date(raisingTo + 31 * 86_400_000).toISOString(),
      duration: 1,
      type: potType,
      manager: 'Musa Ibrahim',
      terms: 'Capital and result are paid on the due date.',
      managers_number: '2348031110003',
    },
    admin,
  );
  potId = (pot.data as { id: string }).id;
  // /admin fires several calls at once: have the Functions emulator start a few providerCall workers now, which on a
  // busy machine takes longer than a call may wait (70 s).
  await warmFunctions(stack.ports.functions, Array<string>(4).fill('providerCall'));
  browser = await launchBrowser();
  otherWeb = await startOtherWeb(stack);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') for (const page of failed) await captureFailure(page, `${ctx.task.name} ${page.url()}`);
  failed.length = 0;
});

afterAll(async () => {
  await browser?.close();
  await otherWeb?.stop();
});

/** The persisted Firebase Auth user of the page's origin (firebase:authUser:<api key>:[DEFAULT]), rewritten by `edit`. */
function rewriteAuthUser(page: Page, edit: 'expire' | 'revoke'): Promise<void> {
  return page.evaluate((edit) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('firebase:authUser:'));
    if (!key) throw new Error('no Firebase Auth user in localStorage');
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { stsTokenManager?: Record<string, unknown> };
    if (!user.stsTokenManager) throw new Error('the Firebase Auth user has no stsTokenManager');
    // An ID token that expired a minute ago; for 'revoke' also a refresh token the service refuses.
    user.stsTokenManager.expirationTime = Date.now() - 60_000;
    if (edit === 'revoke') user.stsTokenManager.refreshToken = 'revoked-refresh-token';
    localStorage.setItem(key, JSON.stringify(user));
  }, edit);
}

/**
 * How long a screen may take to show its data. Generous: on a loaded machine the Functions emulator can take a minute
 * to start a worker for a call, and the dev server compiles each module on its first request.
 */
const DATA_TIMEOUT_MS = 90_000;
/** Per test: a screen opened and reloaded. */
const SCREEN_TEST_MS = 2 * DATA_TIMEOUT_MS + 30_000;

const TOKEN_RENEWAL = /securetoken\.googleapis\.com\/v1\/token/;

/** Opens `screen` in a new tab of `context`; waits for its data, with no error on the page, then closes the tab. */
async function openDirectly(context: BrowserContext, screen: LiveScreen, options: { reload: boolean; renewal?: boolean }) {
  const tab = await context.newPage();
  watchCsp(tab);
  failed.push(tab);
  const renewals: string[] = [];
  tab.on('request', (r) => {
    if (TOKEN_RENEWAL.test(r.url())) renewals.push(r.url());
  });
  const path = screen.path();
  await tab.goto(path);
  await expectData(tab, screen, path);
  // Auth renewed the token as it restored the session (on /admin, maybe only once the permissions watcher loads it).
  if (options.renewal)
    await expect.poll(() => renewals.length, { timeout: 30_000, message: `${path}: the ID token renewed` }).toBeGreaterThan(0);
  if (options.reload) {
    await tab.reload();
    await expectData(tab, screen, path);
  }
  failed.splice(failed.indexOf(tab), 1);
  await tab.close();
}

async function expectData(tab: Page, screen: LiveScreen, path: string): Promise<void> {
  await screen.data(tab).waitFor({ timeout: DATA_TIMEOUT_MS });
  expect(new URL(tab.url()).pathname.startsWith(path === '/admin' ? '/admin/' : path)).toBe(true);
  const text = await tab.locator('body').innerText();
  expect(text).not.toContain('Missing or insufficient permissions');
  expect(text).not.toContain('Something went wrong');
  expect(await tab.getByRole('button', { name: 'Try again' }).count()).toBe(0);
}

describe.each([
  { name: 'the production build', web: 'preview' as const },
  { name: 'the dev server (npm start)', web: 'dev' as const },
])('live screens opened directly, on $name', ({ web }) => {
  const baseUrl = () => (stack.web === web ? stack.webUrl : (otherWeb?.url ?? ''));
  const contexts = new Map<Who, BrowserContext>();

  beforeAll(async () => {
    for (const [who, email] of [
      ['reader', READER],
      ['admin', ADMIN],
    ] as const) {
      const { context, page } = await newSession(browser, baseUrl());
      // The dev server transforms the app's modules on their first request: on a busy machine (npm test runs the
      // other suites beside this one, ADR 0056) the first /login can take longer than a locator's 30 s.
      if (web === 'dev') {
        await page.goto('/login');
        await page.getByLabel('Email').waitFor({ timeout: 180_000 });
      }
      await loginThroughUi(page, email, PASSWORD);
      contexts.set(who, context);
    }
  });

  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });

  const contextOf = (who: Who) => {
    const context = contexts.get(who);
    if (!context) throw new Error(`no ${who} session`);
    return context;
  };

  test.each(SCREENS)(
    '$label with a fresh session: in a new tab, then reloaded',
    async (screen) => {
      await openDirectly(contextOf(screen.who), screen, { reload: true });
    },
    SCREEN_TEST_MS,
  );

  test.each(SCREENS)(
    '$label with a session whose ID token has expired: Auth renews it first',
    async (screen) => {
      const context = contextOf(screen.who);
      const [page] = context.pages();
      if (!page) throw new Error('the login tab is gone');
      await rewriteAuthUser(page, 'expire');
      await openDirectly(context, screen, { reload: false, renewal: screen.firestore });
    },
    SCREEN_TEST_MS,
  );

  test('a session the Auth service no longer renews ends: the user is sent to /login', async () => {
    const { context, page } = await newSession(browser, baseUrl());
    failed.push(page);
    try {
      await loginThroughUi(page, READER, PASSWORD);
      await rewriteAuthUser(page, 'revoke');
      await page.goto('/transactions');
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
      expect(await page.evaluate(() => localStorage.getItem('profile'))).toBeNull();
      expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('firebase:authUser:')))).toBe(false);
    } finally {
      await context.close();
    }
  });

  // A dependency the dev server found only once a page asked for it (the service worker's Workbox modules did) makes
  // Vite bundle the dependencies again and reload every open page: a navigation under way then fails (ERR_ABORTED).
  test.runIf(web === 'dev')('the dev server bundled every dependency up front: it never reloaded the open pages', async () => {
    const log = stack.web === 'dev' ? null : otherWeb?.log;
    if (!log) return expect.unreachable('the dev server runs beside the stack in this suite');
    expect(await readFile(log, 'utf8')).not.toMatch(/optimized dependencies changed|new dependencies optimized/);
  });
});
