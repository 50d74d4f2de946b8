/** The Punters Hub's betting codes (SPEC sections 3, 7, 9): the list, create-code, buy-or-get-game and my-games. */
import { z } from 'zod/mini';
import { GAME_STATUSES, INVALID_ODDS_MESSAGE, ODDS_PATTERN, PLATFORMS, SETTLED_STATUSES } from '../punters-hub';
import { displayText } from '../display-text';
import { countSchema, timestampMillis } from './common';
import { dateTimeInput, idSchema, isoDateTime, nairaBalance, pinSchema, text } from './primitives';
import { transactionSchema } from './wallet';

export const gamePlatformSchema = z.enum(PLATFORMS, {
  error: 'Platform must be one of sportybet, bet9ja, 1xbet, nairabet',
});
export type GamePlatform = z.infer<typeof gamePlatformSchema>;

/** Game prices in naira (SPEC section 9): 0 (free) for everyone; 100, 200, 500 only with can_monetize_game. */
export const GAME_PRICES = [0, 100, 200, 500] as const;
export const FREE_GAME_PRICES = [0] as const;
export const GAME_PRICE_MESSAGE = 'Price must be 0, 100, 200 or 500';
export const FREE_GAME_PRICE_MESSAGE = 'Price must be 0';
export const gamePriceSchema = z.literal(GAME_PRICES, { error: GAME_PRICE_MESSAGE });

export const gameStatusSchema = z.enum(GAME_STATUSES);
export type GameStatus = z.infer<typeof gameStatusSchema>;

/** Odds on the wire: a non-negative decimal string (punters-hub ODDS_PATTERN) or number; output is the number. */
export const oddSchema = z.pipe(
  z.pipe(
    z.union(
      [
        z.string().check(z.trim(), z.regex(ODDS_PATTERN, { error: INVALID_ODDS_MESSAGE })),
        z.number().check(z.gte(0, { error: INVALID_ODDS_MESSAGE })),
      ],
      {
        error: INVALID_ODDS_MESSAGE,
      },
    ),
    z.transform((value) => Number(value)),
  ),
  z.number().check(z.gte(0), z.lte(1_000_000, { error: INVALID_ODDS_MESSAGE })),
);

/**
 * A betting code (game) of the Punters Hub (SPEC section 3). `game_code` is the secret being sold: the provider
 * leaves it out of lists for users who have not got it (see `bettingCodeListEntrySchema`).
 */
export const bettingCodeSchema = z.object({
  id: idSchema,
  title: z.string(),
  game_code: z.string(),
  odd: z.number().check(z.gte(0)),
  platform: gamePlatformSchema,
  amount: gamePriceSchema,
  startDate: z.string(),
  endDate: z.string(),
  status: gameStatusSchema,
  punter_name: z.string(),
  user_id: idSchema,
  game_count: countSchema,
  win_count: countSchema,
  lost_count: countSchema,
  won_count: countSchema,
  /** A rating; above 50 shows an up arrow. */
  punting_power: z.number(),
  buyers_count: countSchema,
  possible_profit: nairaBalance,
  createdAt: isoDateTime,
  earliest_game_time: z.nullable(z.string()),
});
export type BettingCode = z.infer<typeof bettingCodeSchema>;
/** A betting code in the public list: the code itself only for its owner or a user who got or bought it. */
export const bettingCodeListEntrySchema = z.extend(bettingCodeSchema, { game_code: z.optional(z.string()) });
export type BettingCodeListEntry = z.infer<typeof bettingCodeListEntrySchema>;

/** A document of 'my-games' (SPEC section 3); fields SPEC does not show are kept as they are. */
export const myGameSchema = z.looseObject({
  user_id: idSchema,
  timestamp: timestampMillis,
  title: z.string(),
  punter_name: z.string(),
  status: z.string(),
  amount: nairaBalance,
  platform: z.string(),
  game_code: z.string(),
});
export type MyGame = z.infer<typeof myGameSchema>;

