/**
 * Abuse limits that hold across provider instances: fixed-window counters kept in the store (one
 * document per bucket, key and window), raised with an atomic increment rather than a transaction so
 * that a burst of hundreds of requests on one key costs one write and one read each, with no retries.
 * Each document carries `expire_at` (a Date) for a Firestore TTL policy on provider_limits, so old
 * windows do not pile up.
 */
import { limitWindows } from './collections';
import type { ProviderDeps } from './context';
import { tooMany } from './http';
import { sha256 } from './secrets';

export const LIMITS_COLLECTION = limitWindows.path;

export interface WindowLimit {
  /** What is counted ('sms-source', 'login-source', ...): part of the document id. */
  bucket: string;
  max: number;
  windowMs: number;
  /** The 429 message: says what was limited and when to try again, nothing about the key. */
  message: string;
}

function windowDoc(limit: WindowLimit, key: string, now: number) {
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return { id: `${limit.bucket}:${sha256(key)}:${start}`, start };
}

/** Counts one request for `key`; past `max` in the current window it is refused with a 429. */
export async function hitLimit(deps: ProviderDeps, limit: WindowLimit, key: string): Promise<void> {
  const now = deps.now();
  const { id, start } = windowDoc(limit, key, now);
  const count = await deps.store.increment(LIMITS_COLLECTION, id, 'count', 1, {
    bucket: limit.bucket,
    expire_at: new Date(start + 2 * limit.windowMs),
  });
  if (count > limit.max) throw tooMany(limit.message);
}

/** The current window's count for `key` without counting (0 when nothing was counted). */
export async function limitCount(deps: ProviderDeps, limit: WindowLimit, key: string): Promise<number> {
  const doc = await limitWindows.get(deps.store, windowDoc(limit, key, deps.now()).id);
  return doc?.count ?? 0;
}

/** Forgets the current window's count for `key` (a password reset ends the account-wide slow-down). */
export async function clearLimit(deps: ProviderDeps, limit: WindowLimit, key: string): Promise<void> {
  await limitWindows.delete(deps.store, windowDoc(limit, key, deps.now()).id);
}

/** Where a request came from when nothing says (in-process calls without an address). */
export const UNKNOWN_SOURCE = 'unknown';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of SPEC's public calls, from the settings. */
export function abuseLimits(deps: ProviderDeps) {
  const s = deps.settings;
  return {
    smsPerSource: {
      bucket: 'sms-source',
      max: s.smsPerSourcePerHour,
      windowMs: HOUR,
      message: 'Too many codes have been requested from your network. Please try again in an hour.',
    },
    smsGlobal: {
      bucket: 'sms-all',
      max: s.smsPerHour,
      windowMs: HOUR,
      message: 'We cannot send codes right now. Please try again later.',
    },
    registrationsPerSource: {
      bucket: 'register-source',
      max: s.registrationsPerSourcePerHour,
      windowMs: HOUR,
      message: 'Too many accounts have been created from your network. Please try again in an hour.',
    },
    loginsPerSource: {
      bucket: 'login-source',
      max: s.loginsPerSourcePerMinute,
      windowMs: MINUTE,
      message: 'Too many login attempts from your network. Please wait a minute and try again.',
    },
    codeChecksPerSource: {
      bucket: 'code-source',
      max: s.codeChecksPerSourcePerHour,
      windowMs: HOUR,
      message: 'Too many codes have been tried from your network. Please try again in an hour.',
    },
    wrongCodesPerAccount: {
      bucket: 'code-account',
      max: s.wrongCodesPerAccountPerDay,
      windowMs: 24 * HOUR,
      message: 'Too many wrong codes have been tried for this account today. Please try again tomorrow.',
    },
    wrongPasswordsPerAccount: {
      bucket: 'login-account',
      max: s.loginAccountMaxFailuresPerHour,
      windowMs: HOUR,
      message:
        'Too many wrong passwords have been tried on this account. Reset your password with a code sent to your phone to log in now, or try again in an hour.',
    },
  } satisfies Record<string, WindowLimit>;
}
