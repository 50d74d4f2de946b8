/**
 * What the worker answers itself (ADR 0024, 0030, 0038); everything else goes to the network untouched.
 * Workbox routes, built here without side effects so their matching is tested without a worker.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, Route } from 'workbox-routing';
import type { RouteHandler, WorkboxPlugin } from 'workbox-core/types.js';
import { CacheFirst } from 'workbox-strategies';

/** The precached shell every screen's navigation is answered with (firebase.json rewrites every path to it). */
export const SHELL_URL = '/index.html';

/** Hashed files cached on use (route chunks, the SDK chunks): one cache for every version, see hashedFileRoute. */
export const ASSETS_CACHE = 'punter-assets';

/**
 * Navigations that are not a screen of the app: Hosting's reserved paths (`/__/auth/handler`), and a file
 * opened in the tab (`/manifest.webmanifest`, `/icons/icon-192.png`, `/sw.js`: a dot in the path's last
 * segment), which is the file, not the app. Matched against the path and query, as NavigationRoute does.
 */
export const NOT_THE_APP = [/^\/__\//, /^[^?]*\.[^/?]*(?:\?|$)/];

/** Every other navigation gets the cached shell (`handler`, Workbox's createHandlerBoundToURL(SHELL_URL)). */
export function appShellRoute(handler: RouteHandler): NavigationRoute {
  return new NavigationRoute(handler, { denylist: NOT_THE_APP });
}

/**
 * Hashed files under /assets/ of this origin, cache first: a name changes with its content, so any copy is
 * the right one. The cache is not versioned: a file a deploy did not rename (the SDK chunks, ADR 0033) stays,
 * and the least recently used go beyond `maxEntries` (about two builds' worth of files). Only 200 answers
 * are cached (Workbox's default for CacheFirst); `ignoreVary`: a module script (sent with Origin) matches a
 * copy fetched without it even if a server adds `Vary: Origin`. The API, Firestore, Auth and other origins
 * match no route of the worker and go to the network untouched.
 */
export function hashedFileRoute(origin: string): Route {
  return new Route(
    ({ url }) => url.origin === origin && url.pathname.startsWith('/assets/') && url.search === '',
    new CacheFirst({
      cacheName: ASSETS_CACHE,
      matchOptions: { ignoreVary: true },
      // Workbox types the plugin's hooks `T | undefined`, which exactOptionalPropertyTypes does not take for an optional hook.
      plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }) as WorkboxPlugin],
    }),
  );
}
