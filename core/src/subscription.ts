/** The monthly subscription (SPEC sections 1 and 8; price and length are provider settings): a user's state from its end. */

/** The reminder goes out this many days before the end. */
export const SUBSCRIPTION_REMINDER_DAYS = 3;

export type SubscriptionStatus =
  { kind: 'active'; until: number; endsSoon: boolean } | { kind: 'expired'; endedAt: number } | { kind: 'none' };

/**
 * A user's subscription at `now` from its end (epoch ms, null when there never was one): active up to and
 * not including the end (as the rules and the provider count it), ending soon within the reminder days.
 */
export function subscriptionStatus(expiresAt: number | null, now: number): SubscriptionStatus {
  if (expiresAt === null) return { kind: 'none' };
  if (expiresAt <= now) return { kind: 'expired', endedAt: expiresAt };
  return { kind: 'active', until: expiresAt, endsSoon: expiresAt - now <= SUBSCRIPTION_REMINDER_DAYS * 24 * 60 * 60 * 1000 };
}
