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

  test('logout clears the profile and the batch', () => {
    saveProfile(profile(200));
    window.localStorage.setItem('batch', '{}');
    clearProfile();
    expect(getProfile()).toBeNull();
    expect(window.localStorage.getItem('batch')).toBeNull();
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
