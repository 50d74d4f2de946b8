/**
 * The web app is served with Hosting's headers (firebase.json; issue 10 section 5): a
 * Content-Security-Policy that refuses framing, so another site cannot lay the withdraw screen
 * under a decoy and have it clicked (clickjacking), and the app still works under the policy
 * (csp-guard.ts fails every browser test on a violation).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, newSession, peekCspViolations, takeCspViolations } from '../support/browser';

const { webUrl, providerOrigin } = inject('stack');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, webUrl));
});
afterAll(async () => {
  await browser.close();
});

/**
 * A page of another site (its own server on a free port; a page faked by the browser would count as
 * a public address and Private Network Access would block the frame whatever the headers) that
 * frames `src`; true when the framed page rendered a button. False when none rendered within 8 s, or as soon as
 * Chromium reported that it refused the frame (its frame-ancestors violation) with no button in it: a refused
 * frame never loads, so waiting out the 8 s would show nothing more (ADR 0056).
 */
async function framedRenders(src: string): Promise<boolean> {
  const attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<h1>Win a prize</h1><iframe name="victim" src="${src.replace(/&/g, '&amp;')}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', r));
  const seenBefore = peekCspViolations().length;
  const refused = () =>
    peekCspViolations()
      .slice(seenBefore)
      .some((line) => line.includes('frame-ancestors'));
  try {
    await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/prize.html`);
    const button = page.frameLocator('iframe[name=victim]').getByRole('button').first();
    const deadline = Date.now() + 8_000;
    while (Date.now() < deadline) {
      if ((await button.count()) > 0 && (await button.isVisible())) return true;
      if (refused() && (await button.count()) === 0) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  } finally {
    await new Promise<void>((r) => attacker.close(() => r()));
  }
}

describe('security headers', () => {
  test("every page of the app carries the CSP with frame-ancestors 'none', X-Frame-Options DENY and nosniff", async () => {
    for (const path of ['/', '/login', '/dashboard', '/no-such-page']) {
      const res = await fetch(new URL(path, webUrl));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
      expect(res.headers.get('content-security-policy')).toMatch(/(^|;)\s*script-src 'self' 'sha256-/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // Revalidated on every use: a browser must not keep an older deploy's index.html (its chunks are gone).
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  test('the worker carries the CSP; a hashed file under /assets/ only nosniff and a year of immutable cache', async () => {
    const worker = await fetch(new URL('/sw.js', webUrl));
    expect(worker.headers.get('content-security-policy')).toMatch(/(^|;)\s*script-src 'self' 'sha256-/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const html = await (await fetch(new URL('/login', webUrl))).text();
    // The entry, left by the build as a modulepreload link that index.html's snapshot script runs.
    const asset = /<link rel="modulepreload"[^>]* href="(\/assets\/[^"]+\.js)" id="app-entry">/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const res = await fetch(new URL(asset ?? '', webUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy'])
      expect(res.headers.get(name)).toBeNull();
  });

  test('another site cannot frame the app (the login and withdraw screens do not render in its iframe)', async () => {
    // The check can fail: a page without frame-ancestors (the sandbox checkout) renders in the same frame.
    expect(await framedRenders(`${providerOrigin}/sandbox/checkout?tx_ref=t&amount=100&currency=NGN`)).toBe(true);
    expect(await framedRenders(new URL('/login', webUrl).toString())).toBe(false);
    expect(await framedRenders(new URL('/dashboard', webUrl).toString())).toBe(false);
    // Chromium says why: the app's frame-ancestors (expected here, so taken off the CSP guard's list).
    const refused = takeCspViolations();
    expect(refused).toHaveLength(2);
    for (const line of refused)
      expect(line).toContain(
        `Framing '${new URL(webUrl).origin}/' violates the following Content Security Policy directive: "frame-ancestors 'none'"`,
      );
  });

  test('the app renders under the policy: login screen, route preload script ran', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // The inline preload script (allowed by its hash) added the login route's chunks from the JSON block.
    const wanted = await page.evaluate<string[]>("JSON.parse(document.getElementById('route-chunks').textContent)['/login']");
    expect(wanted.length).toBeGreaterThan(0);
    const added = await page.evaluate<string[]>(
      "[...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'))",
    );
    expect(added).toEqual(expect.arrayContaining(wanted));
  });
});
