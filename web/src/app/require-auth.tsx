/** The guard: a visitor on a protected route goes to /login, which brings them back afterwards. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { hasActiveSession, useProfile } from '@/lib/session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const location = useLocation();
  if (!hasActiveSession(profile)) {
    return <Navigate to={paths.login.getHref(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children;
}
