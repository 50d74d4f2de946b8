/**
 * Virtual-football analyst (SPEC sections 2 'Analyst dashboard', 3 'Game (analyst)' and 'Team', 9):
 * the statistics of the main card, the filter panels' data, and a seeded deterministic generator of
 * virtual-league results that the provider serves on GET /games and GET /top-games.
 *
 * Pure data and functions: no Firebase, no DOM, no clock (callers pass the time).
 * Dates are calendar days in Lagos time (UTC+1 all year, no daylight saving).
 */
import {
  DEFAULT_FILTER_TIME,
  LAGOS_OFFSET_MS,
  lagosMidnight,
  parseDateFilter,
  ROUND_INTERVAL_MINUTES,
  ROUNDS_PER_DAY,
  type DateFilter,
} from './analyst-date-filter';

export { DEFAULT_FILTER_TIME, parseDateFilter, ROUND_INTERVAL_MINUTES, ROUNDS_PER_DAY, type DateFilter };

export interface AnalystGame {
  readonly id: string | number;
  readonly homeScore: number;
  readonly awayScore: number;
}

export const FETCH_GAMES_FAILURE = 'Failed to fetch games';
export const FETCH_TOP_GAMES_FAILURE = 'Failed to fetch top games';

function assertScore(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of goals >= 0`);
}

function checkGames(games: readonly AnalystGame[]): void {
  for (const g of games) {
    assertScore(g.homeScore, `homeScore of game ${String(g.id)}`);
    assertScore(g.awayScore, `awayScore of game ${String(g.id)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Rounding without float drift: integer numerator and denominator, one half-up rounding.
// ---------------------------------------------------------------------------------------------

/** numerator / denominator scaled by 10^decimals and rounded half up, as an integer. */
function scaledRatio(numerator: number, denominator: number, decimals: number): number {
  if (denominator === 0) return 0;
  const scaled = numerator * 10 ** decimals;
  return Math.floor((2 * scaled + denominator) / (2 * denominator));
}

/** An integer scaled by 10^decimals as fixed-point text: (1250, 2) -> '12.50'. */
function fixed(scaled: number, decimals: number): string {
  const factor = 10 ** decimals;
  const whole = Math.floor(scaled / factor);
  const fraction = String(scaled % factor).padStart(decimals, '0');
  return `${whole}.${fraction}`;
}

/** A rounded figure: its number value and the text to display (always `decimals` places). */
export interface Figure {
  readonly value: number;
  readonly text: string;
}

function figure(numerator: number, denominator: number, decimals: number): Figure {
  const scaled = scaledRatio(numerator, denominator, decimals);
  return { value: scaled / 10 ** decimals, text: fixed(scaled, decimals) };
}

// ---------------------------------------------------------------------------------------------
// Correct scores.
// ---------------------------------------------------------------------------------------------

export const MAX_CORRECT_SCORE_GOALS = 6;

export interface CorrectScore {
  readonly home: number;
  readonly away: number;
  /** '2-1' (home first). */
  readonly label: string;
}

/**
 * The 28 correct-score combinations with home + away <= 6, ordered by total goals, then by home
 * goals descending: 0-0, 1-0, 0-1, 2-0, 1-1, 0-2, ... 0-6.
 */
export const CORRECT_SCORES: readonly CorrectScore[] = Array.from({ length: MAX_CORRECT_SCORE_GOALS + 1 }, (_, total) =>
  Array.from({ length: total + 1 }, (_unused, i) => {
    const home = total - i;
    const away = i;
    return { home, away, label: `${home}-${away}` };
  }),
).flat();

/** How many games ended with each of the 28 scores (games with more than 6 goals count in none). */
export function correctScoreCounts(games: readonly AnalystGame[]): (CorrectScore & { count: number })[] {
  checkGames(games);
  const counts = new Map<string, number>();
  for (const g of games) {
    const key = `${g.homeScore}-${g.awayScore}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return CORRECT_SCORES.map((s) => ({ ...s, count: counts.get(s.label) ?? 0 }));
}

// ---------------------------------------------------------------------------------------------
// Summary statistics.
// ---------------------------------------------------------------------------------------------

export interface AnalystSummary {
  readonly games: number;
  readonly totalGoals: number;
  readonly homeGoals: number;
  readonly awayGoals: number;
  /** Games with 5 or more goals. */
  readonly over45: number;
  /** Games with 3 or more goals. */
  readonly over25: number;
  /** Games with no goal at all (0-0). */
  readonly under05: number;
  /** Both teams scored ('GG'). */
  readonly bothTeamsScored: number;
  /**
   * 'No goal' in the Nigerian GG/NG sense: NOT both teams scored (at least one side kept a clean
   * sheet), so bothTeamsScored + noGoal = games. (A 0-0 is counted by under05.)
   */
  readonly noGoal: number;
  /** Averages per game to 2 decimals. */
  readonly averageGoals: Figure;
  readonly averageHomeGoals: Figure;
  readonly averageAwayGoals: Figure;
  /** Share of games in percent, to 1 decimal. All zero for an empty list. */
  readonly percent: {
    readonly over45: Figure;
    readonly over25: Figure;
    readonly under05: Figure;
    readonly bothTeamsScored: Figure;
    readonly noGoal: Figure;
  };
}

/** The summary statistics of the main card. Throws RangeError on a negative or fractional score. */
export function summarizeGames(games: readonly AnalystGame[]): AnalystSummary {
  checkGames(games);
  let homeGoals = 0;
  let awayGoals = 0;
  let over45 = 0;
  let over25 = 0;
  let under05 = 0;
  let bothTeamsScored = 0;
  for (const g of games) {
    const total = g.homeScore + g.awayScore;
    homeGoals += g.homeScore;
    awayGoals += g.awayScore;
    if (total > 4) over45 += 1;
    if (total > 2) over25 += 1;
    if (total === 0) under05 += 1;
    if (g.homeScore > 0 && g.awayScore > 0) bothTeamsScored += 1;
  }
  const n = games.length;
  const noGoal = n - bothTeamsScored;
  const pct = (count: number): Figure => figure(count * 100, n, 1);
  return {
    games: n,
    totalGoals: homeGoals + awayGoals,
    homeGoals,
    awayGoals,
    over45,
    over25,
    under05,
    bothTeamsScored,
    noGoal,
    averageGoals: figure(homeGoals + awayGoals, n, 2),
    averageHomeGoals: figure(homeGoals, n, 2),
    averageAwayGoals: figure(awayGoals, n, 2),
    percent: {
      over45: pct(over45),
      over25: pct(over25),
      under05: pct(under05),
      bothTeamsScored: pct(bothTeamsScored),
      noGoal: pct(noGoal),
    },
  };
}

/** One bar group of the goals-per-game chart (nivo: keys ['home', 'away'], indexBy 'game'). */
export interface GoalsPerGamePoint {
  readonly game: string;
  readonly home: number;
  readonly away: number;
}

/** Home goals against away goals per game, in the order given. */
export function goalsPerGameSeries(games: readonly AnalystGame[]): GoalsPerGamePoint[] {
  checkGames(games);
  return games.map((g) => ({ game: String(g.id), home: g.homeScore, away: g.awayScore }));
}

// ---------------------------------------------------------------------------------------------
// Filter panels.
// ---------------------------------------------------------------------------------------------

export const COUNTRIES = ['England', 'France', 'Germany', 'Italy', 'Spain'] as const;
export type Country = (typeof COUNTRIES)[number];

export function isCountry(value: string): value is Country {
  return (COUNTRIES as readonly string[]).includes(value);
}

/** Three placeholder platforms (SPEC does not name them). */
export const ANALYST_PLATFORMS = [
  { id: 'platform-1', label: 'Platform 1' },
  { id: 'platform-2', label: 'Platform 2' },
  { id: 'platform-3', label: 'Platform 3' },
] as const;
export type AnalystPlatform = (typeof ANALYST_PLATFORMS)[number]['id'];

export function isAnalystPlatform(value: string): value is AnalystPlatform {
  return ANALYST_PLATFORMS.some((p) => p.id === value);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** The Lagos calendar date of an instant, 'YYYY-MM-DD'. */
export function lagosDate(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('invalid date');
  const d = new Date(ms + LAGOS_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

export const LEAGUE_DAYS = 10;

export interface League {
  /** 'Leag-2026-11-22' */
  readonly name: string;
  /** '2026-11-22' */
  readonly date: string;
}

/**
 * The league selector: the last 10 days including today (Lagos time), newest first, each named
 * 'Leag-{date}' with the date as ISO 'YYYY-MM-DD' (sortable and unambiguous).
 */
export function leagueList(now: Date | number, days: number = LEAGUE_DAYS): League[] {
  const today = lagosMidnight(lagosDate(now)) as number;
  return Array.from({ length: Math.max(0, Math.floor(days)) }, (_, i) => {
    const date = lagosDate(today + i * -DAY_MS + HOUR_MS * 12);
    return { name: `Leag-${date}`, date };
  });
}

export const DATE_FILTER_LABEL = 'DATE FILTER';

function wrap(value: number, size: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError('stepper values must be whole numbers');
  return ((value % size) + size) % size;
}

/** Hour stepper 0-23; it wraps like a clock (23 + 1 -> 0, 0 - 1 -> 23). */
export function stepHour(hour: number, delta: number): number {
  return wrap(hour + delta, 24);
}

/** Minute stepper 0-59; it wraps (59 + 1 -> 0, 0 - 1 -> 59) without carrying into the hour. */
export function stepMinute(minute: number, delta: number): number {
  return wrap(minute + delta, 60);
}

/** 'HH:MM'. */
export function formatFilterTime(hour: number, minute: number): string {
  return `${pad2(wrap(hour, 24))}:${pad2(wrap(minute, 60))}`;
}

// ---------------------------------------------------------------------------------------------
// Teams and the virtual-league generator.
// ---------------------------------------------------------------------------------------------

export interface Team {
  readonly id: string;
  readonly name: string;
  /** Three-letter code shown in the selector and on game cards. */
  readonly shortName: string;
  /** A self-contained SVG badge (data URI) with the code on the team colour. */
  readonly logo: string;
  /** Relative strength used by the generator (1 = average). */
  readonly rating: number;
}

/** Invented English-style clubs (not real clubs), with colour and strength. */
const TEAM_SEED: readonly (readonly [name: string, code: string, colour: string, rating: number])[] = [
  ['Ashbury Rovers', 'ASH', '#c8102e', 1.3],
  ['Blackmoor United', 'BLM', '#1d1d1b', 1.25],
  ['Castleford City', 'CAS', '#6cabdd', 1.22],
  ['Dunmore Athletic', 'DUN', '#034694', 1.18],
  ['Eastbridge Town', 'EAS', '#fdb913', 1.12],
  ['Fenwick Wanderers', 'FEN', '#7a263a', 1.08],
  ['Glenfield Albion', 'GLE', '#0057b8', 1.05],
  ['Harwich Forest', 'HAR', '#dd0000', 1.02],
  ['Ironbridge FC', 'IRO', '#5a5a5a', 1.0],
  ['Kingsport County', 'KIN', '#132257', 0.98],
  ['Lynton Harriers', 'LYN', '#00a650', 0.96],
  ['Marston Villa', 'MAR', '#670e36', 0.94],
  ['Northgate Rangers', 'NOR', '#1b458f', 0.92],
  ['Oakridge United', 'OAK', '#f58220', 0.9],
  ['Portham Palace', 'POR', '#a7a5a6', 0.88],
  ['Queensbury Park', 'QPK', '#005daa', 0.86],
  ['Redcliffe Town', 'RED', '#ee2737', 0.84],
  ['Stanmore Hotspur', 'STA', '#0e1e5b', 0.82],
  ['Thornbury Wednesday', 'THO', '#4c2c92', 0.8],
  ['Westbury Athletic', 'WES', '#006838', 0.78],
];

function badge(code: string, colour: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="19" fill="${colour}"/>` +
    `<text x="20" y="25" font-family="sans-serif" font-size="12" font-weight="700" fill="#fff" text-anchor="middle">${code}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The 20 teams of the team selector. */
export const TEAMS: readonly Team[] = TEAM_SEED.map(([name, code, colour, rating]) => ({
  id: code.toLowerCase(),
  name,
  shortName: code,
  logo: badge(code, colour),
  rating,
}));

/**
 * Goals per game of each country's top flight, home and away, that the generator aims at: rounded
 * long-run averages of the real leagues (Premier League, Ligue 1, Bundesliga, Serie A, LaLiga over
 * roughly the ten seasons to 2024-25). Germany scores most, Spain least; the home side always more.
 */
export const LEAGUE_GOAL_RATES: Readonly<Record<Country, { readonly home: number; readonly away: number }>> = {
  England: { home: 1.55, away: 1.25 },
  France: { home: 1.5, away: 1.15 },
  Germany: { home: 1.7, away: 1.35 },
  Italy: { home: 1.5, away: 1.2 },
  Spain: { home: 1.45, away: 1.1 },
};
/** England's rates, kept under their old names. */
export const BASE_HOME_GOALS = LEAGUE_GOAL_RATES.England.home;
export const BASE_AWAY_GOALS = LEAGUE_GOAL_RATES.England.away;
const MAX_GOALS = 9;

export interface VirtualGame extends AnalystGame {
  readonly id: string;
  readonly country: Country;
  readonly platform: AnalystPlatform;
  /** 'Leag-YYYY-MM-DD' */
  readonly league: string;
  /** Round of the day, 0 .. ROUNDS_PER_DAY - 1. */
  readonly round: number;
  /** ISO 8601 instant (UTC). */
  readonly kickoff: string;
  readonly homeTeam: Team['shortName'];
  readonly awayTeam: Team['shortName'];
}

/** FNV-1a 32-bit. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, well-distributed seeded generator in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Knuth's Poisson sampler, capped at MAX_GOALS. */
function poisson(lambda: number, random: () => number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = random();
  while (p > limit && k < MAX_GOALS) {
    k += 1;
    p *= random();
  }
  return k;
}

const TEAM_COUNT = 20;
const FIXTURE_ROUNDS = 2 * (TEAM_COUNT - 1);

/** Pairs of team indexes [home, away] of one round of a double round robin (circle method). */
function fixtures(fixtureRound: number): [number, number][] {
  const half = fixtureRound % (TEAM_COUNT - 1);
  const order = [0, ...Array.from({ length: TEAM_COUNT - 1 }, (_, j) => 1 + ((j + half) % (TEAM_COUNT - 1)))];
  const secondLeg = fixtureRound >= TEAM_COUNT - 1;
  return Array.from({ length: TEAM_COUNT / 2 }, (_, i) => {
    const a = order[i] as number;
    const b = order[TEAM_COUNT - 1 - i] as number;
    const flip = (i === 0 && half % 2 === 1) !== secondLeg;
    return flip ? [b, a] : [a, b];
  });
}

export const DEFAULT_SEED = 'punter-virtual-league';

export interface RoundQuery {
  readonly country: Country;
  readonly platform: AnalystPlatform;
  /** Lagos calendar day, 'YYYY-MM-DD'. */
  readonly date: string;
  /** 0 .. ROUNDS_PER_DAY - 1 */
  readonly round: number;
  readonly seed?: string;
}

/**
 * The 10 results of one round, deterministic in (seed, country, platform, date, round): the same
 * query always gives the same games. Each side's goals are Poisson (the classic model of football
 * scores, Maher 1982) with expectation the country's home rate x (home rating / away rating) for the
 * home side and its away rate x (away / home) for the away side, capped at 9.
 */
export function generateRound(query: RoundQuery): VirtualGame[] {
  const midnight = lagosMidnight(query.date);
  if (midnight === null) throw new RangeError(`date must be a real day as YYYY-MM-DD: ${query.date}`);
  if (!Number.isSafeInteger(query.round) || query.round < 0 || query.round >= ROUNDS_PER_DAY) {
    throw new RangeError(`round must be 0..${ROUNDS_PER_DAY - 1}`);
  }
  const seed = query.seed ?? DEFAULT_SEED;
  const dayIndex = Math.round(midnight / DAY_MS);
  const fixtureRound =
    (dayIndex * ROUNDS_PER_DAY + query.round + hash32(`${seed}|${query.country}|${query.platform}`)) % FIXTURE_ROUNDS;
  const random = mulberry32(hash32(`${seed}|${query.country}|${query.platform}|${query.date}|${query.round}`));
  const kickoff = new Date(midnight + query.round * ROUND_INTERVAL_MINUTES * 60_000).toISOString();
  const league = `Leag-${query.date}`;
  return fixtures(fixtureRound).map(([h, a], i) => {
    const home = TEAMS[h] as Team;
    const away = TEAMS[a] as Team;
    const rates = LEAGUE_GOAL_RATES[query.country];
    const homeScore = poisson(rates.home * (home.rating / away.rating), random);
    const awayScore = poisson(rates.away * (away.rating / home.rating), random);
    return {
      id: `${query.country.toLowerCase()}-${query.platform}-${query.date}-r${query.round}-${i + 1}`,
      country: query.country,
      platform: query.platform,
      league,
      round: query.round,
      kickoff,
      homeTeam: home.shortName,
      awayTeam: away.shortName,
      homeScore,
      awayScore,
    };
  });
}

export interface GamesQuery {
  readonly country: Country;
  readonly platform?: AnalystPlatform;
  /** Lagos calendar day, 'YYYY-MM-DD'. */
  readonly date: string;
  /** The date filter's time; the last round kicking off at or before it is the newest shown. Default 18:36. */
  readonly hour?: number;
  readonly minute?: number;
  /** Team short code ('ASH'): only games this team played. */
  readonly team?: string;
  /** How many rounds back from the filter time (default 10; at most the rounds of the day so far). */
  readonly rounds?: number;
  /** Current instant: rounds kicking off after it have no result yet and are left out. */
  readonly now?: Date | number;
  readonly seed?: string;
}

export const DEFAULT_ROUNDS = 10;

/**
 * What GET /games serves: the results of the last `rounds` rounds of the day up to the filter
 * time (newest round first, fixture order within a round), optionally only one team's games.
 * Unknown team codes give an empty list; invalid dates, times and round counts throw RangeError.
 */
export function generateVirtualGames(query: GamesQuery): VirtualGame[] {
  const midnight = lagosMidnight(query.date);
  if (midnight === null) throw new RangeError(`date must be a real day as YYYY-MM-DD: ${query.date}`);
  const hour = query.hour ?? DEFAULT_FILTER_TIME.hour;
  const minute = query.minute ?? DEFAULT_FILTER_TIME.minute;
  if (!Number.isSafeInteger(hour) || hour < 0 || hour > 23) throw new RangeError('hour must be 0-23');
  if (!Number.isSafeInteger(minute) || minute < 0 || minute > 59) throw new RangeError('minute must be 0-59');
  const rounds = query.rounds ?? DEFAULT_ROUNDS;
  if (!Number.isSafeInteger(rounds) || rounds < 1 || rounds > ROUNDS_PER_DAY) {
    throw new RangeError(`rounds must be 1..${ROUNDS_PER_DAY}`);
  }
  let cutoff = midnight + (hour * 60 + minute) * 60_000;
  if (query.now !== undefined) {
    const nowMs = typeof query.now === 'number' ? query.now : query.now.getTime();
    cutoff = Math.min(cutoff, nowMs);
  }
  const lastRound = Math.floor((cutoff - midnight) / (ROUND_INTERVAL_MINUTES * 60_000));
  if (lastRound < 0) return [];
  const team = query.team?.trim().toUpperCase();
  const games: VirtualGame[] = [];
  for (let round = lastRound; round > lastRound - rounds && round >= 0; round -= 1) {
    for (const game of generateRound({
      country: query.country,
      platform: query.platform ?? 'platform-1',
      date: query.date,
      round,
      ...(query.seed !== undefined ? { seed: query.seed } : {}),
    })) {
      if (!team || game.homeTeam === team || game.awayTeam === team) games.push(game);
    }
  }
  return games;
}

export const DEFAULT_TOP_GAMES = 10;

/**
 * What GET /top-games serves from a list: the highest-scoring games, most goals first, then the
 * most recent kick-off, then id, at most `limit`.
 */
export function topGames(games: readonly VirtualGame[], limit: number = DEFAULT_TOP_GAMES): VirtualGame[] {
  checkGames(games);
  return [...games]
    .sort(
      (x, y) =>
        y.homeScore + y.awayScore - (x.homeScore + x.awayScore) || y.kickoff.localeCompare(x.kickoff) || x.id.localeCompare(y.id),
    )
    .slice(0, Math.max(0, Math.floor(limit)));
}

// ---------------------------------------------------------------------------------------------
// The date filter on the wire, a team's form and the time slot across the league days.
// ---------------------------------------------------------------------------------------------

/** The filter as GET /games's `date`: '2026-11-22T18:36'. */
export function formatDateFilter(filter: DateFilter): string {
  return `${filter.date}T${formatFilterTime(filter.hour, filter.minute)}`;
}

/** The round of the time slot: the last kick-off at or before hour:minute (18:36 -> round 223, 18:35). */
export function slotRound(hour: number, minute: number): number {
  return Math.floor((wrap(hour, 24) * 60 + wrap(minute, 60)) / ROUND_INTERVAL_MINUTES);
}

/** 'HH:MM' kick-off of a round. */
export function roundKickoff(round: number): string {
  const minutes = round * ROUND_INTERVAL_MINUTES;
  return formatFilterTime(Math.floor(minutes / 60), minutes % 60);
}

export type FormResult = 'W' | 'D' | 'L';

export interface TeamForm {
  readonly team: string;
  /** Results from the team's side, in the order of the games given (newest first as GET /games sends them). */
  readonly results: readonly FormResult[];
  /** Sample size: the games the form is read from. */
  readonly games: number;
  readonly won: number;
  readonly drawn: number;
  readonly lost: number;
  /** 3 for a win, 1 for a draw. */
  readonly points: number;
  readonly goalsFor: number;
  readonly goalsAgainst: number;
}

/**
 * A team's form over its last `limit` games of the list (games it did not play are skipped).
 * The team is its short code, any case.
 */
export function teamForm(
  games: readonly (AnalystGame & { readonly homeTeam?: string | undefined; readonly awayTeam?: string | undefined })[],
  team: string,
  limit = 5,
): TeamForm {
  checkGames(games);
  const code = team.trim().toUpperCase();
  const results: FormResult[] = [];
  let goalsFor = 0;
  let goalsAgainst = 0;
  for (const g of games) {
    if (results.length >= limit) break;
    const home = g.homeTeam?.toUpperCase() === code;
    if (!home && g.awayTeam?.toUpperCase() !== code) continue;
    const scored = home ? g.homeScore : g.awayScore;
    const conceded = home ? g.awayScore : g.homeScore;
    goalsFor += scored;
    goalsAgainst += conceded;
    results.push(scored > conceded ? 'W' : scored === conceded ? 'D' : 'L');
  }
  const count = (r: FormResult) => results.filter((x) => x === r).length;
  const won = count('W');
  const drawn = count('D');
  return {
    team: code,
    results,
    games: results.length,
    won,
    drawn,
    lost: count('L'),
    points: 3 * won + drawn,
    goalsFor,
    goalsAgainst,
  };
}

export interface SlotDay {
  readonly date: string;
  /** Games of the slot that day (10, or 1 for one team; 0 when the slot has not been played). */
  readonly games: number;
  readonly over25: number;
}

export interface TimeSlotOver25 {
  readonly days: readonly SlotDay[];
  /** Sample sizes: days with at least one game at the slot, and all the games counted. */
  readonly daysPlayed: number;
  readonly games: number;
  readonly over25: number;
  /** over25 / games in percent, 1 decimal. */
  readonly percent: Figure;
}

/** How often over 2.5 came at one time slot, day by day and over all the days given. */
export function timeSlotOver25(
  days: readonly { readonly date: string; readonly games: readonly AnalystGame[] }[],
): TimeSlotOver25 {
  const perDay = days.map((d) => {
    checkGames(d.games);
    return { date: d.date, games: d.games.length, over25: d.games.filter((g) => g.homeScore + g.awayScore > 2).length };
  });
  const games = perDay.reduce((sum, d) => sum + d.games, 0);
  const over25 = perDay.reduce((sum, d) => sum + d.over25, 0);
  return {
    days: perDay,
    daysPlayed: perDay.filter((d) => d.games > 0).length,
    games,
    over25,
    percent: figure(over25 * 100, games, 1),
  };
}

/** One bar group of the goals-per-game chart: how many games a side scored `goals` in ('6+' for 6 or more). */
export interface GoalsDistributionPoint {
  readonly goals: string;
  readonly home: number;
  readonly away: number;
}

/**
 * The goals-per-game chart on a 360 px screen: for 0, 1, .. 5 and 6+ goals, in how many games the
 * home side and the away side scored that many (home bars against away bars; each side sums to the games).
 */
export function goalsPerGameDistribution(games: readonly AnalystGame[]): GoalsDistributionPoint[] {
  checkGames(games);
  const buckets = Array.from({ length: MAX_CORRECT_SCORE_GOALS + 1 }, (_, goals) => ({
    goals: goals === MAX_CORRECT_SCORE_GOALS ? `${goals}+` : String(goals),
    home: 0,
    away: 0,
  }));
  for (const g of games) {
    (buckets[Math.min(g.homeScore, MAX_CORRECT_SCORE_GOALS)] as { home: number }).home += 1;
    (buckets[Math.min(g.awayScore, MAX_CORRECT_SCORE_GOALS)] as { away: number }).away += 1;
  }
  return buckets;
}
