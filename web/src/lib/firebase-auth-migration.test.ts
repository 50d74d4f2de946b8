import { describe, expect, it } from 'vitest';
import { createFirebaseAuth, SESSION_KEY } from '@/lib/firebase-auth';
import { adoptSdkSession, sdkUserKey, sessionOfSdkUser } from '@/lib/firebase-auth-migration';
import { MemoryStorage } from '@/testing/fixtures';

const sdkUser = {
  uid: 'u1',
  emailVerified: false,
  stsTokenManager: { refreshToken: 'r1', accessToken: 'id1', expirationTime: 1_700_000_000_000 },
  apiKey: 'key-1',
  appName: '[DEFAULT]',
};

const auth = (storage: MemoryStorage) =>
  createFirebaseAuth({
    apiKey: 'key-1',
    emulatorOrigin: null,
    storage,
    fetch: () => Promise.reject(new Error('offline')),
    events: null,
  });

describe("the Auth SDK's kept user (ADR 0034)", () => {
  it('becomes our session: the same uid, tokens and expiry', () => {
    expect(sessionOfSdkUser(sdkUser)).toEqual({ uid: 'u1', idToken: 'id1', refreshToken: 'r1', expiresAt: 1_700_000_000_000 });
    expect(sessionOfSdkUser({ uid: 'u1' })).toBeNull();
    expect(sessionOfSdkUser('nonsense')).toBeNull();
  });

  it("is taken from localStorage where the SDK fell back to it, and the SDK's copy removed", async () => {
    const storage = new MemoryStorage();
    storage.setItem(sdkUserKey('key-1'), JSON.stringify(sdkUser));
    const session = auth(storage);
    expect(await adoptSdkSession(session, 'key-1', undefined, storage)).toBe(true);
    expect(session.uid()).toBe('u1');
    expect(storage.getItem(sdkUserKey('key-1'))).toBeNull();
    expect(JSON.parse(storage.getItem(SESSION_KEY) ?? 'null')).toMatchObject({ uid: 'u1', refreshToken: 'r1' });
  });

  it('never replaces a session of our own, and takes nothing that is not a user', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_KEY, JSON.stringify({ uid: 'me', idToken: 'a', refreshToken: 'b', expiresAt: 1 }));
    storage.setItem(sdkUserKey('key-1'), JSON.stringify(sdkUser));
    const session = auth(storage);
    expect(await adoptSdkSession(session, 'key-1', undefined, storage)).toBe(false);
    expect(session.uid()).toBe('me');

    const other = new MemoryStorage();
    other.setItem(sdkUserKey('key-1'), '{"uid":');
    const empty = auth(other);
    expect(await adoptSdkSession(empty, 'key-1', undefined, other)).toBe(false);
    expect(empty.uid()).toBeNull();
  });
});
