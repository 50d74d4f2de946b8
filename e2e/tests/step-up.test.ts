/**
 * The PIN step-up end to end (issue 31 item 4): the provider asks for the transaction PIN before money moves
 * once the login is older than 15 minutes (403 'Please enter your transaction PIN to confirm this payment.').
 * A user whose login is 20 minutes old subscribes, joins a pot and buys a paid code, each by entering the PIN
 * in the dialog that asked for it; each moves the money once.
 *
 * The login's age: the provider dates a session by its bearer token's record (provider_tokens/{sha256 of the
 * token}.created_at, in the stack's Firestore emulator). The test moves that date back through the emulator's
 * REST API as the owner, as a clock would: nothing in the product opens a way to do it.
 */
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  captureFailure,
  expectToast,
  fundViaApi,
  launchBrowser,
  loginThroughUi,
  newSession,
  providerCall,
  registerViaApi,
  type ApiUser,
} from '../support/browser';

const { webUrl, providerOrigin, firestoreHost } = inject('stack');
const PROJECT_ID = 'demo-punter';
const run = Date.now().toString().slice(-8);
const PASSWORD = 'Punter#2026';
const PUNTER = 'musa_punter';
const STEP_UP = 'Please enter your transaction PIN to confirm this payment.';
const user: ApiUser = {
  email: `stepup.${run}@punter.test`,
  password: 'Step-Up-2026',
  phone: `0806${run.slice(-7)}`,
  first_name: 'Bola',
  last_name: `Stepup${run}`,
  username: `stepup_${run}`,
  pin: '4826',
};
const potType = `Step-up pot ${run}`;
const codeTitle = `Step-up banker ${run}`;
const secret = `SU-${run}`;

let browser: Browser;
let page: Page;
let potId = '';

async function login(email: string, password: string): Promise<string> {
  return String((await providerCall(providerOrigin, 'POST', '/api/v1/user/login', { email, password })).token);
}

async function balanceOf(email: string, password: string): Promise<number> {
  const res = await fetch(`${providerOrigin}/api/v1/user/naira-wallet`, {
    headers: { authorization: `Bearer ${await login(email, password)}` },
  });
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** Dates the browser's provider session (its bearer token's record) `minutes` back, through the emulator's REST API. */
async function ageBrowserLogin(minutes: number): Promise<void> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('profile') ?? '{}') as { token?: string }).token);
  if (!token) throw new Error('the browser holds no provider token');
  const url = `http://${firestoreHost}/v1/projects/${PROJECT_ID}/databases/(default)/documents/provider_tokens/${createHash('sha256').update(token).digest('hex')}`;
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const current = await fetch(url, { headers });
  if (!current.ok) throw new Error(`reading the session record: ${current.status} ${await current.text()}`);
  const { fields } = (await current.json()) as { fields: Record<string, unknown> };
  const createdAt = Date.now() - minutes * 60_000;
  const patched = await fetch(url, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ fields: { ...fields, created_at: { integerValue: String(createdAt) } } }),
  });
  if (!patched.ok) throw new Error(`dating the session back: ${patched.status} ${await patched.text()}`);
}

beforeAll(async () => {
  await registerViaApi(providerOrigin, user);
  await fundViaApi(providerOrigin, user.email, user.password, 20_000);
  const adminToken = await login('admin@punter.test', PASSWORD);
  const punterToken = await login('punter@punter.test', PASSWORD);
  // A pot raising for an hour, and a ₦200 code whose first game starts in an hour (sales are open until then).
  const inAnHour = Date.now() + 60 * 60_000;
  const created = await providerCall(
    providerOrigin,
    'POST',
    '/api/v1/admin/pots/create',
    {
      pot_volume: 1_000_000,
      percentage: 10,
      raising_to: new Date(inAnHour).toISOString(),
      trade_from: new Date(inAnHour).toISOString(),
      trade_to: new Date(inAnHour + 30 * 24 * 60 * 60_000).toISOString(),
      duration: 1,
      type: potType,
      manager: 'Musa Ibrahim',
      terms: 'Capital and result are paid on the due date.',
      managers_number: '2348031110003',
    },
    adminToken,
  );
  potId = (created.data as { id: string }).id;
  await providerCall(
    providerOrigin,
    'POST',
    '/api/v1/puntershub/create-code',
    {
      odd: 3.5,
      title: codeTitle,
      game_code: secret,
      platform: 'bet9ja',
      amount: 200,
      startDate: new Date(inAnHour).toISOString(),
      endDate: new Date(inAnHour + 2 * 60 * 60_000).toISOString(),
    },
    punterToken,
  );

  browser = await launchBrowser();
  ({ page } = await newSession(browser, webUrl));
  await loginThroughUi(page, user.email, user.password);
  await ageBrowserLogin(20);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await captureFailure(page, ctx.task.name);
});

afterAll(async () => {
  await browser?.close();
});

describe('PIN step-up after 15 minutes', () => {
  test('a login 20 minutes old subscribes, joins a pot and buys a paid code, each with the PIN asked for', async () => {
    // Subscribing: the first Pay is answered with the step-up; the PIN field shows in the dialog.
    await page.goto('/subscription');
    const state = page.getByRole('region', { name: 'Your subscription' });
    await state.getByText('Not subscribed').waitFor();
    await page.getByRole('button', { name: 'Subscribe for ₦2,000' }).click();
    const subscribe = page.getByRole('dialog', { name: 'Subscribe' });
    await subscribe.getByRole('button', { name: 'Pay ₦2,000' }).click();
    await subscribe.getByText(STEP_UP).waitFor({ timeout: 90_000 });
    await subscribe.getByLabel('Transaction PIN').fill(user.pin);
    await subscribe.getByRole('button', { name: 'Pay ₦2,000' }).click();
    await state.getByText('Active', { exact: true }).waitFor({ timeout: 90_000 });
    expect(await balanceOf(user.email, user.password)).toBe(18_000);

    // Joining a pot (a first join: the risk disclosure too).
    await page.goto(`/pot/${potId}`);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    const join = page.getByRole('dialog', { name: '5% referral bonus' });
    await join.getByLabel('Trading amount').fill('10000');
    await join.getByRole('checkbox').check();
    await join.getByRole('button', { name: 'Join now' }).click();
    await join.getByText(STEP_UP).waitFor({ timeout: 60_000 });
    expect(await join.getByRole('button', { name: 'Join now' }).isDisabled()).toBe(true);
    await join.getByLabel('Transaction PIN').fill(user.pin);
    await join.getByRole('button', { name: 'Join now' }).click();
    await expectToast(page, 'Pot joined');
    await page.getByRole('list', { name: 'Pot participants' }).getByText('Bola S.').waitFor();
    expect(await balanceOf(user.email, user.password)).toBe(8_000);

    // Buying a paid code.
    await page.goto('/punters-hub');
    await page.getByRole('button', { name: `${codeTitle} by ${PUNTER}` }).click();
    const detail = page.getByRole('dialog', { name: codeTitle });
    await detail.getByRole('button', { name: 'Buy code for ₦200' }).click();
    await detail.getByText(STEP_UP).waitFor({ timeout: 60_000 });
    await detail.getByLabel('Transaction PIN').fill(user.pin);
    await detail.getByRole('button', { name: 'Buy code for ₦200' }).click();
    await expectToast(page, 'Game bought successfully');
    expect(await detail.getByLabel('Game code').innerText()).toBe(secret);

    // Each payment moved the money once.
    expect(await balanceOf(user.email, user.password)).toBe(7_800);
  }, 300_000);
});
