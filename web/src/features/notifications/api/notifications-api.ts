/** GET /api/v1/admin/notifications (SPEC section 7): polled every 50 seconds, reads data.data. */
import type { Notification } from '@punter/core/api/notifications';
import { callApi } from '@/lib/api';
import { formatLagosDateTime } from '@/lib/format';

export const NOTIFICATION_POLL_MS = 50_000;

export type AppNotification = Notification;

export async function fetchNotifications(): Promise<AppNotification[]> {
  return (await callApi('notifications')).data;
}

/**
 * The provider's money states that its own words would not name (ADR 0039, ADR 0019's held deposits): each
 * type's label in plain words. The type codes stay as the API sends them.
 */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  ESCROW_HELD: 'Sales held for disputes',
  ESCROW_OWED: 'Money you owe for a code corrected to Cut',
  FUNDING_HELD: 'Payment not added to your wallet, being refunded',
};

/** The plain-words title of a notification's type, or null when its message says enough. */
export function notificationTitle(notification: AppNotification): string | null {
  return Object.hasOwn(TYPE_LABELS, notification.type) ? (TYPE_LABELS[notification.type] ?? null) : null;
}

/** An ISO moment inside a message ('held until 2026-11-30T04:00:00.000Z'). */
const ISO_MOMENT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/**
 * The line a notification shows: its meta_data message when there is one (an ISO moment in it read in Lagos
 * time), else its type's label, else its type in words.
 */
export function notificationText(notification: AppNotification): string {
  const message = notification.meta_data.message;
  if (typeof message === 'string' && message.trim())
    return message.replace(ISO_MOMENT, (iso) => {
      const shown = formatLagosDateTime(iso);
      return shown ? `${shown} (Lagos time)` : iso;
    });
  const title = notificationTitle(notification);
  if (title !== null) return title;
  const words = notification.type.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
