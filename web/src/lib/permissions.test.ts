import { beforeEach, describe, expect, test, vi } from 'vitest';
import { currentPermissions, publishPermissions } from '@/lib/permissions';
import { endSessionWithNotice, getProfile, onSessionExpired, readSessionNotice, saveProfile } from '@/lib/session';
import { MemoryStorage, testProfile } from '@/testing/fixtures';

const profile = (id: string, can_post_signal: boolean) => testProfile({ id, can_post_signal });

const doc = (changes: Record<string, unknown>) => ({
  active: true,
  role: 0,
  can_post_signal: false,
  can_post_game: false,
  subscription_expires_at: null,
  paused_until: null,
  can_monetize_game: false,
  updated_at: 1,
  ...changes,
});

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});

describe('usePermissions source', () => {
  test("the live document wins over the profile's copy from login", () => {
    saveProfile(profile('u-live', true));
    expect(currentPermissions()?.can_post_signal).toBe(true);
    publishPermissions('u-live', doc({ can_post_signal: false }));
    expect(currentPermissions()).toEqual(doc({ can_post_signal: false }));
    // A missing or malformed document means no permissions at all, not the profile's.
    publishPermissions('u-live', null);
    expect(currentPermissions()).toBeNull();
  });

  test("another user's document is ignored; no profile, no permissions", () => {
    saveProfile(profile('u-other', true));
    publishPermissions('someone-else', doc({ can_post_signal: false }));
    expect(currentPermissions()?.can_post_signal).toBe(true);
    window.localStorage.removeItem('profile');
    expect(currentPermissions()).toBeNull();
  });
});

describe('endSessionWithNotice', () => {
  test('ends the session and leaves the message for /login', () => {
    saveProfile(profile('u1', false));
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    endSessionWithNotice('Suspended.');
    stop();
    expect(getProfile()).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
    expect(readSessionNotice()).toBe('Suspended.');
  });
});
