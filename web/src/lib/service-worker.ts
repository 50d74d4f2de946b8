/**
 * The app's one service worker (web/src/sw/sw.ts, served as /sw.js): system notifications for signals
 * (ADR 0014) and offline caching (ADR 0024). Registered through workbox-window (ADR 0038) once the page has
 * loaded, so it never competes with the first paint; workbox-window is loaded then too (a chunk of its own), so
 * it is no part of any screen's first load.
 *
 * A new version of the app installs a new worker, which waits: the page says 'A new version is ready'
 * (components/update-prompt.tsx) and only the user's 'Reload' tells the worker to take over and reloads,
 * so a page in use never runs against another build's files.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * vite-plugin-pwa serves the worker in the dev server as a module under its own URL; web/pwa.ts tells the code
 * served there (`import.meta.env.DEV` is no sign of it: it is also true in a build made with NODE_ENV other than
 * 'production', such as the e2e stack's, built under vitest, whose worker is /sw.js).
 */
const DEV_SERVER = import.meta.env.PUNTER_DEV_SERVER === true;
export const SERVICE_WORKER_URL = DEV_SERVER ? '/dev-sw.js?dev-sw' : '/sw.js';
/** A tab left open checks for a new version when it comes back to the foreground, at most this often. */
const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= register();
  return registering;
}

async function register(): Promise<ServiceWorkerRegistration | null> {
  const unregistered = (error: unknown) => {
    console.warn('The service worker could not be registered; notifications and offline use are off.', error);
    return null;
  };
  let wb: Workbox;
  try {
    const { Workbox } = await import('workbox-window');
    wb = new Workbox(SERVICE_WORKER_URL, { scope: '/', type: DEV_SERVER ? 'module' : 'classic' });
  } catch (error: unknown) {
    // Offline after a deploy renamed the chunk: a worker installed before still controls the page.
    return unregistered(error);
  }
  // Before register(): workbox-window reports a worker already waiting (a tab reopened after a deploy) right after it.
  wb.addEventListener('waiting', () => showUpdate(wb));
  if (navigator.serviceWorker.controller === null) cacheFilesLoadedWithoutWorker(wb);
  try {
    const registration = await wb.register();
    checkWhenVisible(wb);
    return registration ?? null;
  } catch (error: unknown) {
    return unregistered(error);
  }
}

/** The active registration (registering it first if the page has not yet), or null without support. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await registerServiceWorker();
  if (!registration) return null;
  return navigator.serviceWorker.ready;
}

/**
 * Calls `onLoaded` with each hashed file (/assets/) this page loads, those already loaded first. A
 * PerformanceObserver sees every one as it finishes: the performance timeline alone keeps only the first 250
 * resources, which a page with a live Firestore channel (one entry per long poll) fills.
 */
export function watchLoadedAssets(
  timeline: Pick<Performance, 'getEntriesByType'>,
  origin: string,
  onLoaded: (urls: string[]) => void,
  Observer: typeof PerformanceObserver | undefined = globalThis.PerformanceObserver,
): void {
  const seen = new Set<string>();
  const add = (entries: readonly PerformanceEntry[]) => {
    const added: string[] = [];
    for (const entry of entries) {
      const url = new URL(entry.name, origin);
      if (url.origin !== origin || !url.pathname.startsWith('/assets/') || seen.has(url.href)) continue;
      seen.add(url.href);
      added.push(url.href);
    }
    if (added.length > 0) onLoaded(added);
  };
  add(timeline.getEntriesByType('resource'));
  // Without an observer (an old browser), the timeline's list above is what there is.
  if (Observer) new Observer((list) => add(list.getEntries())).observe({ type: 'resource', buffered: true });
}

/**
 * A page that opened without a worker (the first visit) loads its files past it: until the worker controls
 * the page, and for a request already under way when it took control. The page tells the worker every file it
 * loads, from the first until the page closes, in Workbox's `CACHE_URLS` message, which the worker's router
 * answers by caching them through its routes (a file it already has costs it one cache lookup).
 */
function cacheFilesLoadedWithoutWorker(wb: Pick<Workbox, 'messageSW'>): void {
  watchLoadedAssets(performance, location.origin, (urls) => {
    wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }).catch(() => undefined);
  });
}

function checkWhenVisible(wb: Pick<Workbox, 'update'>): void {
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_EVERY_MS) return;
    lastCheck = Date.now();
    wb.update().catch(() => undefined);
  });
}

/**
 * How long the page waits for the worker in control to answer before it asks the new one to take over anyway.
 * A worker that was stopped must start first, which on a busy phone (or a loaded test machine) can take more
 * than a second; asked while it is still starting, the browser lets the new one wait for it to go idle.
 */
export const WAKE_TIMEOUT_MS = 5000;

/**
 * Resolves once the worker in control of the page has answered a PING (it runs), or after `timeoutMs` (one
 * that does not answer has been woken all the same). The browser retires the old worker at once only if it runs
 * when the new one asks to take over: one that is stopped or still starting then keeps the new one waiting
 * until it goes idle, which can take minutes (ADR 0024).
 */
export async function wakeController(controller: ServiceWorker | null, timeoutMs = WAKE_TIMEOUT_MS): Promise<void> {
  if (!controller) return;
  const { messageSW } = await import('workbox-window');
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    messageSW(controller, { type: 'PING' }).catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}

/**
 * The user chose to reload: once the worker in control runs, the waiting worker takes over, and the page
 * reloads once it controls it (not before, or the reload would still get the old worker). Nothing reloads on a
 * takeover the user did not ask for.
 */
export async function applyUpdate(
  wb: Pick<Workbox, 'addEventListener' | 'messageSkipWaiting'>,
  controller: ServiceWorker | null,
  reload: () => void,
  timeoutMs = WAKE_TIMEOUT_MS,
): Promise<void> {
  let reloading = false;
  wb.addEventListener('controlling', () => {
    if (reloading) return;
    reloading = true;
    reload();
  });
  await wakeController(controller, timeoutMs);
  wb.messageSkipWaiting();
}

// The prompt's state: the registration whose new version waits, or null.
let waiting: Workbox | null = null;
const listeners = new Set<() => void>();

function showUpdate(wb: Workbox): void {
  waiting = wb;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a new version waits; `reload` applies it. */
export function useUpdateReady(): { ready: boolean; reload: () => void } {
  const wb = useSyncExternalStore(
    subscribe,
    () => waiting,
    () => null,
  );
  return {
    ready: wb !== null,
    reload: () => {
      if (wb) void applyUpdate(wb, navigator.serviceWorker.controller, () => location.reload());
    },
  };
}
