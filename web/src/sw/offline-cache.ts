/**
 * Offline caching in the service worker (ADR 0024). The build lists the app shell (index.html and the
 * entry chunk with its static imports and CSS) and a version naming this build; the worker
 * - precaches the shell on install (a new version waits until the user chooses to reload, lib/service-worker.ts),
 * - answers hashed files under /assets/ from the cache first (their name changes with their content) and
 *   caches the ones fetched on use (route chunks), including those the page loaded before the worker
 *   controlled it (the page sends their URLs once),
 * - answers navigations from the network first, and with the cached shell when the network fails or is
 *   slower than NAVIGATION_TIMEOUT_MS,
 * - never touches anything else: the provider's API, Firestore, Auth and every other origin go straight to the
 *   network (no respondWith), and so do same-origin files outside /assets/.
 * The strategies take the cache storage and fetch as arguments, so they are tested without a browser.
 */
import { z } from 'zod/mini';
import type { PrecacheManifest } from '@/sw/precache-manifest';

export type { PrecacheManifest };

export const SHELL_URL = '/index.html';
/** A navigation waits this long for the network before the cached shell answers (a bad connection, not only none). */
export const NAVIGATION_TIMEOUT_MS = 3000;
const CACHE_PREFIX = 'punter-';

export const cacheNames = (version: string) => ({
  shell: `${CACHE_PREFIX}shell-${version}`,
  assets: `${CACHE_PREFIX}assets-${version}`,
});

export type CachePolicy = 'shell' | 'asset' | 'network';

/** What the worker does with a request; only GETs of this origin are ever cached. */
export function cachePolicy(request: { method: string; url: string; mode: string }, origin: string): CachePolicy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  // Firebase Hosting's reserved paths (the Auth handler) are never the app.
  if (url.pathname.startsWith('/__/')) return 'network';
  if (request.mode === 'navigate') return 'shell';
  if (url.pathname.startsWith('/assets/') && url.search === '') return 'asset';
  return 'network';
}

type Fetch = (request: Request) => Promise<Response>;

/** Hashed files: the cache first (any version's copy is the same file); else the network, cached on success. */
export async function assetResponse(request: Request, caches: CacheStorage, version: string, fetcher: Fetch): Promise<Response> {
  // ignoreVary: a hashed file is the same whatever the request's headers; the server's `Vary: Origin` would
  // otherwise miss a module script (sent with Origin) against the precached copy (fetched without it).
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetcher(request);
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(cacheNames(version).assets);
    await cache.put(request, response.clone());
  }
  return response;
}

/**
 * Navigations: the network first (a new deploy shows at once); the copy of the shell is refreshed from it.
 * Offline, on an error status from a failing server, or when the network is slower than `timeoutMs`: the
 * cached shell (the router then opens the route).
 */
export async function navigationResponse(
  request: Request,
  caches: CacheStorage,
  version: string,
  fetcher: Fetch,
  timeoutMs = NAVIGATION_TIMEOUT_MS,
): Promise<Response> {
  const fromNetwork = fetcher(request).then(async (response) => {
    const html = response.headers.get('Content-Type')?.startsWith('text/html') ?? false;
    if (response.ok && response.type === 'basic' && html) {
      const cache = await caches.open(cacheNames(version).shell);
      await cache.put(SHELL_URL, response.clone());
    }
    return response;
  });
  // Answered from the cache meanwhile: a late network failure is nobody's concern.
  fromNetwork.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), timeoutMs);
  });
  try {
    const first = await Promise.race([fromNetwork, slow]);
    if (first !== 'slow' && first.status < 500) return first;
  } catch {
    // offline: the shell below
  } finally {
    clearTimeout(timer);
  }
  const shell = await caches.match(SHELL_URL, { cacheName: cacheNames(version).shell, ignoreVary: true });
  // No shell cached (first visit, or the dev server): wait for the network after all.
  return shell ?? fromNetwork;
}

/** Precaches the shell into this version's cache (the install fails, and is retried later, if any file fails). */
export async function precache(caches: CacheStorage, manifest: PrecacheManifest): Promise<void> {
  if (manifest.urls.length === 0) return;
  const cache = await caches.open(cacheNames(manifest.version).shell);
  await cache.addAll(manifest.urls);
}

/** Deletes every cache of ours that is not this version's. */
export async function deleteOldCaches(caches: CacheStorage, version: string): Promise<void> {
  const keep = new Set(Object.values(cacheNames(version)));
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX) && !keep.has(n)).map((n) => caches.delete(n)));
}

/** Files the page loaded before the worker controlled it: cached too (mostly from the HTTP cache, no new bytes). */
export async function cacheLoaded(
  caches: CacheStorage,
  version: string,
  urls: readonly string[],
  origin: string,
  fetcher: Fetch,
) {
  for (const url of urls) {
    const request = new Request(url);
    if (cachePolicy({ method: 'GET', url: request.url, mode: 'no-cors' }, origin) !== 'asset') continue;
    await assetResponse(request, caches, version, fetcher).catch(() => undefined);
  }
}

/** The page's messages to the worker: take over now (the user chose to reload), or cache what it already loaded. */
export const workerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SKIP_WAITING') }),
  z.object({ type: z.literal('CACHE_URLS'), urls: z.array(z.string().check(z.maxLength(500))).check(z.maxLength(300)) }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

/** Adds the offline listeners to the worker. */
export function installOfflineCache(self: ServiceWorkerGlobalScope, manifest: PrecacheManifest): void {
  const origin = self.location.origin;
  const enabled = manifest.urls.length > 0;
  const fetcher: Fetch = (request) => fetch(request);

  self.addEventListener('install', (event) => {
    event.waitUntil(precache(self.caches, manifest));
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(deleteOldCaches(self.caches, manifest.version));
  });

  self.addEventListener('fetch', (event) => {
    if (!enabled) return;
    const policy = cachePolicy(event.request, origin);
    if (policy === 'asset') event.respondWith(assetResponse(event.request, self.caches, manifest.version, fetcher));
    else if (policy === 'shell') event.respondWith(navigationResponse(event.request, self.caches, manifest.version, fetcher));
    // Everything else (the provider's API, Firestore, Auth, other files) is not ours to answer.
  });

  self.addEventListener('message', (event) => {
    // Only our own pages talk to the worker; anything else, or another shape, is ignored.
    if (!(event.source instanceof WindowClient) || new URL(event.source.url).origin !== origin) return;
    const message = workerMessageSchema.safeParse(event.data);
    if (!message.success) return;
    if (message.data.type === 'SKIP_WAITING') void self.skipWaiting();
    else if (enabled) event.waitUntil(cacheLoaded(self.caches, manifest.version, message.data.urls, origin, fetcher));
  });
}
