/**
 * True once `busy` has lasted `afterMs`: a screen then says it is still working (a cold start of the
 * functions or a slow connection can take several seconds) instead of leaving a silent spinner.
 */
import { useEffect, useState } from 'react';

export const SLOW_HINT_MS = 3000;

export function useSlowHint(busy: boolean, afterMs: number = SLOW_HINT_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = window.setTimeout(() => setSlow(true), afterMs);
    return () => window.clearTimeout(timer);
  }, [busy, afterMs]);
  return busy && slow;
}