const createCodeBase = z.object({
  odd: oddSchema,
  title: displayText(120, 'Title'),
  game_code: text(64, 'Game code'),
  platform: gamePlatformSchema,
  startDate: dateTimeInput,
  endDate: dateTimeInput,
});
const END_AFTER_START = 'End date must be after start date';
function endAfterStart(value: { startDate: string; endDate: string }): boolean {
  return Date.parse(value.endDate) > Date.parse(value.startDate);
}
/** POST puntershub/create-code for a poster with can_monetize_game: price 0, 100, 200 or 500. */
export const createCodeRequestSchema = z
  .extend(createCodeBase, { amount: gamePriceSchema })
  .check(z.refine(endAfterStart, { error: END_AFTER_START, path: ['endDate'] }));
/** The same for a poster without can_monetize_game: price 0 only. */
export const createFreeCodeRequestSchema = z
  .extend(createCodeBase, { amount: z.literal(FREE_GAME_PRICES, { error: FREE_GAME_PRICE_MESSAGE }) })
  .check(z.refine(endAfterStart, { error: END_AFTER_START, path: ['endDate'] }));
/** The create-code schema that fits the poster's permission. */
export function createCodeRequestSchemaFor(canMonetizeGame: boolean) {
  return canMonetizeGame ? createCodeRequestSchema : createFreeCodeRequestSchema;
}
/** `pin`: step-up for a priced code, required unless the session is less than 15 minutes old. */
export const buyOrGetGameRequestSchema = z.object({ game_id: idSchema, amount: gamePriceSchema, pin: z.optional(pinSchema) });
export const buyOrGetGameResultSchema = z.object({
  /** The game with its code (SPEC: 200 gives game.game_code). */
  game: bettingCodeSchema,
  /** The BUY_GAME entry, null for a free game. */
  transaction: z.nullable(transactionSchema),
});

/** POST puntershub/settle-game (ADR 0010): the punter after the last game, or an admin correcting it. */
export const settleGameRequestSchema = z.object({
  game_id: idSchema,
  status: z.enum(SETTLED_STATUSES, { error: 'Status must be Boom or Cut' }),
});
export const settleGameResultSchema = z.object({
  game_id: idSchema,
  status: z.enum(SETTLED_STATUSES),
  /** Buyers refunded by this call (a Cut); 0 when they were already refunded. */
  refunded: countSchema,
  /** Naira paid to the punter from the escrow by this call (a Boom). */
  released: nairaBalance,
  /**
   * A punter's own Boom of a paid code: when its sales are paid out if no buyer disputes it (ISO time, ADR
   * 0039); null when nothing is held. Absent from older providers.
   */
  held_until: z.optional(z.nullable(isoDateTime)),
});

/** A punter's verified record (core punterRecord), as listed on /punters and /punter/{username}. */
export const punterRecordSchema = z.object({
  username: z.string(),
  games: countSchema,
  won: countSchema,
  lost: countSchema,
  win_rate: z.number().check(z.gte(0), z.lte(100)),
  roi: z.nullable(z.number()),
  paid_games: countSchema,
  streak: z.number().check(z.int()),
  punting_power: z.number().check(z.gte(0), z.lte(100)),
  is_new: z.boolean(),
});
export type PunterRecordView = z.infer<typeof punterRecordSchema>;

/** Disputes: a buyer of a code sends one (a punter call); the operator console answers it (./admin-console). */
export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
/** POST puntershub/dispute: a buyer of a code disputes it, once per code, with a reason. */
export const gameDisputeRequestSchema = z.object({
  game_id: idSchema,
  reason: displayText(500, 'Reason', 'multiline').check(
    z.refine((v) => v.length >= 10, {
      error: 'Reason must be at least 10 characters',
    }),
  ),
});
export const disputeSchema = z.object({
  id: idSchema,
  game_id: idSchema,
  game_title: z.string(),
  punter_name: z.string(),
  user_id: idSchema,
  user_email: z.string(),
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  note: z.nullable(z.string()),
  created_at: isoDateTime,
  resolved_at: z.nullable(isoDateTime),
  resolved_by: z.nullable(idSchema),
});
export type Dispute = z.infer<typeof disputeSchema>;
