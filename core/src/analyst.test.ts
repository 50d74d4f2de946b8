import { describe, expect, it } from 'vitest';
import {
  ANALYST_PLATFORMS,
  CORRECT_SCORES,
  COUNTRIES,
  DATE_FILTER_LABEL,
  DEFAULT_FILTER_TIME,
  FETCH_GAMES_FAILURE,
  FETCH_TOP_GAMES_FAILURE,
  LEAGUE_GOAL_RATES,
  ROUNDS_PER_DAY,
  TEAMS,
  correctScoreCounts,
  formatDateFilter,
  formatFilterTime,
  generateRound,
  generateVirtualGames,
  goalsPerGameDistribution,
  goalsPerGameSeries,
  isAnalystPlatform,
  isCountry,
  lagosDate,
  leagueList,
  parseDateFilter,
  roundKickoff,
  slotRound,
  stepHour,
  stepMinute,
  summarizeGames,
  teamForm,
  timeSlotOver25,
  topGames,
  type AnalystGame,
} from './analyst';

let nextId = 0;
function game(homeScore: number, awayScore: number): AnalystGame {
  nextId += 1;
  return { id: nextId, homeScore, awayScore };
}

describe('correct scores', () => {
  it('are the 28 combinations with up to 6 goals, by total then home goals descending', () => {
    expect(CORRECT_SCORES).toHaveLength(28);
    expect(CORRECT_SCORES.slice(0, 6).map((s) => s.label)).toEqual(['0-0', '1-0', '0-1', '2-0', '1-1', '0-2']);
    expect(CORRECT_SCORES.at(-1)).toEqual({ home: 0, away: 6, label: '0-6' });
    expect(CORRECT_SCORES.every((s) => s.home + s.away <= 6)).toBe(true);
    expect(new Set(CORRECT_SCORES.map((s) => s.label)).size).toBe(28);
  });
  it('counts each score, leaving games above 6 goals out', () => {
    const counts = correctScoreCounts([game(1, 0), game(1, 0), game(2, 2), game(0, 6), game(4, 3)]);
    const byLabel = Object.fromEntries(counts.map((c) => [c.label, c.count]));
    expect(byLabel['1-0']).toBe(2);
    expect(byLabel['2-2']).toBe(1);
    expect(byLabel['0-6']).toBe(1);
    expect(byLabel['0-0']).toBe(0);
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(4);
    expect(counts).toHaveLength(28);
  });
  it('refuses negative or fractional scores', () => {
    expect(() => correctScoreCounts([{ id: 'x', homeScore: -1, awayScore: 0 }])).toThrow(RangeError);
    expect(() => summarizeGames([{ id: 'y', homeScore: 1, awayScore: 1.5 }])).toThrow('awayScore of game y');
  });
});

