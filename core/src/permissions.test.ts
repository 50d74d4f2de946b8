import { describe, expect, it } from 'vitest';
import { parsePermissions, permissionsFor } from './permissions';

const facts = { role: 0, can_post_signal: true, can_post_game: false, can_monetize_game: false, suspended: false, must_change_password: false };

describe('permissionsFor', () => {
  it('copies the permissions of an active account', () => {
    expect(permissionsFor(facts, 5)).toEqual({
      active: true,
      role: 0,
      can_post_signal: true,
      can_post_game: false,
      can_monetize_game: false,
      updated_at: 5,
    });
  });
  it('a suspended account, one that must change its password, or a deleted one is inactive', () => {
    expect(permissionsFor({ ...facts, suspended: true }, 1).active).toBe(false);
    expect(permissionsFor({ ...facts, must_change_password: true }, 1).active).toBe(false);
    expect(permissionsFor(null, 1)).toMatchObject({ active: false, role: 0, can_post_signal: false });
  });
});

describe('parsePermissions', () => {
  it('gives null for a missing or malformed document', () => {
    expect(parsePermissions(null)).toBeNull();
    expect(parsePermissions({ active: 'yes' })).toBeNull();
    expect(parsePermissions(permissionsFor(facts, 1))).toEqual(permissionsFor(facts, 1));
  });
});
