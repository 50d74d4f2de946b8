/**
 * ADR 0040 (supersedes 0021): a stake in a Raising or Trading pot is locked in the pot's own account (SPEC 4's
 * messages are about it, on the pot page); the money outside pots stays withdrawable, during a break or a
 * self-exclusion above all. The withdraw-block call the modal reads answers null, so the modal shows the form.
 */
import { describe, expect, it } from 'vitest';
import { accountBalanceKobo, ledgerCheck } from '../src/ledger';
import { client, makeProvider, onboardedUser, topUp } from './helpers';

const DAY = 86_400_000;
const START = Date.parse('2026-11-24T12:00:00Z');

async function setUp() {
  const clock = { now: START };
  const provider = makeProvider({ now: () => clock.now });
  const c = client(provider);
  const store = provider.deps.store;
  const user = await onboardedUser(provider);
  await topUp(provider, user.token, user.email, 60_000);
  const sub = await c.call('POST', '/api/v1/user/subscribe', {}, user.token, { 'idempotency-key': 'block-subscribe-1' });
  expect(sub.status).toBe(200);
  const seedPot = (id: string, raisingDays: number, dueDays: number) =>
    store.set('trading_pots', id, {
      id,
      pot_volume: 100_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 10,
      duration: 1,
      status: 'Raising',
      type: 'Over 1.5',
      manager: 'Musa',
      timestamp: new Date(START),
      raising_to: new Date(START + raisingDays * DAY),
      trade_from: new Date(START + raisingDays * DAY),
      trade_to: new Date(START + dueDays * DAY),
    });
  const join = (potId: string, amount: number) =>
    c.call('POST', '/api/v1/user/join-auto-trada', { pot_id: potId, amount, acceptRisk: true }, user.token, {
      'idempotency-key': `block-join-${potId}`,
    });
  // Tokens live a day: after moving the clock, sign in again.
  const auth = { token: user.token };
  const at = async (ms: number) => {
    clock.now = ms;
    const login = await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password });
    auth.token = String(login.body.token);
  };
  const block = async () => {
    const res = await c.call('GET', '/api/v1/user/wallet/withdraw-block', undefined, auth.token);
    expect(res.status).toBe(200);
    return (res.body.data as { message: string | null }).message;
  };
  let n = 0;
  const withdraw = (amount: number, pin = '1234') => {
    n += 1;
    return c.call('POST', '/api/v1/user/wallet/withdraw', { destination_account: user.bankId, amount, pin }, auth.token, {
      'idempotency-key': `block-withdraw-${n}`,
    });
  };
  const pause = (kind: 'break' | 'exclusion', duration: string) =>
    c.call('POST', '/api/v1/user/safer-play/pause', { kind, duration, pin: '1234' }, auth.token);
  const balance = async () => (await c.call('GET', '/api/v1/user/naira-wallet', undefined, auth.token)).body.balance as number;
  return { at, provider, store, user, seedPot, join, block, withdraw, pause, balance };
}

describe("the wallet stays the user's while money is in a pot (ADR 0040)", () => {
  it('a user with no pot withdraws, and the modal says nothing', async () => {
    const t = await setUp();
    expect(await t.block()).toBeNull();
    expect((await t.withdraw(1_000)).status).toBe(200);
  });

  it('money outside a Raising, then Trading pot is withdrawable; the stake stays in the pot until its payout', async () => {
    const t = await setUp();
    await t.seedPot('pot-a', 5, 35);
    expect((await t.join('pot-a', 20_000)).status).toBe(200);
    const before = await t.balance();
    expect(before).toBeGreaterThan(1_000);

    expect(await t.block()).toBeNull();
    expect((await t.withdraw(1_000)).status).toBe(200);
    expect(await t.balance()).toBe(before - 1_000);

    await t.at(START + 6 * DAY);
    await t.provider.tickPots();
    expect(await t.block()).toBeNull();
    expect((await t.withdraw(1_000)).status).toBe(200);
    // The staked money is not in the wallet: more than the wallet holds is refused, the pot keeps its stake.
    const rest = await t.balance();
    expect((await t.withdraw(rest + 1)).status).toBe(400);
    expect(await accountBalanceKobo(t.store, { kind: 'pot', id: 'pot-a' })).toBe(20_000 * 100);
    expect((await t.withdraw(rest)).status).toBe(200);
    expect(await t.balance()).toBe(0);
    expect(await ledgerCheck(t.store)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('a self-excluded user with a stake in a trading pot withdraws all the rest, top-ups made before the exclusion included', async () => {
    const t = await setUp();
    await t.seedPot('pot-b', 2, 40);
    expect((await t.join('pot-b', 10_000)).status).toBe(200);
    await t.at(START + 3 * DAY);
    await t.provider.tickPots();
    const excluded = await t.pause('exclusion', '6m');
    expect(excluded.status).toBe(200);
    const held = await t.balance();
    expect(held).toBeGreaterThan(0);
    expect(await t.block()).toBeNull();
    const out = await t.withdraw(held);
    expect(out.status).toBe(200);
    expect(await t.balance()).toBe(0);
    expect(await accountBalanceKobo(t.store, { kind: 'pot', id: 'pot-b' })).toBe(10_000 * 100);
  });

  it('a user on a break with stakes in a raising and a trading pot withdraws what is outside them', async () => {
    const t = await setUp();
    await t.seedPot('pot-early', 2, 20);
    await t.seedPot('pot-new', 10, 50);
    expect((await t.join('pot-early', 10_000)).status).toBe(200);
    expect((await t.join('pot-new', 10_000)).status).toBe(200);
    await t.at(START + 3 * DAY);
    expect((await t.pause('break', '7d')).status).toBe(200);
    expect(await t.block()).toBeNull();
    const held = await t.balance();
    expect((await t.withdraw(held)).status).toBe(200);
    expect(await t.balance()).toBe(0);
  });
});
