/**
 * The app's service worker (ADR 0014, 0038), built by vite-plugin-pwa (`injectManifest`, web/pwa.ts) into
 * /sw.js with Workbox's modules bundled in. Offline (ADR 0024, 0030): the build's app shell precached,
 * navigations answered with it first, hashed files cache first (sw/routes.ts). Signals: system notifications;
 * the page shows them through this worker's registration while its tab is hidden, and in production an FCM
 * push reaches `push` even with no tab open. A click opens or focuses the signal's page.
 */
import { clientsClaim } from 'workbox-core';
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { signalNotification } from '@/features/signals/notifications/system-notifications';
import { notificationTarget, parseSignalPush } from '@/sw/push-payload';
import { appShellRoute, hashedFileRoute, SHELL_URL } from '@/sw/routes';

declare const self: ServiceWorkerGlobalScope & {
  /** The build's precache list, put in by vite-plugin-pwa: index.html and the entry's hashed files (empty in dev). */
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const manifest = self.__WB_MANIFEST;
// One Workbox precache for every version: an install fetches only the entries it does not hold yet (a hashed
// file that kept its name is not downloaded again), and the activation drops those this version no longer lists.
precacheAndRoute(manifest);
// The dev server precaches nothing: its navigations go to the network.
if (manifest.some((entry) => (typeof entry === 'string' ? entry : entry.url).replace(/^\/?/, '/') === SHELL_URL))
  registerRoute(appShellRoute(createHandlerBoundToURL(SHELL_URL)));
registerRoute(hashedFileRoute(self.location.origin));
// Workbox's router also caches what the page reports it loaded before the worker controlled it (its
// `CACHE_URLS` message, lib/service-worker.ts), through the route above.

// No skipWaiting on install: the first worker activates at once anyway and takes the open page (clientsClaim),
// so the route chunks it loads next are cached; a new version waits until the user clicks 'Reload'.
clientsClaim();

/** The caches of the hand-written worker before Workbox (`punter-shell-<version>`, `punter-assets-<version>`). */
const OLD_CACHE = /^punter-(?:shell|assets)-/;

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => OLD_CACHE.test(n)).map((n) => caches.delete(n)))),
  );
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null && 'type' in data ? data.type : undefined;
  // The page's 'Reload' (workbox-window's messageSkipWaiting, and an older build's page alike). skipWaiting()
  // settles once this worker is active: inside waitUntil, the browser keeps it alive until then.
  if (type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
  // Before that the page wakes the worker in control and waits for its answer (lib/service-worker.ts).
  else if (type === 'PING') event.ports[0]?.postMessage({ type: 'PONG' });
});

self.addEventListener('push', (event) => {
  const signal = parseSignalPush(event.data?.text() ?? null);
  // Not ours or malformed: show nothing rather than a notification with made-up text.
  if (!signal) return;
  const { title, options } = signalNotification(signal, signal.url);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) await open.focus();
      else await self.clients.openWindow(target);
    })(),
  );
});
