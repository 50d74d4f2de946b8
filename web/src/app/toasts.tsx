/**
 * The toast container (5 s, at most TOAST_LIMIT on screen) and the toast kept across a reload. A lazy
 * chunk of its own: root-shell mounts it on the first interaction, so react-toastify is not part of
 * any screen's first load.
 */
import { useEffect } from 'react';
import { toast, ToastContainer } from 'react-toastify';
import { takeFlash } from '@/lib/flash';
import { TOAST_LIMIT } from '@/lib/toast';

export default function Toasts() {
  useEffect(() => {
    // A toast kept across a reload, shown once the toast container is mounted.
    const flashTimer = window.setTimeout(() => {
      const flash = takeFlash();
      if (flash) toast[flash.kind](flash.message);
    }, 50);
    return () => window.clearTimeout(flashTimer);
  }, []);

  return <ToastContainer position="top-center" autoClose={5000} limit={TOAST_LIMIT} newestOnTop closeOnClick theme="colored" />;
}
