/**
 * The app's service worker (ADR 0014), built by vite.config.ts's serviceWorker() plugin into /sw.js
 * as one classic script. Today: system notifications for signals. The page shows them through this
 * worker's registration while its tab is hidden (the live listener drives them); in production an
 * FCM push reaches `push` even with no tab open. A click opens or focuses /signal-4.
 * Offline caching joins later as its own `fetch` listener module imported here.
 */
import { signalNotification } from '@/features/signals/notifications/system-notifications';
import { parseSignalPush } from '@/sw/push-payload';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', () => {
  // Nothing to cache yet: take over at once instead of waiting for every tab to close.
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
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
