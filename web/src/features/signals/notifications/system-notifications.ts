/**
 * When a signal becomes a system notification (issue 12): only while the tab is hidden (a visible
 * page has the list, the tone and the New mark), only after the reader opted in on /signal-4 and the
 * browser granted the permission, and once per signal. Pure, so it is tested without a browser.
 */
import { signalAudienceLabel } from '@punter/core/signals';

/** The browser's answer, or 'unsupported' without the Notification API or service workers. */
export type NotificationAccess = 'unsupported' | 'default' | 'granted' | 'denied';

export interface NotifyContext {
  hidden: boolean;
  access: NotificationAccess;
  optedIn: boolean;
}

export function notificationsToShow<T extends { id: string }>(
  arrived: readonly T[],
  context: NotifyContext,
  notified: ReadonlySet<string>,
): T[] {
  if (!context.hidden || context.access !== 'granted' || !context.optedIn) return [];
  const fresh = new Map<string, T>();
  for (const signal of arrived) if (!notified.has(signal.id)) fresh.set(signal.id, signal);
  return [...fresh.values()];
}

export interface SignalNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

export interface NotifiedSignal {
  id: string;
  group: string;
  title: string;
  details: string;
}

/**
 * 'Group B: Start Trading' ('All groups: Stop Trading') with the message as the body, opening `url` (the signal page) on a click.
 * The tag makes a repeat (the listener and an FCM push for the same signal) replace, not stack.
 * Shared by the page and the service worker.
 */
export function signalNotification(signal: NotifiedSignal, url: string): SignalNotification {
  return {
    title: `${signalAudienceLabel(signal)}: ${signal.title}`,
    options: { body: signal.details, tag: `signal-${signal.id}`, data: { url } },
  };
}
