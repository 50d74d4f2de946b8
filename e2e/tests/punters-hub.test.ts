/**
 * Punters Hub end to end (issue 13, ADR 0010, 0011 and 0020): the seeded punter (can_post_game and
 * can_monetize_game) posts a ₦200 code through Add Game; a new user buys it (a fresh login: no PIN step-up,
 * e2e/tests/step-up.test.ts has the PIN) and sees the
 * code, then in My Games; once its last game has ended the punter settles it Cut from the code's detail,
 * and the buyer sees 'Refunded' in /transactions and the balance back; the punter's profile counts the
 * Cut; role 1 clears the settled code from the Hub.
 * The code starts about a minute after it is posted (sales close at the start) and ends seconds later:
 * the provider has no test clock, so the test waits for the end.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  capture,
  captureFailure,
  expectToast,
  fundViaApi,
  launchBrowser,
  loginThroughUi,
  newSession,
  providerCall,
  registerViaApi,
} from '../support/browser';

const { webUrl, providerOrigin } = inject('stack');
const run = Date.now().toString().slice(-8);
const PASSWORD = 'Punter#2026';
const PUNTER = 'musa_punter';
const buyer = {
  email: `hub.${run}@punter.test`,
  password: 'Buyer-2026',
  phone: `0809${run.slice(-7)}`,
  first_name: 'Ngozi',
  last_name: 'Eze',
  username: `hub_${run}`,
  pin: '2468',
};
// Typed in the form, stored by the callable, read by the buyer's hub listener over the WebChannel (issue 33 item 1):
// a tone mark, the naira sign, an emoji outside the BMP.
const title = `E2E Ọ̀ṣun banker ₦ 😀 ${run}`;
const secret = `SB-${run}`;

let browser: Browser;
let punter: Page;
let buyerPage: Page;
let admin: Page;

/** A datetime-local value (with seconds) for `ms` in Lagos time (UTC+1), which the app reads its inputs in. */
function localInput(ms: number): string {
  const d = new Date(ms + 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

async function balanceOf(email: string, password: string): Promise<number> {
  const { token } = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', { email, password });
  const res = await fetch(`${providerOrigin}/api/v1/user/naira-wallet`, {
    headers: { authorization: `Bearer ${String(token)}` },
  });
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

beforeAll(async () => {
  await registerViaApi(providerOrigin, buyer);
  await fundViaApi(providerOrigin, buyer.email, buyer.password, 1_000);
  browser = await launchBrowser();
  ({ page: punter } = await newSession(browser, webUrl));
  ({ page: buyerPage } = await newSession(browser, webUrl));
  ({ page: admin } = await newSession(browser, webUrl));
  await loginThroughUi(punter, 'punter@punter.test', PASSWORD);
  await loginThroughUi(buyerPage, buyer.email, buyer.password);
  await loginThroughUi(admin, 'admin@punter.test', PASSWORD);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    await captureFailure(punter, `punter ${ctx.task.name}`);
    await captureFailure(buyerPage, `buyer ${ctx.task.name}`);
    await captureFailure(admin, `admin ${ctx.task.name}`);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('Punters Hub', () => {
  test('post a priced code, buy it, settle it Cut, the buyer refunded, role 1 clears it', async () => {
    // The punter posts a ₦200 code whose first game starts 75 s after the form is filled in (time to post it, and
    // for the buyer to open and buy it: on two busy cores a cold Functions worker can hold the post 30 s) and whose
    // last ends 5 s later.
    await punter.goto('/punters-hub');
    await punter.getByRole('button', { name: 'Add Game' }).click();
    const form = punter.getByRole('dialog', { name: 'Add Game' });
    await form.getByLabel('Game code').fill(secret);
    await form.getByLabel('Total odds').fill('3.50');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Price').selectOption('200');
    const startsAt = Date.now() + 75_000;
    const endsAt = startsAt + 5_000;
    await form.getByLabel('Starts').fill(localInput(startsAt));
    await form.getByLabel('Ends').fill(localInput(endsAt));
    await form.getByLabel('Platform').selectOption('bet9ja');
    await form.getByRole('button', { name: 'Post game' }).click();
    await expectToast(punter, 'Game posted successfully');

    // The buyer sees it live, without the code, and buys it (logged in minutes ago: the provider needs no PIN).
    const before = await balanceOf(buyer.email, buyer.password);
    await buyerPage.goto('/punters-hub');
    await buyerPage.getByRole('button', { name: `${title} by ${PUNTER}` }).click();
    const detail = buyerPage.getByRole('dialog', { name: title });
    expect(await detail.innerText()).not.toContain(secret);
    expect(await detail.getByLabel('Transaction PIN').count()).toBe(0);
    await detail.getByRole('button', { name: 'Buy code for ₦200' }).click();
    await expectToast(buyerPage, 'Game bought successfully');
    expect(await detail.getByLabel('Game code').innerText()).toBe(secret);
    expect(await balanceOf(buyer.email, buyer.password)).toBe(before - 200);

    // ... and finds it in My Games with its code.
    await buyerPage.goto('/my-games');
    await buyerPage.getByText(title).first().click();
    await buyerPage.getByText(secret).first().waitFor();

    // After the last game the punter settles it Cut from the code's detail.
    await punter.waitForTimeout(Math.max(0, endsAt + 1_000 - Date.now()));
    await punter.goto('/punters-hub');
    await punter.getByRole('button', { name: `${title} by ${PUNTER}` }).click();
    const own = punter.getByRole('dialog', { name: title });
    await own.getByRole('button', { name: 'Settle as Cut' }).click();
    await own.getByText('Every buyer gets their money back').waitFor();
    await own.getByRole('button', { name: 'Confirm Cut' }).click();
    await expectToast(punter, 'Game settled as Cut');

    // The buyer's My Games, open all along with the code's detail, turns Cut within seconds: no reload (issue 34).
    const mine = buyerPage.getByRole('dialog', { name: title });
    await mine.getByText('Cut', { exact: true }).waitFor({ timeout: 10_000 });
    await capture(buyerPage, 'my-games-settled-cut');
    await mine.getByRole('button', { name: 'Close' }).click();
    await buyerPage
      .getByRole('button', { name: new RegExp(`^${title}`) })
      .getByText('Cut', { exact: true })
      .waitFor();
    await own.getByRole('button', { name: 'Close' }).click();
    await punter.getByRole('tab', { name: 'Cut' }).click();
    await punter.getByRole('button', { name: `${title} by ${PUNTER}` }).waitFor();

    // The buyer's ₦200 came back once: 'Refunded' in the transaction list.
    await buyerPage.goto('/transactions');
    const refund = buyerPage.locator('.tx-row', { hasText: 'Refunded' });
    await refund.first().waitFor();
    expect(await refund.count()).toBe(1);
    expect(await refund.first().innerText()).toContain('₦200');
    expect(await balanceOf(buyer.email, buyer.password)).toBe(before);

    // The punter's public record counts the Cut.
    await buyerPage.goto(`/punter/${PUNTER}`);
    await buyerPage
      .getByRole('region', { name: 'Record' })
      .getByText(/Cuts? in a row/)
      .waitFor();

    // Role 1 clears the Hub: the settled code is gone for everyone.
    await admin.goto('/punters-hub');
    await admin.getByRole('tab', { name: 'Cut' }).click();
    await admin.getByRole('button', { name: `${title} by ${PUNTER}` }).waitFor();
    await admin.getByRole('button', { name: 'Clear Games' }).click();
    await admin.getByRole('dialog', { name: 'Clear Games' }).getByRole('button', { name: 'Clear all games' }).click();
    await expectToast(admin, 'All documents successfully deleted!');
    await admin.getByRole('button', { name: `${title} by ${PUNTER}` }).waitFor({ state: 'detached' });
    await punter.getByRole('button', { name: `${title} by ${PUNTER}` }).waitFor({ state: 'detached' });
  }, 300_000);
});
