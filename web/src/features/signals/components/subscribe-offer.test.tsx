import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscribeOffer } from '@/features/signals/components/subscribe-offer';
import { publishPermissions } from '@/lib/permissions';
import { fakeApi, ok } from '@/testing/fake-api';
import { testTransaction } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const paid = ok({
  entry: testTransaction({ type: 'SUBSCRIPTION', amount: 2000, old_balance: 5000, new_balance: 3000 }),
  subscription_expires_at: '2026-12-24T10:00:00.000Z',
});

describe('SubscribeOffer', () => {
  beforeEach(() => publishPermissions('nobody', null));

  it('shows a reader whose subscription ended the expired-subscription page: Re-activate goes to login, then /subscription', () => {
    publishPermissions('u1', {
      active: true,
      role: 0,
      can_post_signal: false,
      can_post_game: false,
      can_monetize_game: false,
      subscription_expires_at: Date.parse('2026-10-01T09:00:00Z'),
      paused_until: null,
      updated_at: 1,
    });
    renderWithApp(<SubscribeOffer onSubscribed={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Your subscription has expired' })).toBeTruthy();
    expect(screen.getByText(/Since 1 Oct 2026, live signals and Auto-Trada need/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Re-activate' }).getAttribute('href')).toBe('/login?redirectTo=%2Fsubscription');
    expect(screen.getByRole('link', { name: 'Renew now from your wallet' }).getAttribute('href')).toBe('/subscription');
    expect(screen.queryByRole('button', { name: 'Subscribe for ₦2,000' })).toBeNull();
  });

  it('pays once across a retry (same Idempotency-Key), marking the cached wallet stale after the lost answer and the payment', async () => {
    fakeApi.failOnce('subscribe', ['The service is unreachable. Check your connection and try again.'], 'unavailable');
    fakeApi.answer('subscribe', paid);
    const onSubscribed = vi.fn();
    const { user, client } = renderWithApp(<SubscribeOffer onSubscribed={onSubscribed} />);
    client.setQueryData(['wallet', 'balance', 'u1'], 5000);
    await user.click(screen.getByRole('button', { name: 'Subscribe for ₦2,000' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Subscribe' }));
    await user.click(dialog.getByRole('button', { name: 'Pay ₦2,000' }));
    await dialog.findByText('The service is unreachable. Check your connection and try again.');
    // A lost answer may still have charged: the cached balance is not trusted either way.
    expect(client.getQueryState(['wallet', 'balance', 'u1'])?.isInvalidated).toBe(true);
    client.setQueryData(['wallet', 'balance', 'u1'], 5000);
    await user.click(dialog.getByRole('button', { name: 'Pay ₦2,000' }));
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledOnce());
    const [first, retry] = fakeApi.callsTo('subscribe').map((call) => call.headers?.['Idempotency-Key']);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(client.getQueryState(['wallet', 'balance', 'u1'])?.isInvalidated).toBe(true);
  });
});