describe('summary statistics', () => {
  it('counts over 4.5, over 2.5, under 0.5, both teams scored and no goal', () => {
    const s = summarizeGames([game(0, 0), game(1, 0), game(2, 1), game(3, 2), game(1, 1), game(5, 0)]);
    expect(s.games).toBe(6);
    expect(s.over45).toBe(2); // 3-2, 5-0
    expect(s.over25).toBe(3); // 2-1, 3-2, 5-0
    expect(s.under05).toBe(1); // 0-0
    expect(s.bothTeamsScored).toBe(3); // 2-1, 3-2, 1-1
    expect(s.noGoal).toBe(3); // 0-0, 1-0, 5-0
    expect(s.totalGoals).toBe(16);
    expect(s.homeGoals).toBe(12);
    expect(s.awayGoals).toBe(4);
  });
  it('averages to 2 decimals and percentages to 1 decimal', () => {
    const s = summarizeGames([game(0, 0), game(1, 0), game(2, 1), game(3, 2), game(1, 1), game(5, 0)]);
    expect(s.averageGoals).toEqual({ value: 2.67, text: '2.67' }); // 16 / 6 = 2.666..
    expect(s.averageHomeGoals).toEqual({ value: 2, text: '2.00' });
    expect(s.averageAwayGoals).toEqual({ value: 0.67, text: '0.67' });
    expect(s.percent.over45).toEqual({ value: 33.3, text: '33.3' });
    expect(s.percent.over25).toEqual({ value: 50, text: '50.0' });
    expect(s.percent.under05).toEqual({ value: 16.7, text: '16.7' });
    expect(s.percent.bothTeamsScored.text).toBe('50.0');
    expect(s.percent.noGoal.text).toBe('50.0');
  });
  it('rounds halves up without float drift', () => {
    // 1 goal in 8 games = 0.125 -> 0.13; 1 of 8 games = 12.5 % exactly.
    const eight = [game(1, 0), ...Array.from({ length: 7 }, () => game(0, 0))];
    expect(summarizeGames(eight).averageGoals).toEqual({ value: 0.13, text: '0.13' });
    // 1 of 16 = 6.25 % -> 6.3 (a float 1/16*100 then toFixed(1) would give 6.3 too; 1.005-style cases below)
    const sixteen = [game(3, 0), ...Array.from({ length: 15 }, () => game(0, 0))];
    expect(summarizeGames(sixteen).percent.over25).toEqual({ value: 6.3, text: '6.3' });
    // 201 goals in 200 games = 1.005 -> 1.01 (Math.round(1.005 * 100) / 100 gives 1 because of drift).
    const twoHundred = [game(2, 0), ...Array.from({ length: 199 }, () => game(1, 0))];
    expect(summarizeGames(twoHundred).averageGoals).toEqual({ value: 1.01, text: '1.01' });
  });
  it('is all zero for no games', () => {
    const s = summarizeGames([]);
    expect(s.games).toBe(0);
    expect(s.averageGoals).toEqual({ value: 0, text: '0.00' });
    expect(s.percent.over25).toEqual({ value: 0, text: '0.0' });
    expect(s.noGoal).toBe(0);
  });
  it('builds the goals-per-game series, home against away', () => {
    expect(
      goalsPerGameSeries([
        { id: 7, homeScore: 2, awayScore: 1 },
        { id: 'b', homeScore: 0, awayScore: 3 },
      ]),
    ).toEqual([
      { game: '7', home: 2, away: 1 },
      { game: 'b', home: 0, away: 3 },
    ]);
  });
  it('has the fetch failure messages', () => {
    expect(FETCH_GAMES_FAILURE).toBe('Failed to fetch games');
    expect(FETCH_TOP_GAMES_FAILURE).toBe('Failed to fetch top games');
  });
});

describe('filter panels', () => {
  it('offers the 5 countries and 3 placeholder platforms', () => {
    expect([...COUNTRIES]).toEqual(['England', 'France', 'Germany', 'Italy', 'Spain']);
    expect(isCountry('Spain')).toBe(true);
    expect(isCountry('Nigeria')).toBe(false);
    expect(ANALYST_PLATFORMS.map((p) => p.id)).toEqual(['platform-1', 'platform-2', 'platform-3']);
    expect(isAnalystPlatform('platform-2')).toBe(true);
    expect(isAnalystPlatform('bet9ja')).toBe(false);
  });
  it('lists the last 10 days as Leag-YYYY-MM-DD, newest first, in Lagos time', () => {
    // 22 Nov 2026 23:30 UTC is already 23 Nov in Lagos.
    const leagues = leagueList(Date.UTC(2026, 10, 22, 23, 30));
    expect(leagues).toHaveLength(10);
    expect(leagues[0]).toEqual({ name: 'Leag-2026-11-23', date: '2026-11-23' });
    expect(leagues[9]).toEqual({ name: 'Leag-2026-11-14', date: '2026-11-14' });
    expect(
      leagueList(new Date('2026-03-02T08:00:00Z'))
        .map((l) => l.date)
        .slice(0, 4),
    ).toEqual(['2026-03-02', '2026-03-01', '2026-02-28', '2026-02-27']);
    expect(leagueList(0, 3).map((l) => l.name)).toEqual(['Leag-1970-01-01', 'Leag-1969-12-31', 'Leag-1969-12-30']);
  });
  it('reads Lagos dates and refuses invalid ones', () => {
    expect(lagosDate(Date.UTC(2026, 0, 1, 22, 59))).toBe('2026-01-01');
    expect(lagosDate(new Date(Date.UTC(2026, 0, 1, 23, 0)))).toBe('2026-01-02');
    expect(() => lagosDate(Number.NaN)).toThrow(RangeError);
  });
  it('defaults the time to 18:36 and wraps the steppers like a clock', () => {
    expect(DEFAULT_FILTER_TIME).toEqual({ hour: 18, minute: 36 });
    expect(DATE_FILTER_LABEL).toBe('DATE FILTER');
    expect(formatFilterTime(DEFAULT_FILTER_TIME.hour, DEFAULT_FILTER_TIME.minute)).toBe('18:36');
    expect(stepHour(23, 1)).toBe(0);
    expect(stepHour(0, -1)).toBe(23);
    expect(stepHour(18, 1)).toBe(19);
    expect(stepMinute(59, 1)).toBe(0);
    expect(stepMinute(0, -1)).toBe(59);
    expect(stepMinute(36, -1)).toBe(35);
    expect(formatFilterTime(5, 7)).toBe('05:07');
    expect(() => stepHour(1.5, 1)).toThrow(RangeError);
  });
});

