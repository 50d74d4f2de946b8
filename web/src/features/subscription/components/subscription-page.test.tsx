import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '@punter/core/permissions';
import { SubscriptionPage } from '@/features/subscription/components/subscription-page';
import { publishPermissions } from '@/lib/permissions';
import { fakeApi, ok } from '@/testing/fake-api';
import { testTransaction } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const DAY = 24 * 60 * 60 * 1000;

/** The live permissions document of the signed-in test user (u1) with this subscription end. */
function subscribedUntil(expiresAt: number | null): void {
  const permissions: Permissions = {
    active: true,
    role: 0,
    can_post_signal: false,
    can_post_game: false,
    can_monetize_game: false,
    subscription_expires_at: expiresAt,
    paused_until: null,
    updated_at: 1,
  };
  publishPermissions('u1', permissions);
}

const paid = (expiresAt: string) =>
  ok({
    entry: testTransaction({ type: 'SUBSCRIPTION', amount: 2000, old_balance: 5000, new_balance: 3000 }),
    subscription_expires_at: expiresAt,
  });

describe('SubscriptionPage', () => {
  beforeEach(() => subscribedUntil(null));

  it('shows a visitor the expired-subscription page, whose Re-activate goes to login and back here', () => {
    renderWithApp(<SubscriptionPage />, { visitor: true, path: '/subscription' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your subscription has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Re-activate' }).getAttribute('href')).toBe('/login?redirectTo=%2Fsubscription');
    expect(screen.queryByRole('button', { name: /Subscribe|Renew/ })).toBeNull();
  });

  it('a user without a subscription sees what it covers, pays with the PIN and sees it active until the day it ends', async () => {
    fakeApi.answer('subscribe', paid('2026-12-24T10:00:00.000Z'));
    const { user, client } = renderWithApp(<SubscriptionPage />, { path: '/subscription' });
    client.setQueryData(['wallet', 'transactions', 'all', 'u1'], []);
    expect(screen.getByText('Not subscribed')).toBeTruthy();
    const covers = within(screen.getByRole('region', { name: 'What ₦2,000 a month covers' }));
    expect(covers.getByRole('link', { name: 'Over 4.5 signal' }).getAttribute('href')).toBe('/signal-4');
    expect(covers.getByRole('link', { name: 'Auto-Trada' }).getAttribute('href')).toBe('/auto-trada');

    await user.click(screen.getByRole('button', { name: 'Subscribe for ₦2,000' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Subscribe' }));
    // Within 15 minutes of the login the provider needs no PIN: none is asked.
    expect(dialog.queryByLabelText('Transaction PIN')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Pay ₦2,000' }));

    const state = within(screen.getByRole('region', { name: 'Your subscription' }));
    await waitFor(() => expect(state.getByText('Active')).toBeTruthy());
    expect(state.getByText('24 Dec 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew for ₦2,000' })).toBeTruthy();
    expect(fakeApi.callsTo('subscribe')[0]?.body).toEqual({});
    // The payment is a wallet move: the transaction list (with its SUBSCRIPTION entry) is fetched again.
    expect(client.getQueryState(['wallet', 'transactions', 'all', 'u1'])?.isInvalidated).toBe(true);
  });

  it('shows an active subscription ending soon, and an expired one, with Renew', () => {
    subscribedUntil(Date.now() + 2 * DAY);
    const { unmount } = renderWithApp(<SubscriptionPage />, { path: '/subscription' });
    expect(screen.getByText(/It ends in less than three days/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew for ₦2,000' })).toBeTruthy();
    unmount();

    subscribedUntil(Date.parse('2026-10-01T09:00:00Z'));
    renderWithApp(<SubscriptionPage />, { path: '/subscription' });
    const state = within(screen.getByRole('region', { name: 'Your subscription' }));
    expect(state.getByText('Expired')).toBeTruthy();
    expect(state.getByText('1 Oct 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew for ₦2,000' })).toBeTruthy();
  });

  it('says why a payment failed and offers a top-up when the wallet is short', async () => {
    fakeApi.failOnce('subscribe', ['Insufficient funds']);
    const { user } = renderWithApp(<SubscriptionPage />, { path: '/subscription' });
    await user.click(screen.getByRole('button', { name: 'Subscribe for ₦2,000' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Subscribe' }));
    await user.click(dialog.getByRole('button', { name: 'Pay ₦2,000' }));
    expect(await dialog.findByText('Insufficient funds')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Top up your wallet' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByText('Not subscribed')).toBeTruthy();
  });

  it('the PIN step-up: the message and a PIN field, then the same payment with the PIN under the same key', async () => {
    fakeApi.failOnce('subscribe', ['Please enter your transaction PIN to confirm this payment.'], 'permission-denied');
    fakeApi.answer('subscribe', paid('2026-12-24T10:00:00.000Z'));
    const { user } = renderWithApp(<SubscriptionPage />, { path: '/subscription' });
    await user.click(screen.getByRole('button', { name: 'Subscribe for ₦2,000' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Subscribe' }));
    await user.click(dialog.getByRole('button', { name: 'Pay ₦2,000' }));
    expect(await dialog.findByText('Please enter your transaction PIN to confirm this payment.')).toBeTruthy();
    expect(dialog.queryByRole('alert')).toBeNull();
    // Without the 4 digits nothing is sent.
    await user.click(dialog.getByRole('button', { name: 'Pay ₦2,000' }));
    expect(fakeApi.callsTo('subscribe')).toHaveLength(1);
    await user.type(dialog.getByLabelText('Transaction PIN'), '1234');
    await user.click(dialog.getByRole('button', { name: 'Pay ₦2,000' }));

    const state = within(screen.getByRole('region', { name: 'Your subscription' }));
    await waitFor(() => expect(state.getByText('Active')).toBeTruthy());
    const [first, withPin] = fakeApi.callsTo('subscribe');
    expect(first?.body).toEqual({});
    expect(withPin?.body).toEqual({ pin: '1234' });
    expect(withPin?.headers?.['Idempotency-Key']).toBe(first?.headers?.['Idempotency-Key']);
  });

  it('renewing an active subscription names its end; when one already runs the screen says so and nothing is charged', async () => {
    const end = Date.parse('2026-12-24T10:00:00.000Z');
    subscribedUntil(end);
    fakeApi.answer('subscribe', ok({ entry: null, subscription_expires_at: '2026-12-24T10:00:00.000Z' }));
    const { user } = renderWithApp(<SubscriptionPage />, { path: '/subscription' });
    await user.click(screen.getByRole('button', { name: 'Renew for ₦2,000' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Renew subscription' }));
    await user.click(dialog.getByRole('button', { name: 'Pay ₦2,000' }));
    expect(await dialog.findByText('You are already subscribed until 24 Dec 2026. Nothing was charged.')).toBeTruthy();
    expect(fakeApi.callsTo('subscribe')[0]?.body).toEqual({ renew_from: '2026-12-24T10:00:00.000Z' });
    expect(screen.queryByText(/^Subscribed until/)).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Your subscription' })).getByText('24 Dec 2026')).toBeTruthy();
  });
});
