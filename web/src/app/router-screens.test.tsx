import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { fakeApi, ok } from '@/testing/fake-api';
import { testSavedBank, testTransaction } from '@/testing/fixtures';
import { signIn } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));
// The live permissions listener needs Firestore; the stored profile's permissions stand in (ADR 0004).
vi.mock('@/app/permissions-watcher', () => ({ default: () => null }));

/** The app's own route table in memory, at `path`. */
function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

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
    renderApp('/transactions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'AO, User menu' })).toBeTruthy();
    expect(await screen.findByText('₦8,200')).toBeTruthy();
    const list = within(screen.getByRole('region', { name: 'All transactions' }));
    expect(await list.findAllByRole('button', { name: /₦/ })).toHaveLength(2);
  });

  it('opens /safer-gambling for a visitor on its own page, and from the footer inside the app', async () => {
    const visitor = renderApp('/safer-gambling');
    expect(await screen.findByRole('heading', { level: 1, name: 'Safer gambling and help' })).toBeTruthy();
    expect(visitor.state.location.pathname).toBe('/safer-gambling');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    cleanup();

    signIn();
    answerSignedInScreens();
    const router = renderApp('/transactions');
    await screen.findByRole('heading', { level: 1, name: 'Transactions' });
    act(() => screen.getByRole('link', { name: 'Safer gambling and help' }).click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Safer gambling and help' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/safer-gambling');
  });

  it('sends a visitor from a protected path to /login, which brings them back afterwards', async () => {
    const router = renderApp('/transactions');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toContain('transactions');
    expect(fakeApi.calls).toEqual([]);
  });

  it('asks for the balance once when the user goes dashboard -> transactions -> profile -> dashboard', async () => {
    signIn();
    answerSignedInScreens();
    const router = renderApp('/dashboard');
    await screen.findByText('₦8,200');
    await act(() => router.navigate('/transactions'));
    await screen.findByRole('heading', { level: 1, name: 'Transactions' });
    await act(() => router.navigate('/profile'));
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });
    await act(() => router.navigate('/dashboard'));
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' });
    expect(screen.getByTestId('wallet-balance').textContent).toBe('₦8,200');
    expect(fakeApi.countOf('nairaWallet')).toBe(1);
  });
});
