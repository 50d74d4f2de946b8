/**
 * Framework-free request/response types of the provider, and its failures: the error body of SPEC section 8
 * (core's api/errors, the one definition) with the right HTTP status.
 */
import {
  errorBodyFromZod,
  errorBody as errorBodyOf,
  TOKEN_EXPIRED_MESSAGE,
  type ErrorBody,
  type ErrorItem,
} from '@punter/core/api/errors';
import { z } from 'zod';

// core's schemas are zod/mini ones, which carry no messages: English, as classic zod gave, for the default ones
// that reach an error body ('Too small: expected ...'). Classic zod only sets it once it builds a schema of its own.
z.config(z.locales.en());

export type { ErrorBody };

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

/** A failure the caller is told about: HTTP status + a message safe to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly details: ErrorItem[] = [{ message }],
  ) {
    super(message);
  }
}

export const TOKEN_INVALID = TOKEN_EXPIRED_MESSAGE;

export const badRequest = (message: string, details?: ErrorItem[]) => new ApiError(400, message, details);
export const unauthorized = (message = TOKEN_INVALID) => new ApiError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const tooMany = (message: string) => new ApiError(429, message);

export function errorBody(error: ApiError): ErrorBody {
  return errorBodyOf(error.message, error.details);
}

export function ok(body: Record<string, unknown>, status = 200): ProviderResponse {
  return { status, body: { status: true, ...body } };
}

/** Parses `input` with a zod schema; on failure a 400 whose message names the first problem (core errorBodyFromZod). */
export function parseBody<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  const body = errorBodyFromZod(result.error);
  throw badRequest(body.message, body.error);
}

/** Header lookup, case-insensitive. */
export function header(req: ProviderRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(req.headers ?? {})) if (k.toLowerCase() === wanted) return v;
  return undefined;
}
