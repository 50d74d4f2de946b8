/**
 * providerCall's payload and result (team brief): the one callable that forwards an allow-listed provider call.
 * Apart from ./bridge-schemas because it reads the whole call contract (./api/calls), which only the servers need.
 */
import { z } from 'zod/mini';
import { paramsProblem, resolveApiCall } from './api/calls';
import { HTTP_METHODS } from './api/routes';

/** Headers the caller may not set: the proxy sets them itself. */
export const FORBIDDEN_PROXY_HEADERS = [
  'authorization',
  'cookie',
  'host',
  'content-length',
  'content-type',
  'accept',
  'connection',
  'transfer-encoding',
  'x-forwarded-for',
] as const;

const NOT_ALLOWED_CALL = 'This call is not allowed';

const headerValueSchema = z
  .string()
  .check(
    z.maxLength(512, { error: 'Header value is too long' }),
    z.regex(/^[^\r\n\0]*$/, { error: 'Header value is not valid' }),
  );

const providerCallHeadersSchema = z.pipe(
  z.record(z.string(), headerValueSchema).check(
    z.refine((headers) => Object.keys(headers).length <= 10, { error: 'Too many headers' }),
    z.refine((headers) => Object.keys(headers).every((name) => /^[A-Za-z0-9-]{1,64}$/.test(name)), {
      error: 'Header name is not valid',
    }),
    z.refine(
      (headers) =>
        Object.keys(headers).every((name) => !(FORBIDDEN_PROXY_HEADERS as readonly string[]).includes(name.toLowerCase())),
      { error: 'This header may not be set' },
    ),
  ),
  // Lower-case the names, as Node hands them to the provider and as API_CALLS describes them.
  z.transform((headers) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))),
);

/**
 * providerCall payload. `path` must name an allow-listed call of API_CALLS whose auth is 'user' or 'admin'
 * (login, register, OTP and password reset go through the session callables). A query string is allowed.
 */
export const providerCallRequestSchema = z
  .object({
    method: z.enum(HTTP_METHODS, { error: 'Method must be GET, POST, PUT or DELETE' }),
    path: z
      .string({ error: 'Path is required' })
      .check(
        z.minLength(1, { error: 'Path is required' }),
        z.maxLength(1024, { error: 'Path is too long' }),
        z.regex(/^\/[^\s#\\]*$/, { error: 'Path is not valid' }),
      ),
    body: z.optional(z.record(z.string(), z.unknown())),
    headers: z.optional(providerCallHeadersSchema),
    token: z.string({ error: 'Token is required' }).check(z.minLength(1, { error: 'Token is required' }), z.maxLength(4096)),
  })
  .check(
    z.superRefine((value, ctx) => {
      const resolved = resolveApiCall(value.method, value.path);
      if (resolved === undefined || resolved.call.auth === 'none') {
        ctx.addIssue({ code: 'custom', path: ['path'], message: NOT_ALLOWED_CALL });
        return;
      }
      // A `:id` that is no document id (issue 31 item 7) is refused here, named, before it is forwarded.
      const problem = paramsProblem(resolved);
      if (problem) ctx.addIssue({ code: 'custom', path: ['path'], message: `${problem.field}: ${problem.message}` });
    }),
  );

/** providerCall result: the provider's HTTP status and its JSON body, untouched. */
export const providerCallResultSchema = z.object({
  status: z.number().check(z.int(), z.gte(100), z.lte(599)),
  data: z.unknown(),
});
export type ProviderCallResult = z.infer<typeof providerCallResultSchema>;
