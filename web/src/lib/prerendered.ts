/**
 * What index.html paints before the app runs: the prerendered /login (ADR 0031) and the returning user's
 * dashboard from the last visit (ADR 0032, lib/screen-snapshot.ts). Each is shown by an inline script of
 * index.html, which puts its class on <html>, and dropped by the app as the real screen renders, in the
 * same commit, so nothing flashes in between.
 */
import { SNAPSHOT_ID, SNAPSHOT_SHOWN_CLASS } from '@/lib/screen-snapshot';

export const PRERENDERED_ID = 'prerendered';
/** The class on <html> that shows the prerendered /login (set by ROUTE_PRELOAD_SCRIPT, security-headers.ts). */
export const PRERENDERED_SHOWN_CLASS = 'prerender-login';

const BLOCKS = [
  { id: PRERENDERED_ID, shownClass: PRERENDERED_SHOWN_CLASS },
  { id: SNAPSHOT_ID, shownClass: SNAPSHOT_SHOWN_CLASS },
] as const;

/** Removes both copies: the app's own screen is about to show. */
export function dropPrerendered(): void {
  if (typeof document === 'undefined') return;
  for (const { id, shownClass } of BLOCKS) {
    document.getElementById(id)?.remove();
    document.documentElement.classList.remove(shownClass);
  }
}

/**
 * At start-up: removes the copies that are not shown, so none stays hidden beside the app's screen (the
 * prerendered /login's form beside /register's own fields, say).
 */
export function dropUnshownPrerendered(): void {
  for (const { id, shownClass } of BLOCKS) {
    if (!document.documentElement.classList.contains(shownClass)) document.getElementById(id)?.remove();
  }
}
