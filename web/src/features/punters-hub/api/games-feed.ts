/**
 * The live `games` collection (SPEC section 3 'Betting code'), read through reactfire. The converter
 * parses each document with zod: one that does not match is left out instead of breaking the screen.
 * The secret code is never in this collection (the provider keeps it apart); a user sees it after
 * getting or buying the code. Loads the Firestore SDK (lazy route only).
 */
import { collection, limit, orderBy, query, type FirestoreDataConverter, type Query } from 'firebase/firestore';
import { z } from 'zod/mini';
import { gamePriceSchema } from '@punter/core/api/punters-hub';
import { GAME_STATUSES, PLATFORMS } from '@punter/core/punters-hub';
import { db } from '@/lib/firestore';

/** One listener serves every tab (a tab switch filters in memory, no new query). */
export const GAMES_FEED_LIMIT = 500;

export const hubGameSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string().check(z.maxLength(200)),
  odd: z.number().check(z.nonnegative()),
  platform: z.enum(PLATFORMS),
  /** Price in naira: 0 (free), 100, 200 or 500. */
  amount: gamePriceSchema,
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(GAME_STATUSES),
  punter_name: z.string(),
  user_id: z.string(),
  punting_power: z.number(),
  /** The punter's verified record when the code was posted or last settled (ADR 0010). */
  game_count: z.optional(z.number().check(z.int(), z.nonnegative())),
  won_count: z.optional(z.number().check(z.int(), z.nonnegative())),
  buyers_count: z.number().check(z.int(), z.nonnegative()),
  possible_profit: z.number(),
  createdAt: z.string(),
});
export type HubGame = z.infer<typeof hubGameSchema>;

const gameConverter: FirestoreDataConverter<HubGame | null> = {
  toFirestore() {
    // Codes are posted and changed by the provider, never written from the browser.
    throw new Error('games are written by the provider');
  },
  fromFirestore(snapshot, options) {
    const parsed = hubGameSchema.safeParse({ ...snapshot.data(options), id: snapshot.id });
    return parsed.success ? parsed.data : null;
  },
};

/**
 * The newest codes first. `generation` starts a new listener after a retry: reactfire keeps a
 * listener's failure cached under its query, so the retried query differs by a harmless larger limit.
 */
export function gamesFeedQuery(generation: number): Query<HubGame | null> {
  return query(
    collection(db, 'games').withConverter(gameConverter),
    orderBy('createdAt', 'desc'),
    limit(GAMES_FEED_LIMIT + generation),
  );
}
