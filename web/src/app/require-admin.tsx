/**
 * The operator console's guard (ADR 0017): role 1 (by the live permissions, so a removed admin is
 * refused at once) gets the console's frame, loaded only now; anyone else gets 'Page not found' and
 * none of the console's code, since its screens are React.lazy elements this never renders.
 */
import { lazy, Suspense, useDeferredValue } from 'react';
import { Spinner } from '@/components/spinner';
import { usePermissions } from '@/lib/permissions';

const AdminLayout = lazy(() => import('@/features/admin/components/admin-layout'));
const NotFoundPage = lazy(async () => ({ default: (await import('@/app/not-found-page')).NotFoundPage }));

/** True for role 1 (admin-like, SPEC section 3). */
export function isAdminRole(role: number | undefined): boolean {
  return role === 1;
}

export function RequireAdmin() {
  const admin = isAdminRole(usePermissions()?.role);
  // A change of role while the page is open is not a navigation, so no transition: deferred, a promotion keeps
  // what shows until the console's code has arrived (rather than the whole app giving way to the top
  // boundary's empty fallback); a removal shows a spinner at once, then 'Page not found'.
  const shown = useDeferredValue(admin);
  if (!admin || !shown) {
    return (
      <Suspense fallback={<Spinner />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  return <AdminLayout />;
}
