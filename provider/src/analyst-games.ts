/**
 * GET /games and GET /top-games: virtual-league results from core's seeded generator
 * (core/src/analyst.ts), so the same query always answers the same games.
 */
import {
  COUNTRIES,
  generateVirtualGames,
  isAnalystPlatform,
  lagosDate,
  parseDateFilter,
  topGames as pickTopGames,
  type AnalystPlatform,
  type Country,
  type VirtualGame,
} from '@punter/core/analyst';
import { badRequest } from './http';

export interface GamesFilter {
  country?: Country | undefined;
  /** A day ('2026-11-22', time 18:36) or a day and Lagos time ('2026-11-22T18:36'). */
  date?: string | undefined;
  platform?: string | undefined;
  team?: string | undefined;
  /** Rounds back from the time, as the query string carries it ('1'..'288'; default 10). */
  rounds?: string | undefined;
}

function platformOf(platform: string | undefined): AnalystPlatform {
  if (platform === undefined) return 'platform-1';
  if (!isAnalystPlatform(platform)) throw badRequest('Unknown platform');
  return platform;
}

/**
 * One country's results (England unless asked): the last rounds up to the filter's time (18:36 when
 * only a day is given), leaving out rounds that have not kicked off yet.
 */
export function analystGames(filter: GamesFilter, now: number): VirtualGame[] {
  const when = parseDateFilter(filter.date ?? lagosDate(now));
  if (!when) throw badRequest('date must be YYYY-MM-DD or YYYY-MM-DDTHH:MM');
  try {
    return generateVirtualGames({
      country: filter.country ?? 'England',
      platform: platformOf(filter.platform),
      date: when.date,
      hour: when.hour,
      minute: when.minute,
      now,
      ...(filter.team ? { team: filter.team } : {}),
      ...(filter.rounds ? { rounds: Number(filter.rounds) } : {}),
    });
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.message);
    throw error;
  }
}

/** The highest-scoring games of the last 10 rounds up to now (today, Lagos time) across the five countries. */
export function topGames(now: number): VirtualGame[] {
  const date = lagosDate(now);
  const games = COUNTRIES.flatMap((country) => generateVirtualGames({ country, date, hour: 23, minute: 59, now }));
  return pickTopGames(games);
}
