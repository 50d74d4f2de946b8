import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminTransaction, AdminUser } from '@/features/admin/api/admin-api';
import { AdminsPage } from '@/features/admin/components/admins-page';
import { AdminTransactionsPage } from '@/features/admin/components/transactions-page';
import { AuditPage } from '@/features/admin/components/audit-page';
import { UserPage } from '@/features/admin/components/user-page';
import { UsersPage } from '@/features/admin/components/users-page';
import { WithdrawalsPage } from '@/features/admin/components/withdrawals-page';
import { getProfile } from '@/lib/session';
import { fakeApi, ok, paged } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';
import { Route, Routes } from 'react-router-dom';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const HOUR = 60 * 60 * 1000;

function withdrawal(overrides: Partial<AdminTransaction> = {}): AdminTransaction {
  return {
    id: 'w1',
    type: 'WITHDRAWAL',
    status: 'PENDING',
    amount: 4000,
    createdAt: new Date(Date.now() - 3 * HOUR - 5 * 60_000).toISOString(),
    narration: 'Withdrawal to Access Bank 012****789',
    wallet_type: 'NAIRA',
    old_balance: 10000,
    new_balance: 6000,
    user_id: 'u2',
    user_email: 'kemi@example.com',
    bank_name: 'Access Bank',
    account_name: 'KEMI ADE',
    account_number: '012****789',
    ...overrides,
  };
}

function user(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'u2',
    first_name: 'Kemi',
    last_name: 'Ade',
    email: 'kemi@example.com',
    phone_number: '+2348031110002',
    role: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    username: 'kemi',
    suspended: false,
    phone_verified: true,
    must_change_password: false,
    can_post_signal: false,
    can_post_game: false,
    can_monetize_game: false,
    subscription_expires_at: null,
    ...overrides,
  };
}

