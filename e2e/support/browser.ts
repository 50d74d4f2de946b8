/** Debian's Chromium through playwright-core, screenshots at both sizes, the SMS sandbox. */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { root } from './stack';

export const SMALL = { width: 360, height: 740 } as const;
export const LARGE = { width: 1280, height: 800 } as const;
export const ARTIFACTS = join(root, 'e2e', 'artifacts');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

const cspViolations: string[] = [];

/** Collects what Chromium reports as refused by the Content-Security-Policy (csp-guard.ts fails the test on any). */
export function watchCsp(page: Page): void {
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) cspViolations.push(`${page.url()}: ${m.text().slice(0, 300)}`);
  });
}

/** The violations seen since the last call. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** The violations seen since the last takeCspViolations(), left on the list (the guard still sees them). */
export function peekCspViolations(): string[] {
  return [...cspViolations];
}

/**
 * Requests that stay open while a page lives (Firestore's listen and write streams): they never finish,
 * so `settled` does not wait for them. Whatever a listener brings arrives on the screen as DOM changes.
 */
const STREAMING = /\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel/;
const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests in flight (all but Firestore's streams), for `settled`. Call once per page. */
export function trackRequests(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (!STREAMING.test(r.url())) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until the page has settled (ADR 0056): no request in flight (with `trackRequests`), no spinner or
 * `aria-busy` region shown, the fonts loaded, and no element added, removed or changed in its attributes for
 * `quietMs`. Gives up waiting after `maxMs` (a page that never settles is measured as it is, as before, and a
 * line says what kept it busy); resolves with how long it waited.
 */
export async function settled(page: Page, { quietMs = 300, maxMs = 10_000 } = {}): Promise<number> {
  const started = Date.now();
  await page.evaluate(() => {
    const w = window as unknown as { __lastMutation?: number; __mutationObserver?: MutationObserver };
    w.__lastMutation = performance.now();
    if (w.__mutationObserver) return;
    w.__mutationObserver = new MutationObserver(() => {
      w.__lastMutation = performance.now();
    });
    w.__mutationObserver.observe(document, { subtree: true, childList: true, attributes: true });
  });
  const open = inFlight.get(page) ?? new Set<Request>();
  let state = { busy: false, quiet: 0 };
  while (Date.now() - started < maxMs) {
    state = await page.evaluate(async () => {
      await document.fonts.ready;
      const busy = Array.from(document.querySelectorAll('.spinner, [aria-busy="true"]')).some((el) => el.checkVisibility());
      const w = window as unknown as { __lastMutation?: number };
      return { busy, quiet: performance.now() - (w.__lastMutation ?? 0) };
    });
    if (open.size === 0 && !state.busy && state.quiet >= quietMs) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
  const pending = Array.from(open, (r) => `${r.method()} ${r.url().slice(0, 120)}`);
  console.warn(
    `settled: gave up after ${maxMs} ms on ${page.url()}: ${pending.length} request(s) in flight${pending.length > 0 ? ` (${pending.join(', ')})` : ''}, ${state.busy ? 'a spinner shown, ' : ''}last DOM change ${Math.round(state.quiet)} ms before`,
  );
  return Date.now() - started;
}

/**
 * A 360 px tab with no service worker, for screens index.html paints before the app runs (ADR 0031, 0032):
 * a worker would answer the app's scripts from its cache, past `withoutAppScripts`.
 */
export async function workerlessSession(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: SMALL, serviceWorkers: 'block' });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  watchCsp(page);
  return { context, page };
}

/** Runs `run` while the app's scripts never arrive (a connection that drops them): what the HTML alone shows. */
export async function withoutAppScripts<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const block = (route: { abort: () => Promise<void> }) => route.abort();
  await page.route('**/assets/*.js', block);
  try {
    return await run();
  } finally {
    await page.unroute('**/assets/*.js', block);
  }
}

/**
 * Opens `path` on a phone's CPU (4x slower, as the web bench does), waits for `ready`, and returns when the page
 * first painted content (its paint timing entry, a time the frame was presented) and when the app's code had been
 * evaluated (main.tsx's 'punter:app-start' mark), in ms since the navigation; null for what did not happen.
 * Unthrottled, evaluating the app takes about as long as presenting a frame, so the order would prove nothing.
 */
export async function firstPaintAndAppStart(
  page: Page,
  path: string,
  ready: () => Promise<unknown>,
): Promise<{ firstPaint: number | null; appStart: number | null }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await page.goto(path);
    await ready();
    return await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      appStart: performance.getEntriesByName('punter:app-start')[0]?.startTime ?? null,
    }));
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

/** A tab at 1280x800 that prefers reduced motion, so screenshots and audits see settled screens. */
export async function newSession(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: LARGE, reducedMotion: 'reduce' });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  watchCsp(page);
  if (process.env.E2E_DEBUG) {
    page.on('console', (m) => console.log(`[console.${m.type()}] ${m.text().slice(0, 300)}`));
    page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
    page.on('request', (r) => {
      if (r.url().includes('/us-central1/') || r.url().includes('identitytoolkit') || r.url().includes('securetoken'))
        console.log(`[request] ${new Date().toISOString()} ${r.method()} ${r.url().slice(0, 110)}`);
    });
    page.on('requestfinished', (r) => {
      if (r.url().includes('/us-central1/') || r.url().includes('identitytoolkit') || r.url().includes('securetoken'))
        console.log(`[done] ${new Date().toISOString()} ${r.url().slice(0, 110)}`);
    });
    page.on('requestfailed', (r) => console.log(`[failed] ${r.url()} ${r.failure()?.errorText ?? ''}`));
  }
  return { context, page };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 A and AA, what axe-core can check automatically. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core on the page as it is now; returns its WCAG 2.1 A/AA violations. */
