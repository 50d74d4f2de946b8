/**
 * The prerendered /login of index.html (ADR 0031): shown by the route preload script before the app runs,
 * dropped by the app as the real screen renders, in the same commit, so nothing flashes in between.
 */
export const PRERENDERED_ID = 'prerendered';
/** The class on <html> that shows it (set by ROUTE_PRELOAD_SCRIPT, security-headers.ts). */
export const PRERENDERED_SHOWN_CLASS = 'prerender-login';

export function dropPrerendered(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(PRERENDERED_ID)?.remove();
  document.documentElement.classList.remove(PRERENDERED_SHOWN_CLASS);
}
