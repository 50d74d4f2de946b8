import { describe, expect, it } from 'vitest';
import { parsePermissions, permissionsFor } from './permissions';

const facts = {
  role: 0,
  can_post_signal: true,
  can_post_game: false,
  can_monetize_game: false,
  suspended: false,
  must_change_password: false,
  subscription_expires_at: null,
};

describe('permissionsFor', () => {
  it('copies the permissions of an active account', () => {
    expect(permissionsFor(facts, 5)).toEqual({
      active: true,
      role: 0,
      can_post_signal: true,
      can_post_game: false,
      can_monetize_game: false,
      subscription_expires_at: null,
      paused_until: null,
      updated_at: 5,
    });
    expect(permissionsFor({ ...facts, subscription_expires_at: 9_000 }, 5).subscription_expires_at).toBe(9_000);
    expect(permissionsFor({ ...facts, paused_until: 7_000 }, 5).paused_until).toBe(7_000);
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
  it('reads a document written before subscription_expires_at existed as not subscribed', () => {
    const { subscription_expires_at: _dropped, ...older } = permissionsFor(facts, 1);
    expect(parsePermissions(older)?.subscription_expires_at).toBeNull();
  });
});
