/**
 * Auto-Trada end to end (issue 14, ADR 0012 and 0013): an admin creates a pot that raises for about a
 * minute and is due seconds later; a subscribed user with a referrer joins it through the dialog (risk
 * disclosure on the first join); a second user already on the pot page sees the countdown run and the
 * participant appear live; the stack's own scheduler (PROVIDER_POT_TICK_SECONDS) moves the pot to Due; the
 * admin books the manager's result; PAYOUT lands capital plus result in the wallet; the referrer got 2.5 %
 * at the join and 2.5 % when the pot was due.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  captureFailure,
  expectToast,
  latestSmsCode,
  launchBrowser,
  loginThroughUi,
  newSession,
  providerCall,
  providerLogin,
  fundViaApi,
} from '../support/browser';

const { webUrl, providerOrigin } = inject('stack');
const run = Date.now().toString().slice(-8);
const PASSWORD = 'Punter#2026';
const joinerEmail = `pots.${run}@punter.test`;
const joinerPassword = 'Joiner-2026';
const joinerUsername = `pots_${run}`;

let browser: Browser;
let joiner: Page;
let watcher: Page;
let potId = '';
let adminToken = '';
let referrerToken = '';

async function login(email: string, password: string): Promise<string> {
  const answer = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', { email, password });
  return String(answer.token);
}

async function balanceOf(token: string): Promise<number> {
  const answer = await fetch(`${providerOrigin}/api/v1/user/naira-wallet`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { data: { balance: number } }).data.balance;
}

/** Waits until the balance is `expected` (a scheduler run may still be settling), then returns it. */
async function balanceBecomes(token: string, expected: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  let balance = await balanceOf(token);
  while (balance !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    balance = await balanceOf(token);
  }
  return balance;
}

