/**
 * The analyst's filters live in the URL (?country&date&time&platform&team), so a view survives a
 * reload and can be shared. The URL is outside input: each value is checked with zod and a bad or
 * missing one falls back to its default (England, today in Lagos, 18:36, the first platform, all teams).
 */
import { z } from 'zod/mini';
import {
  ANALYST_PLATFORMS,
  COUNTRIES,
  DEFAULT_FILTER_TIME,
  formatDateFilter,
  formatFilterTime,
  parseDateFilter,
  TEAMS,
  type AnalystPlatform,
  type Country,
} from '@punter/core/analyst';

export interface AnalystFilters {
  country: Country;
  /** Lagos day 'YYYY-MM-DD'. */
  date: string;
  hour: number;
  minute: number;
  platform: AnalystPlatform;
  /** A team's short code, or null for every team. */
  team: string | null;
}

const PLATFORM_IDS = ANALYST_PLATFORMS.map((p) => p.id) as [AnalystPlatform, ...AnalystPlatform[]];
const TEAM_CODES = TEAMS.map((t) => t.shortName) as [string, ...string[]];

const urlSchema = z.object({
  country: z.catch(z.enum(COUNTRIES), 'England'),
  date: z.catch(
    z.nullable(z.string().check(z.refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDateFilter(value) !== null))),
    null,
  ),
  time: z.catch(z.nullable(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/))), null),
  platform: z.catch(z.enum(PLATFORM_IDS), 'platform-1'),
  team: z.catch(z.nullable(z.enum(TEAM_CODES)), null),
});

/** The filters a URL asks for; `today` ('YYYY-MM-DD', Lagos) is the date when it names none. */
export function filtersFromSearch(search: URLSearchParams, today: string): AnalystFilters {
  const raw = urlSchema.parse({
    country: search.get('country') ?? undefined,
    date: search.get('date'),
    time: search.get('time'),
    platform: search.get('platform') ?? undefined,
    team: search.get('team')?.toUpperCase() ?? null,
  });
  const [hour, minute] = raw.time ? raw.time.split(':').map(Number) : [DEFAULT_FILTER_TIME.hour, DEFAULT_FILTER_TIME.minute];
  return {
    country: raw.country,
    date: raw.date ?? today,
    hour: hour ?? DEFAULT_FILTER_TIME.hour,
    minute: minute ?? DEFAULT_FILTER_TIME.minute,
    platform: raw.platform,
    team: raw.team,
  };
}

/** Every filter as URL parameters (all of them, so a shared link means the same day later on). */
export function searchFromFilters(filters: AnalystFilters): URLSearchParams {
  const search = new URLSearchParams({
    country: filters.country,
    date: filters.date,
    time: formatFilterTime(filters.hour, filters.minute),
    platform: filters.platform,
  });
  if (filters.team) search.set('team', filters.team);
  return search;
}

/** GET /games's query for these filters (`rounds` 1 asks for the time slot only). */
export function gamesQuery(filters: AnalystFilters, rounds?: number): Record<string, string> {
  return {
    country: filters.country,
    date: formatDateFilter(filters),
    platform: filters.platform,
    ...(filters.team ? { team: filters.team } : {}),
    ...(rounds === undefined ? {} : { rounds: String(rounds) }),
  };
}
