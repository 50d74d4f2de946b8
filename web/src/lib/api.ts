/**
 * The browser's only way to the provider: Firebase callable functions (functions/).
 * - session callables (login, register, OTP, password reset) return the stored profile and a
 *   Firebase custom token; we keep the profile and sign in to Firebase with the token;
 * - providerCall forwards an allow-listed SPEC section 7 call (core API_CALLS) with the stored
 *   profile's token; answers are parsed with the call's response schema.
 * Provider errors arrive as HttpsError whose details are the provider's JSON body; ApiFailure
 * carries what SPEC section 8 shows (core api/errors providerErrorMessages).
 */
import type { z } from 'zod/mini';
import type { ApiCallName, ApiRequestInput, ApiResponse } from '@punter/core/api/calls';
import { isTokenExpiredMessage, providerErrorMessages, TOKEN_EXPIRED_MESSAGE } from '@punter/core/api/errors';
import { API_ROUTES, buildApiPath } from '@punter/core/api/routes';
import { isUserCall, USER_CALL_GROUPS, type UserCallGroup } from '@punter/core/api/user-call-groups';
import { sessionResultSchema } from '@punter/core/session-schemas';
import { clearProfile, expireSession, getProfile, saveProfile, type StoredProfile } from '@/lib/session';

/** The Firebase SDK is loaded on first use (see lib/firebase-session.ts). */
const firebase = () => import('@/lib/firebase-session');
/**
 * The answers' schemas are built on first use too: constructing them is start-up work the first screen does
 * not need. A punter's call loads its group's answer schemas (core api/user-responses/*, by the table of
 * api/user-call-groups), so a screen downloads the schemas of the answers it reads; the operator console's
 * (core api/admin-calls) come only with an admin call.
 */
type AnswerSchemas = Readonly<Record<string, z.ZodMiniType | undefined>>;
const USER_ANSWERS: Readonly<Record<UserCallGroup, () => Promise<AnswerSchemas>>> = {
  session: () => import('@punter/core/api/user-responses/session').then((m): AnswerSchemas => m.RESPONSES),
  wallet: () => import('@punter/core/api/user-responses/wallet').then((m): AnswerSchemas => m.RESPONSES),
  account: () => import('@punter/core/api/user-responses/account').then((m): AnswerSchemas => m.RESPONSES),
  pots: () => import('@punter/core/api/user-responses/pots').then((m): AnswerSchemas => m.RESPONSES),
  'punters-hub': () => import('@punter/core/api/user-responses/punters-hub').then((m): AnswerSchemas => m.RESPONSES),
  analyst: () => import('@punter/core/api/user-responses/analyst').then((m): AnswerSchemas => m.RESPONSES),
  notifications: () => import('@punter/core/api/user-responses/notifications').then((m): AnswerSchemas => m.RESPONSES),
  subscription: () => import('@punter/core/api/user-responses/subscription').then((m): AnswerSchemas => m.RESPONSES),
  'safer-play': () => import('@punter/core/api/user-responses/safer-play').then((m): AnswerSchemas => m.RESPONSES),
};
const adminAnswers = () =>
  import('@punter/core/api/admin-calls').then((m): AnswerSchemas =>
    Object.fromEntries(Object.entries(m.ADMIN_CALLS).map(([name, call]) => [name, call.response])),
  );
const answerSchemas = (name: ApiCallName): Promise<AnswerSchemas> =>
  isUserCall(name) ? USER_ANSWERS[USER_CALL_GROUPS[name]]() : adminAnswers();

/** Starts downloading the Firebase SDK without waiting for it (root-shell calls it on the first interaction). */
export function preloadFirebase(): void {
  void firebase().catch(() => undefined);
}

const GENERIC_MESSAGE = 'An error occurred';
/** What a call, or code that could not load, says when the connection is the problem. */
export const UNREACHABLE_MESSAGE = 'The service is unreachable. Check your connection and try again.';

