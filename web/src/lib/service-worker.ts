/**
 * The app's one service worker (web/src/sw/sw.ts, served as /sw.js): system notifications for
 * signals today; offline caching joins it later. Registered once the page has loaded, so it never
 * competes with the first paint.
 */
export const SERVICE_WORKER_URL = '/sw.js';

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
    console.warn('The service worker could not be registered; system notifications are off.', error);
    return null;
  });
  return registering;
}

/** The active registration (registering it first if the page has not yet), or null without support. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await registerServiceWorker();
  if (!registration) return null;
  return navigator.serviceWorker.ready;
}
