/**
 * The console's pots, codes and signals end to end (issue 16, ADR 0022): the seeded admin creates a pot through
 * the form and edits it before anyone joins; a signed-in user sees the edited pot on /auto-trada; the codes and
 * signals screens load from the provider; and each pot action is in the audit log.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { captureFailure, expectToast, launchBrowser, loginThroughUi, newSession } from '../support/browser';

const { webUrl } = inject('stack');
const run = Date.now().toString().slice(-8);
const PASSWORD = 'Punter#2026';
const potType = `Console pot ${run}`;

let browser: Browser;
/** A section of the console, by its tab (the app's own sidebar has links of the same names). */
const tab = (name: string) =>
  admin.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name, exact: true });

let admin: Page;
let user: Page;

/** A datetime-local value `hours` from now in Lagos time (UTC+1), which the console reads its inputs in. */
function localInput(page: Page, hours: number): Promise<string> {
  return page.evaluate((h) => {
    const d = new Date(Date.now() + h * 3_600_000 + 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  }, hours);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: admin } = await newSession(browser, webUrl));
  ({ page: user } = await newSession(browser, webUrl));
  await loginThroughUi(admin, 'admin@punter.test', PASSWORD);
  await loginThroughUi(user, 'user@punter.test', PASSWORD);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    await captureFailure(admin, `admin-pots ${ctx.task.name}`);
    await captureFailure(user, `admin-pots user ${ctx.task.name}`);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('the console: pots, codes and signals', () => {
  test('the admin creates a pot and edits it before anyone joins; a user then sees it on /auto-trada', async () => {
    await admin.getByRole('link', { name: 'Operator console' }).click();
    await tab('Pots').click();
    await admin.waitForURL((url) => url.pathname === '/admin/pots');
    await admin.getByTestId('auto-trada-state').waitFor();

    await admin.getByRole('button', { name: 'Create pot' }).click();
    const form = admin.getByRole('dialog', { name: 'Create pot' });
    await form.getByLabel('Type').fill(potType);
    await form.getByLabel('Manager', { exact: true }).fill('Musa Ibrahim');
    await form.getByLabel("Manager's number").fill('2348031110003');
    await form.getByLabel('Volume (₦)').fill('1000000');
    await form.getByLabel('Percentage a month').fill('10');
    await form.getByLabel('Duration (months)').fill('1');
    await form.getByLabel('Raising ends').fill(await localInput(admin, 48));
    await form.getByLabel('Trading starts').fill(await localInput(admin, 49));
    await form.getByLabel('Due date').fill(await localInput(admin, 24 * 32));
    await form.getByLabel('Terms').fill('Capital and result are paid on the due date.');
    await form.getByRole('button', { name: 'Create pot' }).click();
    await expectToast(admin, 'Pot created');

    const row = admin.getByTestId('pot-row').filter({ hasText: potType });
    await row.waitFor();
    expect(await row.textContent()).toContain('Raising');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit pot' });
    await edit.getByLabel('Manager', { exact: true }).fill('Bola Adeyemi');
    await edit.getByRole('button', { name: 'Save pot' }).click();
    await expectToast(admin, 'Pot updated');
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 30_000 }).toContain('Bola Adeyemi');

    await row.getByRole('button', { name: 'Participants' }).click();
    await admin
      .getByRole('dialog', { name: `Participants of ${potType}` })
      .getByText('Nobody has joined yet.')
      .waitFor();
    await admin.keyboard.press('Escape');

    await user.goto('/auto-trada');
    await user.getByRole('link', { name: new RegExp(potType) }).click();
    await user.getByText('Bola Adeyemi').first().waitFor();
  });

  test('the codes and signals screens read the provider', async () => {
    await tab('Betting codes').click();
    await admin.getByRole('heading', { name: 'Disputes from buyers' }).waitFor();
    await admin.getByRole('region', { name: 'Codes' }).or(admin.getByText('No code.')).first().waitFor();
    await tab('Signals').click();
    await admin.getByRole('heading', { name: 'Who may post' }).waitFor();
    await admin.getByRole('heading', { name: 'Feed history' }).waitFor();
  });

  test('each pot action is in the audit log', async () => {
    await tab('Audit log').click();
    await admin.getByLabel('What (action)').fill('pot.');
    await admin.getByRole('button', { name: 'Filter' }).click();
    const rows = admin.getByTestId('audit-row');
    await rows.filter({ hasText: 'pot.create' }).first().waitFor();
    await rows.filter({ hasText: 'pot.update' }).first().waitFor();
  });
});
