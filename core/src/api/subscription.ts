/** The monthly subscription (₦2,000 from the wallet; SPEC shows no path for it). */
import { z } from 'zod/mini';
import { isoDateTime, pinSchema } from './primitives';
import { transactionSchema } from './wallet';

/**
 * The subscription's body. `pin`: the step-up PIN, required unless the session is less than 15 minutes old.
 * `renew_from`: an explicit renewal names the end of the period that runs now (its ISO date-time); only such a
 * renewal charges while a period runs, and extends it from that end. Without it, a subscribe while a period runs
 * charges nothing and answers the current end (a second tab, a stale screen: never a second payment by mistake).
 */
export const subscribeRequestSchema = z.object({ pin: z.optional(pinSchema), renew_from: z.optional(isoDateTime) });
/**
 * What subscribe answers: the SUBSCRIPTION entry and the new expiry; `entry` is null when nothing was charged
 * because a period already runs until `subscription_expires_at`.
 */
export const subscriptionResultSchema = z.object({
  entry: z.nullable(transactionSchema),
  subscription_expires_at: isoDateTime,
});
