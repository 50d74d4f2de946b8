/**
 * Toasts through react-toastify (ADR 0036), which loads with its container and stylesheet on the first
 * toast (components/toasts.tsx), not with the page. A toast is handed to react-toastify once its container
 * has mounted: react-toastify's own queue for toasts asked for before is lost when StrictMode mounts the
 * container twice (main.tsx, in development and the e2e build).
 *
 * `showToast` with a `kind` does not pile up on a 360 px screen: a toast of a kind takes the place of the
 * previous toast of that kind (four quick rounds of a calculator leave one toast, the latest result). It
 * shows after a short pause, and only the last of a quick run.
 */
import { useSyncExternalStore } from 'react';
import type { toast as toastify } from 'react-toastify/unstyled';

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

let library: Promise<{ toast: typeof toastify }> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** react-toastify, loaded once; the first call also asks components/toasts.tsx to mount the container. */
function load(): Promise<{ toast: typeof toastify }> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  // A failed load (offline) is tried again on the next toast.
  library ??= import('react-toastify/unstyled').catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

let containerMounted!: () => void;
let container = new Promise<void>((resolve) => (containerMounted = resolve));

/** components/toast-container.tsx mounted (toasts may go to react-toastify) or unmounted (they wait again). */
export function toastContainerMounted(): () => void {
  containerMounted();
  return () => {
    container = new Promise<void>((resolve) => (containerMounted = resolve));
  };
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
  const { toast: toasts } = await load();
  await container;
  return toasts[type](message, options.autoClose === undefined ? {} : { autoClose: options.autoClose });
}

/** Shows a toast; if react-toastify cannot load (offline), says so in the console only. */
function notify(type: ToastType, message: string, options?: ToastOptions): void {
  show(type, message, options).catch((error: unknown) => console.warn('A toast could not be shown:', message, error));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => notify('success', message, options),
  error: (message: string, options?: ToastOptions) => notify('error', message, options),
  info: (message: string, options?: ToastOptions) => notify('info', message, options),
  warning: (message: string, options?: ToastOptions) => notify('warning', message, options),
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
        const id = await previous?.catch(() => undefined);
        if (id !== undefined) (await load()).toast.dismiss(id);
        return show(type, message);
      };
      const shown = next();
      shown.catch((error: unknown) => console.warn('A toast could not be shown:', message, error));
      latestOfKind.set(kind, shown);
    }, TOAST_SETTLE_MS),
  );
}
