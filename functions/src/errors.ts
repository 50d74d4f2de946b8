/**
 * The one error table of the callables (CONVENTIONS): every failure a handler raises is a
 * BridgeError with a callable code, a message the web may show and, for provider errors, the
 * provider's JSON body as `details` ({status:false, message, error:[{message}]}).
 *   no auth -> unauthenticated; missing claim / other user's token -> permission-denied;
 *   bad input -> invalid-argument (with the field); wrong state -> failed-precondition;
 *   duplicate -> already-exists; too many tries -> resource-exhausted;
 *   anything else -> internal with a generic message (details only in the log).
 * Provider HTTP statuses map with core's bridgeErrorCode (400/422, 401, 403, 404, 409), plus 429 and 503 (unavailable).
 */
import { bridgeErrorCode } from '@punter/core/bridge-schemas';
import type { z } from 'zod';

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

export interface ErrorDetails {
  status: false;
  message: string;
  error: Array<{ message: string; field?: string }>;
}

export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  constructor(
    readonly code: CallableCode,
    message: string,
    readonly details: ErrorDetails = { status: false, message, error: [{ message }] },
  ) {
    super(message);
  }
}

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/** The callable error for a provider error answer: code from the HTTP status, the body untouched as details. */
export function fromProviderError(status: number, body: unknown): BridgeError {
  // 503: the provider's database is unreachable for now (nothing happened; trying again is safe).
  const code: CallableCode = status === 429 ? 'resource-exhausted' : status === 503 ? 'unavailable' : bridgeErrorCode(status);
  const parsed = body as Partial<ErrorDetails> | null;
  const message = typeof parsed?.message === 'string' && parsed.message ? parsed.message : GENERIC_MESSAGE;
  const details: ErrorDetails = {
    status: false,
    message,
    error: Array.isArray(parsed?.error) ? parsed.error : [{ message }],
  };
  return new BridgeError(code, message, details);
}

/** Parses a callable payload; invalid-argument naming the first bad field otherwise. */
export function parsePayload<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const error = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? { message: issue.message, field } : { message: issue.message };
  });
  const first = error[0];
  const message = first ? (first.field ? `${first.field}: ${first.message}` : first.message) : 'Invalid request';
  return failInvalid(message, error);
}

function failInvalid(message: string, error: ErrorDetails['error']): never {
  throw new BridgeError('invalid-argument', message, { status: false, message, error });
}
