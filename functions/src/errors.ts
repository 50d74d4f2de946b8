/**
 * The one error table of the callables (CONVENTIONS): every failure a handler raises is a
 * BridgeError with a callable code, a message the web may show and, as `details`, the error body of
 * core's api/errors ({status:false, message, error:[{message, field?}]}): the provider's own for its errors.
 *   no auth -> unauthenticated; missing claim / other user's token -> permission-denied;
 *   bad input -> invalid-argument (with the field); wrong state -> failed-precondition;
 *   duplicate -> already-exists; too many tries -> resource-exhausted;
 *   anything else -> internal with a generic message (details only in the log).
 * Provider HTTP statuses map with core's bridgeErrorCode (400/422, 401, 403, 404, 409), plus 429 and 503 (unavailable).
 */
import { errorBody, errorBodyFromZod, readErrorBody, type ErrorBody } from '@punter/core/api/errors';
import { bridgeErrorCode } from '@punter/core/bridge-schemas';
import { z } from 'zod';

// core's schemas are zod/mini ones, which carry no messages: English, as classic zod gave, for the default ones
// that reach an error body ('Too small: expected ...'). Classic zod only sets it once it builds a schema of its own.
z.config(z.locales.en());

export type CallableCode =
  | 'invalid-argument'
  | 'unauthenticated'
  | 'permission-denied'
  | 'not-found'
  | 'already-exists'
  | 'failed-precondition'
  | 'resource-exhausted'
  | 'unavailable'
  | 'internal';

export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  constructor(
    readonly code: CallableCode,
    message: string,
    readonly details: ErrorBody = errorBody(message),
  ) {
    super(message);
  }
}

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/**
 * The callable error for a provider error answer: code from the HTTP status, the provider's error body as
 * details. What is not an error body (an HTML page) gives the generic message; an unreadable list of problems
 * becomes the message alone, so the web only ever reads the one shape.
 */
export function fromProviderError(status: number, body: unknown): BridgeError {
  // 503: the provider's database is unreachable for now (nothing happened; trying again is safe).
  const code: CallableCode = status === 429 ? 'resource-exhausted' : status === 503 ? 'unavailable' : bridgeErrorCode(status);
  const details = readErrorBody(body) ?? errorBody(GENERIC_MESSAGE);
  return new BridgeError(code, details.message, details);
}

/** Parses a callable payload; invalid-argument naming the first bad field otherwise (core errorBodyFromZod). */
export function parsePayload<S extends z.core.$ZodType>(schema: S, data: unknown): z.output<S> {
  const result = z.safeParse(schema, data ?? {});
  if (result.success) return result.data;
  const details = errorBodyFromZod(result.error);
  throw new BridgeError('invalid-argument', details.message, details);
}
