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
  });

  it('team: every field is required and typed', () => {
    expectEveryFieldChecked(teamSchema, { id: 't1', name: 'Arsenal', shortName: 'ARS', logo: '/ars.png' });
  });
});
