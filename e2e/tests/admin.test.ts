/**
 * The operator console end to end (issue 16, ADR 0017): an ordinary user who opens /admin gets 'Page not
 * found', no admin data and none of the console's code (checked on the network); the seeded admin approves one
 * withdrawal and declines another (the refund shows in the user's own list), suspends the user (who is then
 * refused: the open app ends the session and a new login is refused), and reads each action in the audit log.
 */
import type { Browser, Page, Request } from 'playwright-core';
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
  SMALL,
  type ApiUser,
} from '../support/browser';

const { webUrl, providerOrigin } = inject('stack');
const run = Date.now().toString().slice(-8);
const kemi: ApiUser = {
  email: `kemi.withdraws.${run}@punter.test`,
  password: 'Withdraws-2026',
  phone: `0806${run.slice(-7)}`,
  first_name: 'Kemi',
  last_name: `Payout${run}`,
  username: `kemi_w_${run}`,
  pin: '1357',
};
/** The sandbox payout gateway leaves withdrawals to this account PENDING, for an admin to decide. */
const PENDING_ACCOUNT = '1111111111';

let browser: Browser;
let admin: Page;
let user: Page;
let userId = '';
const userRequests: Request[] = [];
const adminRequests: Request[] = [];

/** The console's own chunks (route screens, frame, shared code and styles) are all named admin-*. */
const consoleCode = (r: Request) => /\/assets\/admin-[^/]*\.(js|css)(\?|$)/.test(r.url());
/** A provider call through the providerCall callable, by the provider path it forwards. */
const forwards = (r: Request, path: string) => r.method() === 'POST' && (r.postData() ?? '').includes(path);

