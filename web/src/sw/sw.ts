/**
 * The app's service worker (ADR 0014), built by vite.config.ts's serviceWorker() plugin into /sw.js
 * as one classic script. Today: system notifications for signals. The page shows them through this
 * worker's registration while its tab is hidden (the live listener drives them); in production an
 * FCM push reaches `push` even with no tab open. A click opens or focuses /signal-4.
 * Offline caching (ADR 0024) is its own module: the app shell precached, hashed files cached on use.
 */
import { signalNotification } from '@/features/signals/notifications/system-notifications';
import { installOfflineCache, type PrecacheManifest } from '@/sw/offline-cache';
import { parseSignalPush } from '@/sw/push-payload';

declare const self: ServiceWorkerGlobalScope;
/** The build's app shell and version, put in by service-worker-plugin.ts (empty in the dev server). */
declare const __PUNTER_PRECACHE__: PrecacheManifest;

// No skipWaiting on install: the first worker activates at once anyway, and a new version waits until the
// user clicks 'Reload' (the page sends SKIP_WAITING), so a page in use never runs against another build's files.
installOfflineCache(self, __PUNTER_PRECACHE__);

self.addEventListener('activate', (event) => {
  // The first worker controls the open page at once, so the route chunks it loads next are cached.
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const signal = parseSignalPush(event.data?.text() ?? null);
  // Not ours or malformed: show nothing rather than a notification with made-up text.
  if (!signal) return;
  const { title, options } = signalNotification(signal, signal.url);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Only a path of this site is opened from a notification's data. */
function samePath(data: unknown): string {
  const url = typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : '/';
  return url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(samePath(event.notification.data), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) await open.focus();
      else await self.clients.openWindow(target);
    })(),
  );
});
