/** Wraps every route: toasts (5 s), the session-expiry redirect, scroll reset on navigation. */
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { toast, ToastContainer } from 'react-toastify';
import { paths } from '@/config/paths';
import { preloadFirebase } from '@/lib/api';
import { takeFlash } from '@/lib/flash';
import { onSessionExpired } from '@/lib/session';

export function RootShell() {
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(
    () =>
      onSessionExpired(() => {
        void navigate(paths.login.getHref(), { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    // A toast kept across a reload, shown once the toast container is mounted.
    const flashTimer = window.setTimeout(() => {
      const flash = takeFlash();
      if (flash) toast[flash.kind](flash.message);
    }, 50);
    // The Firebase SDK is not part of the first paint; fetch it once the page is up.
    const timer = window.setTimeout(preloadFirebase, 1500);
    return () => {
      window.clearTimeout(flashTimer);
      window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <>
      <Outlet />
      <ToastContainer position="top-center" autoClose={5000} newestOnTop closeOnClick theme="colored" />
    </>
  );
}