async function withdraw(token: string, bankId: string, amount: number): Promise<void> {
  const res = await fetch(`${providerOrigin}/api/v1/user/wallet/withdraw`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': `e2e-admin-${run}-${amount}`,
    },
    body: JSON.stringify({ destination_account: bankId, amount, pin: kemi.pin }),
  });
  if (!res.ok) throw new Error(`withdraw ${amount} failed: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: admin } = await newSession(browser, webUrl));
  ({ page: user } = await newSession(browser, webUrl));
  user.on('request', (r) => userRequests.push(r));
  admin.on('request', (r) => adminRequests.push(r));

  // Kemi: ₦10,000 in the wallet, a saved bank whose payouts wait for an admin, and two withdrawals.
  await registerViaApi(providerOrigin, kemi);
  await fundViaApi(providerOrigin, kemi.email, kemi.password, 10_000);
  const login = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', { email: kemi.email, password: kemi.password });
  const token = String(login.token);
  userId = (login.data as { id: string }).id;
  const verified = await providerCall(
    providerOrigin,
    'POST',
    '/api/v1/user/bank/verify',
    { account_number: PENDING_ACCOUNT, bank_code: '044' },
    token,
  );
  const bank = await providerCall(
    providerOrigin,
    'POST',
    '/api/v1/user/bank/add',
    {
      bank_name: 'Access Bank',
      code: '044',
      account_number: PENDING_ACCOUNT,
      account_name: (verified.data as { account_name: string }).account_name,
      confirm_other_name: true,
    },
    token,
  );
  const bankId = (bank.data as { id: string }).id;
  await withdraw(token, bankId, 1_000);
  await withdraw(token, bankId, 2_000);

  await loginThroughUi(user, kemi.email, kemi.password);
  await loginThroughUi(admin, 'admin@punter.test', 'Punter#2026');
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    await captureFailure(admin, `admin ${ctx.task.name}`);
    await captureFailure(user, `user ${ctx.task.name}`);
  }
});

afterAll(async () => {
  if (userId) {
    const { token } = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', {
      email: 'admin@punter.test',
      password: 'Punter#2026',
    });
    await providerCall(providerOrigin, 'PUT', '/api/v1/users/activate', { user_id: userId }, String(token)).catch(
      () => undefined,
    );
  }
  await browser.close();
});

describe('the operator console', () => {
  test('an ordinary user who opens /admin gets nothing: no data, none of its code', async () => {
    userRequests.length = 0;
    await user.goto('/admin/withdrawals');
    await user.getByRole('heading', { name: 'Page not found' }).waitFor();
    await user.goto('/admin/users');
    await user.getByRole('heading', { name: 'Page not found' }).waitFor();
    // Not 'networkidle': the app polls notifications. A few seconds for any late chunk request to show.
    await user.waitForTimeout(3_000);
    expect(userRequests.filter(consoleCode).map((r) => r.url())).toEqual([]);
    expect(userRequests.filter((r) => forwards(r, '/api/v1/transactions/') || forwards(r, '/api/v1/users/all'))).toEqual([]);
    expect(await user.getByRole('link', { name: 'Operator console' }).count()).toBe(0);
  });

  test('the admin approves one withdrawal and declines the other; the refund shows in the user list', async () => {
    await admin.getByRole('link', { name: 'Operator console' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/withdrawals');
    // The positive control of the first test: an admin does load the console's chunks.
    expect(adminRequests.filter(consoleCode).length).toBeGreaterThan(0);
    const rows = admin.getByTestId('withdrawal-row').filter({ hasText: kemi.email });
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    // Oldest first: the ₦1,000 request was made first.
    expect(await rows.nth(0).textContent()).toContain('₦1,000');
    expect(await rows.nth(0).textContent()).toContain('Access Bank');
    await capture(admin, 'admin-withdrawals');

    await rows.nth(0).getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('dialog', { name: 'Approve withdrawal' }).getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin, 'Transaction approved');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);

    await rows.nth(0).getByRole('button', { name: 'Decline' }).click();
    const decline = admin.getByRole('dialog', { name: 'Decline withdrawal' });
    await decline.getByLabel('Reason (the user sees it)').fill('Account name does not match');
    await decline.getByRole('button', { name: 'Decline and refund' }).click();
    await expectToast(admin, 'Transaction declined and refunded');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(0);

    await user.goto('/transactions');
    const refund = user.getByRole('region', { name: 'All transactions' }).getByRole('button', { name: /Funding.*₦2,000/ });
    await refund.first().click();
    await user
      .getByRole('dialog', { name: 'Transaction details' })
      .getByText(/Refund: your withdrawal of ₦2,000 to Access Bank failed \(Account name does not match\)/)
      .waitFor();
  });

  test("the user's ledger sums to the balance; suspending the user refuses them at once", async () => {
    await admin.getByRole('link', { name: 'Users' }).click();
    await admin.getByLabel('Name, e-mail, username or phone').fill(kemi.email);
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('link', { name: `${kemi.first_name} ${kemi.last_name}` }).click();
    await admin.getByRole('heading', { name: `${kemi.first_name} ${kemi.last_name}` }).waitFor();
    await admin.getByText("The 4 entries sum to ₦9,000, the wallet's balance.").waitFor();

    await admin.getByRole('button', { name: 'Suspend' }).click();
    await admin.getByRole('dialog', { name: 'Suspend user' }).getByRole('button', { name: 'Suspend' }).click();
    await expectToast(admin, 'User suspended');
    await admin.getByRole('button', { name: 'Activate' }).waitFor();

    // The open app ends the session (live permissions), and a new login is refused.
    await user.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await expect(
      providerCall(providerOrigin, 'POST', '/api/v1/user/login', { email: kemi.email, password: kemi.password }),
    ).rejects.toThrow(/failed: 40\d/);
  });

  test('each action is in the audit log, with the operator, and the console works at 360 px', async () => {
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.getByLabel('To whom (id)').fill(userId);
    await admin.getByRole('button', { name: 'Filter' }).click();
    const rows = admin.getByTestId('audit-row');
    await rows.filter({ hasText: 'user.suspend' }).first().waitFor();
    expect(await rows.filter({ hasText: 'user.suspend' }).first().textContent()).toContain('Ngozi');

    await admin.getByLabel('To whom (id)').fill('');
    await admin.getByLabel('What (action)').fill('transaction.');
    await admin.getByRole('button', { name: 'Filter' }).click();
    await rows.filter({ hasText: 'transaction.decline' }).first().waitFor();
    await rows.filter({ hasText: 'transaction.approve' }).first().waitFor();

    await admin.setViewportSize(SMALL);
    const width = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(SMALL.width);
    // On a phone the sections are one row that scrolls sideways, with the open one in view.
    await admin.goto('/admin/audit');
    const tabs = admin.getByRole('navigation', { name: 'Operator console' });
    const open = tabs.getByRole('link', { name: 'Audit log' });
    await open.waitFor();
    const [row, tab] = await Promise.all([tabs.boundingBox(), open.boundingBox()]);
    expect(row?.height).toBeLessThan(60);
    expect(tab && tab.x >= 0 && tab.x + tab.width <= SMALL.width).toBe(true);
    await capture(admin, 'admin-audit-360');
  });
});
