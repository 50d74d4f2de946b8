/**
 * Safer play (ADR 0019) through the provider's HTTP calls: spending limits refuse a paid code or a pot
 * join past them (and hold when purchases race on two instances), a raise waits 24 hours, the deposit
 * check refuses a top-up before the checkout, and a break or self-exclusion closes every money feature
 * except withdrawing, cannot be shortened, and reaches the permissions document the rules read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import { SERVICE_UNAVAILABLE, type Provider } from '../src/provider';
import { remindExpiringSubscriptions } from '../src/wallet/subscription-reminders';
import { client, makeProvider, onboardedUser, sandboxPayment, topUp } from './helpers';
import { expectLedgerMatchesBalance, firestoreEnv, memoryEnv, type StoreEnv } from './stores';

const HOUR = 60 * 60 * 1000;
type User = Awaited<ReturnType<typeof onboardedUser>>;

/** A provider on a clock the test moves; sessions last 400 days so they outlive the moves. */
function clockedProvider(options: Parameters<typeof makeProvider>[0] = {}) {
  let now = Date.parse('2026-11-24T09:00:00Z');
  const provider = makeProvider({ ...options, now: () => now, settings: { tokenTtlMs: 400 * 24 * HOUR } });
  return { provider, advance: (ms: number) => (now += ms) };
}

