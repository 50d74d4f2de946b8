import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '@/testing/fake-api';
import { testTransaction } from '@/testing/fixtures';
import { signIn } from '@/testing/render';
import { renderRoutes } from '@/app/render-routes';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));
// The watcher's chunk cannot load (offline, not cached): its import rejects.
vi.mock('@/app/permissions-watcher', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/permissions-watcher.js');
});

describe('the app frame', () => {
  it('keeps the screen when the live permissions watcher cannot load', async () => {
    signIn();
    fakeApi.answer('nairaWallet', ok({ balance: 8200 }));
    fakeApi.answer('transactions', ok([testTransaction()]));
    fakeApi.answer('notifications', ok([]));
    renderRoutes('/transactions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeTruthy();
    expect(await screen.findByText('₦8,200')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeTruthy();
  });
});
