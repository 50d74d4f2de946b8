/**
 * Where toasts show (lib/notify.ts): react-toastify's container, loaded with its stylesheet only once the
 * first toast is asked for (ADR 0036). Top centre, newest on top, at most three at once, each closing after
 * 5 s unless it asks for longer, or when tapped; the clock stops while the pointer rests on it. If its code
 * cannot load (offline), there are no toasts, and the screen stays.
 */
import { lazy, Suspense } from 'react';
import { QuietBoundary } from '@/components/error-boundary';
import { useToastsWanted } from '@/lib/notify';

const Container = lazy(() => import('@/components/toast-container'));

export function Toasts() {
  if (!useToastsWanted()) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <Container />
      </Suspense>
    </QuietBoundary>
  );
}
