/**
 * The onCall wrapper: auth -> handler (which parses its payload) -> error mapping. BridgeErrors become
 * HttpsErrors with their code, message and details; anything else becomes `internal` with a generic
 * message, the details only in the log.
 */
import { logger } from 'firebase-functions';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { BridgeError, GENERIC_MESSAGE } from './errors';

export function toHttpsError(error: unknown): HttpsError {
  if (error instanceof BridgeError) return new HttpsError(error.code, error.message, error.details);
  if (error instanceof HttpsError) return error;
  logger.error('callable failed', { error: error instanceof Error ? error.stack : String(error) });
  return new HttpsError('internal', GENERIC_MESSAGE, { status: false, message: GENERIC_MESSAGE, error: [{ message: GENERIC_MESSAGE }] });
}

export interface CallerAuth {
  uid: string;
  claims: Record<string, unknown>;
}

export function callable<R>(handler: (authUid: string | null, data: unknown, caller: CallerAuth | null) => Promise<R>) {
  return onCall({ cors: true }, async (request: CallableRequest<unknown>) => {
    try {
      const caller = request.auth ? { uid: request.auth.uid, claims: request.auth.token as unknown as Record<string, unknown> } : null;
      return await handler(request.auth?.uid ?? null, request.data, caller);
    } catch (error) {
      throw toHttpsError(error);
    }
  });
}
