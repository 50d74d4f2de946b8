/**
 * The reminder three days before a subscription ends (issue 15): one notification per subscription
 * period, in the notification list the bell shows. remindExpiringSubscriptions is what a scheduler
 * calls: main.ts runs it on a timer (locally and wherever the provider runs as a service); any number
 * of instances or overlapping runs are safe, because the notification's id is fixed by the user and the
 * period's end and is created in a transaction only when it does not exist yet (ADR 0016). A user on
 * a break or self-excluded gets none while it lasts (ADR 0025).
 */
import { SUBSCRIPTION_REMINDER_DAYS } from '@punter/core/subscription';
import { notifications, users } from '../collections';
import type { ProviderDeps } from '../context';
import { activePause } from '../safer-play';

/** How long before the end of a period the reminder goes out. */
export const REMIND_BEFORE_MS = SUBSCRIPTION_REMINDER_DAYS * 24 * 60 * 60 * 1000;

/** The reminder's notification id: one per user and period (a renewal moves the end, so a new period gets its own). */
export function reminderId(userId: string, expiresAt: number): string {
  return `subscription-expiring-${userId}-${expiresAt}`;
}

function dayText(epochMs: number): string {
  return new Date(epochMs).toLocaleDateString('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  });
}

export interface ReminderRun {
  /** Subscriptions ending within REMIND_BEFORE_MS that were looked at. */
  due: number;
  /** Reminders written by this run (the others were sent before). */
  sent: number;
}

/** Writes the reminder of every subscription that ends within three days and has none for its period yet. */
export async function remindExpiringSubscriptions(deps: ProviderDeps): Promise<ReminderRun> {
  const now = deps.now();
  const ending = await users.query(deps.store, {
    where: [
      ['subscription_expires_at', '>', now],
      ['subscription_expires_at', '<=', now + REMIND_BEFORE_MS],
    ],
  });
  let sent = 0;
  for (const { id: userId, data } of ending) {
    const expires = data.subscription_expires_at;
    if (expires === null) continue;
    const id = reminderId(userId, expires);
    const wrote = await deps.store.runTransaction(async (tx) => {
      const [existing, current] = await Promise.all([notifications.get(tx, id), users.get(tx, userId)]);
      // Renewed since the query (a new period) or already reminded for this one: nothing to do.
      if (existing || current?.subscription_expires_at !== expires) return false;
      // On a break or self-excluded: no nudge to renew (ADR 0025). A later run sends it if the pause
      // ends while the subscription still has its three days to run.
      if (activePause(current, deps.now())) return false;
      notifications.create(tx, id, {
        id,
        user_id: userId,
        type: 'SUBSCRIPTION_EXPIRING',
        meta_data: {
          expires_at: new Date(expires).toISOString(),
          message: `Your subscription ends on ${dayText(expires)}. Renew it from your wallet to keep signals and Auto-Trada.`,
        },
        created_at: deps.now(),
      });
      return true;
    });
    if (wrote) sent += 1;
  }
  if (sent > 0) deps.log('subscription reminders sent', { due: ending.length, sent });
  return { due: ending.length, sent };
}
