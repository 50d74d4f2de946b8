/**
 * The one router, built from the route table (route-files.ts): every file of src/app/routes is a
 * lazy route at its ROUTES path, each with its own error boundary. Protected routes sit under
 * RequireAuth + AppLayout; public ones under AuthShell, except the standalone legal pages and the
 * ones a signed-in user sees in the app's frame; those and the catch-all 'Page not found' under
 * SessionFrame (the app's frame when signed in, else AuthShell's).
 * The operator console's routes (access 'admin') sit inside the app frame under RequireAdmin, and are
 * not lazy routes but React.lazy elements: react-router's data router loads every matched route's `lazy`
 * before any element renders, so a guard element could not stop their download; a React.lazy element loads
 * only when rendered, which RequireAdmin does for role 1 only (ADR 0017).
 * A new screen is one new file in src/app/routes.
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES } from '@punter/core/account';
import { AppLayout } from '@/app/app-layout';
import { AuthShell } from '@/app/auth-shell';
import { RequireAdmin } from '@/app/require-admin';
import { RequireAuth } from '@/app/require-auth';
import { RootShell } from '@/app/root-shell';
import { routeFile, SESSION_FRAMED_ROUTES, STANDALONE_ROUTES } from '@/app/route-files';
import { SessionFrame } from '@/app/session-frame';
import { RouteError } from '@/components/error-boundary';
import { preloadRoute } from '@/lib/route-preload';

/** What import.meta.glob gives for the route files: file path -> lazy import of the module. */
export type RouteModules = Record<string, () => Promise<unknown>>;

const withBoundary = (route: RouteObject): RouteObject => ({ ...route, errorElement: <RouteError /> });

function lazyComponent(
  file: string,
  load: () => Promise<unknown>,
  path: string | null = null,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    // A route's chunks come in parallel with its module, from index.html's map (the build leaves Vite's own list out).
    if (path !== null) preloadRoute(path);
    const module = (await load()) as { Component?: unknown };
    if (typeof module.Component !== 'function' && typeof module.Component !== 'object') {
      throw new Error(`${file} does not export Component`);
    }
    return { Component: module.Component as ComponentType };
  };
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
    if (route.access === 'admin') {
      const loadScreen = lazyComponent(file, load);
      const Screen = lazy(async () => ({ default: (await loadScreen()).Component }));
      admin.push(withBoundary({ path: route.path, element: <Screen /> }));
      continue;
    }
    const object = withBoundary({ path: route.path, lazy: lazyComponent(file, load, route.path) });
    if (route.access === 'protected') app.push(object);
    else if (STANDALONE_ROUTES.has(route.name)) standalone.push(object);
    else if (SESSION_FRAMED_ROUTES.has(route.name)) framed.push(object);
    else auth.push(object);
  }
  // Unknown paths: 'Page not found' for visitors and users alike (core: unknown paths are not protected, they 404).
  const notFoundRoute = withBoundary({ path: '*', lazy: lazyComponent('not-found-page', notFound) });
  return [
    {
      element: <RootShell />,
      errorElement: <RouteError />,
      // Until the first screen's module has loaded, nothing renders: what index.html painted stays (ADR 0031, 0032).
      HydrateFallback: () => null,
      children: [
        { path: ROUTES.root.path, element: <Navigate to={ROUTES.root.redirectTo} replace /> },
        { element: <AuthShell />, errorElement: <RouteError />, children: auth },
        ...standalone,
        {
          element: (
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          ),
          errorElement: <RouteError />,
          children: [...app, { element: <RequireAdmin />, errorElement: <RouteError />, children: admin }],
        },
        { element: <SessionFrame />, errorElement: <RouteError />, children: [...framed, notFoundRoute] },
      ],
    },
  ];
}

export const routes = buildRoutes(import.meta.glob('/src/app/routes/*.tsx'), async () => ({
  Component: (await import('@/app/not-found-page')).NotFoundPage,
}));
