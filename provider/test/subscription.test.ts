/**
 * The monthly subscription: ₦2,000 from the wallet for 30 days, charged once per Idempotency-Key (which
 * is required); when the clock passes the expiry, joining a pot is refused and the referrer sees the
 * referral's subscription flag turn false; renewing starts a new 30 days.
 */
import { describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import { client, makeProvider, onboardedUser, topUp } from './helpers';
import { expectLedgerMatchesBalance } from './stores';

const DAY = 24 * 60 * 60 * 1000;

describe('subscription', () => {
  it('needs an Idempotency-Key; a retried key returns the first answer and charges once', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const user = await onboardedUser(provider);
    await topUp(provider, user.token, user.email, 5_000);
    const missing = await c.call('POST', '/api/v1/user/subscribe', {}, user.token);
    expect(missing).toEqual({
      status: 400,
      body: {
        status: false,
        message: 'Idempotency-Key header is required',
        error: [{ message: 'Idempotency-Key header is required' }],
      },
    });
    const bad = await c.call('POST', '/api/v1/user/subscribe', {}, user.token, { 'idempotency-key': 'x' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Idempotency-Key must be 8 to 128 letters, digits, - or _']);
    expect((await expectLedgerMatchesBalance(provider.deps.store, user.id)).balanceKobo).toBe(500_000);

    const subscribe = () => c.call('POST', '/api/v1/user/subscribe', {}, user.token, { 'idempotency-key': 'double-submit-1' });
    const [first, second] = await Promise.all([subscribe(), subscribe()]);
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(await subscribe()).toEqual(first);
    const { balanceKobo, entries } = await expectLedgerMatchesBalance(provider.deps.store, user.id);
    expect(balanceKobo).toBe(300_000);
    expect(entries.filter((e) => e.type === 'SUBSCRIPTION')).toHaveLength(1);
  });

  it('past 30 days pot joining is refused and the referral flag turns false; renewing restores both', async () => {
    const clock = { now: Date.parse('2026-11-01T09:00:00Z') };
    const provider = makeProvider({ now: () => clock.now });
    const c = client(provider);
    const store = provider.deps.store;
    const referrer = await onboardedUser(provider);
    const code = String((await store.get(C.users, referrer.id))?.referral_code);
    const user = await onboardedUser(provider, { referral_code: code, first_name: 'Kemi' });
    await topUp(provider, user.token, user.email, 30_000);
    await store.set('trading_pots', 'p1', {
      id: 'p1',
      pot_volume: 1_000_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 10,
      duration: 1,
      status: 'Raising',
    });
    const join = (token: string, key: string) =>
      c.call('POST', '/api/v1/user/join-auto-trada', { amount: 10_000, pot_id: 'p1', acceptRisk: true }, token, {
        'idempotency-key': key,
      });
    const flag = async (token: string) =>
      ((await c.call('GET', '/api/v1/user/my-referrals', undefined, token)).body.data as Array<{ subscription: boolean }>)[0]
        ?.subscription;

    const sub = await c.call('POST', '/api/v1/user/subscribe', {}, user.token, { 'idempotency-key': 'month-one-key' });
    expect(sub.body.data).toMatchObject({ subscription_expires_at: '2026-12-01T09:00:00.000Z' });
    expect(await flag(referrer.token)).toBe(true);
    // The permissions document carries the expiry the rules open the signal feed with (ADR 0008).
    expect((await store.get(C.permissions, user.id))?.subscription_expires_at).toBe(Date.parse('2026-12-01T09:00:00Z'));

    // Day 29: still subscribed (a fresh login: bearer tokens last 24 hours).
    clock.now += 29 * DAY;
    const login = async (u: { email: string; password: string }) =>
      String((await c.call('POST', '/api/v1/user/login', { email: u.email, password: u.password })).body.token);
    let userToken = await login(user);
    let referrerToken = await login(referrer);
    expect((await join(userToken, 'join-day-29')).status).toBe(200);
    expect(await flag(referrerToken)).toBe(true);

    // One millisecond past the 30 days: expired.
    clock.now = Date.parse('2026-12-01T09:00:00Z') + 1;
    userToken = await login(user);
    referrerToken = await login(referrer);
    const refused = await join(userToken, 'join-day-30');
    expect(refused).toEqual({
      status: 403,
      body: {
        status: false,
        message: 'Your subscription has expired. Please subscribe to join a pot.',
        error: [{ message: 'Your subscription has expired. Please subscribe to join a pot.' }],
      },
    });
    expect(await flag(referrerToken)).toBe(false);
    const profile = await c.call('GET', '/api/v1/users/profile', undefined, userToken);
    expect(profile.body.data).toMatchObject({ is_subscribed: false, subscription_expires_at: '2026-12-01T09:00:00.000Z' });
    const balanceBefore = (await expectLedgerMatchesBalance(store, user.id)).balanceKobo;
    expect(balanceBefore).toBe(3_000_000 - 200_000 - 1_000_000);

    // Renewing starts 30 days from now, and joining works again.
    const renew = await c.call('POST', '/api/v1/user/subscribe', {}, userToken, { 'idempotency-key': 'month-two-key' });
    expect(renew.body.data).toMatchObject({ subscription_expires_at: new Date(clock.now + 30 * DAY).toISOString() });
    expect((await store.get(C.permissions, user.id))?.subscription_expires_at).toBe(clock.now + 30 * DAY);
    expect(await flag(referrerToken)).toBe(true);
    expect((await join(userToken, 'join-after-renew')).status).toBe(200);
    expect((await expectLedgerMatchesBalance(store, user.id)).balanceKobo).toBe(balanceBefore - 200_000 - 1_000_000);
  });

  it('while a period runs, a plain subscribe takes no money and answers the current end date', async () => {
    const clock = { now: Date.parse('2026-11-01T09:00:00Z') };
    const provider = makeProvider({ now: () => clock.now });
    const c = client(provider);
    const user = await onboardedUser(provider);
    await topUp(provider, user.token, user.email, 5_000);
    const subscribe = (key: string, body: Record<string, unknown> = {}) =>
      c.call('POST', '/api/v1/user/subscribe', body, user.token, { 'idempotency-key': key });
    expect((await subscribe('plain-first-key')).body.data).toMatchObject({
      subscription_expires_at: '2026-12-01T09:00:00.000Z',
    });

    clock.now += 5 * 60 * 1000;
    const again = await subscribe('plain-second-key');
    expect(again).toEqual({
      status: 200,
      body: {
        status: true,
        message: 'You are already subscribed until 2026-12-01',
        data: { entry: null, subscription_expires_at: '2026-12-01T09:00:00.000Z' },
      },
    });
    // A renewal naming an end that is not the current one (another tab renewed first) charges nothing either.
    const stale = await subscribe('stale-renewal-key', { renew_from: '2026-11-20T09:00:00.000Z' });
    expect(stale.body.data).toEqual({ entry: null, subscription_expires_at: '2026-12-01T09:00:00.000Z' });
    const { balanceKobo, entries } = await expectLedgerMatchesBalance(provider.deps.store, user.id);
    expect(balanceKobo).toBe(300_000);
    expect(entries.filter((e) => e.type === 'SUBSCRIPTION')).toHaveLength(1);
    expect((await provider.deps.store.get(C.users, user.id))?.subscription_expires_at).toBe(Date.parse('2026-12-01T09:00:00Z'));
  });

  it('a renewal naming the current end charges once and extends from that end, not from today', async () => {
    const clock = { now: Date.parse('2026-11-01T09:00:00Z') };
    const provider = makeProvider({ now: () => clock.now });
    const c = client(provider);
    const user = await onboardedUser(provider);
    await topUp(provider, user.token, user.email, 5_000);
    const subscribe = (key: string, body: Record<string, unknown> = {}) =>
      c.call('POST', '/api/v1/user/subscribe', body, user.token, { 'idempotency-key': key });
    await subscribe('renew-first-key');

    clock.now += 10 * 60 * 1000;
    const renewal = () => subscribe('renew-second-key', { renew_from: '2026-12-01T09:00:00.000Z' });
    const renewed = await renewal();
    expect([renewed.status, renewed.body.message]).toEqual([200, 'Subscription successful']);
    expect(renewed.body.data).toMatchObject({
      entry: { type: 'SUBSCRIPTION', amount: 2_000 },
      subscription_expires_at: '2026-12-31T09:00:00.000Z',
    });
    // The same renewal retried (a lost answer) replays; it never extends twice.
    expect(await renewal()).toEqual(renewed);
    // The same key for another request is a conflict, not a second payment.
    const reused = await subscribe('renew-second-key');
    expect(reused.status).toBe(409);
    const { balanceKobo, entries } = await expectLedgerMatchesBalance(provider.deps.store, user.id);
    expect(balanceKobo).toBe(100_000);
    expect(entries.filter((e) => e.type === 'SUBSCRIPTION')).toHaveLength(2);
    expect((await provider.deps.store.get(C.permissions, user.id))?.subscription_expires_at).toBe(
      Date.parse('2026-12-31T09:00:00Z'),
    );
  });
});
