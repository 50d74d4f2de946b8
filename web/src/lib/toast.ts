/**
 * Toasts that do not pile up on a 360 px screen: the container shows at most TOAST_LIMIT at once, and
 * a toast with a `kind` takes the place of the previous toast of that kind (four quick rounds of a
 * calculator leave one toast, the latest result) instead of stacking another.
 *
 * A toast of a kind is shown after a short pause, and only the last of a quick run: react-toastify
 * ignores toast.dismiss() for a toast it has not rendered yet, so dismissing the previous one right
 * after creating it left every toast of a quick run on screen.
 */
import { toast, type Id, type TypeOptions } from 'react-toastify';

export const TOAST_LIMIT = 3;
/** How long a toast of a kind waits for a newer one of the same kind. */
export const TOAST_SETTLE_MS = 150;

export type ToastType = Extract<TypeOptions, 'success' | 'error' | 'info' | 'warning'>;

const latestOfKind = new Map<string, Id>();
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
