/** The analyst's virtual-football games (SPEC section 7: /games and /top-games). */
import { z } from 'zod';
import { countSchema } from './common';
import { parseDateFilter, ROUNDS_PER_DAY } from '../analyst';
import { idSchema } from './primitives';

export const ANALYST_COUNTRIES = ['England', 'France', 'Germany', 'Italy', 'Spain'] as const;
export const analystCountrySchema = z.enum(ANALYST_COUNTRIES);

/** A virtual-football game for the analyst (SPEC section 3: id, homeScore, awayScore; the rest is optional). */
export const analystGameSchema = z.object({
  id: idSchema,
  homeScore: countSchema,
  awayScore: countSchema,
  homeTeam: z.string().optional(),
  awayTeam: z.string().optional(),
  country: z.string().optional(),
  platform: z.string().optional(),
  league: z.string().optional(),
  date: z.string().optional(),
  /** Round of the day (5-minute slots from 00:00 Lagos) and its kick-off instant (ISO 8601). */
  round: countSchema.optional(),
  kickoff: z.string().optional(),
});
export type AnalystGame = z.infer<typeof analystGameSchema>;

export const teamSchema = z.object({ id: idSchema, name: z.string(), shortName: z.string(), logo: z.string() });
export type Team = z.infer<typeof teamSchema>;

/** GET /games query (all optional; strings as a query string carries them). */
export const analystGamesQuerySchema = z.object({
  country: analystCountrySchema.optional(),
  /** A day ('2026-11-22', time 18:36) or a day and Lagos time ('2026-11-22T18:36'). */
  date: z
    .string()
    .refine((value) => parseDateFilter(value) !== null, { error: 'date must be YYYY-MM-DD or YYYY-MM-DDTHH:MM' })
    .optional(),
  platform: z.string().trim().min(1).max(40).optional(),
  team: z.string().trim().min(1).max(40).optional(),
  /** Not in SPEC: how many 5-minute rounds back from the time (default 10); 1 gives one time slot. */
  rounds: z
    .string()
    .regex(/^\d{1,3}$/, { error: `rounds must be a whole number 1-${ROUNDS_PER_DAY}` })
    .refine((value) => Number(value) >= 1 && Number(value) <= ROUNDS_PER_DAY, {
      error: `rounds must be a whole number 1-${ROUNDS_PER_DAY}`,
    })
    .optional(),
});
export type AnalystGamesQuery = z.infer<typeof analystGamesQuerySchema>;
