import { connect, type AddressInfo } from 'node:net';
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
    const res = await fetch(
      `${base}/sandbox/checkout?tx_ref=punter-1&amount=2500&currency=NGN&customer_email=a%40b.co&customer_name=%3Cb%3EAda`,
    );
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    for (const text of ['Card', 'Mobile money', 'USSD', 'NGN 2500', "source: 'sandbox-checkout'", 'postMessage'])
      expect(html).toContain(text);
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
    expect(await none.json()).toEqual({
      status: false,
      message: 'Token is expired or invalid.',
      error: [{ message: 'Token is expired or invalid.' }],
    });
    const sms = await fetch(`${base}/sandbox/sms?phone=08031234567`);
    expect(await sms.json()).toEqual({ messages: [] });
    const preflight = await fetch(`${base}/api/v1/user/login`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
  });

  it('answers a body over 1 MB with a 413 JSON error, not a reset socket, and keeps serving', async () => {
    const tooLarge = {
      status: false,
      message: 'The request body is too large (max 1 MB)',
      error: [{ message: 'The request body is too large (max 1 MB)' }],
    };
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await fetch(`${base}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);

    // Chunked, without a Content-Length, over a raw socket.
    const chunked = await rawRequest(
      `POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      (write) => {
        const chunk = 'y'.repeat(256 * 1024);
        for (let i = 0; i < 6; i += 1) write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        write('0\r\n\r\n');
      },
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(chunked.slice(chunked.indexOf('\r\n\r\n') + 4))).toEqual(tooLarge);

    // Declaring far more than the server will even read: the 413 arrives before the connection closes.
    const huge = await rawRequest(
      `POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n`,
      () => undefined,
    );
    expect(huge).toMatch(/^HTTP\/1\.1 413 /);
    expect(huge).toContain('"message":"The request body is too large (max 1 MB)"');

    const after = await fetch(`${base}/api/v1/user/login`, { method: 'POST', body: JSON.stringify({}) });
    expect(after.status).toBe(400);
  });
});

/** Sends `head`, then the body through `send`, and collects everything the server answers until it closes. */
function rawRequest(head: string, send: (write: (s: string) => void) => void): Promise<string> {
  const port = Number(new URL(base).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      send((s) => socket.write(s));
    });
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
  });
}
