/**
 * react-toastify's container as the app sets it up (components/toasts.tsx loads it on the first toast). Its
 * `unstyled` entry (the same container and `toast`, lib/notify.ts imports it too) with its stylesheet as a
 * file: the main entry carries the same CSS in its JS and writes it into a <style> element.
 */
import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { TOAST_CLOSE_MS, TOAST_LIMIT, toastContainerMounted } from '@/lib/notify';

export default function ToastContainerView() {
  // After the container's own effects (a child's run first): react-toastify now takes toasts.
  useEffect(toastContainerMounted, []);
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_CLOSE_MS}
      limit={TOAST_LIMIT}
      newestOnTop
      closeOnClick
      theme="colored"
    />
  );
}
