/**
 * The live permissions watcher (ADR 0004) in the signed-in layout. Its chunk carries the Firestore SDK, so it
 * loads after the page; if it cannot load (a page opened offline, a connection that dropped the chunk) or
 * stops, it starts again when the browser comes back online, or after a wait that doubles up to 5 minutes
 * while the browser believes it is online. Without that, the open page would never follow a revoke or a
 * suspension until a reload.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { QuietBoundary } from '@/components/error-boundary';

type WatcherModule = { default: ComponentType<{ uid: string }> };

const loadPermissionsWatcher = (): Promise<WatcherModule> => import('@/app/permissions-watcher');

/** The wait before the n-th attempt (n ≥ 1) when no 'online' event comes: 30 s, 1, 2, 4, then 5 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 300_000);
}

export function LivePermissions({ uid, load = loadPermissionsWatcher }: { uid: string; load?: () => Promise<WatcherModule> }) {
  // `lazy` keeps a failed load for good: each attempt is a new lazy component under a new boundary.
  const [{ attempt, Watcher }, setRun] = useState(() => ({ attempt: 0, Watcher: lazy(load) }));
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (!stopped) return;
    const retry = () => {
      setStopped(false);
      setRun((run) => ({ attempt: run.attempt + 1, Watcher: lazy(load) }));
    };
    window.addEventListener('online', retry);
    const timer = navigator.onLine ? setTimeout(retry, retryDelayMs(attempt + 1)) : undefined;
    return () => {
      window.removeEventListener('online', retry);
      clearTimeout(timer);
    };
  }, [stopped, attempt, load]);

  return (
    <QuietBoundary key={attempt} onStop={() => setStopped(true)}>
      <Suspense fallback={null}>
        <Watcher uid={uid} />
      </Suspense>
    </QuietBoundary>
  );
}
