/**
 * What the operator console (issue 16) reads: the admin lists page and filter on the server (users/all,
 * transactions/all, admin/all-logs), the withdrawal queue is oldest first with its bank, and one user's whole
 * ledger comes with the check that it sums to the balance.
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
  const get = async (path: string, token = admin.token) => c.call('GET', path, undefined, token);
  return { provider, c, admin, get, advance: (ms: number) => (clock += ms) };
}

async function pendingWithdrawal(
  c: ReturnType<typeof client>,
  user: { token: string; bankId: string; id: string },
  amount: number,
) {
  const w = await c.call(
    'POST',
    '/api/v1/user/wallet/withdraw',
    { destination_account: user.bankId, amount, pin: '1234' },
    user.token,
    { 'idempotency-key': `w-${user.id}-${amount}` },
  );
  return (w.body.data as { transaction: { id: string } }).transaction.id;
}

describe('users/all pages and filters on the server', () => {
  it('searches names, e-mail, username and phone; filters suspended; pages with a total', async () => {
    const { provider, c, admin, get, advance } = await setup();
    advance(1000);
    const kemi = await onboardedUser(provider, { first_name: 'Kemi', last_name: 'Adeyemi' });
    advance(1000);
    const tunde = await onboardedUser(provider, { first_name: 'Tunde' });
    advance(1000);
    await onboardedUser(provider, { first_name: 'Ngozi' });
    await c.call('PUT', '/api/v1/users/suspend-account', { user_id: tunde.id }, admin.token);

    const byName = await get('/api/v1/users/all?q=kemi%20ade');
    expect(byName.body.data).toEqual([expect.objectContaining({ id: kemi.id })]);
    expect(byName.body.paging).toEqual({ page: 1, page_size: 20, total: 1, has_more: false });
    expect(
      ((await get(`/api/v1/users/all?q=${encodeURIComponent(tunde.email.toUpperCase())}`)).body.data as unknown[]).length,
    ).toBe(1);
    const suspended = await get('/api/v1/users/all?status=suspended');
    expect(suspended.body.data).toEqual([expect.objectContaining({ id: tunde.id, suspended: true })]);
    expect(((await get('/api/v1/users/all?role=1')).body.data as Array<{ id: string }>).map((u) => u.id)).toEqual([admin.id]);

    // Newest first, two at a time: 4 accounts make two pages.
    const first = await get('/api/v1/users/all?page_size=2');
    expect(first.body.paging).toEqual({ page: 1, page_size: 2, total: 4, has_more: true });
    const second = await get('/api/v1/users/all?page_size=2&page=2');
    expect(second.body.paging).toEqual({ page: 2, page_size: 2, total: 4, has_more: false });
    const ids = [...(first.body.data as Array<{ id: string }>), ...(second.body.data as Array<{ id: string }>)].map((u) => u.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids.slice(-1)).toEqual([admin.id]);

    const bad = await get('/api/v1/users/all?page_size=1000');
    expect([bad.status, bad.body.message]).toEqual([400, 'page_size: page_size must not be more than 100']);
    const unknown = await get('/api/v1/users/all?sort=name');
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Unknown filter: sort']);
  });
});

describe('transactions/all searches by user, type, status and date on the server', () => {
  it('reads one wallet for a user filter, narrows by type, status and days, and pages', async () => {
    const { provider, c, get, advance } = await setup();
    const ada = await onboardedUser(provider, { account_number: PAYOUT_PENDING_ACCOUNT });
    const bayo = await onboardedUser(provider);
    await topUp(provider, ada.token, ada.email, 10_000);
    await topUp(provider, bayo.token, bayo.email, 5_000);
    advance(SIX_HOURS);
    await pendingWithdrawal(c, ada, 1_000);

    const adaAll = await get(`/api/v1/transactions/all?user_id=${ada.id}`);
    expect((adaAll.body.data as Array<{ type: string; user_id: string }>).map((t) => [t.type, t.user_id])).toEqual([
      ['WITHDRAWAL', ada.id],
      ['FUNDING', ada.id],
    ]);
    const byEmail = await get(`/api/v1/transactions/all?email=${encodeURIComponent(bayo.email)}`);
    expect((byEmail.body.data as Array<{ user_id: string }>).map((t) => t.user_id)).toEqual([bayo.id]);
    expect((await get('/api/v1/transactions/all?email=nobody%40example.com')).body.data).toEqual([]);

    const pending = await get('/api/v1/transactions/all?status=PENDING');
    expect(pending.body.data).toEqual([expect.objectContaining({ type: 'WITHDRAWAL', status: 'PENDING', amount: 1000 })]);
    const funding = await get('/api/v1/transactions/all?type=FUNDING');
    expect((funding.body.data as unknown[]).length).toBe(2);
    const firstDay = await get('/api/v1/transactions/all?from=2026-11-10&to=2026-11-10');
    expect((firstDay.body.data as Array<{ type: string }>).map((t) => t.type)).toEqual(['FUNDING', 'FUNDING']);
    const laterDays = await get('/api/v1/transactions/all?from=2026-11-11');
    expect((laterDays.body.data as Array<{ type: string }>).map((t) => t.type)).toEqual(['WITHDRAWAL']);

    const paged = await get('/api/v1/transactions/all?page_size=1&page=2');
    expect(paged.body.paging).toEqual({ page: 2, page_size: 1, total: 3, has_more: true });
    const bad = await get('/api/v1/transactions/all?type=GIFT');
    expect(bad.status).toBe(400);
    const badDay = await get('/api/v1/transactions/all?from=yesterday');
    expect([badDay.status, badDay.body.message]).toEqual([400, 'from: from must be a date (YYYY-MM-DD)']);
  });
});

describe('the withdrawal queue and one user ledger', () => {
  it('lists pending withdrawals oldest first with the bank and a masked account number', async () => {
    const { provider, c, get, advance } = await setup();
    const ada = await onboardedUser(provider, { account_number: PAYOUT_PENDING_ACCOUNT });
    await topUp(provider, ada.token, ada.email, 10_000);
    const older = await pendingWithdrawal(c, ada, 1_000);
    advance(60_000);
    const newer = await pendingWithdrawal(c, ada, 2_000);
    const queue = await get('/api/v1/transactions/pending');
    expect(queue.body.data).toEqual([
      expect.objectContaining({ id: older, amount: 1000, user_email: ada.email, bank_name: 'Access Bank' }),
      expect.objectContaining({ id: newer, amount: 2000 }),
    ]);
    const first = (queue.body.data as Array<{ account_number: string; account_name: string }>)[0];
    expect(first?.account_number).toMatch(/^\d{3}\*{4}\d{3}$/);
    expect(first?.account_name).not.toBe('');
    expect(JSON.stringify(queue.body)).not.toContain(PAYOUT_PENDING_ACCOUNT);
  });

  it('gives a user ledger oldest first with the running balance and the check that it sums to the balance', async () => {
    const { provider, c, admin, get } = await setup();
    const ada = await onboardedUser(provider, { account_number: PAYOUT_PENDING_ACCOUNT });
    await topUp(provider, ada.token, ada.email, 10_000);
    const id = await pendingWithdrawal(c, ada, 4_000);
    await c.call(
      'PUT',
      '/api/v1/transactions/approve',
      { transaction_id: id, action: 'decline', reason: 'wrong name' },
      admin.token,
    );

    const ledger = await get(`/api/v1/admin/users/${ada.id}/ledger`);
    expect(ledger.status).toBe(200);
    const data = ledger.body.data as {
      user: { id: string; email: string };
      balance: number;
      entries: Array<{ type: string; amount: number; old_balance: number; new_balance: number }>;
      entries_sum: number;
      consistent: boolean;
    };
    expect(data.user).toMatchObject({ id: ada.id, email: ada.email });
    expect(data.entries.map((e) => [e.type, e.amount, e.new_balance])).toEqual([
      ['FUNDING', 10000, 10000],
      ['WITHDRAWAL', 4000, 6000],
      ['FUNDING', 4000, 10000],
    ]);
    expect([data.balance, data.entries_sum, data.consistent]).toEqual([10000, 10000, true]);

    // A balance that no longer matches its entries is reported, not hidden.
    await provider.deps.store.update(C.wallets, ada.id, { balance_kobo: 999_900 });
    const broken = (await get(`/api/v1/admin/users/${ada.id}/ledger`)).body.data as { consistent: boolean; balance: number };
    expect([broken.balance, broken.consistent]).toEqual([9999, false]);

    expect((await get('/api/v1/admin/users/nobody/ledger')).status).toBe(404);
    expect((await get(`/api/v1/admin/users/${ada.id}/ledger`, ada.token)).status).toBe(403);
  });
});

describe('admin/all-logs filters who, what, to whom and when, and pages', () => {
  it('finds each action by its operator, its action (or its start) and its target', async () => {
    const { provider, c, admin, get, advance } = await setup();
    const user = await onboardedUser(provider);
    await c.call('PUT', '/api/v1/users/suspend-account', { user_id: user.id }, admin.token);
    advance(SIX_HOURS);
    await c.call('PUT', '/api/v1/users/activate', { user_id: user.id }, admin.token);

    const toUser = await get(`/api/v1/admin/all-logs?target=${user.id}`);
    expect((toUser.body.data as Array<{ action: string; admin_id: string }>).map((l) => [l.action, l.admin_id])).toEqual([
      ['user.activate', admin.id],
      ['user.suspend', admin.id],
    ]);
    const suspends = await get('/api/v1/admin/all-logs?action=user.suspend');
    expect((suspends.body.data as Array<{ target: string }>).map((l) => l.target)).toEqual([user.id]);
    const userActions = await get(`/api/v1/admin/all-logs?action=user.&admin_id=${admin.id}`);
    expect((userActions.body.data as Array<{ action: string }>).map((l) => l.action)).toEqual(['user.activate', 'user.suspend']);
    const secondDay = await get(`/api/v1/admin/all-logs?target=${user.id}&from=2026-11-11&to=2026-11-11`);
    expect((secondDay.body.data as Array<{ action: string }>).map((l) => l.action)).toEqual(['user.activate']);
    const page = await get('/api/v1/admin/all-logs?page_size=1');
    expect(page.body.paging).toMatchObject({ page: 1, page_size: 1, has_more: true });
    expect((await get('/api/v1/admin/all-logs?from=11-11-2026')).status).toBe(400);
  });
});
