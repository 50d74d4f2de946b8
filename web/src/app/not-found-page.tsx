/**
 * The catch-all route: a public 'Page not found' with a link home, for visitors and users alike
 * (core account.ts: unknown paths are not protected, they 404). A path that is one of SPEC's
 * protected routes but has no screen in this build yet (core isProtectedPath) stays behind the
 * guard for a visitor, who goes to /login and comes back here afterwards.
 */
import { Link, Navigate, useLocation } from 'react-router-dom';
import { isProtectedPath } from '@punter/core/account';
import { paths } from '@/config/paths';
import { hasActiveSession, useProfile } from '@/lib/session';

export function NotFoundPage() {
  const profile = useProfile();
  const location = useLocation();
  const signedIn = hasActiveSession(profile);
  if (!signedIn && isProtectedPath(location.pathname)) {
    return <Navigate to={paths.login.getHref(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return (
    <section className="auth-card" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>This page does not exist, or it is not available yet. Check the address, or start again from the home page.</p>
      <Link className="button button-block" to={paths.root.getHref()}>
        Go to the home page
      </Link>
    </section>
  );
}
