/**
 * What every route of the provider shares: its dependencies (store, adapters, clock, settings),
 * bearer-token authentication, the profile of SPEC section 3 and the user's permissions document.
 * The collections are declared in collections.ts; money moves only in ledger.ts.
 */
import { permissionsFor } from '@punter/core/permissions';
import type { BankResolver } from './adapters/bank-resolver';
import type { PaymentGateway } from './adapters/payments';
import type { PayoutGateway } from './adapters/payouts';
import type { SmsSender } from './adapters/sms';
import { forbidden, header, unauthorized, type ProviderRequest } from './http';
import { newToken, sha256 } from './secrets';
import { newId, type Store, type Tx } from './store';
import { notifications, permissions, tokens, users, type UserDoc } from './collections';

export type { UserDoc };

export interface ProviderSettings {
  /** Lifetime of a bearer token. */
  tokenTtlMs: number;
  /** Lifetime of a one-time code. */
  otpTtlMs: number;
  /** Sends allowed per phone number per hour. */
  otpSendsPerHour: number;
  /** Wrong tries allowed per one-time code. */
  otpMaxTries: number;
  /** Wrong PIN tries before the PIN locks, and for how long. */
  pinMaxTries: number;
  pinLockMs: number;
  /** PIN locks in a row (each 4 times longer than the one before) before the PIN must be reset with a code. */
  pinLocksBeforeReset: number;
  /** Wrong passwords in a row from one source before logging in to that account from it pauses, and for how long. */
  loginMaxTries: number;
  loginLockMs: number;
  /** Wrong passwords an hour on one account from all sources before it needs the reset code (distributed guessing). */
  loginAccountMaxFailuresPerHour: number;
  /**
   * Per source (client address): failed logins a minute (a right password is not counted, ADR 0049),
   * registrations, SMS codes and code checks an hour.
   */
  loginsPerSourcePerMinute: number;
  registrationsPerSourcePerHour: number;
  smsPerSourcePerHour: number;
  codeChecksPerSourcePerHour: number;
  /**
   * Wrong one-time codes one e-mail may see in a day, over every code sent to it: each code allows
   * otpMaxTries, but new codes come every hour, so without a daily budget the 4-digit space falls in days.
   */
  wrongCodesPerAccountPerDay: number;
  /** SMS codes an hour from the whole provider (a ceiling on the SMS bill). */
  smsPerHour: number;
  /** How long after a login money may be committed without the PIN (pot join, paid code, subscription). */
  stepUpMs: number;
  /** Monthly subscription price and length. */
  subscriptionKobo: number;
  subscriptionMs: number;
  /** Origin the sandbox pages are served from. */
  publicOrigin: string;
  /** The web app's origin: referral links point at its /referral/{code} route. */
  webAppUrl: string;
  /** Mount /sandbox/* (checkout, sms). */
  sandboxRoutes: boolean;
  /** The HMAC key device tokens are hashed with (ADR 0051; PROVIDER_DEVICE_KEY or derived from FLW_SECRET_KEY). */
  deviceKey: string;
}

export const DEFAULT_SETTINGS: ProviderSettings = {
  tokenTtlMs: 24 * 60 * 60 * 1000,
  otpTtlMs: 10 * 60 * 1000,
  otpSendsPerHour: 5,
  otpMaxTries: 5,
  pinMaxTries: 5,
  pinLockMs: 15 * 60 * 1000,
  pinLocksBeforeReset: 3,
  loginMaxTries: 10,
  loginLockMs: 15 * 60 * 1000,
  loginAccountMaxFailuresPerHour: 100,
  // Generous per source: many Nigerian mobile users share one carrier-NAT address.
  loginsPerSourcePerMinute: 60,
  registrationsPerSourcePerHour: 20,
  smsPerSourcePerHour: 20,
  codeChecksPerSourcePerHour: 100,
  wrongCodesPerAccountPerDay: 15,
  smsPerHour: 2000,
  stepUpMs: 15 * 60 * 1000,
  subscriptionKobo: 200_000,
  subscriptionMs: 30 * 24 * 60 * 60 * 1000,
  publicOrigin: 'http://127.0.0.1:8787',
  webAppUrl: 'http://127.0.0.1:5173',
  sandboxRoutes: true,
  // Local development and tests only: config.ts sets a secret key wherever real money runs.
  deviceKey: 'demo-device-key: local development only',
};

