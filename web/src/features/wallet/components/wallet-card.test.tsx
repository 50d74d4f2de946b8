import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staleText } from '@/components/stale-note';
import { MONEY_NEEDS_NETWORK, WalletCard } from '@/features/wallet/components/wallet-card';
import { queryClient, queryKeys } from '@/lib/query-client';
import { OFFLINE_NO_DATA_MESSAGE } from '@/lib/use-api-query';
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

  describe('offline', () => {
    /** The browser says it is offline (navigator.onLine and its event) and the query cache follows it. */
    function goOffline() {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
      onlineManager.setOnline(false);
      window.dispatchEvent(new Event('offline'));
    }
    afterEach(() => {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
      onlineManager.setOnline(true);
    });

    it('shows the last known balance marked stale, and says moving money needs a connection', async () => {
      goOffline();
      const fetchedAt = Date.parse('2026-11-24T09:30:00Z');
      queryClient.setQueryData(queryKeys.balance('u1'), 4200, { updatedAt: fetchedAt });
      renderWithApp(<WalletCard onPayout={vi.fn()} onTopUp={vi.fn()} />, { profile: { id: 'u1' } });
      expect(screen.getByTestId('wallet-balance').textContent).toBe('₦4,200');
      expect(await screen.findByText(staleText(fetchedAt))).toBeTruthy();
      expect(staleText(fetchedAt)).toMatch(/^Offline · last updated .*2026/);
      expect(screen.getByRole('button', { name: 'Payout' })).toHaveProperty('disabled', true);
      expect(screen.getByRole('button', { name: 'Top up' })).toHaveProperty('disabled', true);
      expect(screen.getByText(MONEY_NEEDS_NETWORK)).toBeTruthy();
      expect(fakeApi.countOf('nairaWallet')).toBe(0);
    });

    it('with nothing known yet, says it is offline instead of spinning', async () => {
      goOffline();
      renderWithApp(<WalletCard />);
      expect(await screen.findByText(OFFLINE_NO_DATA_MESSAGE)).toBeTruthy();
      expect(screen.getByTestId('wallet-balance').textContent).toBe('—');
    });

    it('online, the same balance carries no stale note and the buttons work', async () => {
      fakeApi.answer('nairaWallet', ok({ balance: 4200 }));
      renderWithApp(<WalletCard onPayout={vi.fn()} />);
      await screen.findByText('₦4,200');
      expect(screen.queryByText(/^Offline · last updated/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Payout' })).toHaveProperty('disabled', false);
    });
  });
});