describe('teams', () => {
  it('are 20 distinct clubs with 3-letter codes and badges', () => {
    expect(TEAMS).toHaveLength(20);
    expect(new Set(TEAMS.map((t) => t.shortName)).size).toBe(20);
    expect(new Set(TEAMS.map((t) => t.name)).size).toBe(20);
    for (const t of TEAMS) {
      expect(t.shortName).toMatch(/^[A-Z]{3}$/);
      expect(t.id).toBe(t.shortName.toLowerCase());
      expect(t.logo.startsWith('data:image/svg+xml,')).toBe(true);
      expect(decodeURIComponent(t.logo)).toContain(`>${t.shortName}</text>`);
    }
  });
});

describe('virtual-league generator', () => {
  const base = { country: 'England', platform: 'platform-1', date: '2026-11-22' } as const;

  it('is deterministic for the same query and differs between rounds, countries and seeds', () => {
    const a = generateRound({ ...base, round: 100 });
    expect(generateRound({ ...base, round: 100 })).toEqual(a);
    const scores = (games: readonly AnalystGame[]) => games.map((g) => `${g.homeScore}-${g.awayScore}`).join(',');
    expect(scores(generateRound({ ...base, round: 101 }))).not.toBe(scores(a));
    expect(scores(generateRound({ ...base, country: 'Spain', round: 100 }))).not.toBe(scores(a));
    expect(scores(generateRound({ ...base, round: 100, seed: 'other' }))).not.toBe(scores(a));
  });
  it('plays 10 games a round with every team exactly once', () => {
    const round = generateRound({ ...base, round: 0 });
    expect(round).toHaveLength(10);
    const teams = round.flatMap((g) => [g.homeTeam, g.awayTeam]);
    expect(new Set(teams).size).toBe(20);
    expect(round[0]).toMatchObject({
      id: 'england-platform-1-2026-11-22-r0-1',
      league: 'Leag-2026-11-22',
      round: 0,
      kickoff: '2026-11-21T23:00:00.000Z', // 00:00 in Lagos
      country: 'England',
      platform: 'platform-1',
    });
    expect(generateRound({ ...base, round: 223 })[0]!.kickoff).toBe('2026-11-22T17:35:00.000Z'); // 18:35 Lagos
  });
  it('runs a double round robin: over 38 consecutive rounds each pair meets once home and once away', () => {
    const meetings = new Map<string, number>();
    for (let round = 0; round < 38; round += 1) {
      for (const g of generateRound({ ...base, round })) {
        const key = `${g.homeTeam}-${g.awayTeam}`;
        meetings.set(key, (meetings.get(key) ?? 0) + 1);
      }
    }
    expect(meetings.size).toBe(20 * 19);
    expect([...meetings.values()].every((n) => n === 1)).toBe(true);
  });
  it('produces realistic football scores', () => {
    const games = Array.from({ length: ROUNDS_PER_DAY }, (_, round) => generateRound({ ...base, round })).flat();
    const s = summarizeGames(games);
    expect(s.games).toBe(2880);
    expect(s.averageGoals.value).toBeGreaterThan(2.3);
    expect(s.averageGoals.value).toBeLessThan(3.1);
    expect(s.averageHomeGoals.value).toBeGreaterThan(s.averageAwayGoals.value);
    expect(s.percent.under05.value).toBeGreaterThan(3);
    expect(s.percent.under05.value).toBeLessThan(15);
    expect(s.percent.bothTeamsScored.value).toBeGreaterThan(35);
    expect(s.percent.bothTeamsScored.value).toBeLessThan(65);
    expect(Math.max(...games.map((g) => Math.max(g.homeScore, g.awayScore)))).toBeLessThanOrEqual(9);
    // Stronger sides win more at home than weaker ones.
    const strongest = games.filter((g) => g.homeTeam === TEAMS[0]!.shortName);
    const weakest = games.filter((g) => g.homeTeam === TEAMS[19]!.shortName);
    const winRate = (list: typeof games) => list.filter((g) => g.homeScore > g.awayScore).length / list.length;
    expect(winRate(strongest)).toBeGreaterThan(winRate(weakest));
  });
  it('refuses an invalid date or round', () => {
    expect(() => generateRound({ ...base, date: '2026-02-30', round: 0 })).toThrow(RangeError);
    expect(() => generateRound({ ...base, date: '22/11/2026', round: 0 })).toThrow(RangeError);
    expect(() => generateRound({ ...base, round: ROUNDS_PER_DAY })).toThrow(RangeError);
    expect(() => generateRound({ ...base, round: -1 })).toThrow(RangeError);
  });
});

