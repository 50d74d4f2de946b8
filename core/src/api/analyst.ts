/** The analyst's virtual-football games (SPEC section 7: /games and /top-games). */
import { z } from 'zod';
import { countSchema } from './common';
import { dateTimeInput, idSchema } from './primitives';

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
});
export type AnalystGame = z.infer<typeof analystGameSchema>;

export const teamSchema = z.object({ id: idSchema, name: z.string(), shortName: z.string(), logo: z.string() });
export type Team = z.infer<typeof teamSchema>;

/** GET /games query (all optional; strings as a query string carries them). */
export const analystGamesQuerySchema = z.object({
  country: analystCountrySchema.optional(),
  /** A day ('2026-11-22') or a day and time ('2026-11-22T18:36'). */
  date: z.union([z.iso.date(), dateTimeInput]).optional(),
  platform: z.string().trim().min(1).max(40).optional(),
  team: z.string().trim().min(1).max(40).optional(),
});
