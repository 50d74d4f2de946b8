/**
 * The allow-list: every call of SPEC section 7 with its route (./routes) and its request, header, query and
 * response schemas (the area modules). The provider validates its routes with it, the functions proxy forwards
 * only what it lists, and the web parses answers with it.
 */
import type { z } from 'zod/mini';
import { documentIdProblem } from '../document-id';
import { ADMIN_CALLS } from './admin-calls';
import type { ApiCallDefinition } from './call-definition';
import type { ApiRouteName } from './routes';
import { USER_CALLS } from './user-calls';

export type { ApiCallDefinition };

/**
 * Every call of SPEC section 7. The functions proxy forwards those with auth 'user' or 'admin'
 * (auth 'none' goes through the session callables); the provider validates its routes with it.
 */
export const API_CALLS = { ...USER_CALLS, ...ADMIN_CALLS } as const satisfies Record<ApiRouteName, ApiCallDefinition>;

export type ApiCallName = keyof typeof API_CALLS;
export type ApiCall<N extends ApiCallName> = (typeof API_CALLS)[N];
/** The request body a caller writes (before transforms). */
export type ApiRequestInput<N extends ApiCallName> =
  ApiCall<N> extends { request: infer S extends z.ZodMiniType } ? z.input<S> : never;
/** The success body of a call. */
export type ApiResponse<N extends ApiCallName> =
  ApiCall<N> extends { response: infer S extends z.ZodMiniType } ? z.output<S> : never;

export const API_CALL_NAMES = Object.keys(API_CALLS) as ApiCallName[];

export interface ResolvedApiCall {
  readonly name: ApiCallName;
  readonly call: ApiCallDefinition;
  /** Values of the `:param` placeholders, decoded (checked by `paramsProblem`, not here). */
  readonly params: Readonly<Record<string, string>>;
  /** Placeholders whose segment is not valid percent-encoded UTF-8 (their `params` value is the raw segment). */
  readonly undecodable: readonly string[];
}

/**
 * Finds the allow-listed call for a method and a path (a query string is ignored). Returns undefined for
 * anything not in API_CALLS, including paths with '..', empty segments or bad percent-encoding.
 */
export function resolveApiCall(method: string, path: string): ResolvedApiCall | undefined {
  const pathname = path.split('?', 1)[0] ?? '';
  if (!pathname.startsWith('/')) return undefined;
  const segments = pathname.slice(1).split('/');
  for (const name of API_CALL_NAMES) {
    const call: ApiCallDefinition = API_CALLS[name];
    if (call.method !== method) continue;
    const pattern = call.path.slice(1).split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const undecodable: string[] = [];
    let matches = true;
    for (let i = 0; i < pattern.length && matches; i += 1) {
      const expected = pattern[i] ?? '';
      const actual = segments[i] ?? '';
      if (expected.startsWith(':')) {
        if (actual === '') {
          matches = false;
          continue;
        }
        const value = decodeSegment(actual);
        params[expected.slice(1)] = value ?? actual;
        if (value === undefined) undecodable.push(expected.slice(1));
      } else if (expected !== actual) {
        matches = false;
      }
    }
    if (matches) return { name, call, params, undecodable };
  }
  return undefined;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The first placeholder of a resolved call that is not a document id (issue 31 item 7), as the field and the
 * message of a 400; null when all are. A `:id` that decodes to '/', '.', '..' or `__x__`, is not UTF-8 or is too
 * long is a bad request naming the field, never a route that is not there nor a server error.
 */
export function paramsProblem(resolved: ResolvedApiCall): { field: string; message: string } | null {
  for (const [field, value] of Object.entries(resolved.params)) {
    if (resolved.undecodable.includes(field)) {
      return { field, message: 'Id must be valid text (it has a broken Unicode character)' };
    }
    const problem = documentIdProblem(value);
    if (problem) return { field, message: problem };
  }
  return null;
}
