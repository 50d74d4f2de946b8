import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SubscribeOffer } from '@/features/signals/components/subscribe-offer';
import { fakeApi, ok } from '@/testing/fake-api';
import { testTransaction } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const paid = ok({
  entry: testTransaction({ type: 'SUBSCRIPTION', amount: 2000, old_balance: 5000, new_balance: 3000 }),
  subscription_expires_at: '2026-12-24T10:00:00.000Z',
});

describe('SubscribeOffer', () => {
  it('pays once across a retry (same Idempotency-Key), then marks the cached wallet stale', async () => {
    fakeApi.failOnce('subscribe', ['The service is unreachable. Check your connection and try again.'], 'unavailable');
    fakeApi.answer('subscribe', paid);
    const onSubscribed = vi.fn();
    const { user, client } = renderWithApp(<SubscribeOffer onSubscribed={onSubscribed} />);
    client.setQueryData(['wallet', 'balance', 'u1'], 5000);
    await user.click(screen.getByRole('button', { name: 'Subscribe for ₦2,000' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Subscribe' }));
    await user.type(dialog.getByLabelText('Transaction PIN'), '1234');
    await user.click(dialog.getByRole('button', { name: 'Pay ₦2,000' }));
    await dialog.findByText('The service is unreachable. Check your connection and try again.');
    expect(client.getQueryState(['wallet', 'balance', 'u1'])?.isInvalidated).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Pay ₦2,000' }));
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledOnce());
    const [first, retry] = fakeApi.callsTo('subscribe').map((call) => call.headers?.['Idempotency-Key']);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(client.getQueryState(['wallet', 'balance', 'u1'])?.isInvalidated).toBe(true);
  });
});
