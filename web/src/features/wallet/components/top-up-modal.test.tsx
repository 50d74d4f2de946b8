import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { TopUpModal } from '@/features/wallet/components/top-up-modal';
import { takeFlash } from '@/lib/flash';
import { fakeApi } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const reload = vi.fn();
beforeEach(() => {
  reload.mockClear();
  vi.stubGlobal('location', { ...location, origin: location.origin, reload });
});
afterEach(() => vi.unstubAllGlobals());

const HELD =
  'Your payment of ₦5,000 was not added to your wallet. This payment would pass your daily deposit limit. It is being refunded to you through the payment gateway.';

/** Opens the sandbox checkout for ₦5,000 and has it report a successful payment. */
async function payFiveThousand() {
  const { user } = renderWithApp(<TopUpModal open onClose={() => undefined} />);
  await user.type(screen.getByLabelText('Amount (₦)'), '5000');
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  const frame = await screen.findByTitle('Payment checkout');
  const txRef = new URL(frame.getAttribute('src') ?? '').searchParams.get('tx_ref');
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: new URL(env.VITE_PROVIDER_ORIGIN).origin,
        data: { source: 'sandbox-checkout', status: 'successful', tx_ref: txRef, transaction_id: 'tx-77' },
      }),
    );
  });
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
}

describe('TopUpModal', () => {
  it("above ₦50,000 opens no checkout and says SPEC's rule with the support link; ₦50,000 itself goes on", async () => {
    fakeApi.answer('topupCheck', { status: true, message: 'You can top up' });
    const { user } = renderWithApp(<TopUpModal open onClose={() => undefined} />);
    await user.type(screen.getByLabelText('Amount (₦)'), '50001');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByRole('status').textContent).toContain('Funding above ₦50,000 requires contacting support.');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      `https://wa.me/${env.VITE_SUPPORT_WHATSAPP}`,
    );
    expect(screen.queryByTitle('Payment checkout')).toBeNull();
    expect(fakeApi.callsTo('topupCheck')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Amount (₦)'));
    await user.type(screen.getByLabelText('Amount (₦)'), '50000');
    expect(screen.queryByText(/requires contacting support/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByTitle('Payment checkout')).toBeTruthy();
  });

  it("a payment refused for the deposit limit ends, after the reload, with the provider's message", async () => {
    fakeApi.answer('topupCheck', { status: true, message: 'You can top up' });
    fakeApi.failOnce('topup', [HELD], 'already-exists');
    await payFiveThousand();
    expect(fakeApi.callsTo('topup')[0]?.body).toEqual({ transaction_id: 'tx-77', expectedAmount: 5000, expectedCurrency: 'NGN' });
    expect(takeFlash()).toEqual({ kind: 'error', message: HELD });
  });

  it("any other failed verification keeps SPEC's words", async () => {
    fakeApi.answer('topupCheck', { status: true, message: 'You can top up' });
    fakeApi.failOnce('topup', ['Transaction verification failed. Please try again. (amount mismatch)'], 'invalid-argument');
    await payFiveThousand();
    expect(takeFlash()).toEqual({ kind: 'error', message: 'Transaction verification failed. Please try again.' });
  });
});
