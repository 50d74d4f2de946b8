import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/features/wallet/components/dashboard-page';
import { publishPermissions } from '@/lib/permissions';
import { fakeApi, ok } from '@/testing/fake-api';
import { testSavedBank, testTransaction } from '@/testing/fixtures';
import { SNAPSHOT_KEY } from '@/lib/screen-snapshot';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const recent = () => within(screen.getByRole('region', { name: 'Recent transactions' }));

describe('DashboardPage', () => {
  it('shows the subscription state beside the services it unlocks, with a link to pay or renew it', () => {
    fakeApi.answer('nairaWallet', ok({ balance: 5000 }));
    fakeApi.answer('limitTransactions', ok([]));
    const live = (expiresAt: number | null) =>
      publishPermissions('u1', {
        active: true,
        role: 0,
        can_post_signal: false,
        can_post_game: false,
        can_monetize_game: false,
        subscription_expires_at: expiresAt,
        paused_until: null,
        updated_at: 1,
      });
    live(Date.parse('2036-12-24T10:00:00Z'));
    const { unmount } = renderWithApp(<DashboardPage />);
    const services = within(screen.getByRole('region', { name: 'Services' }));
    expect(services.getByText('Subscription active until 24 Dec 2036')).toBeTruthy();
    expect(services.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/subscription');
    expect(services.getByRole('link', { name: /^Over 4.5 signal/ }).textContent).toContain('Subscribed');
    expect(services.getByRole('link', { name: /^Auto-Trada/ }).textContent).toContain('Subscribed');
    expect(services.getByRole('link', { name: /^Stake calculator/ }).textContent).not.toContain('ubscri');
    unmount();

    live(Date.parse('2026-10-01T09:00:00Z'));
    renderWithApp(<DashboardPage />);
    const after = within(screen.getByRole('region', { name: 'Services' }));
    expect(after.getByText('Subscription expired on 1 Oct 2026')).toBeTruthy();
    expect(after.getByRole('link', { name: 'Renew' }).getAttribute('href')).toBe('/subscription');
    expect(after.getByRole('link', { name: /^Over 4.5 signal/ }).textContent).toContain('Needs subscription');
    publishPermissions('nobody', null);
  });

  it('after a withdrawal the card shows the new balance and the recent list the new entry, without a reload', async () => {
    fakeApi.answerOnce('nairaWallet', ok({ balance: 5000 }));
    fakeApi.answer('nairaWallet', ok({ balance: 3000 }));
    fakeApi.answerOnce('limitTransactions', ok([testTransaction()]));
    fakeApi.answer(
      'limitTransactions',
      ok([
        testTransaction({
          id: 'tx-w',
          type: 'WITHDRAWAL',
          status: 'PENDING',
          amount: 2000,
          old_balance: 5000,
          new_balance: 3000,
        }),
        testTransaction(),
      ]),
    );
    fakeApi.answer('savedBanks', ok([testSavedBank()]));
    fakeApi.answer('pinVerify', { status: true, message: 'PIN verified' });
    fakeApi.answer('withdraw', ok({ transaction: testTransaction({ type: 'WITHDRAWAL', status: 'PENDING' }), balance: 3000 }));

    const { user } = renderWithApp(<DashboardPage />);
    expect(await screen.findByText('₦5,000')).toBeTruthy();
    expect(await recent().findAllByRole('button', { name: /₦/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Payout' }));
    // The modal's form loads on first open (DeferredModal).
    const amount = await screen.findByLabelText('Amount (₦)');
    const dialog = within(screen.getByRole('dialog', { name: 'Withdraw' }));
    await user.type(amount, '2000');
    await user.type(dialog.getByLabelText('Transaction PIN'), '1234');
    await user.click(await dialog.findByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Congratulations!, Your withdrawal is successfully')).toBeTruthy();
    expect(await screen.findByText('₦3,000')).toBeTruthy();
    await waitFor(() => expect(recent().getAllByRole('button', { name: /₦/ })).toHaveLength(2));
    expect(recent().getByText('Withdrawal')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Withdraw' })).toBeNull();
    expect(fakeApi.countOf('nairaWallet')).toBe(2);
  });

  it('an account without a PIN is sent to create one from Payout', async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 100 }));
    fakeApi.answer('limitTransactions', ok([]));
    const { user } = renderWithApp(<DashboardPage />, { profileCode: 203 });
    expect(await screen.findByText('You have no transaction at the moment..')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Payout' }));
    // The modal's content loads on first open (DeferredModal).
    const createPin = await waitFor(() =>
      within(screen.getByRole('dialog', { name: 'Withdraw' })).getByRole('link', { name: 'Create PIN' }),
    );
    expect(createPin.getAttribute('href')).toBe('/create-pin');
  });

  it('keeps the screen for the next visit once the balance and the transactions show (ADR 0032)', async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 29500 }));
    fakeApi.answer('limitTransactions', ok([testTransaction()]));
    const { container } = renderWithApp(<DashboardPage />);
    container.id = 'root';
    // Still loading: nothing is kept.
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
    await waitFor(() => expect(localStorage.getItem(SNAPSHOT_KEY)).toContain('₦29,500'));
    const copy = document.createElement('div');
    copy.innerHTML = localStorage.getItem(SNAPSHOT_KEY) ?? '';
    expect(copy.querySelector('.greeting')?.textContent).toBe('Hello, Ada');
    expect(copy.querySelectorAll('.tx-list li')).toHaveLength(1);
    // The withdraw and top-up modals are not part of it.
    expect(copy.querySelector('dialog')).toBeNull();
  });
});
