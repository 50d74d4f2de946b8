import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/server';
import { makeProvider } from './helpers';

const provider = makeProvider();
const server = createHttpServer(provider);
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('node:http adapter and sandbox pages', () => {
  it('serves the checkout page offering card, mobile money and USSD, posting back to the parent', async () => {
    const res = await fetch(`${base}/sandbox/checkout?tx_ref=punter-1&amount=2500&currency=NGN&customer_email=a%40b.co&customer_name=%3Cb%3EAda`);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    for (const text of ['Card', 'Mobile money', 'USSD', 'NGN 2500', "source: 'sandbox-checkout'", 'postMessage']) expect(html).toContain(text);
    expect(html).not.toContain('<b>Ada');
  });

  it('makes a sandbox payment and answers JSON errors for bad JSON and unknown routes', async () => {
    const pay = await fetch(`${base}/sandbox/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tx_ref: 'punter-2', amount: 100, currency: 'NGN', method: 'ussd' }),
    });
    expect(pay.status).toBe(200);
    expect(((await pay.json()) as { data: { transaction_id: string } }).data.transaction_id).toMatch(/^\d+$/);
    const bad = await fetch(`${base}/api/v1/user/login`, { method: 'POST', body: '{not json' });
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([400, 'The request body must be JSON']);
    const none = await fetch(`${base}/api/v1/user/naira-wallet`);
    expect(await none.json()).toEqual({ status: false, message: 'Token is expired or invalid.', error: [{ message: 'Token is expired or invalid.' }] });
    const sms = await fetch(`${base}/sandbox/sms?phone=08031234567`);
    expect(await sms.json()).toEqual({ messages: [] });
    const preflight = await fetch(`${base}/api/v1/user/login`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
  });
});
