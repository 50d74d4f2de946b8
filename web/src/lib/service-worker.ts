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
      if (navigator.serviceWorker.controller === null) cacheFilesLoadedWithoutWorker();
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
 * loads, from the first until the page closes, and the worker caches them for offline use (a file it already
 * has costs it one cache lookup).
 */
function cacheFilesLoadedWithoutWorker(): void {
  const pending = new Set<string>();
  let worker: ServiceWorker | null = null;
  const flush = () => {
    if (!worker) return;
    // The worker takes at most 300 files a message (its schema): the rest go in the next ones.
    const urls = [...pending];
    for (let i = 0; i < urls.length; i += 300) worker.postMessage({ type: 'CACHE_URLS', urls: urls.slice(i, i + 300) });
    pending.clear();
  };
  watchLoadedAssets(performance, location.origin, (urls) => {
    urls.forEach((url) => pending.add(url));
    flush();
  });
  void navigator.serviceWorker.ready.then((ready) => {
    worker = ready.active;
    flush();
  });
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
  controller: Pick<ServiceWorker, 'postMessage'> | null;
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
 * How long the page waits for the worker in control to answer before it asks the new one to take over anyway.
 * A worker that was stopped must start first, which on a busy phone (or a loaded test machine) can take more
 * than a second; asked while it is still starting, the browser lets the new one wait for it to go idle.
 */
export const WAKE_TIMEOUT_MS = 5000;

/**
 * Resolves once the worker in control of the page has answered a PING (it runs), or after `timeoutMs` (a
 * worker of an older build does not answer; the message has woken it all the same). The browser retires the
 * old worker at once only if it runs when the new one asks to take over: one that is stopped or still starting
 * then keeps the new one waiting until it goes idle, which can take minutes.
 */
export function wakeController(controller: Container['controller'], timeoutMs = WAKE_TIMEOUT_MS): Promise<void> {
  if (!controller) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const done = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    channel.port1.onmessage = done;
    controller.postMessage({ type: 'PING' }, [channel.port2]);
  });
}

/**
 * The user chose to reload: once the worker in control runs, the waiting worker takes over, and the page
 * reloads once it controls it (not before, or the reload would still get the old worker). Nothing reloads on a
 * takeover the user did not ask for.
 */
export async function applyUpdate(
  waiting: Pick<ServiceWorker, 'postMessage'>,
  container: Container,
  reload: () => void,
  timeoutMs = WAKE_TIMEOUT_MS,
): Promise<void> {
  container.addEventListener('controllerchange', () => reload(), { once: true });
  await wakeController(container.controller, timeoutMs);
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
      if (worker) void applyUpdate(worker, navigator.serviceWorker, () => location.reload());
    },
  };
}
