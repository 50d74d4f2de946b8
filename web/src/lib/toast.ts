/**
 * Toasts (ADR 0028: our own, in place of react-toastify's 10 KB gzip on every page): short messages at
 * the top of the screen that close themselves after TOAST_CLOSE_MS, or on a tap. At most TOAST_LIMIT show
 * at once, newest on top; more wait their turn.
 *
 * `showToast` with a `kind` does not pile up on a 360 px screen: a toast of a kind takes the place of the
 * previous toast of that kind (four quick rounds of a calculator leave one toast, the latest result). It
 * shows after a short pause, and only the last of a quick run.
 */
import { useSyncExternalStore } from 'react';

export const TOAST_LIMIT = 3;
/** How long a toast stays on screen. */
export const TOAST_CLOSE_MS = 5000;
/** How long a toast of a kind waits for a newer one of the same kind. */
export const TOAST_SETTLE_MS = 150;

export type ToastType = 'success' | 'error' | 'info' | 'warning';
export type ToastId = number;

export interface Toast {
  id: ToastId;
  type: ToastType;
  message: string;
  /** How long it stays on screen, in ms. */
  autoClose: number;
}

export interface ToastOptions {
  type?: ToastType;
  /** Longer for a message the user must read (default TOAST_CLOSE_MS). */
  autoClose?: number;
}

let queue: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Toast[]): void {
  queue = next;
  listeners.forEach((listener) => listener());
}

function add(type: ToastType, message: string, options: ToastOptions = {}): ToastId {
  const id = nextId;
  nextId += 1;
  publish([...queue, { id, type, message, autoClose: options.autoClose ?? TOAST_CLOSE_MS }]);
  return id;
}

/** Shows a toast; returns its id (for `toast.dismiss`). */
export const toast = Object.assign(
  (message: string, options: ToastOptions = {}) => add(options.type ?? 'info', message, options),
  {
    success: (message: string, options?: ToastOptions) => add('success', message, options),
    error: (message: string, options?: ToastOptions) => add('error', message, options),
    info: (message: string, options?: ToastOptions) => add('info', message, options),
    warning: (message: string, options?: ToastOptions) => add('warning', message, options),
    /** Closes one toast, or every toast. */
    dismiss: (id?: ToastId) => publish(id === undefined ? [] : queue.filter((t) => t.id !== id)),
  },
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toasts on screen now: the first TOAST_LIMIT in line, newest on top. */
export function useToasts(): Toast[] {
  const all = useSyncExternalStore(subscribe, () => queue);
  return all.slice(0, TOAST_LIMIT).reverse();
}

const latestOfKind = new Map<string, ToastId>();
const waiting = new Map<string, number>();

export function showToast(type: ToastType, message: string, kind?: string): void {
  if (kind === undefined) {
    toast(message, { type });
    return;
  }
  window.clearTimeout(waiting.get(kind));
  waiting.set(
    kind,
    window.setTimeout(() => {
      waiting.delete(kind);
      const previous = latestOfKind.get(kind);
      if (previous !== undefined) toast.dismiss(previous);
      latestOfKind.set(kind, toast(message, { type }));
    }, TOAST_SETTLE_MS),
  );
}
