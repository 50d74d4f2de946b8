/**
 * Admin calls added for SPEC's "defined but unused" paths (admin/delete, users/all, users/update,
 * giftcards/update_category, crypto/rates), declining a pending withdrawal and how a reversed withdrawal
 * reads (statement and report), and the audit log: refused calls are written, a failed change writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { PAYOUT_FAILS_ACCOUNT, PAYOUT_PENDING_ACCOUNT } from '../src/adapters/payouts';
import { C } from '../src/collections';
import { client, makeProvider, onboardedUser, topUp } from './helpers';
import { expectLedgerMatchesBalance } from './stores';

interface Log {
  action: string;
  admin_id: string;
  target: string | null;
  refused?: boolean;
}

async function setup() {
  const provider = makeProvider();
  const c = client(provider);
  const admin = await onboardedUser(provider);
  await provider.deps.store.update(C.users, admin.id, { role: 1 });
  const logs = async () => (await c.call('GET', '/api/v1/admin/all-logs', undefined, admin.token)).body.data as Log[];
  return { provider, c, admin, logs };
}

describe("SPEC's unused admin paths", () => {
  it('users/all lists every account; users/update changes names and permissions with a clear error for bad changes', async () => {
    const { provider, c, admin, logs } = await setup();
    const user = await onboardedUser(provider, { first_name: 'Kemi' });
    const all = await c.call('GET', '/api/v1/users/all', undefined, admin.token);
    expect(all.body.message).toBe('Users fetched');
    expect(all.body.data).toEqual([
      expect.objectContaining({
        id: user.id,
        first_name: 'Kemi',
        role: 0,
        suspended: false,
        phone_verified: true,
        must_change_password: false,
        can_post_signal: false,
      }),
      expect.objectContaining({ id: admin.id, role: 1 }),
    ]);
    expect(JSON.stringify(all.body)).not.toMatch(/password_hash|pin_hash|scrypt/);

    const update = await c.call(
      'PUT',
      '/api/v1/users/update',
      { user_id: user.id, last_name: 'Adeyemi', can_post_signal: true, can_post_game: true },
      admin.token,
    );
    expect(update.body).toMatchObject({
      message: 'User updated successfully',
      data: { last_name: 'Adeyemi', can_post_signal: true, can_post_game: true, can_monetize_game: false },
    });
    const login = await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password });
    expect(login.body.data).toMatchObject({ last_name: 'Adeyemi', can_post_signal: true, can_post_game: true });

    const refusedMonetize = await c.call(
      'PUT',
      '/api/v1/users/update',
      { user_id: admin.id, can_monetize_game: true },
      admin.token,
    );
    expect(refusedMonetize).toEqual({
      status: 400,
      body: {
        status: false,
        message: 'can_monetize_game needs can_post_game',
        error: [{ message: 'A user needs can_post_game before can_monetize_game', field: 'can_monetize_game' }],
      },
    });
    const nothing = await c.call('PUT', '/api/v1/users/update', { user_id: user.id }, admin.token);
    expect([nothing.status, nothing.body.message]).toEqual([400, 'Nothing to update']);
    const role = await c.call('PUT', '/api/v1/users/update', { user_id: user.id, role: 1 }, admin.token);
    expect([role.status, role.body.message]).toEqual([400, 'Only names, permissions and must_change_password can be updated']);
    const unknown = await c.call('PUT', '/api/v1/users/update', { user_id: 'nobody', first_name: 'X' }, admin.token);
    expect([unknown.status, unknown.body.message]).toEqual([404, 'User not found']);
    expect((await provider.deps.store.get(C.users, user.id))?.role).toBe(0);

    const actions = (await logs()).map((l) => l.action);
    expect(actions.filter((a) => a === 'user.update')).toHaveLength(1);
    expect(actions).toContain('user.list');
  });

  it('admin/delete takes the admin role away (not the account), never from yourself, and only from an admin', async () => {
    const { provider, c, admin, logs } = await setup();
    const other = await onboardedUser(provider);
    expect((await c.call('POST', '/api/v1/admin/create', { email: other.email }, admin.token)).status).toBe(200);
    expect((await c.call('GET', '/api/v1/admin/admins', undefined, other.token)).status).toBe(200);
    const removed = await c.call('DELETE', '/api/v1/admin/delete', { user_id: other.id }, admin.token);
    expect(removed.body).toMatchObject({ status: true, message: 'Admin deleted successfully', data: { id: other.id, role: 0 } });
    expect((await c.call('GET', '/api/v1/admin/admins', undefined, other.token)).status).toBe(403);
    expect((await c.call('GET', '/api/v1/user/naira-wallet', undefined, other.token)).status).toBe(200);
    const again = await c.call('DELETE', '/api/v1/admin/delete', { user_id: other.id }, admin.token);
    expect([again.status, again.body.message]).toEqual([409, 'This user is not an admin']);
    const self = await c.call('DELETE', '/api/v1/admin/delete', { user_id: admin.id }, admin.token);
    expect([self.status, self.body.message]).toEqual([400, 'You cannot remove your own admin role']);
    const missing = await c.call('DELETE', '/api/v1/admin/delete', {}, admin.token);
    expect([missing.status, missing.body.error?.[0]]).toEqual([400, { message: 'Id must be a string', field: 'user_id' }]);
    expect((await logs()).filter((l) => l.action === 'admin.delete')).toEqual([
      expect.objectContaining({ target: other.id, admin_id: admin.id }),
    ]);
  });

  it('giftcards/update_category creates then renames a category that categories/{id} reads; crypto/rates reads what crypto/update wrote', async () => {
    const { c, admin, logs } = await setup();
    const created = await c.call('POST', '/api/v1/giftcards/update_category', { id: 'steam', name: 'Steam' }, admin.token);
    expect(created.body).toMatchObject({
      message: 'Card category updated successfully',
      data: { id: 'steam', name: 'Steam', cards: [] },
    });
    expect((await c.call('GET', '/api/v1/giftcards/categories/steam', undefined, admin.token)).body.data).toEqual({
      id: 'steam',
      name: 'Steam',
      cards: [],
    });
    await c.call('POST', '/api/v1/giftcards/create', { name: 'Steam $50', category_id: 'steam', rate: 1100 }, admin.token);
    const renamed = await c.call('POST', '/api/v1/giftcards/update_category', { id: 'steam', name: 'Steam Wallet' }, admin.token);
    expect(renamed.body.data).toMatchObject({ id: 'steam', name: 'Steam Wallet', cards: [{ name: 'Steam $50', rate: 1100 }] });
    const blank = await c.call('POST', '/api/v1/giftcards/update_category', { id: 'steam', name: '  ' }, admin.token);
    expect([blank.status, blank.body.message]).toEqual([400, 'name: Name is required']);

    expect((await c.call('GET', '/api/v1/crypto/rates', undefined, admin.token)).body.data).toEqual([]);
    await c.call('PUT', '/api/v1/crypto/update', { symbol: 'USDT', buy_rate: 1500.5, sell_rate: 1480 }, admin.token);
    await c.call('PUT', '/api/v1/crypto/update', { symbol: 'BTC', buy_rate: 150_000_000, sell_rate: 149_000_000 }, admin.token);
    const rates = await c.call('GET', '/api/v1/crypto/rates', undefined, admin.token);
    expect(rates.body).toMatchObject({
      message: 'Rates fetched',
      data: [
        { symbol: 'BTC', buy_rate: 150_000_000, sell_rate: 149_000_000 },
        { symbol: 'USDT', buy_rate: 1500.5, sell_rate: 1480 },
      ],
    });
    const actions = (await logs()).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['giftcard.category.create', 'giftcard.category.update', 'crypto.rates']));
  });
});

describe('the audit log', () => {
  it('writes a refused admin call (403) with who, which call and when; a change that fails writes nothing', async () => {
    const { provider, c, admin, logs } = await setup();
    const user = await onboardedUser(provider);
    const before = Date.now();
    const refused = await c.call('PUT', '/api/v1/users/update', { user_id: user.id, can_post_signal: true }, user.token);
    expect(refused).toEqual({
      status: 403,
      body: { status: false, message: 'Only admins can do this.', error: [{ message: 'Only admins can do this.' }] },
    });
    expect((await c.call('GET', '/api/v1/transactions/all', undefined, user.token)).status).toBe(403);
    // Refusals by one user in one window are one entry with their count, naming the last call (issue 31 item 8).
    const raw = await provider.deps.store.query(C.audit, { where: [['admin_id', '==', user.id]] });
    expect(raw.map((d) => d.data)).toEqual([
      expect.objectContaining({
        action: 'allTransactions',
        refused: true,
        method: 'GET',
        path: '/api/v1/transactions/all',
        target: null,
        count: 2,
      }),
    ]);
    for (const d of raw) expect(Number(d.data.last_at)).toBeGreaterThanOrEqual(before);
    expect((await provider.deps.store.get(C.users, user.id))?.can_post_signal).toBe(false);
    const listed = await logs();
    expect(listed).toContainEqual(
      expect.objectContaining({ admin_id: user.id, action: 'allTransactions', refused: true, count: 2 }),
    );
    expect(listed.filter((l) => l.admin_id === admin.id).every((l) => l.refused === undefined)).toBe(true);

    // A change refused by its own rules (already an admin) leaves no audit entry behind.
    const count = (await provider.deps.store.query(C.audit)).length;
    expect((await c.call('POST', '/api/v1/admin/create', { email: admin.email }, admin.token)).status).toBe(409);
    expect((await c.call('PUT', '/api/v1/users/suspend-account', { user_id: 'nobody' }, admin.token)).status).toBe(404);
    expect((await provider.deps.store.query(C.audit)).length).toBe(count);
  });
});

describe('declined and failed withdrawals', () => {
  it('a declined withdrawal is refunded by a new entry; the statement says it failed and was refunded; the report counts it apart', async () => {
    const { provider, c, admin, logs } = await setup();
    const store = provider.deps.store;
    const user = await onboardedUser(provider, { account_number: PAYOUT_PENDING_ACCOUNT });
    await topUp(provider, user.token, user.email, 10_000);
    const w = await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: user.bankId, amount: 4_000, pin: '1234' },
      user.token,
      {
        'idempotency-key': `decline-${user.id}`,
      },
    );
    const id = (w.body.data as { transaction: { id: string; status: string } }).transaction.id;
    expect((w.body.data as { transaction: { status: string } }).transaction.status).toBe('PENDING');

    const bad = await c.call('PUT', '/api/v1/transactions/approve', { transaction_id: id, action: 'refund' }, admin.token);
    expect([bad.status, bad.body.message]).toEqual([400, "action: Action must be 'approve' or 'decline'"]);
    const declined = await c.call(
      'PUT',
      '/api/v1/transactions/approve',
      { transaction_id: id, action: 'decline', reason: 'account name mismatch' },
      admin.token,
    );
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      message: 'Transaction declined and refunded',
      data: { id, status: 'SUCCESS', user_id: user.id, user_email: user.email },
    });
    for (const action of ['decline', 'approve']) {
      const again = await c.call('PUT', '/api/v1/transactions/approve', { transaction_id: id, action }, admin.token);
      expect([again.status, again.body.message]).toEqual([409, 'This transaction is already reversed']);
    }

    const { balanceKobo, entries } = await expectLedgerMatchesBalance(store, user.id);
    expect(balanceKobo).toBe(1_000_000);
    expect(entries.map((e) => [e.type, e.direction, e.amount_kobo])).toEqual([
      ['FUNDING', 'credit', 1_000_000],
      ['WITHDRAWAL', 'debit', 400_000],
      ['FUNDING', 'credit', 400_000],
    ]);
    const list = (await c.call('GET', '/api/v1/user/transactions', undefined, user.token)).body.data as Array<{
      type: string;
      narration: string;
      status: string;
    }>;
    expect(list[0]?.narration).toBe(
      'Refund: your withdrawal of ₦4,000 to Access Bank failed (account name mismatch); ₦4,000 was returned to your wallet',
    );
    expect(list[1]?.narration).toBe('Withdrawal to Access Bank 111****111 - FAILED, ₦4,000 refunded to your wallet');
    // The ledger entry itself keeps the narration it was written with; only the statement says it failed.
    expect(entries[1]?.narration).toBe('Withdrawal to Access Bank 111****111');
    expect(list.map((t) => t.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    const notes = (await c.call('GET', '/api/v1/admin/notifications', undefined, user.token)).body.data as Array<{
      type: string;
    }>;
    expect(notes.map((n) => n.type)).toContain('WITHDRAWAL_REVERSED');
    expect((await logs()).filter((l) => l.action === 'transaction.decline')).toEqual([
      expect.objectContaining({ target: id, admin_id: admin.id }),
    ]);

    // A payout that fails on its own reads the same way; a withdrawal that succeeds still counts.
    const failing = await onboardedUser(provider, { account_number: PAYOUT_FAILS_ACCOUNT });
    await topUp(provider, failing.token, failing.email, 3_000);
    await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: failing.bankId, amount: 2_500, pin: '1234' },
      failing.token,
      {
        'idempotency-key': `fails-${failing.id}`,
      },
    );
    const paid = await onboardedUser(provider);
    await topUp(provider, paid.token, paid.email, 2_000);
    await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: paid.bankId, amount: 500, pin: '1234' },
      paid.token,
      {
        'idempotency-key': `paid-${paid.id}`,
      },
    );
    const failedList = (await c.call('GET', '/api/v1/user/transactions', undefined, failing.token)).body.data as Array<{
      narration: string;
    }>;
    expect(failedList[0]?.narration).toMatch(
      /^Refund: your withdrawal of ₦2,500 to Access Bank failed \(.+\); ₦2,500 was returned to your wallet$/,
    );
    expect(failedList[1]?.narration).toMatch(/ - FAILED, ₦2,500 refunded to your wallet$/);

    const report = await c.call('GET', '/api/v1/reports/wallet-bills-transaction-values', undefined, admin.token);
    expect(report.body.data).toEqual({
      users_count: 4,
      total_wallet_balance: 10_000 + 3_000 + 1_500,
      // Top-ups only: the refunds are not new money in, and the reversed withdrawals are not money out.
      transaction_values: { FUNDING: 15_000, WITHDRAWAL: 500 },
      pending_withdrawals_count: 0,
      pending_withdrawals_total: 0,
      reversed_withdrawals_count: 2,
      reversed_withdrawals_total: 6_500,
    });
  });
});
