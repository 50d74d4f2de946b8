import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildRoutes, loadMatchedScreens } from '@/app/router';
import { fakeApi, ok } from '@/testing/fake-api';
import { signIn } from '@/testing/render';
import { renderRoutes } from '@/app/render-routes';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));
vi.mock('@/app/permissions-watcher', () => ({ default: () => null }));

/**
 * The router with one ordinary screen and one console screen whose module load is watched, opened at `path`
 * as main.tsx opens the app: the matched screens' modules first, then the first render.
 */
async function renderWithConsole(path: string) {
  const loadConsole = vi.fn(() => Promise.resolve({ Component: () => <h1>Console screen</h1> }));
  const routes = buildRoutes(
    {
      '/src/app/routes/dashboard.tsx': () => Promise.resolve({ Component: () => <h1>Dashboard screen</h1> }),
      '/src/app/routes/admin-withdrawals.tsx': loadConsole,
    },
    async () => ({ Component: (await import('@/app/not-found-page')).NotFoundPage }),
  );
  await loadMatchedScreens(routes, path);
  return { ...renderRoutes(path, routes), loadConsole };
}

describe('the operator console guard (ADR 0017)', () => {
  it('shows an ordinary user Page not found at /admin, with no console code loaded and no admin call', async () => {
    signIn();
    fakeApi.answer('notifications', ok([]));
    const { loadConsole } = await renderWithConsole('/admin/withdrawals');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Operator console' })).toBeNull();
    expect(screen.queryByText('Operator console')).toBeNull();
    expect(loadConsole).not.toHaveBeenCalled();
    // The frame's own call, once it has been made, and no console call.
    await vi.waitFor(() => expect(fakeApi.calls.map((c) => c.name)).toEqual(['notifications']));
  });

  it('sends a visitor to /login first', async () => {
    const { address, loadConsole } = await renderWithConsole('/admin/withdrawals');
    await vi.waitFor(() => expect(address()).toMatch(/^\/login\?/));
    expect(loadConsole).not.toHaveBeenCalled();
  });

  it('lets role 1 in: /admin leads to the withdrawal queue inside the console frame, linked from the sidebar', async () => {
    signIn({ role: 1 });
    fakeApi.answer('notifications', ok([]));
    const { address, loadConsole } = await renderWithConsole('/admin');
    expect(await screen.findByRole('heading', { name: 'Console screen' })).toBeTruthy();
    expect(address()).toBe('/admin/withdrawals');
    expect(screen.getByRole('navigation', { name: 'Operator console' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Operator console' })).toBeTruthy();
    expect(loadConsole).toHaveBeenCalledTimes(1);
  });
});
