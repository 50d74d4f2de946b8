/**
 * Bad input on the callables the other suites leave out: sessionRequestOtp, sessionSendResetOtp,
 * clearSignals with a payload, and joinPot with every kind of bad amount and with expired and
 * foreign tokens. Each refusal is a BridgeError with the callable code and SPEC section 8's body,
 * and nothing changes in the provider's store (nor in the signal collection).
 */
import type { Permissions } from '@punter/core/permissions';
import { describe, expect, it } from 'vitest';
import { clearSignals, joinPot, type ContentStore } from '../src/content';
import { createProviderCall } from '../src/provider-call';
import { sessionRegister, sessionRequestOtp, sessionSendResetOtp, sessionVerifyOtp } from '../src/session';
import { expectBadInput, harness, latestCode, registration, rejection } from './harness';

type Harness = ReturnType<typeof harness>;

/** The stored state, less the abuse-limit counters (every request to a public call counts there). */
function snapshot(h: Harness): string {
  const counters = ['provider_limits\u0000', 'provider_login_guards\u0000'];
  const kept = [...h.store.dump().entries()].filter(([key]) => !counters.some((c) => key.startsWith(c)));
  return JSON.stringify(kept.sort(([a], [b]) => a.localeCompare(b)));
}

/** A registered, phone-verified account (code 203: no PIN yet). */
async function signedIn(h: Harness) {
  const payload = registration();
  const reg = await sessionRegister(h.session, payload);
  const otp = await latestCode(h.provider, reg.profile!.data.phone_number);
  const verified = await sessionVerifyOtp(h.session, { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
  return { uid: verified.profile!.data.id, token: verified.profile!.token, email: payload.email };
}

/** Tops the wallet up through the sandbox checkout and subscribes, straight at the provider. */
async function fundAndSubscribe(h: Harness, who: { token: string; email: string }, amount: number) {
  const pay = await h.provider.handle({
    method: 'POST',
    path: '/sandbox/checkout/pay',
    body: {
      tx_ref: `punter-${who.email}`,
      amount,
      currency: 'NGN',
      method: 'card',
      outcome: 'successful',
      customer_email: who.email,
    },
  });
  const transactionId = (pay.body as { data: { transaction_id: string } }).data.transaction_id;
  const auth = { authorization: `Bearer ${who.token}` };
  const topup = await h.provider.handle({
    method: 'POST',
    path: '/api/v1/user/topup',
    headers: auth,
    body: { transaction_id: transactionId, expectedAmount: amount, expectedCurrency: 'NGN' },
  });
  const sub = await h.provider.handle({
    method: 'POST',
    path: '/api/v1/user/subscribe',
    headers: { ...auth, 'idempotency-key': `subscribe-${transactionId}` },
    body: {},
  });
  if (topup.status !== 200 || sub.status !== 200) throw new Error(`setup failed: ${JSON.stringify([topup.body, sub.body])}`);
}

async function balance(h: Harness, token: string): Promise<number> {
  const res = await h.provider.handle({
    method: 'GET',
    path: '/api/v1/user/naira-wallet',
    headers: { authorization: `Bearer ${token}` },
  });
  return (res.body as { data: { balance: number } }).data.balance;
}

describe('sessionRequestOtp refuses bad input', () => {
  it.each([
    ['no payload', undefined, undefined],
    ['not an object', 'hello', undefined],
    ['missing fields', {}, 'email'],
    ['a number email', { email: 42, phone_number: '08031234567', otpType: 'PHONE-VERIFICATION' }, 'email'],
    ['a number phone', { email: 'a@b.co', phone_number: 8031234567, otpType: 'PHONE-VERIFICATION' }, 'phone_number'],
    ['a short phone', { email: 'a@b.co', phone_number: '12345', otpType: 'PHONE-VERIFICATION' }, 'phone_number'],
    ['another otpType', { email: 'a@b.co', phone_number: '08031234567', otpType: 'PASSWORD-RESET' }, 'otpType'],
  ] as const)('%s -> invalid-argument naming the field, nothing sent', async (_name, data, field) => {
    const h = harness();
    await expectBadInput(h, sessionRequestOtp(h.session, data), field);
  });

  it("words a problem our schemas leave to zod in classic zod's English (core's zod/mini has no words of its own)", async () => {
    const h = harness();
    const error = await rejection(sessionRequestOtp(h.session, 'hello'));
    expect(error.code).toBe('invalid-argument');
    expect(error.details).toEqual({
      status: false,
      message: 'Invalid input: expected object, received string',
      error: [{ message: 'Invalid input: expected object, received string' }],
    });
  });

  it("answers alike for an unknown email, another account's phone and an already verified phone, and sends nothing", async () => {
    const h = harness();
    const payload = registration();
    await sessionRegister(h.session, payload);
    const mine = await signedIn(h);
    const before = snapshot(h);
    // No oracle: the same answer whether the e-mail exists, the phone matches or the phone is verified.
    const sent = {
      profile: null,
      firebaseToken: null,
      message: 'If the details match an account, a code has been sent to its phone number',
    };
    const unknown = await sessionRequestOtp(h.session, {
      email: 'nobody@example.com',
      phone_number: payload.phone_number,
      otpType: 'PHONE-VERIFICATION',
    });
    expect(unknown).toEqual(sent);
    const otherPhone = await sessionRequestOtp(h.session, {
      email: payload.email,
      phone_number: '08039999999',
      otpType: 'PHONE-VERIFICATION',
    });
    expect(otherPhone).toEqual(sent);
    const verifiedUser = await h.provider.handle({
      method: 'GET',
      path: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${mine.token}` },
    });
    const verifiedPhone = (verifiedUser.body as { data: { phone_number: string } }).data.phone_number;
    const verified = await sessionRequestOtp(h.session, {
      email: mine.email,
      phone_number: verifiedPhone,
      otpType: 'PHONE-VERIFICATION',
    });
    expect(verified).toEqual(sent);
    expect(snapshot(h)).toBe(before);
  });

  it('the sixth code in an hour is refused as resource-exhausted and is not sent', async () => {
    const h = harness();
    const payload = registration();
    await sessionRegister(h.session, payload);
    const request = { email: payload.email, phone_number: payload.phone_number, otpType: 'PHONE-VERIFICATION' };
    for (let i = 0; i < 4; i += 1) await sessionRequestOtp(h.session, request);
    const before = snapshot(h);
    const sixth = await rejection(sessionRequestOtp(h.session, request));
    expect(sixth.code).toBe('resource-exhausted');
    expect(sixth.details.status).toBe(false);
    expect(snapshot(h)).toBe(before);
  });
});

describe('sessionSendResetOtp refuses bad input', () => {
  it.each([
    ['no payload', null, 'email'],
    ['not an object', 7, undefined],
    ['a number email', { email: 42 }, 'email'],
    ['a malformed email', { email: 'not-an-email' }, 'email'],
    ['an empty email', { email: '' }, 'email'],
  ] as const)('%s -> invalid-argument, nothing sent', async (_name, data, field) => {
    const h = harness();
    await expectBadInput(h, sessionSendResetOtp(h.session, data), field);
  });

  it('an unknown email -> the same answer as a real one (no oracle), nothing sent', async () => {
    const h = harness();
    const real = registration();
    await sessionRegister(h.session, real);
    const before = snapshot(h);
    const unknown = await sessionSendResetOtp(h.session, { email: 'nobody@example.com' });
    expect(unknown).toEqual({
      profile: null,
      firebaseToken: null,
      message: 'If the details match an account, a code has been sent to its phone number',
    });
    expect(snapshot(h)).toBe(before);
    expect(await sessionSendResetOtp(h.session, { email: real.email })).toEqual(unknown);
  });
});

describe('clearSignals refuses a payload and callers without the permission', () => {
  // Permissions documents: u1 may post signals; u2 and the admin u3 may not (whatever their token claims say).
  const base = {
    active: true,
    role: 0,
    can_post_signal: false,
    can_post_game: false,
    can_monetize_game: false,
    subscription_expires_at: null,
    paused_until: null,
    updated_at: 0,
  };
  const permissions: Record<string, Permissions> = { u1: { ...base, can_post_signal: true }, u2: base, u3: { ...base, role: 1 } };
  function signals() {
    const docs: Array<Record<string, unknown>> = [{ id: 's1' }, { id: 's2' }];
    const store: ContentStore = {
      permissionsOf: (uid) => Promise.resolve(permissions[uid] ?? null),
      addSignal: () => Promise.reject(new Error('not used')),
      deleteAll: () => {
        const n = docs.length;
        docs.splice(0);
        return Promise.resolve(n);
      },
      deleteGamesWithStatus: () => Promise.reject(new Error('not used')),
      audit: () => Promise.reject(new Error('not used')),
    };
    return { store, docs };
  }
  const poster = { uid: 'u1', claims: { can_post_signal: true, role: 0 } };

  it.each([
    ['an extra field', { extra: 1 }],
    ['a string', 'all'],
    ['a number', 42],
    ['an array', []],
    ['true', true],
  ] as const)('%s -> invalid-argument, no signal deleted', async (_name, data) => {
    const { store, docs } = signals();
    const error = await rejection(clearSignals(store, poster, data));
    expect(error.code).toBe('invalid-argument');
    expect(error.details.status).toBe(false);
    expect(docs).toHaveLength(2);
  });

  it.each([
    ['signed out', null, 'unauthenticated'],
    ['no claims', { uid: 'u2', claims: {} }, 'permission-denied'],
    ['the claim as a string', { uid: 'u2', claims: { can_post_signal: 'true' } }, 'permission-denied'],
    [
      'the claim in the token, not in the permissions document',
      { uid: 'u2', claims: { can_post_signal: true } },
      'permission-denied',
    ],
    ['no permissions document', { uid: 'u9', claims: { can_post_signal: true } }, 'unauthenticated'],
    ['an admin without the claim', { uid: 'u3', claims: { role: 1, can_post_signal: false } }, 'permission-denied'],
  ] as const)('%s -> %s, no signal deleted', async (_name, caller, code) => {
    const { store, docs } = signals();
    const error = await rejection(clearSignals(store, caller, {}));
    expect(error.code).toBe(code);
    expect(docs).toHaveLength(2);
  });
});

describe('joinPot refuses bad amounts and tokens; the wallet and the pot do not change', () => {
  const pot = {
    id: 'p1',
    pot_volume: 100_000,
    raised_amount: 0,
    investors_count: 0,
    percentage: 5,
    duration: 1,
    status: 'Raising',
  };

  it.each([
    ['negative', -100, 'Amount must be greater than 0'],
    ['zero', 0, 'Amount must be greater than 0'],
    ['huge', 1e13, 'Amount must not be more than ₦1,000,000,000'],
    ['fractional kobo', 10_000.555, 'Amount can have at most 2 decimal places'],
    ['string', '10000', 'Amount must be a number'],
    ['null', null, 'Amount must be a number'],
    ['NaN', Number.NaN, 'Amount must be a number'],
  ] as const)('a %s amount -> invalid-argument "%s"', async (_kind, amount, message) => {
    const h = harness();
    const call = createProviderCall({ provider: h.client, permissions: h.permissions });
    const me = await signedIn(h);
    await fundAndSubscribe(h, me, 20_000);
    await h.store.set('trading_pots', pot.id, pot);
    const body = {
      pot_id: pot.id,
      amount: 10_000,
      acceptRisk: true as const,
      idempotencyKey: 'join-pot-bad-amount',
      token: me.token,
    };
    const before = snapshot(h);
    const error = await rejection(joinPot(call, { uid: me.uid, claims: {} }, { ...body, amount }));
    expect(error.code).toBe('invalid-argument');
    expect(error.details.error).toContainEqual({ message, field: 'amount' });
    expect(snapshot(h)).toBe(before);
    // The same join with a good amount goes through: the refusal was the amount's.
    const joined = await joinPot(call, { uid: me.uid, claims: {} }, body);
    expect(joined.message).toBe('Pot joined');
    expect(await balance(h, me.token)).toBe(20_000 - 2_000 - 10_000);
  });

  it("another user's token -> permission-denied; neither wallet nor the pot changes", async () => {
    const h = harness();
    const call = createProviderCall({ provider: h.client, permissions: h.permissions });
    const victim = await signedIn(h);
    const thief = await signedIn(h);
    await fundAndSubscribe(h, victim, 10_000);
    await h.store.set('trading_pots', pot.id, pot);
    const before = snapshot(h);
    const error = await rejection(
      joinPot(
        call,
        { uid: thief.uid, claims: {} },
        { pot_id: pot.id, amount: 10_000, idempotencyKey: 'join-pot-stolen-1', token: victim.token },
      ),
    );
    expect(error.code).toBe('permission-denied');
    expect(error.details.status).toBe(false);
    expect(snapshot(h)).toBe(before);
    expect(await balance(h, victim.token)).toBe(8_000);
  });

  it("an expired or unknown token -> unauthenticated with SPEC's message; nothing changes", async () => {
    let clock = Date.parse('2026-11-22T08:00:00Z');
    const h = harness(() => clock);
    const call = createProviderCall({ provider: h.client, permissions: h.permissions, now: () => clock });
    const me = await signedIn(h);
    await fundAndSubscribe(h, me, 10_000);
    await h.store.set('trading_pots', pot.id, pot);
    const body = {
      pot_id: pot.id,
      amount: 10_000,
      acceptRisk: true as const,
      idempotencyKey: 'join-pot-expired-1',
      token: me.token,
    };
    clock += 25 * 60 * 60 * 1000;
    const before = snapshot(h);
    const expired = await rejection(joinPot(call, { uid: me.uid, claims: {} }, body));
    expect([expired.code, expired.details.message]).toEqual(['unauthenticated', 'Token is expired or invalid.']);
    const unknown = await rejection(joinPot(call, { uid: me.uid, claims: {} }, { ...body, token: 'never-issued-token' }));
    expect([unknown.code, unknown.details.message]).toEqual(['unauthenticated', 'Token is expired or invalid.']);
    expect(snapshot(h)).toBe(before);
  });

  it.each([
    ['no pot id', { pot_id: undefined }, 'pot_id'],
    ['a number pot id', { pot_id: 5 }, 'pot_id'],
    ['a short idempotency key', { idempotencyKey: 'k' }, 'idempotencyKey'],
    ['a number token', { token: 12345 }, 'token'],
  ] as const)('%s -> invalid-argument naming %s', async (_name, change, field) => {
    const h = harness();
    const call = createProviderCall({ provider: h.client, permissions: h.permissions });
    const me = await signedIn(h);
    const before = snapshot(h);
    const error = await rejection(
      joinPot(
        call,
        { uid: me.uid, claims: {} },
        { pot_id: 'p1', amount: 10_000, idempotencyKey: 'join-pot-fields-1', token: me.token, ...change },
      ),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.details.error.some((e) => e.field === field)).toBe(true);
    expect(snapshot(h)).toBe(before);
  });
});