describe('GET /games and /top-games data', () => {
  const query = { country: 'England', date: '2026-11-22' } as const;

  it('serves the last 10 rounds up to 18:36, newest first', () => {
    const games = generateVirtualGames(query);
    expect(games).toHaveLength(100);
    expect(games[0]!.round).toBe(223); // 18:35 is the last kick-off at or before 18:36
    expect(games.at(-1)!.round).toBe(214);
    expect(games.slice(0, 10)).toEqual(generateRound({ ...query, platform: 'platform-1', round: 223 }));
  });
  it('follows the filter time, round count, platform and seed', () => {
    const early = generateVirtualGames({ ...query, hour: 0, minute: 12, rounds: 5 });
    expect(early.map((g) => g.round)).toEqual([2, 1, 0].flatMap((round) => Array.from({ length: 10 }, () => round)));
    expect(generateVirtualGames({ ...query, platform: 'platform-3', rounds: 1 })[0]!.platform).toBe('platform-3');
    expect(generateVirtualGames({ ...query, seed: 's', rounds: 1 })).toEqual(
      generateRound({ ...query, platform: 'platform-1', round: 223, seed: 's' }),
    );
    expect(generateVirtualGames({ ...query, hour: 23, minute: 59, rounds: ROUNDS_PER_DAY })).toHaveLength(2880);
  });
  it('leaves out rounds that have not kicked off yet', () => {
    const now = Date.UTC(2026, 10, 22, 9, 0); // 10:00 in Lagos
    const games = generateVirtualGames({ ...query, now, rounds: 2 });
    expect(games[0]!.round).toBe(120);
    expect(generateVirtualGames({ ...query, now: new Date(Date.UTC(2026, 10, 21, 12, 0)) })).toEqual([]);
  });
  it('filters by team code, case-insensitively, and gives nothing for an unknown team', () => {
    const games = generateVirtualGames({ ...query, team: 'ash' });
    expect(games).toHaveLength(10);
    expect(games.every((g) => g.homeTeam === 'ASH' || g.awayTeam === 'ASH')).toBe(true);
    expect(generateVirtualGames({ ...query, team: 'ZZZ' })).toEqual([]);
  });
  it('refuses invalid filters', () => {
    expect(() => generateVirtualGames({ ...query, date: 'yesterday' })).toThrow(RangeError);
    expect(() => generateVirtualGames({ ...query, hour: 24 })).toThrow('hour must be 0-23');
    expect(() => generateVirtualGames({ ...query, minute: 60 })).toThrow('minute must be 0-59');
    expect(() => generateVirtualGames({ ...query, rounds: 0 })).toThrow(RangeError);
    expect(() => generateVirtualGames({ ...query, rounds: ROUNDS_PER_DAY + 1 })).toThrow(RangeError);
  });
  it('ranks top games by goals, then latest kick-off, then id', () => {
    const games = generateVirtualGames(query);
    const top = topGames(games, 5);
    expect(top).toHaveLength(5);
    const totals = top.map((g) => g.homeScore + g.awayScore);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(totals[0]).toBe(Math.max(...games.map((g) => g.homeScore + g.awayScore)));
    expect(topGames(games)).toHaveLength(10);
    expect(topGames(games, 0)).toEqual([]);
    const [a, b] = generateRound({ ...query, platform: 'platform-1', round: 5 });
    const tieA = { ...a!, homeScore: 2, awayScore: 1 };
    const tieB = { ...b!, homeScore: 1, awayScore: 2 };
    const later = { ...tieB, id: 'z', kickoff: '2026-11-22T10:00:00.000Z' };
    expect(topGames([tieB, tieA, later]).map((g) => g.id)).toEqual(['z', tieA.id, tieB.id]);
  });
});

