/**
 * Cloud Functions callables over fetch, by their published protocol (Firebase's "Protocol specification for
 * https.onCall"), not the Functions SDK (ADR 0034): a POST of `{"data": ...}` with the caller's ID token, answered
 * with `{"result": ...}` or an error `{"error": {"status", "message", "details"}}`. A failure is a CallableError
 * whose `code` is the SDK's (`functions/invalid-argument`, ...), so lib/api.ts reads it as before.
 */
import { z } from 'zod/mini';

/** How long a call may take before it fails with deadline-exceeded (the SDK's default). */
export const CALL_TIMEOUT_MS = 70_000;

/** The callables' error codes, by the protocol's status names. */
const CODES = [
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'unauthenticated',
] as const;
export type CallableCode = (typeof CODES)[number];

/** The code of an answer that carries no error of the protocol, by its HTTP status (as the SDK reads it). */
function codeOfStatus(status: number): CallableCode {
  const byStatus: Record<number, CallableCode> = {
    400: 'invalid-argument',
    401: 'unauthenticated',
    403: 'permission-denied',
    404: 'not-found',
    409: 'aborted',
    429: 'resource-exhausted',
    499: 'cancelled',
    500: 'internal',
    501: 'unimplemented',
    503: 'unavailable',
    504: 'deadline-exceeded',
  };
  return byStatus[status] ?? 'unknown';
}

export class CallableError extends Error {
  override readonly name = 'CallableError';
  /** `functions/<code>`, as the Functions SDK names it. */
  readonly code: string;
  constructor(
    code: CallableCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.code = `functions/${code}`;
  }
}

const errorAnswerSchema = z.object({
  error: z.object({ status: z.optional(z.string()), message: z.optional(z.string()), details: z.optional(z.unknown()) }),
});
const INT64_TYPES = new Set([
  'type.googleapis.com/google.protobuf.Int64Value',
  'type.googleapis.com/google.protobuf.UInt64Value',
]);

/** Decodes the protocol's JSON: a 64-bit integer comes as `{"@type": ...Int64Value, "value": "12"}`. */
export function decodeCallableValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeCallableValue);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (typeof record['@type'] === 'string' && INT64_TYPES.has(record['@type']) && typeof record.value === 'string') {
    return Number(record.value);
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, decodeCallableValue(v)]));
}

/** Reads a callable's answer: its result, or the CallableError it carries. */
export function readCallableAnswer(status: number, json: unknown): unknown {
  const error = errorAnswerSchema.safeParse(json);
  if (error.success) {
    const name = (error.data.error.status ?? '').toLowerCase().replace(/_/g, '-');
    const code = (CODES as readonly string[]).includes(name) ? (name as CallableCode) : 'internal';
    throw new CallableError(code, error.data.error.message || code, decodeCallableValue(error.data.error.details));
  }
  if (status < 200 || status >= 300) {
    const code = codeOfStatus(status);
    throw new CallableError(code, code);
  }
  if (typeof json === 'object' && json !== null) {
    const answer = json as Record<string, unknown>;
    if ('result' in answer) return decodeCallableValue(answer.result);
    if ('data' in answer) return decodeCallableValue(answer.data);
  }
  throw new CallableError('internal', 'Response is missing data field.');
}

export interface CallableOptions {
  /** The callable's URL. */
  url: string;
  /** The signed-in user's ID token, or null. */
  idToken: string | null;
  /** An App Check token, when the app registers App Check. */
  appCheckToken?: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Calls a callable with `data`; resolves with its result or rejects with a CallableError. */
export async function invokeCallable(data: unknown, options: CallableOptions): Promise<unknown> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.idToken) headers.Authorization = `Bearer ${options.idToken}`;
  if (options.appCheckToken) headers['X-Firebase-AppCheck'] = options.appCheckToken;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(options.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: data ?? null }),
      signal: AbortSignal.timeout(options.timeoutMs ?? CALL_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw timedOut ? new CallableError('deadline-exceeded', 'deadline-exceeded') : new CallableError('internal', 'internal');
  }
  // Not JSON (a proxy's error page): the status decides.
  return readCallableAnswer(response.status, await response.json().catch(() => null));
}

/** The URL of callable `name`: the Functions emulator's, or the production one of `region`. */
export function callableUrl(name: string, config: { projectId: string; region: string; emulatorOrigin: string | null }): string {
  return config.emulatorOrigin
    ? `${config.emulatorOrigin}/${config.projectId}/${config.region}/${name}`
    : `https://${config.region}-${config.projectId}.cloudfunctions.net/${name}`;
}
