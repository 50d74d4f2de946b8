import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VIEW_ALL_TRANSACTIONS_LABEL } from '@/features/wallet/components/transaction-list-view';
import { fakeApi, ok } from '@/testing/fake-api';
import { testSavedBank, testTransaction } from '@/testing/fixtures';
import { signIn } from '@/testing/render';
import { renderRoutes } from '@/app/render-routes';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));
// The live permissions listener needs Firestore; the stored profile's permissions stand in (ADR 0004).
vi.mock('@/app/permissions-watcher', () => ({ default: () => null }));

function answerSignedInScreens() {
  fakeApi.answer('nairaWallet', ok({ balance: 8200 }));
  fakeApi.answer('limitTransactions', ok([testTransaction()]));
  fakeApi.answer(
    'transactions',
    ok([
      testTransaction(),
      testTransaction({ id: 'tx-2', type: 'WITHDRAWAL', amount: 800, old_balance: 9000, new_balance: 8200 }),
    ]),
  );
  fakeApi.answer('savedBanks', ok([testSavedBank()]));
  fakeApi.answer('myReferrals', ok([]));
  fakeApi.answer('notifications', ok([]));
}

describe('the router', () => {
  it('opens /transactions for a signed-in user inside the app frame', async () => {
    signIn();
    answerSignedInScreens();
    renderRoutes('/transactions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'AO, User menu' })).toBeTruthy();
    expect(await screen.findByText('₦8,200')).toBeTruthy();
    const list = within(screen.getByRole('region', { name: 'All transactions' }));
    expect(await list.findAllByRole('button', { name: /₦/ })).toHaveLength(2);
  });

  it('shows initials as a reader sees them: a Yoruba tone mark stays on its letter', async () => {
    // 'Ọ̀' is U+1ECC then the combining grave U+0300: charAt(0) kept 'Ọ' and dropped the tone.
    signIn({ first_name: 'Ẹ̀bùn', last_name: 'Ọ̀ṣun' });
    answerSignedInScreens();
    renderRoutes('/transactions');
    expect(await screen.findByRole('button', { name: 'Ẹ̀Ọ̀, User menu' })).toBeTruthy();
  });

  it('opens /safer-gambling for a visitor on its own page, and from the footer inside the app', async () => {
    const visitor = renderRoutes('/safer-gambling');
    expect(await screen.findByRole('heading', { level: 1, name: 'Safer gambling and help' })).toBeTruthy();
    expect(visitor.address()).toBe('/safer-gambling');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    cleanup();

    signIn();
    answerSignedInScreens();
    const app = renderRoutes('/transactions');
    await screen.findByRole('heading', { level: 1, name: 'Transactions' });
    await app.user.click(screen.getByRole('link', { name: 'Safer gambling and help' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Safer gambling and help' })).toBeTruthy();
    expect(app.address()).toBe('/safer-gambling');
  });

  it('sends a visitor from a protected path to /login, which brings them back afterwards', async () => {
    const app = renderRoutes('/transactions');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(app.address()).toMatch(/^\/login\?.*transactions/);
    expect(fakeApi.calls).toEqual([]);
  });

  it('asks for the balance once when the user goes dashboard -> transactions -> profile -> dashboard', async () => {
    signIn();
    answerSignedInScreens();
    const { user } = renderRoutes('/dashboard');
    await screen.findByText('₦8,200');
    await user.click(screen.getByRole('link', { name: VIEW_ALL_TRANSACTIONS_LABEL }));
    await screen.findByRole('heading', { level: 1, name: 'Transactions' });
    await user.click(screen.getByRole('button', { name: 'AO, User menu' }));
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' });
    expect(screen.getByTestId('wallet-balance').textContent).toBe('₦8,200');
    expect(fakeApi.countOf('nairaWallet')).toBe(1);
  });
});
