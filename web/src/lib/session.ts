/**
 * The stored profile of SPEC section 3 (code, token, data), kept in localStorage under 'profile'
 * and validated whenever it is read: a damaged or foreign value counts as no session.
 */
import { useSyncExternalStore } from 'react';
import { isLoggedIn } from '@punter/core/account';
import { profileSchema, type Profile } from '@punter/core/api/profile';
import { clearSnapshot } from '@/lib/screen-snapshot';

export const PROFILE_KEY = 'profile';
export const BATCH_KEY = 'batch';
export const RESET_EMAIL_KEY = 'reset_email';
/** The last known balance and transactions, kept for offline use (lib/query-persist.ts); removed with the session. */
export const QUERY_CACHE_KEY = 'query_cache';

export type StoredProfile = Profile;
export type ProfileData = Profile['data'];

type Listener = () => void;
const listeners = new Set<Listener>();
const expiryListeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedProfile: StoredProfile | null = null;

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored profile, or null when there is none or it does not parse. */
export function getProfile(): StoredProfile | null {
  const raw = readStorage(PROFILE_KEY);
  if (raw === cachedRaw) return cachedProfile;
  cachedRaw = raw;
  cachedProfile = null;
  if (raw) {
    try {
      const parsed = profileSchema.safeParse(JSON.parse(raw));
      if (parsed.success) cachedProfile = parsed.data;
    } catch {
      cachedProfile = null;
    }
  }
  return cachedProfile;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Stores a profile exactly as the session callables return it. */
export function saveProfile(profile: unknown): StoredProfile {
  const parsed = profileSchema.parse(profile);
  // Another account on this browser: the last visit's dashboard (ADR 0032) is not theirs.
  if (getProfile()?.data.id !== parsed.data.id) clearSnapshot();
  window.localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
  notify();
  return parsed;
}

/** Changes the stored profile's code (for example 203 -> 200 once a PIN exists). */
export function setProfileCode(code: number): void {
  const raw = readStorage(PROFILE_KEY);
  if (!raw) return;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    window.localStorage.setItem(PROFILE_KEY, JSON.stringify({ ...value, code }));
    notify();
  } catch {
    // an unreadable profile is treated as none by getProfile()
  }
}

/** Logout: removes the stored profile and batch (SPEC section 4). */
export function clearProfile(): void {
  window.localStorage.removeItem(PROFILE_KEY);
  window.localStorage.removeItem(BATCH_KEY);
  window.localStorage.removeItem(QUERY_CACHE_KEY);
  clearSnapshot();
  notify();
}

/** Called when the provider says 'Token is expired or invalid.'. */
export function expireSession(): void {
  clearProfile();
  for (const listener of expiryListeners) listener();
}

export const SESSION_NOTICE_KEY = 'session_notice';
export const INACTIVE_ACCOUNT_MESSAGE =
  'You have been logged out: your account has been suspended or must change its password. Log in again, or contact support if it is suspended.';

/** Ends the session (as an expired one) and leaves a message for /login to show. */
export function endSessionWithNotice(message: string): void {
  try {
    window.sessionStorage.setItem(SESSION_NOTICE_KEY, message);
  } catch {
    // storage blocked: the session still ends, without the message
  }
  expireSession();
}

/** The message left by endSessionWithNotice, if any (read by /login, cleared with clearSessionNotice). */
export function readSessionNotice(): string | null {
  try {
    return window.sessionStorage.getItem(SESSION_NOTICE_KEY);
  } catch {
    return null;
  }
}

export function clearSessionNotice(): void {
  try {
    window.sessionStorage.removeItem(SESSION_NOTICE_KEY);
  } catch {
    // nothing to clear
  }
}

export function onSessionExpired(listener: Listener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/** Called after every change of the stored profile in this tab (login, logout, expiry, code change). */
export function onProfileChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === PROFILE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored profile, re-rendering when it changes (also from another tab). */
export function useProfile(): StoredProfile | null {
  return useSyncExternalStore(subscribe, getProfile, () => null);
}

export function getResetEmail(): string {
  return readStorage(RESET_EMAIL_KEY) ?? '';
}

export function setResetEmail(email: string): void {
  window.localStorage.setItem(RESET_EMAIL_KEY, email);
}

/** The guard's rule (core/account isLoggedIn, ADR 0001) plus a non-empty bearer token. */
export function hasActiveSession(profile: StoredProfile | null): profile is StoredProfile {
  return profile !== null && isLoggedIn(profile) && profile.token.length > 0;
}
