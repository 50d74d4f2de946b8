/**
 * A component whose code loads when it is first wanted (a modal's first open, a panel few users see), with
 * a way to load it again after a failure: `lazy` keeps a failed load for good, so each attempt is a new lazy
 * component, to render under a boundary keyed by `attempt` that calls `onStop` (components/error-boundary's
 * QuietBoundary).
 */
import { lazy, useCallback, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

export interface DeferredRun<P> {
  attempt: number;
  Content: LazyExoticComponent<ComponentType<P>>;
}

const newRun = <P>(load: () => Promise<ComponentType<P>>, attempt: number): DeferredRun<P> => ({
  attempt,
  Content: lazy(() => load().then((Content) => ({ default: Content }))),
});

export function useDeferred<P>(load: () => Promise<ComponentType<P>>, wanted: boolean) {
  const [run, setRun] = useState<DeferredRun<P> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (wanted && run === null) setRun(newRun(load, 0));
  }, [wanted, run, load]);

  // Stable across renders, so effects may depend on them (app/live-permissions retries on a timer).
  const onStop = useCallback(() => setFailed(true), []);
  const retry = useCallback(() => {
    setFailed(false);
    setRun((last) => newRun(load, (last?.attempt ?? 0) + 1));
  }, [load]);

  return {
    /** Null until first wanted. */
    run,
    /** The code could not load (or the content failed): show why, with `retry`. */
    failed,
    onStop,
    retry,
  };
}
