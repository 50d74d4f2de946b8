import { describe, expect, it } from 'vitest';
import { expectEveryFieldChecked } from '../../test/api-fixtures';
import { analystGamesQuerySchema, teamSchema } from './analyst';

describe('analyst bodies', () => {
  it('the analyst query takes optional country, date, platform and team', () => {
    expect(analystGamesQuerySchema.parse({})).toEqual({});
    expect(analystGamesQuerySchema.parse({ country: 'England', date: '2026-11-22T18:36', platform: 'p1', team: 'ARS' })).toEqual({
      country: 'England',
      date: '2026-11-22T18:36',
      platform: 'p1',
      team: 'ARS',
    });
    expect(analystGamesQuerySchema.safeParse({ date: '2026-11-22' }).success).toBe(true);
    expect(analystGamesQuerySchema.safeParse({ country: 'Nigeria' }).success).toBe(false);
    expect(analystGamesQuerySchema.safeParse({ date: '22/11/2026' }).success).toBe(false);
    expect(analystGamesQuerySchema.safeParse({ date: '2026-02-30' }).success).toBe(false);
    expect(analystGamesQuerySchema.safeParse({ date: '2026-11-22T24:10' }).success).toBe(false);
  });

  it('the analyst query takes rounds 1-288 as a whole number', () => {
    expect(analystGamesQuerySchema.parse({ rounds: '1' })).toEqual({ rounds: '1' });
    expect(analystGamesQuerySchema.parse({ rounds: '288' })).toEqual({ rounds: '288' });
    for (const rounds of ['0', '289', '1.5', '-1', 'ten', '']) {
      const result = analystGamesQuerySchema.safeParse({ rounds });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('rounds must be a whole number 1-288');
    }
  });

  it('team: every field is required and typed', () => {
    expectEveryFieldChecked(teamSchema, { id: 't1', name: 'Arsenal', shortName: 'ARS', logo: '/ars.png' });
  });
});
