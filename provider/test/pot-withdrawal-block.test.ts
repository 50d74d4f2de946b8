/**
 * ADR 0021: while a user's money is in a Raising or Trading pot, the provider refuses a withdrawal with
 * SPEC 4's message, and the withdraw-block call the modal reads answers the same message; once the pot
 * is due (by its clock, even before the scheduler moves it) the wallet is withdrawable again.
 */
import { describe, expect, it } from 'vitest';
import { formatPotDate } from '@punter/core/pots';
import { C } from '../src/collections';
import { client, makeProvider, onboardedUser, topUp } from './helpers';

const DAY = 86_400_000;
const START = Date.parse('2026-11-24T12:00:00Z');
const RAISING = 'Sorry, we are still raising and you can not withdraw at the moment.';
const trading = (dueMs: number) => `You can not withdraw now as trading is going on, the due date is ${formatPotDate(dueMs)}`;

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
  const balance = async () => (await c.call('GET', '/api/v1/user/naira-wallet', undefined, auth.token)).body.balance as number;
  return { at, provider, store, user, seedPot, join, block, withdraw, balance };
}

describe('withdrawal block while money is in a pot (ADR 0021)', () => {
  it('lets a user with no pot withdraw, and says nothing on the modal', async () => {
    const t = await setUp();
    expect(await t.block()).toBeNull();
    expect((await t.withdraw(1_000)).status).toBe(200);
  });

  it('refuses with the Raising message while the pot raises, then the Trading message with the due date, then allows', async () => {
    const t = await setUp();
    await t.seedPot('pot-a', 5, 35);
    expect((await t.join('pot-a', 20_000)).status).toBe(200);
    const before = await t.balance();
    expect(before).toBeGreaterThan(1_000);

    expect(await t.block()).toBe(RAISING);
    const refused = await t.withdraw(1_000);
    expect(refused).toMatchObject({ status: 400, body: { message: RAISING } });
    // Refused before the PIN: a wrong PIN gets the same answer and is not counted against the user.
    expect((await t.withdraw(1_000, '9999')).body.message).toBe(RAISING);
    expect((await t.store.get(C.users, t.user.id))?.pin_failed).toBe(0);
    expect(await t.balance()).toBe(before);

    // Past raising_to the pot trades by its clock, even before the scheduler writes the status.
    await t.at(START + 6 * DAY);
    expect(await t.block()).toBe(trading(START + 35 * DAY));
    expect((await t.withdraw(1_000)).body.message).toBe(trading(START + 35 * DAY));
    await t.provider.tickPots();
    expect(await t.block()).toBe(trading(START + 35 * DAY));
    expect(await t.balance()).toBe(before);

    // Due: the lock ends on the due date (payout or not), as SPEC 9 says.
    await t.at(START + 35 * DAY + 1);
    expect(await t.block()).toBeNull();
    expect((await t.withdraw(1_000)).status).toBe(200);
    expect(await t.balance()).toBe(before - 1_000);
  });

  it('names Raising first, and among trading pots the latest due date', async () => {
    const t = await setUp();
    await t.seedPot('pot-early', 2, 20);
    await t.seedPot('pot-late', 2, 40);
    await t.seedPot('pot-new', 10, 50);
    expect((await t.join('pot-early', 10_000)).status).toBe(200);
    expect((await t.join('pot-late', 10_000)).status).toBe(200);
    expect((await t.join('pot-new', 10_000)).status).toBe(200);
    await t.at(START + 3 * DAY);
    expect(await t.block()).toBe(RAISING);
    await t.at(START + 11 * DAY);
    expect(await t.block()).toBe(trading(START + 50 * DAY));
    await t.at(START + 51 * DAY);
    expect(await t.block()).toBeNull();
  });
});
