/**
 * The returning user's dashboard, painted from the last visit (ADR 0032). When /dashboard has shown the
 * balance and the recent transactions, the markup of the screen is kept in localStorage; on the next
 * visit to /dashboard, SNAPSHOT_SCRIPT (security-headers.ts, inline in index.html right after the
 * #snapshot element) puts it in that element before the first paint, so the screen shows as soon as the
 * HTML and the stylesheet are there, while the scripts still load. The copy is inert (no focus, no
 * clicks, hidden from assistive technology); the app's root stays hidden until its first screen commits,
 * which drops the copy in the same commit (RootShell), so nothing flashes in between.
 *
 * Only what the app itself rendered is kept (never markup from elsewhere), without dialogs and toasts,
 * with its ids prefixed so none is on the page twice. Logging out removes it, and so does a login of another
 * account on the same browser (lib/session.ts).
 */
export const SNAPSHOT_KEY = 'dashboard_snapshot';
/** The element of index.html that shows it (before #root). */
export const SNAPSHOT_ID = 'snapshot';
/** The class SNAPSHOT_SCRIPT puts on <html> while the copy shows: it hides #root (styles.css). */
export const SNAPSHOT_SHOWN_CLASS = 'prerender-snapshot';
/** A copy bigger than this is not kept: it would cost more to parse than it saves. */
export const SNAPSHOT_MAX_CHARS = 60_000;

/** Left out of the copy: what is not the screen itself, and what could be open at the moment it is taken. */
const LEFT_OUT = 'dialog, script, template, .Toastify, .update-prompt, .menu-panel, .sidebar-backdrop';
/** The phone's sidebar (app-layout.tsx) opens with this class on the shell: the copy shows it closed. */
const MENU_OPEN_CLASS = 'menu-open';
const ID_REFERENCES = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'list', 'form'] as const;

/** The markup of `root`'s screen for the next visit: dialogs, toasts, prompts and open menus left out, ids prefixed. */
export function snapshotMarkup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  copy.querySelectorAll(LEFT_OUT).forEach((element) => element.remove());
  copy.querySelectorAll(`.${MENU_OPEN_CLASS}`).forEach((element) => element.classList.remove(MENU_OPEN_CLASS));
  copy.querySelectorAll('[aria-expanded="true"]').forEach((element) => element.setAttribute('aria-expanded', 'false'));
  copy.querySelectorAll('[id]').forEach((element) => (element.id = `${SNAPSHOT_ID}-${element.id}`));
  for (const name of ID_REFERENCES) {
    copy.querySelectorAll(`[${name}]`).forEach((element) => {
      const ids = (element.getAttribute(name) ?? '').split(/\s+/).filter(Boolean);
      element.setAttribute(name, ids.map((id) => `${SNAPSHOT_ID}-${id}`).join(' '));
    });
  }
  return copy.innerHTML;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps `root`'s screen for the next visit (nothing if it is too big or storage is full or blocked). */
export function saveSnapshot(root: Element, store: Storage | null = storage()): void {
  const markup = snapshotMarkup(root);
  try {
    if (markup.length > SNAPSHOT_MAX_CHARS) store?.removeItem(SNAPSHOT_KEY);
    else store?.setItem(SNAPSHOT_KEY, markup);
  } catch {
    // Storage full: the next visit paints when the app has run, as without a copy.
  }
}

export function clearSnapshot(store: Storage | null = storage()): void {
  try {
    store?.removeItem(SNAPSHOT_KEY);
  } catch {
    // blocked storage: there is no copy to remove
  }
}
