import { describe, expect, it } from 'vitest';
import { expectEveryFieldChecked, profile, profileData } from '../../test/api-fixtures';
import { LOGGED_IN_CODES, PROFILE_CODES, isLoggedInCode, profileCodeSchema, profileSchema } from './profile';

describe('the logged-in rule (SPEC section 6, ADR 0001)', () => {
  it('is codes 200 and 203, both of them profile codes', () => {
    expect(LOGGED_IN_CODES).toEqual([200, 203]);
    for (const code of LOGGED_IN_CODES) expect(PROFILE_CODES).toContain(code);
  });

  it('isLoggedInCode accepts exactly LOGGED_IN_CODES', () => {
    expect(isLoggedInCode(200)).toBe(true);
    expect(isLoggedInCode(203)).toBe(true);
    expect(isLoggedInCode(201)).toBe(false);
    expect(isLoggedInCode(206)).toBe(false);
    expect(isLoggedInCode('200')).toBe(false);
    expect(isLoggedInCode(undefined)).toBe(false);
    expect(isLoggedInCode(null)).toBe(false);
  });

  it('the profile code schema takes the four codes of SPEC only', () => {
    for (const code of PROFILE_CODES) expect(profileCodeSchema.parse(code)).toBe(code);
    expect(profileCodeSchema.safeParse(204).success).toBe(false);
  });
});

describe('stored profile', () => {
  it('profile: every field of SPEC section 3 is required and typed', () => {
    expectEveryFieldChecked(profileSchema, profile);
    expectEveryFieldChecked(profileSchema.shape.data, profileData);
    expect(profileSchema.safeParse({ ...profile, code: 500 }).success).toBe(false);
    expect(
      profileSchema.shape.data.safeParse({ ...profileData, subscription_expires_at: '2026-12-22T07:30:00.000Z' }).success,
    ).toBe(true);
  });
});
