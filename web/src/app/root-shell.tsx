/** Wraps every route: toasts (app/toasts.tsx), the session-expiry redirect, scroll reset on navigation. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { preloadFirebase } from '@/lib/api';
import { hasFlash } from '@/lib/flash';
import { onSessionExpired } from '@/lib/session';

/**
 * react-toastify (about 9 KB gzip) paints nothing on a screen's first load: every toast answers
 * something the user did, or is a flash kept across a reload. So the container loads on the first
 * interaction, or at once when a flash waits; a toast raised before it is mounted waits in
 * react-toastify's queue and shows when it mounts.
 */
const Toasts = lazy(() => import('@/app/toasts'));

export function RootShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const [toastsWanted, setToastsWanted] = useState(hasFlash);

  useEffect(
    () =>
      onSessionExpired(() => {
        void navigate(paths.login.getHref(), { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    // The Firebase SDK, the API schemas and the toasts are needed by no screen to paint, only by the
    // first call to the provider or the first toast: fetch them once the visitor starts using the
    // page (first pointer, key or focus), so a screen's first load (/login above all) stays small.
    // Screens that call the provider as they open (the dashboard) load the SDK at once anyway.
    const events = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
    const stop = () => events.forEach((name) => window.removeEventListener(name, start, true));
    function start() {
      stop();
      preloadFirebase();
      setToastsWanted(true);
    }
    events.forEach((name) => window.addEventListener(name, start, { capture: true, passive: true }));
    return stop;
  }, []);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <>
      <Outlet />
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}
