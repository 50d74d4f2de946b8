/** The analyst's virtual-football games (SPEC section 7: /games and /top-games). */
import { z } from 'zod/mini';
import { countSchema } from './common';
import { parseDateFilter, ROUNDS_PER_DAY } from '../analyst-date-filter';
import { idSchema } from './primitives';

export const ANALYST_COUNTRIES = ['England', 'France', 'Germany', 'Italy', 'Spain'] as const;
export const analystCountrySchema = z.enum(ANALYST_COUNTRIES);

/** A virtual-football game for the analyst (SPEC section 3: id, homeScore, awayScore; the rest is optional). */
export const analystGameSchema = z.object({
  id: idSchema,
  homeScore: countSchema,
  awayScore: countSchema,
  homeTeam: z.optional(z.string()),
  awayTeam: z.optional(z.string()),
  country: z.optional(z.string()),
  platform: z.optional(z.string()),
  league: z.optional(z.string()),
  date: z.optional(z.string()),
  /** Round of the day (5-minute slots from 00:00 Lagos) and its kick-off instant (ISO 8601). */
  round: z.optional(countSchema),
  kickoff: z.optional(z.string()),
});
export type AnalystGame = z.infer<typeof analystGameSchema>;

export const teamSchema = z.object({ id: idSchema, name: z.string(), shortName: z.string(), logo: z.string() });
export type Team = z.infer<typeof teamSchema>;

/** GET /games query (all optional; strings as a query string carries them). */
export const analystGamesQuerySchema = z.object({
  country: z.optional(analystCountrySchema),
  /** A day ('2026-11-22', time 18:36) or a day and Lagos time ('2026-11-22T18:36'). */
  date: z.optional(
    z
      .string()
      .check(z.refine((value) => parseDateFilter(value) !== null, { error: 'date must be YYYY-MM-DD or YYYY-MM-DDTHH:MM' })),
  ),
  platform: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  team: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  /** Not in SPEC: how many 5-minute rounds back from the time (default 10); 1 gives one time slot. */
  rounds: z.optional(
    z.string().check(
      z.regex(/^\d{1,3}$/, { error: `rounds must be a whole number 1-${ROUNDS_PER_DAY}` }),
      z.refine((value) => Number(value) >= 1 && Number(value) <= ROUNDS_PER_DAY, {
        error: `rounds must be a whole number 1-${ROUNDS_PER_DAY}`,
      }),
    ),
  ),
});
export type AnalystGamesQuery = z.infer<typeof analystGamesQuerySchema>;
