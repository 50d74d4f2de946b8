/**
 * GET /games and GET /top-games: virtual-league results from core's seeded generator
 * (core/src/analyst.ts), so the same query always answers the same games.
 */
import {
  COUNTRIES,
  generateVirtualGames,
  isAnalystPlatform,
  lagosDate,
  topGames as pickTopGames,
  type AnalystPlatform,
  type Country,
  type VirtualGame,
} from '@punter/core/analyst';
import { badRequest } from './http';

export interface GamesFilter {
  country?: Country | undefined;
  date?: string | undefined;
  platform?: string | undefined;
  team?: string | undefined;
}

function platformOf(platform: string | undefined): AnalystPlatform {
  if (platform === undefined) return 'platform-1';
  if (!isAnalystPlatform(platform)) throw badRequest('Unknown platform');
  return platform;
}

/** One country's results (England unless asked), the last rounds of the day up to now. */
export function analystGames(filter: GamesFilter, now: number): VirtualGame[] {
  try {
    return generateVirtualGames({
      country: filter.country ?? 'England',
      platform: platformOf(filter.platform),
      date: filter.date ?? lagosDate(now),
      now,
      ...(filter.team ? { team: filter.team } : {}),
    });
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.message);
    throw error;
  }
}

/** Today's highest-scoring games across the five countries. */
export function topGames(now: number): VirtualGame[] {
  const date = lagosDate(now);
  const games = COUNTRIES.flatMap((country) => generateVirtualGames({ country, date, now }));
  return pickTopGames(games);
}
