/**
 * What a screen gets for `import { toast } from 'react-toastify'` (vite.config.ts, lazyToastsForScreens):
 * the same calls, made once react-toastify has loaded, so the library (about 9.5 KB gzip) is not part
 * of any screen's first load. Calls keep their order; what they return (a toast's id) is not
 * available. A screen importing anything else from react-toastify fails the build, on purpose.
 */
import type * as Toastify from 'react-toastify';

type Toast = typeof Toastify.toast;

let loading: Promise<typeof Toastify> | undefined;

/** Calls `toast` (name null) or `toast[name]` with `args` once the library is there. */
function later(name: string | null): (...args: unknown[]) => void {
  return (...args) => {
    loading ??= import('react-toastify');
    // One promise for every call: their callbacks run in the order the calls were made.
    void loading.then(({ toast }) => {
      const target: unknown = name === null ? toast : Reflect.get(toast, name);
      if (typeof target === 'function') Reflect.apply(target, toast, args);
    });
  };
}

export const toast: Toast = new Proxy(later(null) as Toast, {
  get: (_target, name) => (typeof name === 'string' ? later(name) : undefined),
});
