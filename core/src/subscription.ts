/** The monthly subscription (SPEC sections 1 and 8): its price, its length and a user's state from the expiry. */

/** ₦2,000 a month, in kobo. */
export const SUBSCRIPTION_PRICE_KOBO = 200_000;
/** A subscription lasts 30 days from the payment, or from the current end when renewed early. */
export const SUBSCRIPTION_DAYS = 30;
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
