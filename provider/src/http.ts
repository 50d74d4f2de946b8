/**
 * Framework-free request/response types of the provider, and the error shape of SPEC section 8:
 * `{ status: false, message, error: [{ message }] }` with the right HTTP status.
 */
import type { z } from 'zod';

export interface ProviderRequest {
  method: string;
  path: string;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
  body?: unknown;
  /** The client's address (server.ts from the socket or a trusted proxy; the functions from the callable). */
  source?: string;
}

export interface ProviderResponse {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface ErrorBody {
  status: false;
  message: string;
  error: Array<{ message: string; field?: string }>;
}

/** A failure the caller is told about: HTTP status + a message safe to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly details: Array<{ message: string; field?: string }> = [{ message }],
  ) {
    super(message);
  }
}

export const TOKEN_INVALID = 'Token is expired or invalid.';

export const badRequest = (message: string, details?: Array<{ message: string; field?: string }>) =>
  new ApiError(400, message, details);
export const unauthorized = (message = TOKEN_INVALID) => new ApiError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const tooMany = (message: string) => new ApiError(429, message);

export function errorBody(error: ApiError): ErrorBody {
  return { status: false, message: error.message, error: error.details };
}

export function ok(body: Record<string, unknown>, status = 200): ProviderResponse {
  return { status, body: { status: true, ...body } };
}

/** Parses `input` with a zod schema; on failure a 400 whose message names the first problem. */
export function parseBody<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? { message: issue.message, field } : { message: issue.message };
  });
  const first = details[0];
  const message = first ? (first.field ? `${first.field}: ${first.message}` : first.message) : 'Invalid request';
  throw badRequest(message, details);
}

/** Header lookup, case-insensitive. */
export function header(req: ProviderRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(req.headers ?? {})) if (k.toLowerCase() === wanted) return v;
  return undefined;
}
