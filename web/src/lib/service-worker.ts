/**
 * The app's one service worker (web/src/sw/sw.ts, served as /sw.js): system notifications for
 * signals (ADR 0014) and offline caching (ADR 0024). Registered once the page has loaded, so it never
 * competes with the first paint.
 *
 * A new version of the app installs a new worker, which waits: the page says 'A new version is ready'
 * (components/update-prompt.tsx) and only the user's 'Reload' tells the worker to take over and reloads,
 * so a page in use never runs against another build's files.
 */
import { useSyncExternalStore } from 'react';

export const SERVICE_WORKER_URL = '/sw.js';
/** A tab left open checks for a new version when it comes back to the foreground, at most this often. */
const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).then(
    (registration) => {
      watchForUpdates(registration, navigator.serviceWorker, showUpdate);
      checkWhenVisible(registration);
      void navigator.serviceWorker.ready.then((ready) => sendLoadedFiles(ready.active));
      return registration;
    },
    (error: unknown) => {
      console.warn('The service worker could not be registered; notifications and offline use are off.', error);
      return null;
    },
  );
  return registering;
}

/** The active registration (registering it first if the page has not yet), or null without support. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await registerServiceWorker();
  if (!registration) return null;
  return navigator.serviceWorker.ready;
}

/** The hashed files this page loaded before the worker controlled it: the worker caches them for offline use. */
function sendLoadedFiles(worker: ServiceWorker | null): void {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith('/assets/'));
  worker?.postMessage({ type: 'CACHE_URLS', urls: urls.slice(0, 300) });
}

function checkWhenVisible(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_EVERY_MS) return;
    lastCheck = Date.now();
    registration.update().catch(() => undefined);
  });
}

/** The parts of the browser's objects the update flow uses (the tests pass fakes). */
type WorkerLike = Pick<ServiceWorker, 'state' | 'addEventListener'>;
interface Registration<W extends WorkerLike> {
  waiting: W | null;
  installing: W | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}
interface Container {
  controller: object | null;
  addEventListener(type: 'controllerchange', listener: () => void, options?: { once: boolean }): void;
}

/**
 * Calls `onReady(worker)` when a new version's worker is installed and waiting. Only an update counts:
 * the very first worker (no controller yet) activates by itself and is no new version.
 */
export function watchForUpdates<W extends WorkerLike>(
  registration: Registration<W>,
  container: Container,
  onReady: (waiting: W) => void,
) {
  const ready = (worker: W | null) => {
    if (worker && worker.state === 'installed' && container.controller) onReady(worker);
  };
  ready(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => ready(installing));
  });
}

/**
 * The user chose to reload: the waiting worker takes over, and the page reloads once it controls it (not
 * before, or the reload would still get the old worker). Nothing reloads on a takeover the user did not ask for.
 */
export function applyUpdate(waiting: Pick<ServiceWorker, 'postMessage'>, container: Container, reload: () => void): void {
  container.addEventListener('controllerchange', () => reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

// The prompt's state: the waiting worker, or null.
let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function showUpdate(worker: ServiceWorker): void {
  waitingWorker = worker;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a new version waits; `reload` applies it. */
export function useUpdateReady(): { ready: boolean; reload: () => void } {
  const worker = useSyncExternalStore(
    subscribe,
    () => waitingWorker,
    () => null,
  );
  return {
    ready: worker !== null,
    reload: () => {
      if (worker) applyUpdate(worker, navigator.serviceWorker, () => location.reload());
    },
  };
}
