/**
 * The console's per-day report (reports/daily, issue 16): money in and out, refunds, pot joins and
 * subscriptions for each UTC day of a validated range, from the ledger's journal; role 1 only, audited.
 */
import { describe, expect, it } from 'vitest';
import { PAYOUT_PENDING_ACCOUNT } from '../src/adapters/payouts';
import { C } from '../src/collections';
import { client, makeProvider, onboardedUser, topUp } from './helpers';

// Late on 10 November: six hours later is the next day, with every session (24 hours) still valid.
const START = Date.parse('2026-11-10T20:00:00Z');
const SIX_HOURS = 6 * 60 * 60 * 1000;

async function setup() {
  let clock = START;
  const provider = makeProvider({ now: () => clock });
  const c = client(provider);
  const admin = await onboardedUser(provider, { first_name: 'Opera' });
  await provider.deps.store.update(C.users, admin.id, { role: 1 });
  const report = async (query = '', token = admin.token) => c.call('GET', `/api/v1/reports/daily${query}`, undefined, token);
  return { provider, c, admin, report, advance: (ms: number) => (clock += ms) };
}

const zeroDay = {
  money_in: 0,
  money_out: 0,
  refunds: 0,
  pot_joins: 0,
  pot_payouts: 0,
  subscriptions_count: 0,
  subscriptions_total: 0,
};

describe('reports/daily', () => {
  it('adds up each day of the range from the journal, days with nothing as zeros', async () => {
    const { provider, c, admin, report, advance } = await setup();
    // The payout adapter keeps this account's withdrawals PENDING, for the admin to decline.
    const ada = await onboardedUser(provider, { account_number: PAYOUT_PENDING_ACCOUNT });
    await topUp(provider, ada.token, ada.email, 50_000);
    const withdrawal = await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: ada.bankId, amount: 5_000, pin: '1234' },
      ada.token,
      { 'idempotency-key': 'report-w-1' },
    );
    expect(withdrawal.status).toBe(200);
    const withdrawalId = (withdrawal.body.data as { transaction: { id: string } }).transaction.id;
    const sub = await c.call('POST', '/api/v1/user/subscribe', { pin: '1234' }, ada.token, { 'idempotency-key': 'report-s-1' });
    expect(sub.status).toBe(200);

    // The next day: the withdrawal is declined (refunded) and Ada joins a pot.
    advance(SIX_HOURS);
    const declined = await c.call(
      'PUT',
      '/api/v1/transactions/approve',
      { transaction_id: withdrawalId, action: 'decline', reason: 'wrong name' },
      admin.token,
    );
    expect(declined.status).toBe(200);
    await provider.deps.store.set('trading_pots', 'report-pot', {
      id: 'report-pot',
      pot_volume: 100_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 10,
      duration: 1,
      status: 'Raising',
    });
    const joined = await c.call(
      'POST',
      '/api/v1/user/join-auto-trada',
      { amount: 10_000, pot_id: 'report-pot', acceptRisk: true, pin: '1234' },
      ada.token,
      { 'idempotency-key': 'report-j-1' },
    );
    expect(joined.status).toBe(200);

    const res = await report('?from=2026-11-09&to=2026-11-11');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      from: '2026-11-09',
      to: '2026-11-11',
      days: [
        { day: '2026-11-09', ...zeroDay },
        {
          day: '2026-11-10',
          ...zeroDay,
          money_in: 50_000,
          money_out: 5_000,
          subscriptions_count: 1,
          subscriptions_total: 2_000,
        },
        { day: '2026-11-11', ...zeroDay, refunds: 5_000, pot_joins: 10_000 },
      ],
    });

    // Without a range: the 30 days up to today (11 November, UTC).
    const recent = await report();
    const days = (recent.body.data as { days: Array<{ day: string; money_in: number }> }).days;
    expect([days.length, days[0]?.day, days.at(-1)?.day]).toEqual([30, '2026-10-13', '2026-11-11']);
    expect(days.reduce((sum, d) => sum + d.money_in, 0)).toBe(50_000);

    const log = await c.call('GET', '/api/v1/admin/all-logs?action=report.daily', undefined, admin.token);
    expect((log.body.data as unknown[]).length).toBe(2);
  });

  it('refuses a bad range with a message naming it, and anyone but an admin', async () => {
    const { provider, report } = await setup();
    const bad = async (query: string) => {
      const res = await report(query);
      return [res.status, res.body.message];
    };
    expect(await bad('?from=2026-11-12&to=2026-11-10')).toEqual([400, 'from: from must not be after to']);
    expect(await bad('?from=2026-11-10')).toEqual([400, 'Give both from and to, or neither']);
    expect(await bad('?from=2026-01-01&to=2026-11-10')).toEqual([400, 'to: The range must not be more than 92 days']);
    expect(await bad('?from=2026-13-01&to=2026-13-02')).toEqual([400, 'from: from must be a real date']);
    expect(await bad('?from=yesterday&to=2026-11-10')).toEqual([400, 'from: from must be a date (YYYY-MM-DD)']);
    expect(await bad('?days=7')).toEqual([400, 'Unknown filter: days']);
    // 92 days, both ends inclusive, is the most.
    expect((await report('?from=2026-08-11&to=2026-11-10')).status).toBe(200);

    const user = await onboardedUser(provider);
    const refused = await report('', user.token);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeUndefined();
  });
});

describe('giftcards/categories', () => {
  it('lists named categories and those only cards name, each with its cards', async () => {
    const { c, admin } = await setup();
    const call = (method: string, path: string, body?: unknown) => c.call(method, path, body, admin.token);
    expect((await call('POST', '/api/v1/giftcards/update_category', { id: 'steam', name: 'Steam' })).status).toBe(200);
    expect((await call('POST', '/api/v1/giftcards/update_category', { id: 'apple', name: 'Apple' })).status).toBe(200);
    const card = await call('POST', '/api/v1/giftcards/create', { name: 'iTunes $50', category_id: 'apple', rate: 1250 });
    expect(card.status).toBe(200);
    await call('POST', '/api/v1/giftcards/create', { name: 'Amazon $25', category_id: 'amazon', rate: 1100 });

    const res = await call('GET', '/api/v1/giftcards/categories');
    expect(res.status).toBe(200);
    const list = res.body.data as Array<{ id: string; name: string; cards: Array<{ name: string; rate: number }> }>;
    expect(list.map((x) => [x.id, x.name, x.cards.map((k) => [k.name, k.rate])])).toEqual([
      ['amazon', 'amazon', [['Amazon $25', 1100]]],
      ['apple', 'Apple', [['iTunes $50', 1250]]],
      ['steam', 'Steam', []],
    ]);
  });
});
