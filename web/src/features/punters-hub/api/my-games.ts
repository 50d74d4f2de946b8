/**
 * The user's own purchases, 'my-games' (SPEC section 7): filtered by user_id, newest first, 5 a page,
 * read live through reactfire. Documents are parsed with zod in the converter; one that does not match
 * is left out.
 */
import { collection, limit, orderBy, query, Timestamp, where, type FirestoreDataConverter, type Query } from 'firebase/firestore';
import { z } from 'zod/mini';
import { MY_GAMES_PAGE_SIZE } from '@punter/core/punters-hub';
import { db } from '@/lib/firestore';

const storedMyGameSchema = z.object({
  user_id: z.string(),
  game_id: z.optional(z.string()),
  timestamp: z.instanceof(Timestamp),
  title: z.string(),
  punter_name: z.string(),
  status: z.string(),
  amount: z.number().check(z.nonnegative()),
  platform: z.string(),
  game_code: z.string(),
  odd: z.optional(z.number()),
  startDate: z.optional(z.string()),
  endDate: z.optional(z.string()),
});

export interface MyGame {
  id: string;
  title: string;
  punter_name: string;
  status: string;
  /** Naira. */
  amount: number;
  platform: string;
  game_code: string;
  odd: number | null;
  /** Epoch milliseconds of the purchase. */
  at: number;
  /** The code's game, for a dispute (older copies may lack it). */
  game_id?: string;
}

const myGameConverter: FirestoreDataConverter<MyGame | null> = {
  toFirestore() {
    // A purchase is written by the provider, in the same transaction as its payment.
    throw new Error('my-games is written by the provider');
  },
  fromFirestore(snapshot, options) {
    const parsed = storedMyGameSchema.safeParse(snapshot.data(options));
    if (!parsed.success) return null;
    const d = parsed.data;
    return {
      id: snapshot.id,
      title: d.title,
      punter_name: d.punter_name,
      status: d.status,
      amount: d.amount,
      platform: d.platform,
      game_code: d.game_code,
      odd: d.odd ?? null,
      at: d.timestamp.toMillis(),
      ...(d.game_id ? { game_id: d.game_id } : {}),
    };
  },
};

/**
 * The user's newest `pages` pages of purchases, live: a code settled Boom or Cut (the provider rewrites the
 * copy's status) changes on the open list within seconds (ADR 0045). 'Load more games' asks for one page
 * more. `generation` starts a new listener after a retry: reactfire keeps a listener's failure cached under
 * its query, so the retried query differs by a harmless larger limit.
 */
export function myGamesQuery(userId: string, pages: number, generation: number): Query<MyGame | null> {
  return query(
    collection(db, 'my-games').withConverter(myGameConverter),
    where('user_id', '==', userId),
    orderBy('timestamp', 'desc'),
    limit(pages * MY_GAMES_PAGE_SIZE + generation),
  );
}
