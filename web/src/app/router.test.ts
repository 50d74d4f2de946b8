import { describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@punter/core/account';
import { routeFile } from '@/app/route-files';
import { buildRoutes, loadMatchedScreens, type RouteModules, type ScreenHandle } from '@/app/router';
import { routeModules } from '../../route-modules';

type Route = ReturnType<typeof buildRoutes>[number];

const screen = (name: string) => () => Promise.resolve({ Component: () => name });
const notFound = () => Promise.resolve({ Component: () => 'Page not found' });

type Element = { type?: { name?: string }; props?: { children?: unknown } } | undefined;
const nameOf = (element: unknown) => (element as Element)?.type?.name;
const childOf = (element: unknown) => (element as Element)?.props?.children;

/** Every path of the tree with the chain of frames (element type names, inside each route's RouteBoundary) above it. */
function paths(routes: Route[] | undefined, frames: string[] = []): Array<{ path: string; frames: string[] }> {
  return (routes ?? []).flatMap((r) => {
    // Each route's element is its RouteBoundary (the route's own error boundary), around the frame or the screen.
    const inner = nameOf(r.element) === 'RouteBoundary' ? childOf(r.element) : r.element;
    const names = [nameOf(inner), nameOf(childOf(inner))].filter((n): n is string => Boolean(n));
    const here = r.path ? [{ path: r.path, frames }] : [];
    return [...here, ...paths(r.children, [...frames, ...names])];
  });
}

/** The route at `path`, anywhere in the tree. */
const find = (routes: Route[] | undefined, path: string): Route | undefined =>
  (routes ?? []).map((r) => (r.path === path ? r : find(r.children, path))).find(Boolean);

describe('the route table', () => {
  it('places each screen by its access: protected inside RequireAuth and the app frame, public in the auth frame, legal pages alone', () => {
    const modules: RouteModules = {
      '/src/app/routes/subscription.tsx': screen('subscription'),
      '/src/app/routes/dashboard.tsx': screen('dashboard'),
      '/src/app/routes/login.tsx': screen('login'),
      '/src/app/routes/privacy-policy.tsx': screen('privacy'),
    };
    const tree = paths(buildRoutes(modules, notFound));
    expect(tree).toContainEqual({ path: '/dashboard', frames: ['RootShell', 'RequireAuth', 'AppLayout'] });
    expect(tree).toContainEqual({ path: '/login', frames: ['RootShell', 'AuthShell'] });
    expect(tree).toContainEqual({ path: '/privacy-policy', frames: ['RootShell'] });
    expect(tree).toContainEqual({ path: '*', frames: ['RootShell', 'SessionFrame'] });
    // /subscription is public, in the app's frame for a signed-in user (SessionFrame decides).
    expect(tree).toContainEqual({ path: '/subscription', frames: ['RootShell', 'SessionFrame'] });
    // '/' leads to the dashboard; a route without a file is not in the tree (it 404s).
    expect(tree.map((r) => r.path)).toEqual(expect.arrayContaining(['/']));
    expect(tree.map((r) => r.path)).not.toContain(ROUTES.signal.path);
  });

  it('puts the operator console inside the app frame under RequireAdmin, as elements that load nothing until rendered', async () => {
    const load = vi.fn(screen('withdrawals'));
    const built = buildRoutes({ '/src/app/routes/admin-withdrawals.tsx': load }, notFound);
    const tree = paths(built);
    expect(tree).toContainEqual({
      path: '/admin/withdrawals',
      frames: ['RootShell', 'RequireAuth', 'AppLayout', 'RequireAdmin'],
    });
    expect(tree).toContainEqual({ path: '/admin', frames: ['RootShell', 'RequireAuth', 'AppLayout', 'RequireAdmin'] });
    // No `load` in its handle: loading the first screen's modules before the first render (main.tsx) leaves it out.
    expect(find(built, '/admin/withdrawals')?.handle).toBeUndefined();
    await loadMatchedScreens(built, '/admin/withdrawals');
    expect(load).not.toHaveBeenCalled();
    expect(() => routeFile('admin.tsx')).toThrow(/not a route/);
  });

  it('refuses, at start-up, a route file that names no route or is not kebab-case', () => {
    expect(() => buildRoutes({ '/src/app/routes/signals.tsx': screen('x') }, notFound)).toThrow(/'signals' is not a route/);
    expect(() => routeFile('resetPin.tsx')).toThrow(/kebab-case/);
    expect(() => routeFile('root.tsx')).toThrow(/not a route/);
    expect(routeFile('/src/app/routes/over-two-five-calculator.tsx')).toMatchObject({
      path: '/overtwofivecalculator',
      access: 'protected',
    });
  });

  it('loads a screen once, when asked, and names the file when it exports no Component', async () => {
    const load = vi.fn(() => Promise.resolve({ LoginPage: () => null }));
    const tree = buildRoutes({ '/src/app/routes/login.tsx': load }, notFound);
    expect(load).not.toHaveBeenCalled();
    const handle = find(tree, '/login')?.handle as ScreenHandle | undefined;
    await expect(handle?.load()).rejects.toThrow('/src/app/routes/login.tsx does not export Component');
    await loadMatchedScreens(tree, '/login');
    expect(load).toHaveBeenCalledTimes(1);
  });

  // Imports every screen: on two busy cores that alone can take 10 s.
  it('every file of src/app/routes is a route whose module exports its screen as Component', async () => {
    const files = import.meta.glob('/src/app/routes/*.tsx');
    const table = routeModules();
    expect(Object.keys(files).length).toBeGreaterThan(10);
    for (const [file, load] of Object.entries(files)) {
      const route = routeFile(file);
      // index.html never preloads the operator console's code (ADR 0017).
      expect(table[route.path]).toBe(route.access === 'admin' ? undefined : route.module);
      const module = (await load()) as { Component?: unknown };
      expect(typeof module.Component, file).toBe('function');
    }
    // Imports every screen's module (the console's too): slow on a shared, loaded machine.
  }, 30_000);

  it("gives every route of core's table its own screen: no path of SPEC's table reaches 'Page not found'", () => {
    const built = new Set(Object.keys(import.meta.glob('/src/app/routes/*.tsx')).map((file) => routeFile(file).name));
    // '/' and '/admin' only redirect.
    const redirects = new Set<string>(['root', 'admin']);
    const missing = Object.keys(ROUTES).filter((name) => !redirects.has(name) && !built.has(name as keyof typeof ROUTES));
    expect(missing).toEqual([]);
  });
});
