/**
 * What index.html paints before the app runs: the prerendered /login (ADR 0031, ADR 0052), inside the app's root,
 * which the app hydrates, and the returning user's dashboard from the last visit (ADR 0032, lib/screen-snapshot.ts),
 * beside the root, which the app replaces. Each is shown by an inline script of index.html, which puts its class on
 * <html>; the app's first commit lifts both (the root's inert, the copy), so nothing flashes in between.
 */
import { SNAPSHOT_ID, SNAPSHOT_SHOWN_CLASS } from './screen-snapshot';

/** The class on <html> that shows the prerendered /login (set by ROUTE_PRELOAD_SCRIPT, security-headers.ts). */
export const PRERENDERED_SHOWN_CLASS = 'prerender-login';
/** The app's root element (index.html). */
export const ROOT_ID = 'root';

/** True when index.html painted the prerendered /login in the root: main.tsx hydrates it instead of rendering anew. */
export function showsPrerenderedLogin(root: Element): boolean {
  return document.documentElement.classList.contains(PRERENDERED_SHOWN_CLASS) && root.hasChildNodes();
}

/** The app's own screen has committed: the root becomes live (it was inert while prerendered), the copy goes. */
export function dropPrerendered(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(ROOT_ID)?.removeAttribute('inert');
  document.documentElement.classList.remove(PRERENDERED_SHOWN_CLASS);
  document.getElementById(SNAPSHOT_ID)?.remove();
  document.documentElement.classList.remove(SNAPSHOT_SHOWN_CLASS);
}

/**
 * At start-up: removes what is painted but not shown (index.html's script does it already; this holds when the
 * page was built another way), so nothing stays hidden beside the app's screen.
 */
export function dropUnshownPrerendered(): void {
  const root = document.getElementById(ROOT_ID);
  if (root && !document.documentElement.classList.contains(PRERENDERED_SHOWN_CLASS)) {
    root.replaceChildren();
    root.removeAttribute('inert');
  }
  if (!document.documentElement.classList.contains(SNAPSHOT_SHOWN_CLASS)) document.getElementById(SNAPSHOT_ID)?.remove();
}
