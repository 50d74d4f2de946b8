/** GET /api/v1/admin/notifications (SPEC section 7): polled every 50 seconds, reads data.data. */
import type { Notification } from '@punter/core/api/notifications';
import { callApi } from '@/lib/api';

export const NOTIFICATION_POLL_MS = 50_000;

export type AppNotification = Notification;

export async function fetchNotifications(): Promise<AppNotification[]> {
  return (await callApi('notifications')).data;
}

/** The line a notification shows: its meta_data message when there is one, else its type in words. */
export function notificationText(notification: AppNotification): string {
  const message = notification.meta_data.message;
  if (typeof message === 'string' && message.trim()) return message;
  const words = notification.type.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