beforeAll(async () => {
  adminToken = await login('admin@punter.test', PASSWORD);
  referrerToken = await login('punter@punter.test', PASSWORD);
  const { referral_code: referralCode } = await providerLogin(providerOrigin, 'punter@punter.test', PASSWORD);
  // A new user referred by the punter, phone verified, PIN set, ₦60,000 in the wallet, subscribed.
  const phone = `0807${run.slice(-7)}`;
  const since = Date.now();
  await providerCall(providerOrigin, 'POST', '/api/v1/user/register', {
    email: joinerEmail,
    password: joinerPassword,
    // A Yoruba name: 'Ọ̀' is a letter and a combining tone mark, which the participant list must keep.
    first_name: 'Ọlámidé',
    last_name: 'Ọ̀ṣun',
    username: joinerUsername,
    phone_number: phone,
    device_type: 'WEB',
    device_token: crypto.randomUUID(),
    referral_code: referralCode,
    marketing_channel: 'Others',
    gender: 'male',
    country: 'Nigeria',
    avatar_url: '/avatars/male.svg',
  });
  const otp = await latestSmsCode(providerOrigin, phone, since);
  await providerCall(providerOrigin, 'POST', '/api/v1/otp/verify', { otp, otpType: 'PHONE-VERIFICATION', email: joinerEmail });
  const token = await login(joinerEmail, joinerPassword);
  await providerCall(providerOrigin, 'POST', '/api/v1/user/pin/set', { pin: '1357' }, token);
  await fundViaApi(providerOrigin, joinerEmail, joinerPassword, 60_000);
  const res = await fetch(`${providerOrigin}/api/v1/user/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `e2e-sub-${run}` },
    body: JSON.stringify({ pin: '1357' }),
  });
  if (!res.ok) throw new Error(`subscribe failed: ${res.status}`);

  // Raising for 90 s (time to log in and join), due 5 s after.
  const raisingTo = Date.now() + 90_000;
  const created = await providerCall(
    providerOrigin,
    'POST',
    '/api/v1/admin/pots/create',
    {
      pot_volume: 1_000_000,
      percentage: 10,
      raising_to: new Date(raisingTo).toISOString(),
      trade_from: new Date(raisingTo).toISOString(),
      trade_to: new Date(raisingTo + 5_000).toISOString(),
      duration: 1,
      type: `E2E pot ${run}`,
      // Non-ASCII text through the pot's document listener: a Yoruba name, the naira sign.
      manager: 'Adéwálé Ọ̀ṣun',
      terms: 'Capital and result are paid on the due date, from ₦1,000.',
      managers_number: '2348031110003',
    },
    adminToken,
  );
  potId = (created.data as { id: string }).id;

  browser = await launchBrowser();
  ({ page: joiner } = await newSession(browser, webUrl));
  ({ page: watcher } = await newSession(browser, webUrl));
  await loginThroughUi(joiner, joinerEmail, joinerPassword);
  await loginThroughUi(watcher, 'user@punter.test', PASSWORD);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    await captureFailure(joiner, `joiner ${ctx.task.name}`);
    await captureFailure(watcher, `watcher ${ctx.task.name}`);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('Auto-Trada', () => {
  test('join live in a second context, countdown running, due by the scheduler, PAYOUT once, both referral bonuses', async () => {
    const referrerBefore = await balanceOf(referrerToken);
    await watcher.goto(`/pot/${potId}`);
    await watcher.getByText('No participant yet').waitFor();
    await watcher.getByText('Adéwálé Ọ̀ṣun').waitFor();
    await watcher.getByText('Capital and result are paid on the due date, from ₦1,000.').waitFor();
    const countdown = watcher.getByTestId('pot-countdown');
    const first = await countdown.innerText();
    await watcher.waitForTimeout(1_500);
    expect(await countdown.innerText()).not.toBe(first);

    await joiner.goto('/auto-trada');
    // The top bar's initials keep the tone mark too.
    await joiner.getByRole('button', { name: 'ỌỌ̀, User menu' }).waitFor();
    await joiner.getByRole('link', { name: new RegExp(`E2E pot ${run}`) }).click();
    await joiner.getByRole('button', { name: 'Join', exact: true }).click();
    const dialog = joiner.getByRole('dialog', { name: '5% referral bonus' });
    await dialog.getByLabel('Trading amount').fill('20000');
    await dialog.getByText('Expected ROI: ₦2,000 · Total: ₦22,000').waitFor();
    await dialog.getByRole('button', { name: 'Join now' }).click();
    await dialog.getByText('Please read and accept the risk disclosure before your first join').waitFor();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Join now' }).click();
    await expectToast(joiner, 'Pot joined');

    // The watcher sees the participant without a reload (a Firestore listener over the WebChannel, issue 33 item 1):
    // a display name with its tone mark, the amount, Pending.
    const list = watcher.getByRole('list', { name: 'Pot participants' });
    await list.getByText('Ọlámidé Ọ̀.').waitFor();
    await watcher.getByRole('heading', { name: 'Pot participants(1)' }).waitFor();
    expect(await list.innerText()).toContain('Pending');
    // The referrer got the first 2.5 % of the join, in the wallet about a second later (ADR 0055): ₦500.
    expect(await balanceBecomes(referrerToken, referrerBefore + 500)).toBe(referrerBefore + 500);

    // The scheduler moves the pot: Trading at raising_to, Due 5 s later (each within one tick).
    await joiner.getByText('Due', { exact: true }).waitFor({ timeout: 150_000 });
    await providerCall(providerOrigin, 'POST', '/api/v1/admin/pots/result', { pot_id: potId, result_percent: 10 }, adminToken);
    const joinerToken = await login(joinerEmail, joinerPassword);
    const before = await balanceOf(joinerToken);
    await joiner.getByRole('button', { name: 'PAYOUT' }).click();
    await expectToast(joiner, '₦22,000 paid into your wallet');
    expect(await balanceOf(joinerToken)).toBe(before + 22_000);
    // Once: the button gives way to the disabled Paidout.
    await joiner.getByRole('button', { name: 'Paidout' }).waitFor();
    expect(await joiner.getByRole('button', { name: 'Paidout' }).isDisabled()).toBe(true);
    // The second 2.5 % when the pot was due.
    expect(await balanceBecomes(referrerToken, referrerBefore + 1_000)).toBe(referrerBefore + 1_000);
  }, 300_000);
});
