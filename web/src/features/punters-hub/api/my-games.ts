/**
 * The user's own purchases, 'my-games' (SPEC section 7): filtered by user_id, newest first, 5 a page
 * with a Firestore cursor (the last document of the previous page). Documents are parsed with zod;
 * one that does not match is left out.
 */
import {
  collection,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
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

/** Where the next page starts; opaque to the screen. */
export type MyGamesCursor = QueryDocumentSnapshot;

export interface MyGamesPage {
  games: MyGame[];
  /** How many documents came back (malformed ones included), for 'Load more games'. */
  count: number;
  next: MyGamesCursor | null;
}

export type MyGamesLoader = (userId: string, after: MyGamesCursor | null) => Promise<MyGamesPage>;

export const loadMyGamesPage: MyGamesLoader = async (userId, after) => {
  const base = [where('user_id', '==', userId), orderBy('timestamp', 'desc'), limit(MY_GAMES_PAGE_SIZE)] as const;
  const page = query(collection(db, 'my-games'), ...(after ? [...base, startAfter(after)] : base));
  const snapshot = await getDocs(page);
  const games: MyGame[] = [];
  for (const doc of snapshot.docs) {
    const parsed = storedMyGameSchema.safeParse(doc.data());
    if (!parsed.success) continue;
    const d = parsed.data;
    games.push({
      id: doc.id,
      title: d.title,
      punter_name: d.punter_name,
      status: d.status,
      amount: d.amount,
      platform: d.platform,
      game_code: d.game_code,
      odd: d.odd ?? null,
      at: d.timestamp.toMillis(),
      ...(d.game_id ? { game_id: d.game_id } : {}),
    });
  }
  return { games, count: snapshot.docs.length, next: snapshot.docs.at(-1) ?? null };
};
