/**
 * Toasts through react-toastify (ADR 0036), which loads with its container and stylesheet on the first
 * toast (components/toasts.tsx), not with the page. Toasts asked for before it has loaded wait in
 * react-toastify's queue and show once its container mounts.
 *
 * `showToast` with a `kind` does not pile up on a 360 px screen: a toast of a kind takes the place of the
 * previous toast of that kind (four quick rounds of a calculator leave one toast, the latest result). It
 * shows after a short pause, and only the last of a quick run.
 */
import { useSyncExternalStore } from 'react';

/** At most this many toasts on screen; more wait their turn (the container's `limit`). */
export const TOAST_LIMIT = 3;
/** How long a toast stays on screen (SPEC: 5 seconds). */
export const TOAST_CLOSE_MS = 5000;
/** How long a toast of a kind waits for a newer one of the same kind. */
export const TOAST_SETTLE_MS = 150;

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  /** Longer for a message the user must read (default TOAST_CLOSE_MS). */
  autoClose?: number;
}

type Toastify = typeof import('react-toastify');

let library: Promise<Toastify> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** react-toastify, loaded once; the first call also asks components/toasts.tsx to mount the container. */
function load(): Promise<Toastify> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  library ??= import('react-toastify');
  return library;
}

/** Whether a toast has been asked for yet (until then the container and its stylesheet are not loaded). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

/** Shows a toast; resolves to its id (for `toast.dismiss`). */
async function show(type: ToastType, message: string, options: ToastOptions = {}): Promise<string | number> {
  const { toast: toastify } = await load();
  return toastify[type](message, options.autoClose === undefined ? {} : { autoClose: options.autoClose });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => void show('success', message, options),
  error: (message: string, options?: ToastOptions) => void show('error', message, options),
  info: (message: string, options?: ToastOptions) => void show('info', message, options),
  warning: (message: string, options?: ToastOptions) => void show('warning', message, options),
  /** Closes every toast (nothing to do before react-toastify has loaded). */
  dismiss: async (): Promise<void> => {
    if (library) (await library).toast.dismiss();
  },
};

const latestOfKind = new Map<string, Promise<string | number>>();
const waiting = new Map<string, number>();

export function showToast(type: ToastType, message: string, kind?: string): void {
  if (kind === undefined) {
    toast[type](message);
    return;
  }
  window.clearTimeout(waiting.get(kind));
  waiting.set(
    kind,
    window.setTimeout(() => {
      waiting.delete(kind);
      const previous = latestOfKind.get(kind);
      const next = async () => {
        if (previous !== undefined) (await load()).toast.dismiss(await previous);
        return show(type, message);
      };
      latestOfKind.set(kind, next());
    }, TOAST_SETTLE_MS),
  );
}
