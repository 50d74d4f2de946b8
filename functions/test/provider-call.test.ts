import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from '@punter/provider/server';
import { fromProviderError } from '../src/errors';
import { createProviderCall } from '../src/provider-call';
import { httpProviderClient } from '../src/provider-client';
import { sessionLogin, sessionRegister, sessionVerifyOtp } from '../src/session';
import { harness, latestCode, registration, rejection } from './harness';

async function signedIn(h: ReturnType<typeof harness>) {
  const payload = registration();
  const reg = await sessionRegister(h.session, payload);
  const otp = await latestCode(h.provider, reg.profile!.data.phone_number);
  const verified = await sessionVerifyOtp(h.session, { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
  return { uid: verified.profile!.data.id, token: verified.profile!.token, email: payload.email, password: payload.password };
}

describe('providerCall', () => {
  it('forwards an allow-listed call with the bearer token and returns status and body untouched', async () => {
    const h = harness();
    const call = createProviderCall({ provider: h.client, permissions: h.permissions });
    const me = await signedIn(h);
    const wallet = await call(me.uid, { method: 'GET', path: '/api/v1/user/naira-wallet', token: me.token });
    expect(wallet).toEqual({
      status: 200,
      data: { status: true, message: 'Wallet fetched', balance: 0, data: { balance: 0, currency: 'NGN' } },
    });
    const games = await call(me.uid, { method: 'GET', path: '/games?country=Spain&date=2026-11-20', token: me.token });
    expect(games.status).toBe(200);
    expect((games.data as { data: Array<{ country: string }> }).data.every((g) => g.country === 'Spain')).toBe(true);
  });

  it("after a saved break (not a refused one) takes the user's devices off the signal topics; a failure there fails nothing", async () => {
    const h = harness();
    const paused: string[] = [];
    const logged: string[] = [];
    let failing = false;
    const call = createProviderCall({
      provider: h.client,
      permissions: h.permissions,
      log: (message) => logged.push(message),
      onPaused: (uid) => {
        paused.push(uid);
        return failing ? Promise.reject(new Error('messaging down')) : Promise.resolve();
      },
    });
    const me = await signedIn(h);
    await call(me.uid, { method: 'POST', path: '/api/v1/user/pin/set', token: me.token, body: { pin: '2468' } });
    const pause = (pin: string, duration: string) =>
      call(me.uid, {
        method: 'POST',
        path: '/api/v1/user/safer-play/pause',
        token: me.token,
        body: { kind: 'break', duration, pin },
      });
    await rejection(pause('1111', '24h'));
    expect(paused).toEqual([]);
    await call(me.uid, { method: 'GET', path: '/api/v1/user/safer-play', token: me.token });
    expect(paused).toEqual([]);

    expect((await pause('2468', '24h')).status).toBe(200);
    expect(paused).toEqual([me.uid]);
    failing = true;
    expect((await pause('2468', '7d')).status).toBe(200);
    expect(paused).toEqual([me.uid, me.uid]);
    expect(logged).toEqual(['dropping signal push after a pause failed']);
  });

  it('refuses a caller who is not signed in, and a token that belongs to another user', async () => {
    const h = harness();
    const call = createProviderCall({ provider: h.client, permissions: h.permissions });
    const a = await signedIn(h);
    const b = await signedIn(h);
    const anonymous = await rejection(call(null, { method: 'GET', path: '/api/v1/user/naira-wallet', token: a.token }));
    expect(anonymous.code).toBe('unauthenticated');
    const stolen = await rejection(call(b.uid, { method: 'GET', path: '/api/v1/user/naira-wallet', token: a.token }));
    expect(stolen.code).toBe('permission-denied');
  });

  it('maps an expired or unknown token to unauthenticated with the exact SPEC message', async () => {
    let clock = Date.parse('2026-11-22T08:00:00Z');
    const h = harness(() => clock);
    const call = createProviderCall({ provider: h.client, permissions: h.permissions, now: () => clock });
    const me = await signedIn(h);
    clock += 25 * 60 * 60 * 1000;
    const expired = await rejection(call(me.uid, { method: 'GET', path: '/api/v1/user/transactions', token: me.token }));
    expect(expired.code).toBe('unauthenticated');
    expect(expired.details.message).toBe('Token is expired or invalid.');
    const unknown = await rejection(
      call(me.uid, { method: 'GET', path: '/api/v1/user/transactions', token: 'not-a-real-token' }),
    );
    expect(unknown.details.message).toBe('Token is expired or invalid.');
  });

  it.each([
    ['a session call', { method: 'POST', path: '/api/v1/user/login', body: {} }],
    ['an unknown path', { method: 'GET', path: '/api/v1/admin/delete' }],
    ['a path escaping the allow-list', { method: 'GET', path: '/api/v1/user/../admin/admins' }],
    ['a wrong method', { method: 'PATCH', path: '/api/v1/user/naira-wallet' }],
    ['a forbidden header', { method: 'GET', path: '/api/v1/user/naira-wallet', headers: { authorization: 'Bearer x' } }],
    ['no token', { method: 'GET', path: '/api/v1/user/naira-wallet', token: '' }],
  ])('refuses %s as invalid-argument', async (_name, payload) => {
    const h = harness();
    const call = createProviderCall({ provider: h.client, permissions: h.permissions });
    const me = await signedIn(h);
    const error = await rejection(call(me.uid, { token: me.token, ...payload }));
    expect(error.code).toBe('invalid-argument');
  });

  it('passes the provider error through: non-admin on an admin call -> permission-denied; bad amount -> invalid-argument', async () => {
    const h = harness();
    const call = createProviderCall({ provider: h.client, permissions: h.permissions });
    const me = await signedIn(h);
    const admin = await rejection(call(me.uid, { method: 'GET', path: '/api/v1/admin/admins', token: me.token }));
    expect(admin.code).toBe('permission-denied');
    expect(admin.details.message).toBe('Only admins can do this.');
    const topup = await rejection(
      call(me.uid, {
        method: 'POST',
        path: '/api/v1/user/topup',
        token: me.token,
        body: { transaction_id: 'x1', expectedAmount: -5, expectedCurrency: 'NGN' },
      }),
    );
    expect(topup.code).toBe('invalid-argument');
    expect(topup.details.message).toContain('Amount must be greater than 0');
  });

  it('maps every provider status of the error table', () => {
    const cases: Array<[number, string]> = [
      [400, 'invalid-argument'],
      [422, 'invalid-argument'],
      [401, 'unauthenticated'],
      [403, 'permission-denied'],
      [404, 'not-found'],
      [409, 'already-exists'],
      [429, 'resource-exhausted'],
      [500, 'internal'],
      [502, 'internal'],
      [503, 'unavailable'],
    ];
    for (const [status, code] of cases) {
      const error = fromProviderError(status, { status: false, message: `m${status}`, error: [{ message: `m${status}` }] });
      expect([status, error.code, error.details.message]).toEqual([status, code, `m${status}`]);
    }
    expect(fromProviderError(500, 'garbage').details.message).toBe('Something went wrong. Please try again.');
  });

  it('passes on only an error body: a malformed list of problems becomes the message, anything else the generic text', () => {
    const listed = fromProviderError(400, { status: false, message: 'Bad', error: [{ message: 'Too short', field: 'pin' }] });
    expect(listed.details).toEqual({ status: false, message: 'Bad', error: [{ message: 'Too short', field: 'pin' }] });
    // What the web would otherwise have to guess at: items without a message, or a list that is not a list.
    for (const error of [[{ nope: 1 }], [], 'text']) {
      expect(fromProviderError(400, { status: false, message: 'Bad', error }).details).toEqual({
        status: false,
        message: 'Bad',
        error: [{ message: 'Bad' }],
      });
    }
    const html = fromProviderError(502, '<html>Bad gateway</html>');
    expect([html.code, html.details]).toEqual([
      'internal',
      {
        status: false,
        message: 'Something went wrong. Please try again.',
        error: [{ message: 'Something went wrong. Please try again.' }],
      },
    ]);
  });

  it('works the same over HTTP (PROVIDER_API_URL) as in-process', async () => {
    const h = harness();
    const server = createHttpServer(h.provider);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const client = httpProviderClient(`http://127.0.0.1:${port}/api/v1`);
      const session = { ...h.session, provider: client };
      const me = await signedIn(h);
      const login = await sessionLogin(session, { email: me.email, password: me.password });
      expect(login.profile?.code).toBe(203);
      const call = createProviderCall({ provider: client, permissions: h.permissions });
      const banks = await call(me.uid, { method: 'GET', path: '/api/v1/banks', token: login.profile!.token });
      expect((banks.data as { data: Array<{ name: string; code: string }> }).data).toContainEqual({
        name: 'Zenith Bank',
        code: '057',
      });
      const missing = await rejection(
        call(me.uid, { method: 'POST', path: '/api/v1/user/bank/verify', token: login.profile!.token, body: {} }),
      );
      expect(missing.code).toBe('invalid-argument');
    } finally {
      server.close();
    }
  });
});
