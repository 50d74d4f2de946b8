import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WalletCard } from '@/features/wallet/components/wallet-card';
import { fakeApi, ok } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

describe('WalletCard', () => {
  it('shows the balance from the wallet call', async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 12500 }));
    renderWithApp(<WalletCard />);
    expect(await screen.findByText('₦12,500')).toBeTruthy();
  });

  it('hides the balance behind stars and shows it again', async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 2000 }));
    const { user } = renderWithApp(<WalletCard />);
    await screen.findByText('₦2,000');
    await user.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('wallet-balance').textContent).toBe('₦****');
    expect(screen.queryByText('₦2,000')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(screen.getByTestId('wallet-balance').textContent).toBe('₦2,000');
  });

  it("shows the failure with 'Try again', which loads the balance", async () => {
    fakeApi.failOnce('nairaWallet', ['The service is unreachable. Check your connection and try again.'], 'unavailable');
    fakeApi.answer('nairaWallet', ok({ balance: 750 }));
    const { user } = renderWithApp(<WalletCard />);
    expect(await screen.findByText('The service is unreachable. Check your connection and try again.')).toBeTruthy();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('—');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('₦750')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fakeApi.countOf('nairaWallet')).toBe(2);
  });

  it('offers Payout and Top up only when the screen handles them', async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 0 }));
    const onPayout = vi.fn();
    const { user } = renderWithApp(<WalletCard onPayout={onPayout} />);
    await user.click(screen.getByRole('button', { name: 'Payout' }));
    expect(onPayout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Top up' })).toBeNull();
  });
});
