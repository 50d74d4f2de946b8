/** What the allow-list (./calls) says of one call of SPEC section 7. */
import type { z } from 'zod/mini';
import type { ApiAuth, HttpMethod } from './routes';

export interface ApiCallDefinition {
  readonly method: HttpMethod;
  /** Path with `:param` placeholders where SPEC has `{id}`. */
  readonly path: string;
  readonly auth: ApiAuth;
  /** JSON body. */
  readonly request?: z.ZodMiniType;
  /** Query string parameters (GET). */
  readonly query?: z.ZodMiniType;
  /** Headers the call needs besides Authorization and Accept (names in lower case). */
  readonly headers?: z.ZodMiniType;
  /** Success body. */
  readonly response?: z.ZodMiniType;
}
