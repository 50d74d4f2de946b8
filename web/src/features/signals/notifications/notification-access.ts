/**
 * System notifications for signals (issue 12, ADR 0014): the reader's opt-in (kept in the browser),
 * the browser's permission, and showing them through the service worker's registration, so they
 * also work where `new Notification()` does not (Android Chrome) and a click is handled by the worker.
 * Locally (and until FCM is configured) the live listener drives them: the page, while hidden, shows
 * what arrived.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { paths } from '@/config/paths';
import {
  notificationsToShow,
  signalNotification,
  type NotificationAccess,
  type NotifiedSignal,
} from '@/features/signals/notifications/system-notifications';
import { serviceWorkerRegistration } from '@/lib/service-worker';

const OPT_IN_KEY = 'signal_notifications';

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator;
}

export function notificationAccess(): NotificationAccess {
  return supported() ? Notification.permission : 'unsupported';
}

function optedIn(): boolean {
  try {
    return window.localStorage.getItem(OPT_IN_KEY) === 'on';
  } catch {
    return false;
  }
}

const listeners = new Set<() => void>();
let snapshot = { access: notificationAccess(), optedIn: optedIn() };
function refresh(): void {
  const next = { access: notificationAccess(), optedIn: optedIn() };
  if (next.access === snapshot.access && next.optedIn === snapshot.optedIn) return;
  snapshot = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // The permission can change in the browser's site settings while the page is open.
  window.addEventListener('focus', refresh);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', refresh);
  };
}

function storeOptIn(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(OPT_IN_KEY, 'on');
    else window.localStorage.removeItem(OPT_IN_KEY);
  } catch {
    // Storage blocked: nothing to keep the choice in, so it stays off.
  }
  refresh();
}

export interface NotificationSettings {
  access: NotificationAccess;
  optedIn: boolean;
  /** Asks the browser (it shows its prompt only on a user's click) and turns them on if granted. */
  turnOn: () => Promise<void>;
  turnOff: () => void;
}

export function useNotificationSettings(): NotificationSettings {
  const current = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  const turnOn = useCallback(async () => {
    if (!supported()) return;
    const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    storeOptIn(answer === 'granted');
  }, []);
  const turnOff = useCallback(() => storeOptIn(false), []);
  return { ...current, turnOn, turnOff };
}

/** Ids already shown as a system notification by this page: once per signal. */
const notified = new Set<string>();

export async function showSignalNotifications(arrived: readonly NotifiedSignal[]): Promise<void> {
  const due = notificationsToShow(
    arrived,
    { hidden: document.hidden, access: notificationAccess(), optedIn: optedIn() },
    notified,
  );
  if (due.length === 0) return;
  for (const signal of due) notified.add(signal.id);
  const registration = await serviceWorkerRegistration();
  if (!registration) return;
  for (const signal of due) {
    const { title, options } = signalNotification(signal, paths.signal.getHref());
    try {
      await registration.showNotification(title, options);
    } catch {
      // Permission withdrawn a moment ago: the title count and the list still say it.
    }
  }
}
