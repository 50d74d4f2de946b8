/**
 * The console's reports and content end to end (issue 16, ADR 0023): the seeded admin reads the reports,
 * writes a blog post and deletes it after the confirmation, changes the seeded USDT rate, and finds each
 * change in the audit log.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { captureFailure, expectToast, launchBrowser, loginThroughUi, newSession } from '../support/browser';

const { webUrl } = inject('stack');
const run = Date.now().toString().slice(-8);
const title = `Bankroll basics ${run}`;

let browser: Browser;
let admin: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: admin } = await newSession(browser, webUrl));
  await loginThroughUi(admin, 'admin@punter.test', 'Punter#2026');
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await captureFailure(admin, `admin content ${ctx.task.name}`);
});

afterAll(async () => {
  await browser.close();
});

describe('the console: reports and content', () => {
  test('the reports show the wallet figures and the days of the last month', async () => {
    await admin.goto('/admin/reports');
    await admin.getByRole('heading', { name: 'Wallet and bills' }).waitFor();
    await admin.getByText('Held in wallets').waitFor({ timeout: 60_000 });
    // The seed tops up the demo wallets, so the last 30 days are not empty: a row per day.
    const rows = admin.getByTestId('daily-table').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(31);
  });

  test('the admin publishes a blog post, then deletes it after confirming', async () => {
    await admin.getByRole('link', { name: 'Blogs' }).click();
    await admin.getByRole('button', { name: 'New post' }).click();
    const form = admin.getByRole('form', { name: 'New blog post' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Body').fill('Stake what you can afford to lose, and never chase losses.');
    await form.getByRole('button', { name: 'Publish post' }).click();
    await expectToast(admin, 'Blog created successfully');
    const post = admin.getByTestId('blog-row').filter({ hasText: title });
    await post.waitFor();

    await post.getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('dialog', { name: 'Delete blog post' }).getByRole('button', { name: 'Delete post' }).click();
    await expectToast(admin, 'Blog deleted successfully');
    await expect.poll(() => post.count(), { timeout: 30_000 }).toBe(0);
  });

  test('the admin changes the USDT rate', async () => {
    await admin.getByRole('link', { name: 'Crypto rates' }).click();
    await admin.getByRole('button', { name: 'Edit USDT' }).click();
    const form = admin.getByRole('form', { name: 'Edit USDT' });
    const buy = `${1500 + Number(run.slice(-2))}`;
    await form.getByLabel('We buy at (₦)').fill(buy);
    await form.getByRole('button', { name: 'Save rate' }).click();
    await expectToast(admin, 'Rate updated successfully');
    const row = admin.getByTestId('rate-row').filter({ hasText: 'USDT' });
    await expect.poll(async () => row.textContent(), { timeout: 30_000 }).toContain(`₦${Number(buy).toLocaleString('en-NG')}`);
  });

  test('each change is in the audit log', async () => {
    await admin.getByRole('link', { name: 'Audit log' }).click();
    const rows = admin.getByTestId('audit-row');
    await admin.getByLabel('What (action)').fill('blog.');
    await admin.getByRole('button', { name: 'Filter' }).click();
    await rows.filter({ hasText: 'blog.create' }).first().waitFor();
    await rows.filter({ hasText: 'blog.delete' }).first().waitFor();
    await admin.getByLabel('What (action)').fill('crypto.update');
    await admin.getByRole('button', { name: 'Filter' }).click();
    await rows.filter({ hasText: 'USDT' }).first().waitFor();
    // The operator's name once the admin list has loaded (the id until then).
    await expect.poll(() => rows.filter({ hasText: 'USDT' }).first().textContent(), { timeout: 30_000 }).toContain('Ngozi');
  });
});
