/** Keeps the dashboard for the next visit's first paint (ADR 0032, lib/screen-snapshot.ts). */
import { useEffect } from 'react';
import { saveSnapshot } from '@/lib/screen-snapshot';

/**
 * Keeps the screen in #root for the next visit once `shownKey` is not null (the screen shows its data), and
 * again whenever it changes: at the next idle moment, so it never delays a frame. Not while offline: the
 * copy would carry the offline notes.
 */
export function useScreenSnapshot(shownKey: string | null, online: boolean): void {
  useEffect(() => {
    if (shownKey === null || !online) return;
    const save = () => {
      const root = document.getElementById('root');
      if (root) saveSnapshot(root);
    };
    if (typeof window.requestIdleCallback === 'function' && typeof window.cancelIdleCallback === 'function') {
      const handle = window.requestIdleCallback(save, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(save, 200);
    return () => window.clearTimeout(timer);
  }, [shownKey, online]);
}
