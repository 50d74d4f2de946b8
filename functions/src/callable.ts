/**
 * The onCall wrapper: auth -> handler (which parses its payload) -> error mapping. BridgeErrors become
 * HttpsErrors with their code, message and details; anything else becomes `internal` with a generic
 * message, the details only in the log.
 */
import { logger } from 'firebase-functions';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { BridgeError, GENERIC_MESSAGE } from './errors';
import { OTHER_CALLABLES, type Scaling } from './scaling';

export function toHttpsError(error: unknown): HttpsError {
  if (error instanceof BridgeError) return new HttpsError(error.code, error.message, error.details);
  if (error instanceof HttpsError) return error;
  logger.error('callable failed', { error: error instanceof Error ? error.stack : String(error) });
  return new HttpsError('internal', GENERIC_MESSAGE, {
    status: false,
    message: GENERIC_MESSAGE,
    error: [{ message: GENERIC_MESSAGE }],
  });
}

export interface CallerAuth {
  uid: string;
  claims: Record<string, unknown>;
}

/**
 * APP_CHECK_ENFORCE=true makes every callable refuse requests without a valid App Check token
 * (production, once the web app registers App Check); read when the functions load.
 */
export const enforceAppCheck = process.env.APP_CHECK_ENFORCE === 'true';

/** The client's address as Google's front end saw it (the provider's per-source abuse limits). */
export function sourceOf(request: Pick<CallableRequest<unknown>, 'rawRequest'>): string | undefined {
  const ip = request.rawRequest.ip;
  return typeof ip === 'string' && ip !== '' ? ip : undefined;
}

/** A callable with its production scaling (scaling.ts: OTHER_CALLABLES unless it moves money). */
export function callable<R>(
  handler: (authUid: string | null, data: unknown, caller: CallerAuth | null, source: string | undefined) => Promise<R>,
  scaling: Scaling = OTHER_CALLABLES,
) {
  return onCall({ cors: true, enforceAppCheck, ...scaling }, async (request: CallableRequest<unknown>) => {
    try {
      const caller = request.auth
        ? { uid: request.auth.uid, claims: request.auth.token as unknown as Record<string, unknown> }
        : null;
      return await handler(request.auth?.uid ?? null, request.data, caller, sourceOf(request));
    } catch (error) {
      throw toHttpsError(error);
    }
  });
}