export interface ProviderDeps {
  store: Store;
  payments: PaymentGateway;
  bankResolver: BankResolver;
  sms: SmsSender;
  payouts: PayoutGateway;
  now: () => number;
  settings: ProviderSettings;
  /** Log lines without secrets (tests pass a silent one). */
  log: (message: string, fields?: Record<string, unknown>) => void;
}

/** Serializes async work per key inside one process (a wallet, a PIN). Transactions still guard across processes. */
export class KeyedMutex {
  private tails = new Map<string, Promise<void>>();
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((r) => (release = r));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

// ---------------------------------------------------------------- users and profiles

export function uniqueKey(kind: 'email' | 'username' | 'phone', value: string): string {
  return `${kind}:${sha256(value.trim().toLowerCase())}`;
}

/** SPEC section 3's profile data (what the browser keeps), plus the subscription expiry. */
export function profileData(user: UserDoc, settings: ProviderSettings, now: number) {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    name: `${user.first_name} ${user.last_name}`,
    country: user.country,
    email: user.email,
    phone_number: user.phone_number,
    gender: user.gender,
    createdAt: new Date(user.created_at).toISOString(),
    username: user.username,
    referral_code: user.referral_code,
    referral_link: `${settings.webAppUrl.replace(/\/$/, '')}/referral/${user.referral_code}`,
    referred_by: user.referred_by,
    role: user.role,
    can_post_signal: user.can_post_signal,
    can_post_game: user.can_post_game,
    can_monetize_game: user.can_monetize_game,
    avatar_url: user.avatar_url,
    has_pin: user.pin_hash !== null,
    subscription_expires_at: user.subscription_expires_at ? new Date(user.subscription_expires_at).toISOString() : null,
    is_subscribed: user.subscription_expires_at !== null && user.subscription_expires_at > now,
  };
}

/**
 * Writes `user_permissions/{id}` for the user as it will be after `tx` (null: the account is gone).
 * Every change of role, can_post_*, suspension, must_change_password or deletion calls this in the
 * transaction that makes the change, so the document never disagrees with the account (ADR 0004).
 */
export function writePermissions(deps: ProviderDeps, tx: Tx, userId: string, user: UserDoc | null): void {
  permissions.set(tx, userId, permissionsFor(user, deps.now()));
}

/** Login result code (SPEC section 4 and ADR 0001). */
export function loginCode(user: UserDoc): 200 | 201 | 203 | 206 {
  if (user.must_change_password) return 206;
  if (!user.phone_verified) return 201;
  if (user.pin_hash === null) return 203;
  return 200;
}

export async function issueToken(deps: ProviderDeps, userId: string): Promise<string> {
  const token = newToken();
  const now = deps.now();
  await tokens.set(deps.store, sha256(token), {
    user_id: userId,
    created_at: now,
    expires_at: now + deps.settings.tokenTtlMs,
  });
  return token;
}

/** The signed-in user of a request, from `Authorization: Bearer <token>`; 401 with SPEC's message otherwise. */
export async function authenticate(deps: ProviderDeps, req: ProviderRequest): Promise<UserDoc> {
  return (await authenticateSession(deps, req)).user;
}

/** The signed-in user and when their bearer token was issued (a fresh login counts as step-up). */
export async function authenticateSession(
  deps: ProviderDeps,
  req: ProviderRequest,
): Promise<{ user: UserDoc; issuedAt: number }> {
  const auth = header(req, 'authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(auth.trim());
  if (!match?.[1]) throw unauthorized();
  const record = await tokens.get(deps.store, sha256(match[1]));
  if (!record || record.expires_at <= deps.now()) throw unauthorized();
  const user = await users.get(deps.store, record.user_id);
  if (!user) throw unauthorized();
  // An account that must change its password (users/update) has no session until it does (login answers 206).
  if (user.must_change_password) throw unauthorized();
  if (user.suspended) throw forbidden('Your account has been suspended. Please contact support.');
  return { user, issuedAt: record.created_at };
}

export function requireAdmin(user: UserDoc): void {
  if (user.role !== 1) throw forbidden('Only admins can do this.');
}

// ---------------------------------------------------------------- notifications

/** A notification for a money event, written in the same transaction as the money. */
export function notify(deps: ProviderDeps, tx: Tx, userId: string, type: string, meta: Record<string, unknown>): void {
  const id = newId();
  notifications.set(tx, id, { id, user_id: userId, type, meta_data: meta, created_at: deps.now() });
}
