/**
 * Payloads and results of the Firebase callables that bridge the browser to the provider (team brief):
 * the live features' callables, plus the custom-claims shape of the Firebase custom token. The session
 * callables' payloads are in ./session-callables (the screens that import this module do not sign in).
 * Provider bodies themselves are described in ./api. providerCall's payload is in ./provider-call-schemas: it
 * checks the path against the whole call contract (API_CALLS), which the screens importing this module (the
 * signal feed, the pot, the Hub) should not download.
 */
import { z } from 'zod/mini';
import { idempotencyKeySchema } from './api/common';
import { idSchema, nairaAmount, pinSchema } from './api/primitives';
import { SIGNAL_CATEGORIES, SIGNAL_POST_STATUSES, SIGNAL_TARGET_GROUPS } from './signals';

// ---------------------------------------------------------------------------------------------
// Custom claims
// ---------------------------------------------------------------------------------------------

/** Claims of the Firebase custom token (uid = the provider user id); mirror the provider profile. */
export const customClaimsSchema = z.object({
  role: z.number().check(z.int()),
  can_post_signal: z.boolean(),
  can_post_game: z.boolean(),
  can_monetize_game: z.boolean(),
});
export type CustomClaims = z.infer<typeof customClaimsSchema>;

/** The claims for a profile's data (takes exactly the four permission fields). */
export function claimsFromProfile(data: CustomClaims): CustomClaims {
  return customClaimsSchema.parse({
    role: data.role,
    can_post_signal: data.can_post_signal,
    can_post_game: data.can_post_game,
    can_monetize_game: data.can_monetize_game,
  });
}

/** HttpsError codes a provider HTTP status maps to (team brief). */
export type BridgeErrorCode =
  | 'invalid-argument'
  | 'unauthenticated'
  | 'permission-denied'
  | 'not-found'
  | 'already-exists'
  | 'failed-precondition'
  | 'internal';

/**
 * The callable error code for a provider error status: 400/422 invalid-argument, 401 unauthenticated,
 * 403 permission-denied, 404 not-found, 409 already-exists (or failed-precondition when `conflictIsState`),
 * anything else internal.
 */
export function bridgeErrorCode(httpStatus: number, conflictIsState = false): BridgeErrorCode {
  switch (httpStatus) {
    case 400:
    case 422:
      return 'invalid-argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 409:
      return conflictIsState ? 'failed-precondition' : 'already-exists';
    default:
      return 'internal';
  }
}

// ---------------------------------------------------------------------------------------------
// Other callables of ARCHITECTURE (joinPot, postSignal, clearSignals, clearGames)
// ---------------------------------------------------------------------------------------------

/**
 * joinPot payload: the pot, the trading amount (naira) and the referrer's code if any (SPEC's spelling
 * `referalCode`), plus an idempotency key the client makes. The join checks are core/src/pots.ts.
 */
export const joinPotSchema = z.object({
  pot_id: idSchema,
  amount: nairaAmount,
  referalCode: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  idempotencyKey: idempotencyKeySchema,
  /** Step-up: the transaction PIN, required by the provider unless the session is less than 15 minutes old. */
  pin: z.optional(pinSchema),
  /** The risk disclosure, accepted once before the user's first join (ADR 0012). */
  acceptRisk: z.optional(z.literal(true, { error: 'acceptRisk must be true when given' })),
});
export type JoinPotPayload = z.infer<typeof joinPotSchema>;
/** joinPot result: 'Pot joined' on success (SPEC section 8). */
export const joinPotResultSchema = z.object({ message: z.string() });

/** postSignal payload: a posting status (id or label of signals.ts SIGNAL_POST_STATUSES) and a target group. */
export const postSignalSchema = z.object({
  status: z.string().check(
    z.refine((value) => SIGNAL_POST_STATUSES.some((s) => s.id === value || s.label === value), {
      error: 'Unknown signal status',
    }),
  ),
  group: z.enum(SIGNAL_TARGET_GROUPS, { error: 'Unknown signal group' }),
});
export type PostSignalPayload = z.infer<typeof postSignalSchema>;

/** registerSignalPush payload (ADR 0014): this browser's FCM token and the category whose signals it wants. */
export const registerSignalPushSchema = z.object({
  token: z.string({ error: 'Token is required' }).check(z.minLength(1, { error: 'Token is required' }), z.maxLength(4096)),
  category: z.enum(SIGNAL_CATEGORIES, { error: 'Unknown signal category' }),
});
export type RegisterSignalPushPayload = z.infer<typeof registerSignalPushSchema>;

/** clearSignals and clearGames take no payload (an empty object or nothing). */
export const emptyPayloadSchema = z.union([z.strictObject({}), z.null(), z.undefined()]);
/** clearSignals / clearGames result: how many documents were deleted and the toast text. */
export const clearResultSchema = z.object({ deleted: z.number().check(z.int(), z.gte(0)), message: z.string() });
