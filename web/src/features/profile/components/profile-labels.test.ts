import { describe, expect, it } from 'vitest';
import { permissionsFor } from '@punter/core/permissions';
import { permissionLabels, referralSubscriptionDisplay } from './profile-labels';

describe('permissionLabels', () => {
  it('names each permission, or Member', () => {
    const facts = {
      role: 0,
      can_post_signal: false,
      can_post_game: false,
      can_monetize_game: false,
      suspended: false,
      must_change_password: false,
      subscription_expires_at: null,
    };
    expect(permissionLabels(permissionsFor(facts, 0))).toEqual(['Member']);
    expect(permissionLabels({ role: 1, can_post_signal: true, can_post_game: true, can_monetize_game: true })).toEqual([
      'Admin',
      'Posts signals',
      'Posts games',
      'Sells games',
    ]);
    expect(permissionLabels({ role: 0, can_post_signal: false, can_post_game: true, can_monetize_game: false })).toEqual([
      'Posts games',
    ]);
  });
});

describe('referralSubscriptionDisplay', () => {
  it('labels subscription Subscribed green or Not Subscribed orange', () => {
    expect(referralSubscriptionDisplay(true)).toEqual({ label: 'Subscribed', colour: 'green' });
    expect(referralSubscriptionDisplay(false)).toEqual({ label: 'Not Subscribed', colour: 'orange' });
  });
});
