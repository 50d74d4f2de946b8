/**
 * Virtual-league results for the analyst (GET /games, GET /top-games). A seeded generator: the same
 * country, day and platform always give the same games, so screens and tests are reproducible.
 * Each day has 8 rounds of 10 games among 20 teams; scores follow a Poisson law capped at 6 goals.
 */
import { createHash } from 'node:crypto';
import { ANALYST_COUNTRIES } from '@punter/core/api-schemas';

export const ANALYST_PLATFORMS = ['platform-1', 'platform-2', 'platform-3'] as const;

export const TEAMS: ReadonlyArray<{ id: string; shortName: string }> = [
  'ARS', 'AVL', 'BOU', 'BRE', 'BHA', 'BUR', 'CHE', 'CRY', 'EVE', 'FUL',
  'LEE', 'LIV', 'MCI', 'MUN', 'NEW', 'NFO', 'SUN', 'TOT', 'WHU', 'WOL',
].map((code) => ({ id: code.toLowerCase(), shortName: code }));

export interface AnalystGame {
  id: string;
  homeScore: number;
  awayScore: number;
  homeTeam: string;
  awayTeam: string;
  country: string;
  platform: string;
  league: string;
  date: string;
}

function rng(seedText: string): () => number {
  let seed = createHash('sha256').update(seedText).digest().readUInt32LE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function poisson(random: () => number, lambda: number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = random();
  while (p > limit && k < 6) {
    k += 1;
    p *= random();
  }
  return k;
}

/** The games of one country's virtual league on one day (YYYY-MM-DD) on one platform. */
export function leagueDay(country: string, date: string, platform: string): AnalystGame[] {
  const random = rng(`${country}|${date}|${platform}`);
  const games: AnalystGame[] = [];
  for (let round = 0; round < 8; round += 1) {
    const order = [...TEAMS].sort(() => random() - 0.5);
    for (let i = 0; i < order.length; i += 2) {
      const home = order[i];
      const away = order[i + 1];
      if (!home || !away) continue;
      games.push({
        id: `${country.slice(0, 3).toLowerCase()}-${date}-${platform}-${round}-${i / 2}`,
        homeScore: poisson(random, 1.55),
        awayScore: poisson(random, 1.15),
        homeTeam: home.shortName,
        awayTeam: away.shortName,
        country,
        platform,
        league: `Leag-${date}`,
        date,
      });
    }
  }
  return games;
}

export function analystGames(
  query: { country?: string | undefined; date?: string | undefined; platform?: string | undefined; team?: string | undefined },
  now: number,
): AnalystGame[] {
  const date = query.date ?? new Date(now).toISOString().slice(0, 10);
  const countries = query.country ? [query.country] : [...ANALYST_COUNTRIES];
  const platforms = query.platform ? [query.platform] : [ANALYST_PLATFORMS[0]];
  let games = countries.flatMap((c) => platforms.flatMap((p) => leagueDay(c, date, p)));
  if (query.team) {
    const team = query.team.toUpperCase();
    games = games.filter((g) => g.homeTeam === team || g.awayTeam === team);
  }
  return games;
}

/** The day's highest-scoring games (most total goals first), 10 of them. */
export function topGames(now: number): AnalystGame[] {
  return analystGames({}, now)
    .map((g, i) => ({ g, i }))
    .sort((a, b) => b.g.homeScore + b.g.awayScore - (a.g.homeScore + a.g.awayScore) || a.i - b.i)
    .slice(0, 10)
    .map(({ g }) => g);
}
