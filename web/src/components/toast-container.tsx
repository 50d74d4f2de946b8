/** react-toastify's container as the app sets it up (components/toasts.tsx loads it on the first toast). */
import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
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