/** A failed call: `messages` is what SPEC section 8 shows (the message, or each item of the error list). */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  constructor(
    readonly messages: string[],
    readonly code = 'unknown',
  ) {
    super(messages[0] ?? GENERIC_MESSAGE);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Turns anything a callable throws into an ApiFailure with the provider's own words. Without them, a
 * browser that is offline gets the connection message rather than 'An error occurred' (a chunk that could
 * not load, a fetch that never left).
 */
export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  const offline = globalThis.navigator?.onLine === false;
  if (!isRecord(error)) return new ApiFailure([offline ? UNREACHABLE_MESSAGE : GENERIC_MESSAGE]);
  const code = typeof error.code === 'string' ? error.code.replace(/^functions\//, '') : 'unknown';
  if (isRecord(error.details) && ('message' in error.details || 'error' in error.details)) {
    return new ApiFailure(providerErrorMessages(error.details, GENERIC_MESSAGE), code);
  }
  if (code === 'unavailable' || code === 'deadline-exceeded') return new ApiFailure([UNREACHABLE_MESSAGE], code);
  // The callables' own validation errors (invalid-argument etc.) carry a message meant for users;
  // 'internal' and unknown errors never show their text.
  if (code !== 'internal' && code !== 'unknown' && typeof error.message === 'string' && error.message) {
    return new ApiFailure([error.message], code);
  }
  return new ApiFailure([offline ? UNREACHABLE_MESSAGE : GENERIC_MESSAGE], code);
}

// ---------------------------------------------------------------------------------------------
// Session callables

export type SessionCallable =
  'sessionLogin' | 'sessionRegister' | 'sessionRequestOtp' | 'sessionVerifyOtp' | 'sessionSendResetOtp' | 'sessionResetPassword';

export interface SessionAnswer {
  profile: StoredProfile | null;
  message: string;
}

/**
 * Calls a session callable. A returned profile is stored (SPEC: 'In every case the profile is
 * stored'); with a Firebase token the browser also signs in to Firebase.
 */
export async function callSession(name: SessionCallable, payload: Record<string, unknown>): Promise<SessionAnswer> {
  let raw: unknown;
  try {
    raw = await (await firebase()).callFunction(name, payload);
  } catch (error) {
    throw toApiFailure(error);
  }
  const result = sessionResultSchema.safeParse(raw);
  if (!result.success) throw new ApiFailure([GENERIC_MESSAGE], 'bad-answer');
  const { profile, firebaseToken, message } = result.data;
  if (profile) {
    const sdk = await firebase();
    if (firebaseToken) await sdk.signInWithToken(firebaseToken);
    else await sdk.endFirebaseSession();
    saveProfile(profile);
  }
  return { profile, message };
}

// ---------------------------------------------------------------------------------------------
// Provider calls

export interface CallOptions<N extends ApiCallName> {
  body?: ApiRequestInput<N>;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  /** Query string parameters (the admin lists' filters and page); empty values are left out. */
  query?: Record<string, string | number | undefined>;
}

/**
 * The call's path with its parameters and query string: blank values left out, keys sorted (so one
 * filter set is one request and one cache entry).
 */
export function callPath(name: ApiCallName, options: CallOptions<ApiCallName>): string {
  const path = buildApiPath(name, options.params);
  const entries = Object.entries(options.query ?? {})
    .flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)] as [string, string]]))
    .sort(([a], [b]) => a.localeCompare(b));
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}

/**
 * One allow-listed provider call through the providerCall callable, answered with its parsed
 * success body. 'Token is expired or invalid.' (or a Firebase session that is gone) ends the session.
 */
export function callApi<N extends ApiCallName>(name: N, options: CallOptions<N> = {}): Promise<ApiResponse<N>> {
  // Identical reads in flight at the same time (two panels asking for the balance) share one request.
  if (API_ROUTES[name].method !== 'GET' || options.body !== undefined || options.headers) return sendApi(name, options);
  const key = `${name}:${callPath(name, options)}`;
  const pending = inFlight.get(key);
  if (pending) return pending as Promise<ApiResponse<N>>;
  const request = sendApi(name, options).finally(() => inFlight.delete(key));
  inFlight.set(key, request);
  return request;
}

const inFlight = new Map<string, Promise<unknown>>();

async function sendApi<N extends ApiCallName>(name: N, options: CallOptions<N>): Promise<ApiResponse<N>> {
  const profile = getProfile();
  if (!profile || !profile.token) return expired();
  // Both downloads start now; the schemas are needed only once the answer is in.
  const schemas = answerSchemas(name);
  schemas.catch(() => undefined);
  const sdk = await firebase();
  if (!(await sdk.hasFirebaseUser())) return expired();
  const route = API_ROUTES[name];
  let raw: unknown;
  try {
    raw = await sdk.callFunction('providerCall', {
      method: route.method,
      path: callPath(name, options),
      token: profile.token,
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.headers ? { headers: options.headers } : {}),
    });
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.code === 'unauthenticated' || failure.messages.some(isTokenExpiredMessage)) return expired();
    throw failure;
  }
  const data = isRecord(raw) ? raw.data : undefined;
  if (isRecord(data) && isTokenExpiredMessage(data.message)) return expired();
  const schema = (await schemas)[name];
  if (!schema) throw new Error(`${name} has no answer schema in its group (core api/user-call-groups)`);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected answer to ${name}`, parsed.error.issues.slice(0, 3));
    throw new ApiFailure([GENERIC_MESSAGE], 'bad-answer');
  }
  return parsed.data as ApiResponse<N>;
}

async function expired(): Promise<never> {
  await endFirebaseSession();
  expireSession();
  throw new ApiFailure([TOKEN_EXPIRED_MESSAGE], 'unauthenticated');
}

async function endFirebaseSession(): Promise<void> {
  try {
    await (await firebase()).endFirebaseSession();
  } catch {
    // the SDK could not load (offline): nothing to end
  }
}

/** Logout: ends the Firebase session and clears the stored profile and batch (SPEC section 4). */
export async function logout(): Promise<void> {
  await endFirebaseSession();
  clearProfile();
}
