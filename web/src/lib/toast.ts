/**
 * Toasts that do not pile up on a 360 px screen: the container shows at most TOAST_LIMIT at once, and
 * a toast with a `kind` takes the place of the previous toast of that kind (four quick rounds of a
 * calculator leave one toast, the latest result) instead of stacking another.
 */
import { toast, type Id, type TypeOptions } from 'react-toastify';

export const TOAST_LIMIT = 3;

export type ToastType = Extract<TypeOptions, 'success' | 'error' | 'info' | 'warning'>;

const latestOfKind = new Map<string, Id>();

export function showToast(type: ToastType, message: string, kind?: string): void {
  if (kind === undefined) {
    toast(message, { type });
    return;
  }
  // Dismiss-and-show rather than update: an update of a toast the container has not mounted yet is lost.
  const previous = latestOfKind.get(kind);
  if (previous !== undefined) toast.dismiss(previous);
  latestOfKind.set(kind, toast(message, { type }));
}