async function postCode(provider: Provider, punter: User, amount: number, n: number): Promise<string> {
  const res = await client(provider).call(
    'POST',
    '/api/v1/puntershub/create-code',
    {
      odd: '3.10',
      title: `Evening acca ${n}`,
      game_code: `SAFE${n}X${amount}`,
      platform: 'bet9ja',
      amount,
      startDate: '2027-12-10T18:00',
      endDate: '2027-12-10T21:00',
    },
    punter.token,
  );
  if (res.status !== 200) throw new Error(`create-code failed: ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: string }).id;
}

function buy(provider: Provider, user: User, gameId: string, amount: number) {
  return client(provider).call(
    'POST',
    '/api/v1/puntershub/buy-or-get-game',
    { game_id: gameId, amount, pin: '1234' },
    user.token,
    {
      'idempotency-key': `buy-${user.id}-${gameId}`,
    },
  );
}

const setLimit = (provider: Provider, user: User, body: unknown) =>
  client(provider).call('POST', '/api/v1/user/safer-play/limit', body, user.token);
const state = (provider: Provider, user: User) => client(provider).call('GET', '/api/v1/user/safer-play', undefined, user.token);

async function punterFor(provider: Provider): Promise<User> {
  const punter = await onboardedUser(provider);
  await provider.deps.store.update(C.users, punter.id, { can_post_game: true, can_monetize_game: true });
  return punter;
}

describe('safer play: limits', () => {
  it('a daily spending limit refuses the code that would pass it, with what is left; a raise waits 24 hours', async () => {
    const { provider, advance } = clockedProvider();
    const punter = await punterFor(provider);
    const user = await onboardedUser(provider);
    await topUp(provider, user.token, user.email, 5_000);
    expect((await setLimit(provider, user, { kind: 'spend', period: 'day', amount: 300 })).body.message).toBe(
      'Your limit is set',
    );

    const [first, second] = [await postCode(provider, punter, 200, 1), await postCode(provider, punter, 200, 2)];
    expect((await buy(provider, user, first, 200)).status).toBe(200);
    const refused = await buy(provider, user, second, 200);
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'This would take you past your daily spending limit of ₦300 (₦100 left today).',
    ]);

    const raised = await setLimit(provider, user, { kind: 'spend', period: 'day', amount: 1_000 });
    expect(raised.body.message).toBe('Your new limit takes effect in 24 hours');
    expect((raised.body.data as { limits: unknown[] }).limits).toContainEqual({
      kind: 'spend',
      period: 'day',
      amount: 300,
      pending: { amount: 1_000, effective_at: new Date(Date.parse('2026-11-24T09:00:00Z') + 24 * HOUR).toISOString() },
      used: 200,
    });
    advance(12 * HOUR); // 21:00 in Lagos: still the same day, and the raise is not in force yet
    expect((await buy(provider, user, second, 200)).status).toBe(400);
    advance(12 * HOUR);
    expect((await buy(provider, user, second, 200)).status).toBe(200);
    const { balanceKobo } = await expectLedgerMatchesBalance(provider.deps.store, user.id);
    expect(balanceKobo).toBe(460_000);
  });

  it('lowering a limit applies at once, and bad input names what is wrong', async () => {
    const { provider } = clockedProvider();
    const user = await onboardedUser(provider);
    await setLimit(provider, user, { kind: 'deposit', period: 'week', amount: 50_000 });
    const lowered = await setLimit(provider, user, { kind: 'deposit', period: 'week', amount: 10_000 });
    expect(lowered.body.message).toBe('Your limit is set');
    const week = (lowered.body.data as { limits: Array<{ kind: string; period: string; amount: number | null }> }).limits.find(
      (l) => l.kind === 'deposit' && l.period === 'week',
    );
    expect(week?.amount).toBe(10_000);
    const bad = await setLimit(provider, user, { kind: 'bets', period: 'year', amount: -5 });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toMatch(/Limit kind must be one of deposit, spend/);
  });

  it('the deposit check refuses a top-up past the limit before the checkout; a payment made anyway is held and refunded, not credited (issue 31)', async () => {
    const { provider } = clockedProvider();
    const user = await onboardedUser(provider);
    await setLimit(provider, user, { kind: 'deposit', period: 'day', amount: 20_000 });
    const check = (amount: number) => client(provider).call('POST', '/api/v1/user/topup/check', { amount }, user.token);
    expect((await check(20_000)).status).toBe(200);
    await topUp(provider, user.token, user.email, 15_000);
    const refused = await check(6_000);
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'This would take you past your daily deposit limit of ₦20,000 (₦5,000 left today).',
    ]);
    // Paid at the gateway without asking first: held and refunded through the gateway, never in the wallet.
    const paid = await sandboxPayment(provider, 6_000, user.email);
    const credit = await client(provider).call(
      'POST',
      '/api/v1/user/topup',
      { transaction_id: paid, expectedAmount: 6_000, expectedCurrency: 'NGN' },
      user.token,
    );
    expect([credit.status, credit.body.message]).toEqual([
      409,
      'Your payment of ₦6,000 was not added to your wallet. This would take you past your daily deposit limit of ₦20,000 (₦5,000 left today). It is being refunded to you through the payment gateway.',
    ]);
    expect((await expectLedgerMatchesBalance(provider.deps.store, user.id)).balanceKobo).toBe(1_500_000);
    const limits = (await state(provider, user)).body.data as { limits: Array<{ kind: string; period: string; used: number }> };
    expect(limits.limits.find((l) => l.kind === 'deposit' && l.period === 'day')?.used).toBe(15_000);
    // What is left still fits.
    await topUp(provider, user.token, user.email, 5_000);
    expect((await check(1)).status).toBe(400);
  });
});

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

describe.each(envs)('safer play under racing purchases on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it('12 paid codes bought at once on two instances: exactly as many as the daily limit covers succeed', async () => {
    const [s1, s2] = env.clients(2);
    const a = makeProvider({ store: s1! });
    const b = makeProvider({ store: s2! });
    const punter = await punterFor(a);
    const user = await onboardedUser(a);
    await topUp(a, user.token, user.email, 10_000);
    await setLimit(a, user, { kind: 'spend', period: 'day', amount: 500 });
    const codes = await Promise.all(Array.from({ length: 12 }, (_, i) => postCode(a, punter, 100, 100 + i)));
    const results = await Promise.all(codes.map((id, i) => buy(i % 2 === 0 ? a : b, user, id, 100)));
    const outcome = (r: (typeof results)[number]) => (r.status === 200 ? 'ok' : String(r.body.message));
    const outcomes = results.map(outcome);
    // Twelve transactions on one wallet queue on its lock: on a busy machine the last in line may wait past
    // the store's deadline and get the clear 503 ('Please try again', nothing written). The buyer tries
    // again, with the same idempotency key, as the message says.
    for (const [i, o] of outcomes.entries()) {
      if (o === SERVICE_UNAVAILABLE) outcomes[i] = outcome(await buy(a, user, codes[i]!, 100));
    }
    expect(
      outcomes.filter((o) => o === 'ok'),
      outcomes.join(' | '),
    ).toHaveLength(5);
    expect(
      outcomes.filter((o) => o.startsWith('This would take you past your daily spending limit of ₦500')),
      outcomes.join(' | '),
    ).toHaveLength(7);
    const { balanceKobo } = await expectLedgerMatchesBalance(s1!, user.id);
    expect(balanceKobo).toBe(950_000);
    // The codes' figures are folded a second after their purchases (ADR 0048): done before the store stops.
    await Promise.all([a.countsFolded(), b.countsFolded()]);
  });
});

describe('safer play: a break and self-exclusion', () => {
  it('closes top-ups, codes, pots and the subscription, keeps withdrawals open, and ends on time', async () => {
    const { provider, advance } = clockedProvider();
    const punter = await punterFor(provider);
    const user = await onboardedUser(provider);
    await topUp(provider, user.token, user.email, 20_000);
    const code = await postCode(provider, punter, 100, 7);
    const c = client(provider);

    const noPin = await c.call('POST', '/api/v1/user/safer-play/pause', { kind: 'break', duration: '7d' }, user.token);
    expect(noPin.status).toBe(400);
    const started = await c.call(
      'POST',
      '/api/v1/user/safer-play/pause',
      { kind: 'break', duration: '7d', pin: '1234' },
      user.token,
    );
    expect(started.status).toBe(200);
    expect((started.body.data as { pause: unknown }).pause).toEqual({ kind: 'break', until: '2026-12-01T09:00:00.000Z' });
    // The rules read the end from the permissions document.
    expect(await provider.deps.store.get(C.permissions, user.id)).toMatchObject({
      paused_until: Date.parse('2026-12-01T09:00:00Z'),
    });

    const closed =
      'You are taking a break until 2026-12-01. Top-ups, betting codes, pots and signals are closed until then; you can still withdraw your money.';
    const topupCheck = await c.call('POST', '/api/v1/user/topup/check', { amount: 1_000 }, user.token);
    expect([topupCheck.status, topupCheck.body.message]).toEqual([400, closed]);
    expect((await buy(provider, user, code, 100)).body.message).toBe(closed);
    const subscribe = await c.call('POST', '/api/v1/user/subscribe', { pin: '1234' }, user.token, {
      'idempotency-key': 'sub-on-break',
    });
    expect(subscribe.body.message).toBe(closed);
    await provider.deps.store.set('trading_pots', 'pot-b', {
      id: 'pot-b',
      pot_volume: 1_000_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 10,
      duration: 1,
      status: 'Raising',
    });
    const join = await c.call(
      'POST',
      '/api/v1/user/join-auto-trada',
      { amount: 10_000, pot_id: 'pot-b', pin: '1234' },
      user.token,
      {
        'idempotency-key': 'join-on-break',
      },
    );
    expect(join.body.message).toBe(closed);

    const withdraw = await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: user.bankId, amount: 5_000, pin: '1234' },
      user.token,
      { 'idempotency-key': 'withdraw-on-break' },
    );
    expect(withdraw.status).toBe(200);

    // A shorter choice does not shorten it; a longer one (self-exclusion) replaces it.
    const shorter = await c.call(
      'POST',
      '/api/v1/user/safer-play/pause',
      { kind: 'break', duration: '24h', pin: '1234' },
      user.token,
    );
    expect((shorter.body.data as { pause: unknown }).pause).toEqual({ kind: 'break', until: '2026-12-01T09:00:00.000Z' });
    const excluded = await c.call(
      'POST',
      '/api/v1/user/safer-play/pause',
      { kind: 'exclusion', duration: '6m', pin: '1234' },
      user.token,
    );
    expect((excluded.body.data as { pause: unknown }).pause).toEqual({ kind: 'exclusion', until: '2027-05-24T09:00:00.000Z' });
    advance(8 * 24 * HOUR);
    expect((await buy(provider, user, code, 100)).body.message).toMatch(/^You have excluded yourself until 2027-05-24\./);
    advance(190 * 24 * HOUR);
    expect((await buy(provider, user, code, 100)).status).toBe(200);
  });
});

describe('safer play: no notifications during a pause (ADR 0025)', () => {
  type Shown = { type: string };
  const bell = async (provider: Provider, user: User) => {
    const res = await client(provider).call('GET', '/api/v1/admin/notifications', undefined, user.token);
    expect(res.status).toBe(200);
    return (res.body.data as Shown[]).map((n) => n.type).sort();
  };

  it("shows only the user's own money and the pause itself while it lasts; the rest after it ends", async () => {
    const { provider, advance } = clockedProvider();
    const user = await onboardedUser(provider);
    await topUp(provider, user.token, user.email, 20_000);
    const c = client(provider);
    const paused = await c.call(
      'POST',
      '/api/v1/user/safer-play/pause',
      { kind: 'break', duration: '24h', pin: '1234' },
      user.token,
    );
    expect(paused.status).toBe(200);
    const withdraw = await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: user.bankId, amount: 5_000, pin: '1234' },
      user.token,
      { 'idempotency-key': 'withdraw-paused' },
    );
    expect(withdraw.status).toBe(200);
    // A referrer's bonus and a code sale's escrow released land while the user is on the break.
    for (const type of ['REFERRAL_BONUS', 'ESCROW_RELEASE'])
      await provider.deps.store.set(C.notifications, `${type}-${user.id}`, {
        id: `${type}-${user.id}`,
        user_id: user.id,
        type,
        meta_data: { message: type },
        created_at: provider.deps.now(),
      });

    expect(await bell(provider, user)).toEqual(['FUNDING', 'SAFER_PLAY', 'WITHDRAWAL', 'WITHDRAWAL_SUCCESS']);
    advance(25 * HOUR);
    const relogin = await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password });
    const after = { ...user, token: String(relogin.body.token) };
    expect(await bell(provider, after)).toEqual([
      'ESCROW_RELEASE',
      'FUNDING',
      'REFERRAL_BONUS',
      'SAFER_PLAY',
      'WITHDRAWAL',
      'WITHDRAWAL_SUCCESS',
    ]);
  });

  it('no subscription reminder during a pause; it comes once the pause is over, if the subscription still runs', async () => {
    const { provider, advance } = clockedProvider();
    const user = await onboardedUser(provider);
    await topUp(provider, user.token, user.email, 5_000);
    const c = client(provider);
    expect((await c.call('POST', '/api/v1/user/subscribe', {}, user.token, { 'idempotency-key': 'sub-remind' })).status).toBe(
      200,
    );
    // 28 days in, two days of the subscription left: the reminder is due. The user starts a 24-hour break.
    advance(28 * 24 * HOUR);
    const login = async () =>
      String((await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password })).body.token);
    let token = await login();
    expect(
      (await c.call('POST', '/api/v1/user/safer-play/pause', { kind: 'break', duration: '24h', pin: '1234' }, token)).status,
    ).toBe(200);
    expect(await remindExpiringSubscriptions(provider.deps)).toEqual({ due: 1, sent: 0 });
    advance(25 * HOUR);
    expect(await remindExpiringSubscriptions(provider.deps)).toEqual({ due: 1, sent: 1 });
    token = await login();
    expect(await bell(provider, { ...user, token })).toContain('SUBSCRIPTION_EXPIRING');
  });
});
