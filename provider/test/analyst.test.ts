import { describe, expect, it } from 'vitest';
import { generateRound } from '@punter/core/analyst';
import { client, makeProvider, onboardedUser } from './helpers';

// 2026-11-22 20:00 in Lagos (UTC+1).
const NOW = Date.UTC(2026, 10, 22, 19, 0);

type Game = { id: string; round: number; homeTeam: string; awayTeam: string; homeScore: number; awayScore: number };

async function setup() {
  const provider = makeProvider({ now: () => NOW });
  const user = await onboardedUser(provider);
  const c = client(provider);
  const games = async (query: string) => {
    const res = await c.call('GET', `/games${query}`, undefined, user.token);
    return { status: res.status, message: res.body.message, games: res.body.data as Game[] };
  };
  return { c, user, games };
}

describe('GET /games', () => {
  it('reads the time from the date filter: the 10 rounds up to 07:05 that day, newest first', async () => {
    const { games } = await setup();
    const answer = await games('?country=Italy&date=2026-11-21T07:05&platform=platform-2');
    expect(answer.status).toBe(200);
    expect(answer.games).toHaveLength(100);
    expect(answer.games[0]!.round).toBe(85); // 07:05
    expect(answer.games.at(-1)!.round).toBe(76); // 06:20
    const round85 = generateRound({ country: 'Italy', platform: 'platform-2', date: '2026-11-21', round: 85 });
    expect(answer.games.slice(0, 10).map((g) => [g.id, g.homeScore, g.awayScore])).toEqual(
      round85.map((g) => [g.id, g.homeScore, g.awayScore]),
    );
    // The same filters answer the same games.
    expect((await games('?country=Italy&date=2026-11-21T07:05&platform=platform-2')).games).toEqual(answer.games);
  });

  it('defaults a day without a time to 18:36, and one time slot with rounds=1', async () => {
    const { games } = await setup();
    expect((await games('?date=2026-11-21')).games[0]!.round).toBe(223);
    const slot = await games('?date=2026-11-21T18:36&rounds=1&team=ASH');
    expect(slot.games).toHaveLength(1);
    expect(slot.games[0]).toMatchObject({ round: 223 });
    expect([slot.games[0]!.homeTeam, slot.games[0]!.awayTeam]).toContain('ASH');
  });

  it('leaves out rounds that have not kicked off by now', async () => {
    const { games } = await setup();
    expect((await games('?date=2026-11-22T23:59&rounds=1')).games[0]!.round).toBe(240); // 20:00
    expect((await games('?date=2026-11-23T10:00')).games).toEqual([]);
  });

  it('refuses a bad date, time, platform or round count with a clear message', async () => {
    const { games } = await setup();
    for (const [query, message] of [
      ['?date=2026-11-22T25:00', 'date must be YYYY-MM-DD or YYYY-MM-DDTHH:MM'],
      ['?date=2026-02-30', 'date must be YYYY-MM-DD or YYYY-MM-DDTHH:MM'],
      ['?platform=bet9ja', 'Unknown platform'],
      ['?rounds=0', 'rounds must be a whole number 1-288'],
      ['?rounds=abc', 'rounds must be a whole number 1-288'],
    ] as const) {
      const answer = await games(query);
      expect(answer.status, query).toBe(400);
      expect(JSON.stringify(answer), query).toContain(message);
    }
  });
});

describe('GET /top-games', () => {
  it('ranks the goals of the last rounds up to now across the five countries', async () => {
    const { c, user } = await setup();
    const res = await c.call('GET', '/top-games', undefined, user.token);
    const top = res.body.data as Game[];
    expect(top).toHaveLength(10);
    const totals = top.map((g) => g.homeScore + g.awayScore);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    // Up to now (20:00, round 240), not 18:36.
    expect(Math.max(...top.map((g) => g.round))).toBeGreaterThan(223);
  });
});
