/**
 * The one route tree, built from the route table (route-files.ts) for react-router's declarative mode
 * (`useRoutes` under `BrowserRouter`, ADR 0036): every file of src/app/routes is a React.lazy screen at
 * its ROUTES path, inside its own error boundary (RouteBoundary). Protected routes sit under RequireAuth +
 * AppLayout; public ones under AuthShell, except the standalone legal pages and the ones a signed-in user
 * sees in the app's frame; those and the catch-all 'Page not found' under SessionFrame (the app's frame
 * when signed in, else AuthShell's). The operator console's routes (access 'admin') sit inside the app
 * frame under RequireAdmin, which renders them for role 1 only, so nobody else downloads them (ADR 0017).
 *
 * One Suspense boundary, above the whole tree (RouteTree), waits for the screens' modules, and none below
 * it does (the frames have none around their Outlet): on the first load it shows nothing until the screen
 * can render, so what index.html painted stays (ADR 0031, 0032); every later navigation is a transition
 * (react-router wraps them in React.startTransition), and a boundary that already shows content keeps it,
 * so the old screen stays until the new one's module has arrived.
 * A new screen is one new file in src/app/routes.
 */
import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { ROUTES } from '@punter/core/account';
import { AppLayout } from '@/app/app-layout';
import { AuthShell } from '@/app/auth-shell';
import { RequireAdmin } from '@/app/require-admin';
import { RequireAuth } from '@/app/require-auth';
import { RootShell } from '@/app/root-shell';
import { routeFile, SESSION_FRAMED_ROUTES, STANDALONE_ROUTES } from '@/app/route-files';
import { SessionFrame } from '@/app/session-frame';
import { RouteBoundary } from '@/components/error-boundary';
import { preloadRoute } from '@/lib/route-preload';

/** What import.meta.glob gives for the route files: file path -> lazy import of the module. */
export type RouteModules = Record<string, () => Promise<unknown>>;

/** A route whose element is wrapped in its own error boundary. */
const bounded = (
  element: ReactNode,
  route: { path?: string; handle?: ScreenHandle; children?: RouteObject[] } = {},
): RouteObject => ({ ...route, element: <RouteBoundary>{element}</RouteBoundary> });

/** What a screen's route carries in its `handle`: the start of its module's download (the same one the screen waits for). */
export interface ScreenHandle {
  load: () => Promise<unknown>;
}

/**
 * The screen of a route file as a React.lazy element, and its `load`: the module is requested when the
 * screen first renders, or when `load` is called (loadMatchedScreens, before the first render), once; with
 * it, from index.html's map, the route's chunks (`path`: the route's pattern; the build leaves Vite's own
 * list out). A module without `Component` fails like a screen that throws.
 */
export function lazyScreen(
  file: string,
  load: () => Promise<unknown>,
  path: string | null = null,
): { element: ReactElement; handle: ScreenHandle } {
  let module: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () =>
    (module ??= (async () => {
      if (path !== null) preloadRoute(path);
      const loaded = (await load()) as { Component?: unknown };
      if (typeof loaded.Component !== 'function' && typeof loaded.Component !== 'object') {
        throw new Error(`${file} does not export Component`);
      }
      return { default: loaded.Component as ComponentType };
    })());
  const Screen = lazy(loadOnce);
  return { element: <Screen />, handle: { load: loadOnce } };
}

/** A screen's route: its lazy element inside its error boundary, its `load` in `handle`. */
function screenRoute(path: string, screen: { element: ReactElement; handle: ScreenHandle }): RouteObject {
  return bounded(screen.element, { path, handle: screen.handle });
}

/** The route tree for a set of route modules; throws at start-up for a file that names no route. */
export function buildRoutes(modules: RouteModules, notFound: () => Promise<unknown>): RouteObject[] {
  const app: RouteObject[] = [];
  const auth: RouteObject[] = [];
  const standalone: RouteObject[] = [];
  const framed: RouteObject[] = [];
  const admin: RouteObject[] = [{ path: ROUTES.admin.path, element: <Navigate to={ROUTES.admin.redirectTo} replace /> }];
  for (const [file, load] of Object.entries(modules)) {
    const route = routeFile(file);
    // The console's screens (ADR 0017): no chunks to preload (index.html's map leaves them out), and no `load`
    // in `handle`, so that only RequireAdmin, by rendering them, asks for their code.
    const object =
      route.access === 'admin'
        ? bounded(lazyScreen(file, load).element, { path: route.path })
        : screenRoute(route.path, lazyScreen(file, load, route.path));
    if (route.access === 'admin') admin.push(object);
    else if (route.access === 'protected') app.push(object);
    else if (STANDALONE_ROUTES.has(route.name)) standalone.push(object);
    else if (SESSION_FRAMED_ROUTES.has(route.name)) framed.push(object);
    else auth.push(object);
  }
  // Unknown paths: 'Page not found' for visitors and users alike (core: unknown paths are not protected, they 404).
  const notFoundRoute = screenRoute('*', lazyScreen('not-found-page', notFound));
  return [
    bounded(<RootShell />, {
      children: [
        { path: ROUTES.root.path, element: <Navigate to={ROUTES.root.redirectTo} replace /> },
        bounded(<AuthShell />, { children: auth }),
        ...standalone,
        bounded(
          <RequireAuth>
            <AppLayout />
          </RequireAuth>,
          { children: [...app, bounded(<RequireAdmin />, { children: admin })] },
        ),
        bounded(<SessionFrame />, { children: [...framed, notFoundRoute] }),
      ],
    }),
  ];
}

/**
 * Starts the download of the modules of the screens `location` opens and waits for them (a failure is left
 * for the screen to show, RouteError). main.tsx renders the app once they are in, in a transition, so the
 * first render does not suspend: it shows the screen at once, where a first render that suspended would
 * commit the empty fallback and React would then hold the screen back for up to 300 ms (its throttle
 * on revealing a boundary's content after a fallback). The console's screens are not loaded here: only
 * RequireAdmin may ask for them (ADR 0017).
 */
export async function loadMatchedScreens(routes: RouteObject[], location: string): Promise<void> {
  const handles = (matchRoutes(routes, location) ?? []).flatMap((match) => {
    const handle = match.route.handle as ScreenHandle | undefined;
    return handle ? [handle] : [];
  });
  await Promise.all(handles.map((handle) => handle.load().catch(() => undefined)));
}

/**
 * Renders the route tree for the current location (inside a router: BrowserRouter in the app, MemoryRouter
 * in tests). Until the screen's module has loaded, nothing renders: what index.html painted stays.
 */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  const element = useRoutes(routes);
  return <Suspense fallback={null}>{element}</Suspense>;
}

export const routes = buildRoutes(import.meta.glob('/src/app/routes/*.tsx'), async () => ({
  Component: (await import('@/app/not-found-page')).NotFoundPage,
}));