export async function a11yViolations(page: Page): Promise<A11yViolation[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (an inline <script>
  // tag would be refused by it, as it should be).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE_SOURCE}\n;undefined`);
  return page.evaluate(async (tags) => {
    type Result = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<Result> } }).axe;
    // Toasts fade in and out over the page: expectToast checks their colours instead.
    const context = { include: [['body']], exclude: [['.Toastify']] };
    const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  }, AXE_TAGS);
}

/**
 * Saves the current screen at 360x740 and 1280x800 (full page) under e2e/artifacts/screens, and
 * fails when axe-core finds a WCAG 2.1 A or AA violation on it at either size.
 */
export async function capture(page: Page, name: string): Promise<void> {
  const dir = join(ARTIFACTS, 'screens');
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize() ?? LARGE;
  const problems: string[] = [];
  for (const size of [SMALL, LARGE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(dir, `${name}-${size.width}x${size.height}.png`), fullPage: true });
    for (const v of await a11yViolations(page))
      problems.push(`${size.width}px ${v.id} (${v.impact ?? '?'}): ${v.help} at ${v.targets.join(', ')}`);
  }
  await page.setViewportSize(before);
  if (problems.length > 0) throw new Error(`accessibility of screen '${name}':\n${problems.join('\n')}`);
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
export async function providerLogin(
  providerOrigin: string,
  email: string,
  password: string,
): Promise<{ referral_code: string; first_name: string }> {
  const answer = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', { email, password });
  if (!answer.data) throw new Error(`provider login for ${email} gave no profile`);
  return answer.data as { referral_code: string; first_name: string };
}

/** Waits for a toast (react-toastify's, web/src/components/toast-container.tsx) showing `text`, and checks its colours. */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('.Toastify__toast', { hasText: text }).first();
  await toast.waitFor({ state: 'visible' });
  // Toasts are left out of the axe audit (they animate); their colours are checked here.
  const { color, background } = await toast.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });
  const ratio = contrastRatio(color, background);
  if (ratio < 4.5)
    throw new Error(`toast '${text}': text ${color} on ${background} has contrast ${ratio.toFixed(2)}:1, below 4.5:1`);
}

/** WCAG contrast ratio of two opaque CSS colours in `rgb(r, g, b)` form. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r = 0, g = 0, bl = 0] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Tops up an account through the provider's HTTP API and the sandbox payment (no browser). */
export async function fundViaApi(providerOrigin: string, email: string, password: string, amountNaira: number): Promise<void> {
  const { token } = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', { email, password });
  const paid = await providerCall(providerOrigin, 'POST', '/sandbox/checkout/pay', {
    tx_ref: `e2e-${Date.now()}-${Math.random()}`,
    amount: amountNaira,
    currency: 'NGN',
    method: 'card',
    outcome: 'successful',
    customer_email: email,
  });
  const transactionId = (paid.data as { transaction_id: string }).transaction_id;
  await providerCall(
    providerOrigin,
    'POST',
    '/api/v1/user/topup',
    { transaction_id: transactionId, expectedAmount: amountNaira, expectedCurrency: 'NGN' },
    String(token),
  );
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

export interface ApiUser {
  email: string;
  password: string;
  phone: string;
  first_name: string;
  last_name: string;
  username: string;
  pin: string;
}

/** A call to the provider's HTTP API as a script would make it (no browser); throws on a non-2xx answer. */
export async function providerCall(
  providerOrigin: string,
  method: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${providerOrigin}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/**
 * A new account made through the provider's HTTP API (no browser): registered, phone verified with
 * the SMS sandbox code, transaction PIN set; no bank, no transaction. Logging in gives code 200.
 */
export async function registerViaApi(providerOrigin: string, user: ApiUser): Promise<void> {
  const since = Date.now();
  await providerCall(providerOrigin, 'POST', '/api/v1/user/register', {
    email: user.email,
    password: user.password,
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    phone_number: user.phone,
    device_type: 'WEB',
    device_token: crypto.randomUUID(),
    referral_code: '',
    marketing_channel: 'Others',
    gender: 'male',
    country: 'Nigeria',
    avatar_url: '/avatars/male.svg',
  });
  const otp = await latestSmsCode(providerOrigin, user.phone, since);
  await providerCall(providerOrigin, 'POST', '/api/v1/otp/verify', { otp, otpType: 'PHONE-VERIFICATION', email: user.email });
  const login = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', { email: user.email, password: user.password });
  if (typeof login.token !== 'string') throw new Error(`no token after registering ${user.email}`);
  await providerCall(providerOrigin, 'POST', '/api/v1/user/pin/set', { pin: user.pin }, login.token);
}

/** Logs in on /login as a user would and waits for the dashboard. */
export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}
