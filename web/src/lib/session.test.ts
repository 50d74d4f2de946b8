import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  clearProfile,
  expireSession,
  getProfile,
  hasActiveSession,
  onSessionExpired,
  saveProfile,
  setProfileCode,
} from '@/lib/session';
import { SNAPSHOT_KEY } from '@/lib/screen-snapshot';
import { MemoryStorage, testProfile } from '@/testing/fixtures';

const profile = (code: number, token = 'secret-token') => testProfile({ code, token });

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});

describe('the stored profile', () => {
  test('is read back after saving', () => {
    saveProfile(profile(200));
    expect(getProfile()?.data.email).toBe('ada@example.com');
  });

  test('anything damaged in storage counts as no session', () => {
    window.localStorage.setItem('profile', '{not json');
    expect(getProfile()).toBeNull();
    window.localStorage.setItem('profile', JSON.stringify({ code: 200, token: 'x' }));
    expect(getProfile()).toBeNull();
    window.localStorage.setItem('profile', JSON.stringify({ ...profile(200), code: 999 }));
    expect(getProfile()).toBeNull();
  });

  test('codes 200 and 203 with a token are a session; 201 and 206 are not (ADR 0001)', () => {
    expect(hasActiveSession(saveProfile(profile(200)))).toBe(true);
    expect(hasActiveSession(saveProfile(profile(203)))).toBe(true);
    expect(hasActiveSession(saveProfile(profile(201, '')))).toBe(false);
    expect(hasActiveSession(saveProfile(profile(206, '')))).toBe(false);
    expect(hasActiveSession(null)).toBe(false);
  });

  test('setProfileCode turns 203 into 200 once a PIN exists', () => {
    saveProfile(profile(203));
    setProfileCode(200);
    expect(getProfile()?.code).toBe(200);
  });

  test("logout clears the profile, the batch and the last visit's dashboard", () => {
    saveProfile(profile(200));
    window.localStorage.setItem('batch', '{}');
    window.localStorage.setItem(SNAPSHOT_KEY, '<p>₦29,500</p>');
    clearProfile();
    expect(getProfile()).toBeNull();
    expect(window.localStorage.getItem('batch')).toBeNull();
    expect(window.localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
  });

  test("the last visit's dashboard stays for the same account and goes when another one logs in (ADR 0032)", () => {
    saveProfile(testProfile({ id: 'u1' }));
    window.localStorage.setItem(SNAPSHOT_KEY, '<p>₦29,500</p>');
    saveProfile(testProfile({ id: 'u1', code: 203 }));
    expect(window.localStorage.getItem(SNAPSHOT_KEY)).toBe('<p>₦29,500</p>');
    saveProfile(testProfile({ id: 'u2' }));
    expect(window.localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
  });

  test('an expired session clears the profile and tells the listeners', () => {
    saveProfile(profile(200));
    const listener = vi.fn();
    const unsubscribe = onSessionExpired(listener);
    expireSession();
    expect(getProfile()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    expireSession();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
