/**
 * The live permissions watcher (ADR 0004) in the signed-in layout. Its chunk carries the Firestore SDK, so it
 * loads after the page; if it cannot load (a page opened offline, a connection that dropped the chunk) or
 * stops, it starts again when the browser comes back online, or after a wait that doubles up to 5 minutes
 * while the browser believes it is online. Without that, the open page would never follow a revoke or a
 * suspension until a reload.
 */
import { Suspense, useEffect, type ComponentType } from 'react';
import { QuietBoundary } from '@/components/error-boundary';
import { useDeferred } from '@/lib/use-deferred';

type Watcher = ComponentType<{ uid: string }>;

/**
 * The URL a failed dynamic import names (Chromium: 'Failed to fetch dynamically imported module: <url>', Firefox:
 * 'error loading dynamically imported module: <url>'), if it is this app's own; else null.
 */
export function failedModuleUrl(error: unknown, origin = window.location.origin): string | null {
  const named = /dynamically imported module:\s*(\S+)/i.exec(error instanceof Error ? error.message : '')?.[1];
  if (!named) return null;
  try {
    const url = new URL(named);
    return url.origin === origin ? `${url.origin}${url.pathname}` : null;
  } catch {
    return null;
  }
}

/**
 * The watcher's module. A browser keeps a module that failed to load for the page's whole life (HTML's module map:
 * Chromium answers a second import() of it with the same failure, without a request), so once its chunk failed,
 * the next attempt asks for it under a new URL (a query string), which is a new entry of that map.
 */
let failedUrl: string | null = null;
let attempts = 0;
const loadPermissionsWatcher = async (): Promise<Watcher> => {
  attempts += 1;
  if (failedUrl !== null) {
    const module = (await import(/* @vite-ignore */ `${failedUrl}?attempt=${attempts}`)) as { default: Watcher };
    return module.default;
  }
  try {
    return (await import('@/app/permissions-watcher')).default;
  } catch (error) {
    failedUrl = failedModuleUrl(error);
    throw error;
  }
};

/** The wait before the n-th attempt (n ≥ 1) when no 'online' event comes: 30 s, 1, 2, 4, then 5 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 300_000);
}

export function LivePermissions({ uid, load = loadPermissionsWatcher }: { uid: string; load?: () => Promise<Watcher> }) {
  const { run, failed, onStop, retry } = useDeferred(load, true);
  const attempt = run?.attempt ?? 0;

  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', retry);
    const timer = navigator.onLine ? setTimeout(retry, retryDelayMs(attempt + 1)) : undefined;
    return () => {
      window.removeEventListener('online', retry);
      clearTimeout(timer);
    };
  }, [failed, attempt, retry]);

  if (run === null || failed) return null;
  return (
    <QuietBoundary key={run.attempt} onStop={onStop}>
      <Suspense fallback={null}>
        <run.Content uid={uid} />
      </Suspense>
    </QuietBoundary>
  );
}
