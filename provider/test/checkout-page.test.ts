/** The sandbox checkout page in a real browser: pay by USSD inside an iframe, get the message, verify the top-up. */
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { createHttpServer } from '../src/server';
import { client, makeProvider, onboardedUser } from './helpers';

const provider = makeProvider();
const server = createHttpServer(provider);
let origin = '';
let browser: Browser;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch(chromiumLaunchOptions());
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('sandbox checkout page', () => {
  it('pays by USSD in an iframe, posts the transaction_id to the parent, and the top-up verifies once', async () => {
    const user = await onboardedUser(provider);
    const page = await browser.newPage();
    const src = `${origin}/sandbox/checkout?tx_ref=punter-abc&amount=1500&currency=NGN&customer_email=${encodeURIComponent(user.email)}&customer_name=Ada`;
    await page.setContent(
      `<html><body><script>window.messages = []; addEventListener("message", (e) => window.messages.push(e.data));</script>` +
        `<iframe name="checkout" src="${src.replace(/&/g, '&amp;')}"></iframe></body></html>`,
    );
    const messages = () => page.evaluate<Array<Record<string, unknown>>>('window.messages');
    const frame = page.frameLocator('iframe[name=checkout]');
    await frame.getByLabel('USSD').check();
    await frame.getByRole('button', { name: 'Pay NGN 1500' }).click();
    await page.waitForFunction('window.messages.length > 0', undefined, { timeout: 10_000 });
    const [message] = await messages();
    expect(message).toMatchObject({ source: 'sandbox-checkout', status: 'successful', tx_ref: 'punter-abc' });
    const topup = await client(provider).call(
      'POST',
      '/api/v1/user/topup',
      { transaction_id: message!.transaction_id, expectedAmount: 1500, expectedCurrency: 'NGN' },
      user.token,
    );
    expect(topup.body).toMatchObject({ message: 'Wow! Your top up was successful', data: { balance: 1500 } });

    await frame.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction('window.messages.length > 1');
    const cancelled = (await messages())[1];
    expect(cancelled).toMatchObject({ source: 'sandbox-checkout', status: 'cancelled', transaction_id: null });
    await page.close();
  });

  it('refuses a redirect_url that is not a page of the web app, so Cancel never runs javascript: or leaves for another site', async () => {
    // makeProvider's web app is http://127.0.0.1:5173 (DEFAULT_SETTINGS.webAppUrl).
    const checkout = (redirect: string) =>
      `${origin}/sandbox/checkout?tx_ref=punter-r&amount=1500&currency=NGN&customer_name=Ada&redirect_url=${encodeURIComponent(redirect)}`;
    for (const bad of [
      'javascript:alert(document.domain)',
      'JaVaScRiPt:alert(1)//http://127.0.0.1:5173/',
      'data:text/html,<script>alert(1)</script>',
      'https://evil.example/wallet',
      'http://127.0.0.1:5174/wallet',
      '//evil.example/',
      '/wallet',
    ]) {
      const res = await fetch(checkout(bad));
      const body = (await res.json()) as { message: string };
      expect([res.status, body.message]).toEqual([400, 'redirect_url must be a page of the web app (http://127.0.0.1:5173)']);
    }

    // A page of the web app is accepted: Cancel goes back to it with the outcome.
    const page = await browser.newPage();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await page.route('http://127.0.0.1:5173/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Back in the app</h1>' }),
    );
    await page.goto(checkout('http://127.0.0.1:5173/wallet?from=checkout'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:5173\/wallet\?/);
    const back = new URL(page.url());
    expect([back.searchParams.get('from'), back.searchParams.get('status'), back.searchParams.get('tx_ref')]).toEqual([
      'checkout',
      'cancelled',
      'punter-r',
    ]);
    expect(dialogs).toBe(0);
    await page.close();
  });
});