describe('goals-per-game chart', () => {
  it('counts, per number of goals, the games the home side and the away side scored that many', () => {
    const points = goalsPerGameDistribution([game(0, 0), game(1, 0), game(2, 1), game(3, 2), game(1, 1), game(7, 0)]);
    expect(points.map((p) => p.goals)).toEqual(['0', '1', '2', '3', '4', '5', '6+']);
    // home scored 0,1,2,3,1,7 -> 0:1, 1:2, 2:1, 3:1, 6+:1; away scored 0,0,1,2,1,0 -> 0:3, 1:2, 2:1
    expect(points).toEqual([
      { goals: '0', home: 1, away: 3 },
      { goals: '1', home: 2, away: 2 },
      { goals: '2', home: 1, away: 1 },
      { goals: '3', home: 1, away: 0 },
      { goals: '4', home: 0, away: 0 },
      { goals: '5', home: 0, away: 0 },
      { goals: '6+', home: 1, away: 0 },
    ]);
    expect(goalsPerGameDistribution([]).every((p) => p.home === 0 && p.away === 0)).toBe(true);
  });
});

describe('date filter, team form and time slot', () => {
  it('reads the date filter as a day (18:36) or a day and time, refusing anything else', () => {
    expect(parseDateFilter('2026-11-22')).toEqual({ date: '2026-11-22', hour: 18, minute: 36 });
    expect(parseDateFilter('2026-11-22T07:05')).toEqual({ date: '2026-11-22', hour: 7, minute: 5 });
    expect(parseDateFilter('2026-02-30T07:05')).toBeNull();
    expect(parseDateFilter('2026-11-22T24:00')).toBeNull();
    expect(parseDateFilter('2026-11-22T12:60')).toBeNull();
    expect(parseDateFilter('2026-11-22T7:05')).toBeNull();
    expect(parseDateFilter('22/11/2026')).toBeNull();
    expect(formatDateFilter({ date: '2026-11-22', hour: 7, minute: 5 })).toBe('2026-11-22T07:05');
  });
  it('finds the round of a time slot: the last 5-minute kick-off at or before it', () => {
    expect(slotRound(18, 36)).toBe(223);
    expect(roundKickoff(223)).toBe('18:35');
    expect(slotRound(0, 0)).toBe(0);
    expect(slotRound(0, 4)).toBe(0);
    expect(slotRound(0, 5)).toBe(1);
    expect(slotRound(23, 59)).toBe(ROUNDS_PER_DAY - 1);
    expect(roundKickoff(ROUNDS_PER_DAY - 1)).toBe('23:55');
  });
  it("reads a team's form from its side, newest first, with its sample size", () => {
    const games = [
      { id: 1, homeTeam: 'ASH', awayTeam: 'BLM', homeScore: 2, awayScore: 0 }, // ASH home win: W, 2-0
      { id: 2, homeTeam: 'CAS', awayTeam: 'DUN', homeScore: 4, awayScore: 4 }, // not ASH: skipped
      { id: 3, homeTeam: 'CAS', awayTeam: 'ASH', homeScore: 3, awayScore: 1 }, // ASH away loss: L, 1-3
      { id: 4, homeTeam: 'ASH', awayTeam: 'DUN', homeScore: 1, awayScore: 1 }, // D, 1-1
      { id: 5, homeTeam: 'EAS', awayTeam: 'ASH', homeScore: 0, awayScore: 2 }, // ASH away win: W, 2-0
    ];
    expect(teamForm(games, 'ash')).toEqual({
      team: 'ASH',
      results: ['W', 'L', 'D', 'W'],
      games: 4,
      won: 2,
      drawn: 1,
      lost: 1,
      points: 7, // 3 + 0 + 1 + 3
      goalsFor: 6, // 2 + 1 + 1 + 2
      goalsAgainst: 4, // 0 + 3 + 1 + 0
    });
    // Only the last `limit` games: W, L.
    expect(teamForm(games, 'ASH', 2)).toMatchObject({ results: ['W', 'L'], games: 2, points: 3, goalsFor: 3, goalsAgainst: 3 });
    expect(teamForm(games, 'ZZZ')).toMatchObject({ results: [], games: 0, points: 0 });
  });
  it('rates over 2.5 at one time slot day by day and across the days, with the sample sizes', () => {
    const slot = timeSlotOver25([
      { date: '2026-11-22', games: [game(2, 1), game(0, 0), game(1, 1)] }, // 1 of 3 over 2.5
      { date: '2026-11-21', games: [game(3, 3), game(4, 0)] }, // 2 of 2
      { date: '2026-11-20', games: [] }, // not played (a future slot)
    ]);
    expect(slot.days).toEqual([
      { date: '2026-11-22', games: 3, over25: 1 },
      { date: '2026-11-21', games: 2, over25: 2 },
      { date: '2026-11-20', games: 0, over25: 0 },
    ]);
    expect(slot.daysPlayed).toBe(2);
    expect(slot.games).toBe(5);
    expect(slot.over25).toBe(3);
    expect(slot.percent).toEqual({ value: 60, text: '60.0' }); // 3 / 5
    expect(timeSlotOver25([]).percent.text).toBe('0.0');
    // 2 of 3 = 66.666.. -> 66.7
    expect(timeSlotOver25([{ date: 'd', games: [game(3, 0), game(2, 1), game(0, 0)] }]).percent.text).toBe('66.7');
  });
});