describe('the withdrawal queue', () => {
  it('shows user, bank, amount and age; declining needs a reason, says it refunds, and refreshes the queue', async () => {
    fakeApi.answerOnce(
      'pendingTransactions',
      ok([withdrawal(), withdrawal({ id: 'w2', amount: 1500, user_email: 'bayo@example.com' })]),
    );
    fakeApi.answer('pendingTransactions', ok([withdrawal({ id: 'w2', amount: 1500, user_email: 'bayo@example.com' })]));
    fakeApi.answer('approveTransaction', {
      ...ok(withdrawal({ status: 'SUCCESS' })),
      message: 'Transaction declined and refunded',
    });
    const { user: u } = renderWithApp(<WithdrawalsPage />);
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('kemi@example.com')).toBeTruthy();
    expect(first.getByText('Access Bank · 012****789 · KEMI ADE')).toBeTruthy();
    expect(first.getByText('₦4,000')).toBeTruthy();
    expect(first.getByText('3 h 5 min')).toBeTruthy();

    await u.click(first.getByRole('button', { name: 'Decline' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Decline withdrawal' }));
    expect(dialog.getByText(/goes back to their wallet as a new refund entry/)).toBeTruthy();
    await u.click(dialog.getByRole('button', { name: 'Decline and refund' }));
    expect(dialog.getByText('Please give a reason')).toBeTruthy();
    expect(fakeApi.callsTo('approveTransaction')).toEqual([]);
    await u.type(dialog.getByLabelText('Reason (the user sees it)'), 'Account name mismatch');
    await u.click(dialog.getByRole('button', { name: 'Decline and refund' }));
    expect(await screen.findByText('Transaction declined and refunded')).toBeTruthy();
    expect(fakeApi.callsTo('approveTransaction')).toEqual([
      { body: { transaction_id: 'w1', action: 'decline', reason: 'Account name mismatch' } },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(1));
  });

  it("approves after a confirmation with SPEC's toast", async () => {
    fakeApi.answer('pendingTransactions', ok([withdrawal()]));
    fakeApi.answer('approveTransaction', { ...ok(withdrawal({ status: 'SUCCESS' })), message: 'Transaction approved' });
    const { user: u } = renderWithApp(<WithdrawalsPage />);
    await u.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Approve withdrawal' }));
    expect(dialog.getByText(/Mark the withdrawal of ₦4,000 by kemi@example.com/)).toBeTruthy();
    await u.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Transaction approved')).toBeTruthy();
    expect(fakeApi.callsTo('approveTransaction')).toEqual([{ body: { transaction_id: 'w1', action: 'approve' } }]);
  });

  it("a 403 shows 'Your session has expired !' and clears the profile", async () => {
    fakeApi.fail('pendingTransactions', ['Only admins can do this.'], 'permission-denied');
    renderWithApp(<WithdrawalsPage />);
    expect(await screen.findByText('Your session has expired !')).toBeTruthy();
    await waitFor(() => expect(getProfile()).toBeNull());
  });
});

describe('users', () => {
  it('searches and pages on the server: the filters travel in the query string', async () => {
    fakeApi.answer('allUsers', paged([user()], { total: 41, has_more: true }));
    const { user: u } = renderWithApp(<UsersPage />);
    expect(await screen.findByRole('link', { name: 'Kemi Ade' })).toBeTruthy();
    expect(screen.getByText('1–20 of 41')).toBeTruthy();
    await u.type(screen.getByLabelText('Name, e-mail, username or phone'), 'kemi');
    await u.selectOptions(screen.getByLabelText('Status'), 'suspended');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await u.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(fakeApi.callsTo('allUsers')).toHaveLength(3));
    expect(fakeApi.callsTo('allUsers').map((c) => c.query)).toEqual([
      { page: 1 },
      { page: 1, q: 'kemi', status: 'suspended' },
      { page: 2, q: 'kemi', status: 'suspended' },
    ]);
  });

  it('one user: suspends after saying what it does, changes permissions, and shows the ledger check', async () => {
    const ledger = (u: AdminUser) =>
      ok({
        user: u,
        balance: 6000,
        entries: [withdrawal({ status: 'SUCCESS', type: 'FUNDING', old_balance: 0, new_balance: 6000, amount: 6000 })],
        entries_sum: 6000,
        consistent: true,
      });
    let suspended = false;
    fakeApi.answer('userLedger', () => Promise.resolve(ledger(user({ suspended }))));
    fakeApi.answer('suspendAccount', () => {
      suspended = true;
      return Promise.resolve({ ...ok({ id: 'u2', suspended: true }), message: 'User suspended' });
    });
    fakeApi.answer('userUpdate', { ...ok(user({ can_post_signal: true })), message: 'User updated successfully' });
    const { user: u } = renderWithApp(
      <Routes>
        <Route path="/admin/users/:id" element={<UserPage />} />
      </Routes>,
      { path: '/admin/users/u2' },
    );
    expect(await screen.findByRole('heading', { name: 'Kemi Ade' })).toBeTruthy();
    expect(screen.getByText("The 1 entries sum to ₦6,000, the wallet's balance.")).toBeTruthy();
    expect(fakeApi.callsTo('userLedger')[0]?.params).toEqual({ id: 'u2' });

    await u.click(screen.getByLabelText('May post signals (can_post_signal)'));
    await u.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    expect(fakeApi.callsTo('userUpdate')).toEqual([
      { body: { user_id: 'u2', can_post_signal: true, can_post_game: false, can_monetize_game: false } },
    ]);

    await u.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Suspend user' }));
    expect(dialog.getByText(/their sessions stop working at once/)).toBeTruthy();
    await u.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('User suspended')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(screen.getByTestId('user-status').textContent).toBe('Suspended');
  });

  it("a failed suspend reads SPEC's 'oops, something went wrong' with the reason; a broken ledger is flagged", async () => {
    fakeApi.answer('userLedger', ok({ user: user(), balance: 5000, entries: [], entries_sum: 6000, consistent: false }));
    fakeApi.failOnce('suspendAccount', ['You cannot suspend your own account'], 'invalid-argument');
    const { user: u } = renderWithApp(
      <Routes>
        <Route path="/admin/users/:id" element={<UserPage />} />
      </Routes>,
      { path: '/admin/users/u2' },
    );
    expect(await screen.findByText(/The ledger does not match the wallet/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Suspend' }));
    await u.click(within(screen.getByRole('dialog', { name: 'Suspend user' })).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('oops, something went wrong: You cannot suspend your own account')).toBeTruthy();
  });
});

describe('transactions', () => {
  it('searches by user, type, status and days on the server, in words rather than the API enums', async () => {
    fakeApi.answer('allTransactions', paged([withdrawal()]));
    const { user: u } = renderWithApp(<AdminTransactionsPage />);
    const table = within(await screen.findByRole('region', { name: 'Transaction list' }));
    expect(table.getByText('Withdrawal')).toBeTruthy();
    expect(table.getByText('Pending')).toBeTruthy();
    await u.type(screen.getByLabelText('User e-mail'), 'kemi@example.com');
    await u.selectOptions(screen.getByLabelText('Type'), 'WITHDRAWAL');
    await u.selectOptions(screen.getByLabelText('Status'), 'PENDING');
    await u.type(screen.getByLabelText('From'), '2026-11-01');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(fakeApi.callsTo('allTransactions')).toHaveLength(2));
    expect(fakeApi.callsTo('allTransactions')[1]?.query).toEqual({
      page: 1,
      email: 'kemi@example.com',
      type: 'WITHDRAWAL',
      status: 'PENDING',
      from: '2026-11-01',
      to: '',
    });
  });
});

describe('admins and the audit log', () => {
  it("adds an admin by e-mail and removes one after confirming, with SPEC's toasts", async () => {
    const me = { ...user({ id: 'u1', first_name: 'Ada', email: 'ada@example.com', role: 1 }) };
    const other = { ...user({ role: 1 }) };
    fakeApi.answer('admins', ok([me, other]));
    fakeApi.answer('adminCreate', { ...ok(other), message: 'Admin added successfully' });
    fakeApi.answer('adminDelete', { ...ok({ ...other, role: 0 }), message: 'Admin deleted successfully' });
    const { user: u } = renderWithApp(<AdminsPage />);
    const table = within(await screen.findByRole('region', { name: 'Admin list' }));
    // No one removes their own role from here.
    expect(table.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
    await u.type(screen.getByLabelText('E-mail of an existing account'), 'kemi@example.com');
    await u.click(screen.getByRole('button', { name: 'Add admin' }));
    expect(await screen.findByText('Admin added successfully')).toBeTruthy();
    expect(fakeApi.callsTo('adminCreate')).toEqual([{ body: { email: 'kemi@example.com' } }]);
    await u.click(table.getByRole('button', { name: 'Remove' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove admin' }));
    expect(dialog.getByText(/Take the admin role from Kemi Ade \(kemi@example.com\)/)).toBeTruthy();
    await u.click(dialog.getByRole('button', { name: 'Remove admin' }));
    expect(await screen.findByText('Admin deleted successfully')).toBeTruthy();
    expect(fakeApi.callsTo('adminDelete')).toEqual([{ body: { user_id: 'u2' } }]);
  });

  it('filters who, what and to whom on the server and names the operator', async () => {
    fakeApi.answer('admins', ok([user({ id: 'u1', first_name: 'Ada', last_name: 'Okafor', role: 1 })]));
    fakeApi.answer(
      'allLogs',
      paged([{ id: 'l1', admin_id: 'u1', action: 'user.suspend', target: 'u2', createdAt: '2026-11-20T10:00:00.000Z' }]),
    );
    const { user: u } = renderWithApp(<AuditPage />);
    const row = within((await screen.findAllByTestId('audit-row'))[0]!);
    expect(row.getByText('Ada Okafor')).toBeTruthy();
    expect(row.getByText('user.suspend')).toBeTruthy();
    await u.selectOptions(screen.getByLabelText('Who'), 'u1');
    await u.type(screen.getByLabelText('What (action)'), 'user.');
    await u.type(screen.getByLabelText('To whom (id)'), 'u2');
    await u.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(fakeApi.callsTo('allLogs')).toHaveLength(2));
    expect(fakeApi.callsTo('allLogs')[1]?.query).toEqual({
      page: 1,
      admin_id: 'u1',
      action: 'user.',
      target: 'u2',
      from: '',
      to: '',
    });
  });

  it("shows why a held payment's gateway refund did not go through (issue 31)", async () => {
    fakeApi.answer('admins', ok([]));
    fakeApi.answer(
      'allLogs',
      paged([
        {
          id: 'l2',
          admin_id: 'system',
          action: 'topup.refund.failed',
          target: '4410021',
          reason: 'Flutterwave refused the refund (HTTP 400): Insufficient balance',
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ]),
    );
    renderWithApp(<AuditPage />);
    const row = within((await screen.findAllByTestId('audit-row'))[0]!);
    expect(row.getByText('topup.refund.failed')).toBeTruthy();
    expect(row.getByText('4410021')).toBeTruthy();
    expect(row.getByText('Flutterwave refused the refund (HTTP 400): Insufficient balance')).toBeTruthy();
  });
});
