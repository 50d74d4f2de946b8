import { beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient, queryKeys } from '@/lib/query-client';
import { clearProfile, expireSession, saveProfile, setProfileCode } from '@/lib/session';
import { MemoryStorage, testProfile } from '@/testing/fixtures';

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  saveProfile(testProfile());
  queryClient.setQueryData(queryKeys.balance('u1'), 5000);
});

describe('the query cache and the session', () => {
  test('logout leaves no cached answer behind', () => {
    clearProfile();
    expect(queryClient.getQueryData(queryKeys.balance('u1'))).toBeUndefined();
  });

  test('an expired session leaves no cached answer behind', () => {
    expireSession();
    expect(queryClient.getQueryData(queryKeys.balance('u1'))).toBeUndefined();
  });

  test('a change within the session (a PIN created: code 203 -> 200) keeps the answers', () => {
    setProfileCode(200);
    expect(queryClient.getQueryData(queryKeys.balance('u1'))).toBe(5000);
  });
});