describe('league distributions of the generator', () => {
  const day = (country: (typeof COUNTRIES)[number], date: string) =>
    generateVirtualGames({ country, date, hour: 23, minute: 59, rounds: ROUNDS_PER_DAY });

  it("follows each country's real home and away goal rates over a few days", () => {
    for (const country of COUNTRIES) {
      const games = ['2026-11-20', '2026-11-21', '2026-11-22'].flatMap((date) => day(country, date));
      const s = summarizeGames(games);
      expect(s.games).toBe(3 * 2880);
      const rates = LEAGUE_GOAL_RATES[country];
      // Team strengths lift the mean a little above the league rate (rating ratios average above 1).
      expect(s.averageHomeGoals.value).toBeGreaterThan(rates.home - 0.1);
      expect(s.averageHomeGoals.value).toBeLessThan(rates.home + 0.25);
      expect(s.averageAwayGoals.value).toBeGreaterThan(rates.away - 0.1);
      expect(s.averageAwayGoals.value).toBeLessThan(rates.away + 0.25);
      // Home advantage: the home side outscores the away side in every league.
      expect(s.averageHomeGoals.value - s.averageAwayGoals.value).toBeGreaterThan(0.15);
    }
    const average = (country: (typeof COUNTRIES)[number]) => summarizeGames(day(country, '2026-11-22')).averageGoals.value;
    expect(average('Germany')).toBeGreaterThan(average('Spain'));
  });
});
