/** The monthly subscription (₦2,000 from the wallet; SPEC shows no path for it). */
import { z } from 'zod/mini';
import { isoDateTime, pinSchema } from './primitives';
import { transactionSchema } from './wallet';

/** The subscription's body: only the step-up PIN, required unless the session is less than 15 minutes old. */
export const subscribeRequestSchema = z.object({ pin: z.optional(pinSchema) });
/** What subscribe answers: the SUBSCRIPTION entry and the new expiry. */
export const subscriptionResultSchema = z.object({ entry: transactionSchema, subscription_expires_at: isoDateTime });
