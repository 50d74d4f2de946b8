/**
 * Wraps every route: toasts (lib/notify.ts), the session-expiry redirect, scroll reset on navigation,
 * the new-version prompt; its first commit drops what index.html painted before the app ran.
 */
import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Toasts } from '@/components/toasts';
import { UpdatePrompt } from '@/components/update-prompt';
import { paths } from '@/config/paths';
import { preloadFirebase } from '@/lib/api';
import { dropPrerendered } from '@/lib/prerendered';
import { takeFlash } from '@/lib/flash';
import { onSessionExpired } from '@/lib/session';
import { toast } from '@/lib/notify';

export function RootShell() {
  const navigate = useNavigate();
  const location = useLocation();
  // The first screen commits: what index.html painted before the app ran goes, in this same commit (ADR 0031, 0032).
  useLayoutEffect(dropPrerendered, []);

  useEffect(
    () =>
      onSessionExpired(() => {
        void navigate(paths.login.getHref(), { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    // A toast kept across a reload (lib/notify.ts holds it until the toasts' container has mounted).
    const flash = takeFlash();
    if (flash) toast[flash.kind](flash.message);
  }, []);

  useEffect(() => {
    // The Firebase SDK and the API schemas are needed by no screen to paint, only by the first call
    // to the provider: fetch them once the visitor starts using the page (first pointer, key or
    // focus), so a screen's first load (/login above all) stays small. Screens that call the
    // provider as they open (the dashboard) load them at once anyway.
    const events = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
    const stop = () => events.forEach((name) => window.removeEventListener(name, start, true));
    function start() {
      stop();
      preloadFirebase();
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
      <UpdatePrompt />
      <Toasts />
    </>
  );
}
