/**
 * Both calculators through a win, a loss and a reset, with their toasts, the state kept across a
 * reload; and the public pages (privacy policy, terms, expired subscription).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { capture, captureFailure, expectToast, launchBrowser, loginThroughUi, newSession } from '../support/browser';

const { webUrl } = inject('stack');
let browser: Browser;
let page: Page;

function stat(label: string) {
  return page.locator('.stat', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, webUrl));
  await loginThroughUi(page, 'signals@punter.test', 'Punter#2026');
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await captureFailure(page, context.task.name);
});

afterAll(async () => {
  await browser.close();
});

describe('stake calculator', () => {
  test('session, loss, win, state kept on reload, reset', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stake Calculator' }).click({ force: true });
    await page.waitForURL((url) => url.pathname === '/stake-calculator');
    await page.getByRole('button', { name: 'Reset System' }).click();
    await page.getByText('No game is going on.').waitFor();
    // A fresh calculator has played no game: it does not say 'Ended'.
    expect(await stat('Status').textContent()).toBe('No game yet');
    expect(await page.getByRole('heading', { name: 'Enter Game Details' }).count()).toBe(0);
    await capture(page, 'stake-calculator-empty');

    await page.getByLabel('Game target (₦)').fill('1000');
    await page.getByRole('button', { name: 'Start Session' }).click();
    await expectToast(page, 'Session configured successfully');
    await page.getByLabel('Option', { exact: true }).fill('Over 1.5');
    await page.getByLabel('Odd').fill('1.5');
    // The risk shows as the odd is typed: at 1.5 each stake of a losing run triples (target ₦1,000:
    // 2,000, 6,000, 18,000, then 54,000 after 3 losses, 26,000 lost), a chance of (1/3)^3.
    const threeLosses = page.getByRole('list', { name: 'Losing runs at odd 1.5' }).getByRole('listitem').first();
    await threeLosses.waitFor();
    expect(await threeLosses.locator('dd').allTextContents()).toEqual(['₦54,000', '₦26,000', '3.7% about 1 in 27']);
    await capture(page, 'stake-calculator-risk');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expectToast(page, 'Stake calculated successfully');
    expect(await stat('Stake').textContent()).toBe('₦2,000');
    await page.getByText('A game is going on now.').waitFor();
    await capture(page, 'stake-calculator-playing');

    await page.getByRole('button', { name: 'Loss' }).click();
    await expectToast(page, 'Oops try again');
    expect(await stat('Accumulated loss').textContent()).toBe('₦2,000');

    await page.getByLabel('Odd').fill('2');
    await page.getByRole('button', { name: 'Calculate' }).click();
    expect(await stat('Stake').textContent()).toBe('₦3,000');
    await page.reload();
    expect(await stat('Stake').textContent()).toBe('₦3,000');
    await page.getByRole('button', { name: 'Win' }).click();
    await expectToast(page, 'Congratulations boss');
    expect(await stat('Profit').textContent()).toBe('₦1,000');
    expect(await stat('Accumulated loss').textContent()).toBe('₦0');
    expect(await stat('Games').textContent()).toBe('2');

    await page.getByRole('button', { name: 'Hide details' }).click();
    expect(await stat('Profit').count()).toBe(0);
    await page.getByRole('button', { name: 'Show details' }).click();
    await page.getByRole('button', { name: 'Reset System' }).click();
    await expectToast(page, 'System reset successfully');
    expect(await stat('Profit').textContent()).toBe('₦0');
  });
});

describe('over 2.5 calculator', () => {
  test('setup limits, loss, win, state kept on reload, reset', async () => {
    await page.goto('/overtwofivecalculator');
    await page.getByRole('button', { name: 'Reset System' }).click();
    expect(await page.getByRole('button', { name: 'Calculate' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Guidelines' }).click();
    await page.getByText(/under 1 minute 30 seconds/).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Setup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Setup' });
    await dialog.getByLabel('Capital (₦)').fill('100000');
    await dialog.getByLabel('Winning target per game (₦)').fill('4000');
    await dialog.getByText('Sorry your maximum wining target for ₦100,000 should be ₦1,500').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Winning target per game (₦)').fill('2000');
    await dialog.getByText(/We suggest a target of ₦1,500/).waitFor();
    await dialog.getByLabel('Winning target per game (₦)').fill('1500');
    await dialog.getByLabel('Stop loss (% of capital)').selectOption('5');
    await dialog.getByLabel('Split after (losses in a row)').selectOption('4');
    await dialog.getByLabel('Number of splits').selectOption('2');
    await capture(page, 'over-two-five-setup');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Session configured successfully');
    expect(await stat('Capital').textContent()).toBe('₦100,000');

    await page.getByLabel('Over 2.5 odd').fill('1.5');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expectToast(page, 'Stake calculated successfully');
    expect(await stat('Stake').textContent()).toBe('₦3,000');
    await page.getByRole('button', { name: 'Loss' }).click();
    await expectToast(page, 'Oops try again');
    expect(await stat('Accumulated loss').textContent()).toBe('₦3,000');

    await page.getByLabel('Over 2.5 odd').fill('2');
    await page.getByRole('button', { name: 'Calculate' }).click();
    expect(await stat('Stake').textContent()).toBe('₦4,500');
    await page.reload();
    expect(await stat('Stake').textContent()).toBe('₦4,500');
    await capture(page, 'over-two-five-playing');
    await page.getByRole('button', { name: 'Win' }).click();
    await expectToast(page, 'Congratulations boss');
    expect(await stat('Profit').textContent()).toBe('₦1,500');
    expect(await stat('Wins').textContent()).toBe('1');

    await page.getByRole('button', { name: 'Hide system details' }).click();
    expect(await stat('Profit').count()).toBe(0);
    await page.getByRole('button', { name: 'Show system details' }).click();
    await page.getByRole('button', { name: 'Reset System' }).click();
    await expectToast(page, 'System reset successfully');
    expect(await stat('Capital').textContent()).toBe('₦0');
  });

  test('quick rounds replace the calculator toast instead of stacking one per action', async () => {
    await page.goto('/overtwofivecalculator');
    await page.getByRole('button', { name: 'Reset System' }).click();
    await page.getByRole('button', { name: 'Setup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Setup' });
    await dialog.getByLabel('Capital (₦)').fill('100000');
    await dialog.getByLabel('Winning target per game (₦)').fill('1500');
    await dialog.getByLabel('Stop loss (% of capital)').selectOption('5');
    await dialog.getByLabel('Split after (losses in a row)').selectOption('4');
    await dialog.getByLabel('Number of splits').selectOption('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    for (let round = 0; round < 4; round += 1) {
      await page.getByLabel('Over 2.5 odd').fill('1.5');
      await page.getByRole('button', { name: 'Calculate' }).click();
      await page.getByRole('button', { name: round % 2 === 0 ? 'Loss' : 'Win' }).click();
    }
    // Eight results in a few seconds: one toast on screen, showing the last one.
    await expectToast(page, 'Congratulations boss');
    const toasts = page.locator('.Toastify__toast');
    await expect.poll(() => toasts.count(), { timeout: 10_000 }).toBe(1);
    expect(await toasts.first().textContent()).toContain('Congratulations boss');
    await page.getByRole('button', { name: 'Reset System' }).click();
  });

  test('a stored state that is not valid is replaced by the initial state', async () => {
    await page.evaluate(() => localStorage.setItem('overTwoFiveState', '{"capital":-5}'));
    await page.reload();
    expect(await stat('Capital').textContent()).toBe('₦0');
  });
});

describe('public pages', () => {
  test('privacy policy, terms and the subscription page', async () => {
    await page.goto('/privacy-policy');
    await page
      .getByText(/Nigeria Data Protection Act 2023/)
      .first()
      .waitFor();
    await capture(page, 'privacy-policy');
    await page.getByRole('link', { name: 'Back to dashboard' }).first().click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto('/terms-and-conditions');
    await page.getByText(/18 or older/).waitFor();
    await capture(page, 'terms-and-conditions');
    // Signed in, /subscription is the subscription's own page (the expired page for visitors: subscription.test.ts).
    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'Monthly subscription' }).waitFor();
    await capture(page, 'subscription');
  });

  test('the menu toggle opens the sidebar on a phone and Escape closes it', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Over 2.5 Calculator' }).waitFor();
    await capture(page, 'sidebar-open');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await capture(page, 'notifications');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('at 360 px the Over 2.5 actions sit in one row and the WhatsApp button stays in the top bar; wider it floats and steps aside while the user reads down', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await page.goto('/overtwofivecalculator');
      const names = ['Setup', 'Reset System', 'Guidelines'];
      const boxes = [];
      for (const name of names) boxes.push(await page.getByRole('button', { name, exact: true }).boundingBox());
      const tops = boxes.map((b) => Math.round(b?.y ?? -1));
      expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
      for (const box of boxes) expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);

      const whatsapp = page.locator('a.whatsapp-link');
      const inView = async () =>
        whatsapp.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.top < window.innerHeight && getComputedStyle(el).opacity !== '0';
        });
      const inTopBar = async () =>
        whatsapp.evaluate((el) => {
          const bar = document.querySelector('.topbar')?.getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return !!bar && r.top >= bar.top && r.bottom <= bar.bottom;
        });
      // With the details open the page is longer than the screen.
      const show = page.getByRole('button', { name: 'Show system details' });
      if (await show.count()) await show.click();
      expect(await inTopBar()).toBe(true);
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(300);
      // On a phone it is in the sticky top bar, over no content, whatever the scroll.
      expect(await inView()).toBe(true);
      expect(await inTopBar()).toBe(true);

      await page.setViewportSize({ width: 1100, height: 480 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(inView).toBe(true);
      expect(await inTopBar()).toBe(false);
      await page.mouse.wheel(0, 300);
      await expect.poll(inView).toBe(false);
      await page.mouse.wheel(0, -120);
      await expect.poll(inView).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
