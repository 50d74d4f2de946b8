/**
 * The live `signal` collection (SPEC section 3 'Signal'), read through reactfire. Stored documents are
 * parsed with zod in the converter: a document that does not match (written by hand, an older shape)
 * is left out of the list instead of breaking the screen. Loads the Firestore SDK (lazy route only).
 */
import { collection, limit, orderBy, query, Timestamp, where, type FirestoreDataConverter, type Query } from 'firebase/firestore';
import { z } from 'zod/mini';
import { SIGNAL_TARGET_GROUPS } from '@punter/core/signals';
import { db } from '@/lib/firestore';

/** How many of the newest signals the screen keeps (a day of trading is far fewer). */
export const SIGNAL_FEED_LIMIT = 50;

const storedSignalSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(100)),
  details: z.string().check(z.maxLength(500)),
  group: z.enum(SIGNAL_TARGET_GROUPS),
  status: z.string(),
  // A server timestamp still pending on this client reads as null (formatSignalTime says 'now').
  timestamp: z.nullable(z.instanceof(Timestamp)),
});

export interface Signal {
  id: string;
  title: string;
  details: string;
  group: (typeof SIGNAL_TARGET_GROUPS)[number];
  /** Epoch milliseconds, null while the server time is pending. */
  at: number | null;
  /** True when the snapshot came from the SDK's cache (the connection is down), not from the server. */
  fromCache: boolean;
}

const signalConverter: FirestoreDataConverter<Signal | null> = {
  toFirestore() {
    // Signals are posted through the postSignal callable, never written from here.
    throw new Error('signal is written by the postSignal callable');
  },
  fromFirestore(snapshot, options) {
    const parsed = storedSignalSchema.safeParse(snapshot.data({ ...options, serverTimestamps: 'estimate' }));
    if (!parsed.success) return null;
    const { title, details, group, timestamp } = parsed.data;
    return {
      id: snapshot.id,
      title,
      details,
      group,
      at: timestamp ? timestamp.toMillis() : null,
      fromCache: snapshot.metadata.fromCache,
    };
  },
};

/**
 * The newest signals first. `generation` starts a new listener: reactfire keeps a listener's
 * failure cached under its query, so after a refusal that no longer holds (the user subscribed, a
 * permission came back) or a retry, the query differs by a bound every signal passes
 * (timestamp >= `generation` milliseconds after 1970).
 */
export function signalFeedQuery(generation: number): Query<Signal | null> {
  return query(
    collection(db, 'signal').withConverter(signalConverter),
    where('timestamp', '>=', Timestamp.fromMillis(generation)),
    orderBy('timestamp', 'desc'),
    limit(SIGNAL_FEED_LIMIT),
  );
}
