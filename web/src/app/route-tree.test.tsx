import { screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes, type RouteModules } from '@/app/router';
import { resetRoutePreload } from '@/lib/route-preload';
import { fakeApi, ok } from '@/testing/fake-api';
import { signIn } from '@/testing/render';
import { renderRoutes } from '@/app/render-routes';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));
vi.mock('@/app/permissions-watcher', () => ({ default: () => null }));

/** A module whose download the test finishes (or fails) when it wants. */
function pending() {
  let resolve: (module: unknown) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: vi.fn(() => promise), resolve, reject };
}

const screenModule = (title: string) => ({ Component: () => <h1>{title}</h1> });

function LoginScreen() {
  return (
    <>
      <h1>Login screen</h1>
      <Link to="/register">To register</Link>
      <Link to="/privacy-policy">To privacy</Link>
      <Link to="/dashboard">To dashboard</Link>
    </>
  );
}

/** Three public screens: /login (loaded at once) and the two given; 'Page not found' for the rest. */
function publicRoutes(modules: RouteModules) {
  return buildRoutes(
    { '/src/app/routes/login.tsx': () => Promise.resolve({ Component: LoginScreen }), ...modules },
    async () => ({
      Component: (await import('@/app/not-found-page')).NotFoundPage,
    }),
  );
}

/** Long enough for the router and React to have rendered what they would. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

afterEach(() => {
  document.head.innerHTML = '';
  document.getElementById('snapshot')?.remove();
  document.documentElement.classList.remove('prerender-snapshot');
  resetRoutePreload();
});

describe('the route tree (react-router declarative mode)', () => {
  it('keeps the old screen until the new screen’s module has arrived, in the same frame and into another', async () => {
    const register = pending();
    const privacy = pending();
    const { user } = renderRoutes(
      '/login',
      publicRoutes({ '/src/app/routes/register.tsx': register.load, '/src/app/routes/privacy-policy.tsx': privacy.load }),
    );
    await screen.findByRole('heading', { name: 'Login screen' });

    // Into the same frame (the auth pages'): the login screen stays, nothing blank, no spinner.
    await user.click(screen.getByRole('link', { name: 'To register' }));
    await settle();
    expect(register.load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    register.resolve(screenModule('Register screen'));
    expect(await screen.findByRole('heading', { name: 'Register screen' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Login screen' })).toBeNull();

    // Back to /login (loaded), then to a page outside the auth frame: the auth frame and its screen stay meanwhile.
    await user.click(screen.getByRole('link', { name: 'Punter' }));
    await screen.findByRole('heading', { name: 'Login screen' });
    await user.click(screen.getByRole('link', { name: 'To privacy' }));
    await settle();
    expect(privacy.load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Punter' })).toBeTruthy();
    privacy.resolve(screenModule('Privacy screen'));
    expect(await screen.findByRole('heading', { name: 'Privacy screen' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Login screen' })).toBeNull();
  });

  it('keeps the login screen until the dashboard’s module has arrived, then shows it in the app’s frame', async () => {
    signIn();
    fakeApi.answer('notifications', ok([]));
    const dashboard = pending();
    const { user } = renderRoutes('/login', publicRoutes({ '/src/app/routes/dashboard.tsx': dashboard.load }));
    await screen.findByRole('heading', { name: 'Login screen' });
    await user.click(screen.getByRole('link', { name: 'To dashboard' }));
    await settle();
    expect(dashboard.load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    dashboard.resolve(screenModule('Dashboard screen'));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Login screen' })).toBeNull();
  });

  it('shows a screen whose code cannot load as RouteError in its frame, and the next screen again once the user moves on', async () => {
    const register = pending();
    const { user } = renderRoutes('/login', publicRoutes({ '/src/app/routes/register.tsx': register.load }));
    await screen.findByRole('heading', { name: 'Login screen' });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('link', { name: 'To register' }));
    register.reject(new TypeError('Failed to fetch dynamically imported module: /assets/register-a1.js'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('This page could not be loaded. Check your connection and try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    // In the auth pages' frame: its brand link is still there.
    await user.click(screen.getByRole('link', { name: 'Punter' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    quiet.mockRestore();
  });

  it('shows a screen that throws as RouteError, and an unknown path as Page not found', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = () => {
      throw new Error('a bug');
    };
    const { user } = renderRoutes(
      '/register',
      publicRoutes({ '/src/app/routes/register.tsx': () => Promise.resolve({ Component: broken }) }),
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('This screen hit an unexpected problem.')).toBeTruthy();
    quiet.mockRestore();

    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }));
    // /dashboard has no screen in this tree: the catch-all.
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it("preloads a route's chunks from index.html's map as its module is requested", async () => {
    document.head.innerHTML =
      '<script type="application/json" id="route-chunks">{"/register":["/assets/register-a1.js","/assets/sdk-b2.js"]}</script>';
    const register = pending();
    const { user } = renderRoutes('/login', publicRoutes({ '/src/app/routes/register.tsx': register.load }));
    await screen.findByRole('heading', { name: 'Login screen' });
    const preloaded = () => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    expect(preloaded()).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'To register' }));
    await vi.waitFor(() => expect(preloaded()).toEqual(['/assets/register-a1.js', '/assets/sdk-b2.js']));
    register.resolve(screenModule('Register screen'));
    await screen.findByRole('heading', { name: 'Register screen' });
  });

  it('leaves what index.html painted on screen until the first screen renders', async () => {
    document.body.insertAdjacentHTML('afterbegin', '<div id="snapshot"><h1>Painted dashboard</h1></div>');
    document.documentElement.classList.add('prerender-snapshot');
    const login = pending();
    renderRoutes(
      '/login',
      buildRoutes({ '/src/app/routes/login.tsx': login.load }, () => Promise.resolve(screenModule('x'))),
    );
    await settle();
    expect(screen.getByRole('heading', { name: 'Painted dashboard' })).toBeTruthy();
    expect(document.documentElement.classList.contains('prerender-snapshot')).toBe(true);
    login.resolve(screenModule('Login screen'));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Painted dashboard' })).toBeNull();
    expect(document.documentElement.classList.contains('prerender-snapshot')).toBe(false);
  });
});
