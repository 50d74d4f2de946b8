/** Debian's Chromium through playwright-core, screenshots at both sizes, the SMS sandbox. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { root } from './stack';

export const SMALL = { width: 360, height: 740 } as const;
export const LARGE = { width: 1280, height: 800 } as const;
export const ARTIFACTS = join(root, 'e2e', 'artifacts');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

export async function newSession(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: LARGE });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  if (process.env.E2E_DEBUG) {
    page.on('console', (m) => console.log(`[console.${m.type()}] ${m.text().slice(0, 300)}`));
    page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
    page.on('request', (r) => {
      if (r.url().includes('/us-central1/') || r.url().includes('identitytoolkit') || r.url().includes('securetoken')) console.log(`[request] ${new Date().toISOString()} ${r.method()} ${r.url().slice(0, 110)}`);
    });
    page.on('requestfinished', (r) => {
      if (r.url().includes('/us-central1/') || r.url().includes('identitytoolkit') || r.url().includes('securetoken')) console.log(`[done] ${new Date().toISOString()} ${r.url().slice(0, 110)}`);
    });
    page.on('requestfailed', (r) => console.log(`[failed] ${r.url()} ${r.failure()?.errorText ?? ''}`));
  }
  return { context, page };
}

/** Saves the current screen at 360x740 and 1280x800 (full page) under e2e/artifacts/screens. */
export async function capture(page: Page, name: string): Promise<void> {
  const dir = join(ARTIFACTS, 'screens');
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize() ?? LARGE;
  for (const size of [SMALL, LARGE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(dir, `${name}-${size.width}x${size.height}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}

/** The newest one-time code the SMS sandbox kept for a phone number, newer than `since` (ms). */
export async function latestSmsCode(providerOrigin: string, phone: string, since: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${providerOrigin}/sandbox/sms?phone=${encodeURIComponent(phone)}`);
    if (res.ok) {
      const body = (await res.json()) as { messages?: Array<{ code?: string; createdAt?: string | number }> };
      const newest = body.messages?.[0];
      const at = newest?.createdAt === undefined ? 0 : new Date(newest.createdAt).getTime();
      if (newest?.code && at >= since - 1000) return newest.code;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no SMS code for ${phone} since ${new Date(since).toISOString()}`);
}

/** Logs in through the provider's HTTP API (no browser): used to read a seeded account's profile. */
export async function providerLogin(providerOrigin: string, email: string, password: string): Promise<{ referral_code: string; first_name: string }> {
  const res = await fetch(`${providerOrigin}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { data?: { referral_code: string; first_name: string } };
  if (!res.ok || !body.data) throw new Error(`provider login failed for ${email}: ${res.status}`);
  return body.data;
}

/** Text of the newest toast (react-toastify) once it shows `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.Toastify__toast', { hasText: text }).first().waitFor({ state: 'visible' });
}

/** Tops up an account through the provider's HTTP API and the sandbox payment (no browser). */
export async function fundViaApi(providerOrigin: string, email: string, password: string, amountNaira: number): Promise<void> {
  const login = await fetch(`${providerOrigin}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const pay = await fetch(`${providerOrigin}/sandbox/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tx_ref: `e2e-${Date.now()}-${Math.random()}`, amount: amountNaira, currency: 'NGN', method: 'card', outcome: 'successful', customer_email: email }),
  });
  const paid = (await pay.json()) as { data: { transaction_id: string } };
  const topup = await fetch(`${providerOrigin}/api/v1/user/topup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ transaction_id: paid.data.transaction_id, expectedAmount: amountNaira, expectedCurrency: 'NGN' }),
  });
  if (!topup.ok) throw new Error(`top up failed: ${topup.status} ${await topup.text()}`);
}

/** On a failed test: a screenshot and the page text under e2e/artifacts/failures. */
export async function captureFailure(page: Page | undefined, testName: string): Promise<void> {
  if (!page || page.isClosed()) return;
  const dir = join(ARTIFACTS, 'failures');
  mkdirSync(dir, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  try {
    await page.screenshot({ path: join(dir, `${slug}.png`), fullPage: true });
    console.error(`[failure] ${testName} at ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 2000)}`);
  } catch {
    // the page is gone: nothing more to keep
  }
}
