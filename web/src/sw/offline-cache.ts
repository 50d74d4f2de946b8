/**
 * Offline caching in the service worker (ADR 0024). The build lists the app shell (index.html and the
 * entry chunk with its static imports and CSS) and a version naming this build; the worker
 * - precaches the shell on install (a new version waits until the user chooses to reload, lib/service-worker.ts),
 * - answers hashed files under /assets/ from the cache first (their name changes with their content) and
 *   caches the ones fetched on use (route chunks), including those the page loaded before the worker
 *   controlled it (the page sends their URLs once),
 * - answers navigations with this version's shell from the cache (ADR 0030): a repeat visit paints without
 *   waiting on the network; a new deploy reaches the page through the worker update and its 'Reload',
 * - never touches anything else: the provider's API, Firestore, Auth and every other origin go straight to the
 *   network (no respondWith), and so do same-origin files outside /assets/.
 * The strategies take the cache storage and fetch as arguments, so they are tested without a browser.
 */
import { z } from 'zod/mini';
import type { PrecacheManifest } from '@/sw/precache-manifest';

export type { PrecacheManifest };

export const SHELL_URL = '/index.html';
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
  // A navigation to a file (/manifest.webmanifest, /icons/icon-192.png, /sw.js) is not a screen of the app.
  if (request.mode === 'navigate') return /\.[^/]*$/.test(url.pathname) ? 'network' : 'shell';
  if (url.pathname.startsWith('/assets/') && url.search === '') return 'asset';
  return 'network';
}

type Fetch = (request: Request) => Promise<Response>;

/** Hashed files: the cache first (any version's copy is the same file); else the network, cached on success. */
export async function assetResponse(request: Request, caches: CacheStorage, version: string, fetcher: Fetch): Promise<Response> {
  // ignoreVary: a hashed file is the same whatever the request's headers; a server's `Vary: Origin` (vite's
  // CORS layer sends one) would otherwise miss a module script (sent with Origin) against the precached copy
  // (fetched without it).
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
 * Navigations (ADR 0030): this version's shell from the cache, precached on install, so a repeat visit
 * paints without a round trip, and a bad connection never holds the app back. The shell only changes with
 * a new build, and a new build is a new worker (its version hashes the shell's content): the browser finds
 * it on its update check, and the page offers 'Reload' once it has installed, so an open page keeps the build
 * it started with. No shell cached (the dev server, whose list is empty): the network.
 */
export async function navigationResponse(
  request: Request,
  caches: CacheStorage,
  version: string,
  fetcher: Fetch,
): Promise<Response> {
  const shell = await caches.match(SHELL_URL, { cacheName: cacheNames(version).shell, ignoreVary: true });
  return shell ?? fetcher(request);
}

/**
 * Precaches the shell into this version's cache (the install fails, and is retried later, if any file fails).
 * index.html is asked past the HTTP cache (revalidated): the browser may hold an older deploy's copy under
 * the same URL, whose chunks are gone, and this version's shell must be this version's. Every screen's URL is
 * served index.html (firebase.json rewrites them all), so it is asked under the URL of a page of ours that is
 * open (`pageUrls`): on a first visit the HTTP cache holds that page's answer, and the revalidation is a 304,
 * not the same 5 KB again. A hashed file is the same whatever copy answers: one an older version of the worker
 * holds is taken from its cache, and the rest may come from the HTTP cache (the page has usually just loaded
 * them: no new bytes). The files to keep (the SDK chunks, ADR 0033), which an older version cached on use, go
 * into this version's cache of used files, so the older version's caches can go without a deploy costing their
 * bytes again.
 */
export async function precache(
  caches: CacheStorage,
  manifest: PrecacheManifest,
  origin: string,
  fetcher: Fetch,
  pageUrls: readonly string[] = [],
): Promise<void> {
  if (manifest.urls.length === 0) return;
  const names = cacheNames(manifest.version);
  const document = manifest.urls.includes(SHELL_URL) ? await shellDocument(origin, fetcher, pageUrls) : undefined;
  const shell = await caches.open(names.shell);
  const missing: RequestInfo[] = [];
  for (const url of manifest.urls) {
    if (url !== SHELL_URL && !(await copyHeld(caches, url, shell))) missing.push(url);
  }
  await shell.addAll(missing);
  if (document) await shell.put(SHELL_URL, document);
  if (manifest.keep.length === 0) return;
  const used = await caches.open(names.assets);
  for (const url of manifest.keep) await copyHeld(caches, url, used);
}

/**
 * index.html, revalidated, under the URL of an open page of the app if there is one (see precache); its
 * answer is taken only if it is the shell as a navigation would get it (200, HTML, no redirect), else
 * /index.html itself is asked. Rejects if neither answers.
 */
async function shellDocument(origin: string, fetcher: Fetch, pageUrls: readonly string[]): Promise<Response> {
  const ask = (url: string) => fetcher(new Request(new URL(url, origin), { cache: 'no-cache' }));
  const page = pageUrls.find((url) => cachePolicy({ method: 'GET', url, mode: 'navigate' }, origin) === 'shell');
  if (page !== undefined) {
    const pageUrl = new URL(page);
    pageUrl.hash = '';
    const answer = await ask(pageUrl.href).catch(() => undefined);
    if (answer?.ok && !answer.redirected && answer.headers.get('Content-Type')?.startsWith('text/html')) return answer;
  }
  const answer = await ask(SHELL_URL);
  if (!answer.ok) throw new TypeError(`${SHELL_URL}: ${answer.status}`);
  return answer;
}

/** Puts the copy one of our caches holds of a hashed file (any version's: the same bytes) into `into`; false if none does. */
async function copyHeld(caches: CacheStorage, url: string, into: Cache): Promise<boolean> {
  const held = await caches.match(url, { ignoreVary: true });
  if (held) await into.put(url, held);
  return held !== undefined;
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

/**
 * The page's messages to the worker: take over now (the user chose to reload), answer on the given port (the
 * page makes sure the worker in control runs before a takeover), or cache what it already loaded.
 */
export const workerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SKIP_WAITING') }),
  z.object({ type: z.literal('PING') }),
  z.object({ type: z.literal('CACHE_URLS'), urls: z.array(z.string().check(z.maxLength(500))).check(z.maxLength(300)) }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

/** Adds the offline listeners to the worker. */
export function installOfflineCache(self: ServiceWorkerGlobalScope, manifest: PrecacheManifest): void {
  const origin = self.location.origin;
  const enabled = manifest.urls.length > 0;
  const fetcher: Fetch = (request) => fetch(request);

  self.addEventListener('install', (event) => {
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) =>
        precache(
          self.caches,
          manifest,
          origin,
          fetcher,
          pages.map((page) => page.url),
        ),
      ),
    );
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
    // skipWaiting() settles once this worker is active: inside waitUntil, the browser keeps it alive until then.
    if (message.data.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
    else if (message.data.type === 'PING') event.ports[0]?.postMessage({ type: 'PONG' });
    else if (enabled) event.waitUntil(cacheLoaded(self.caches, manifest.version, message.data.urls, origin, fetcher));
  });
}
