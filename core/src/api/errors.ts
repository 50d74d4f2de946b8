/**
 * The error body of SPEC section 8, stated once: `{ status: false, message, error: [{ message, field? }] }`.
 * The provider writes it (provider/src/http.ts), the callables pass it on as their HttpsError details
 * (functions/src/errors.ts) and the web reads it (web/src/lib/api.ts). A failed validation becomes one with
 * errorBodyFromZod: the first problem, named by its field, is the message.
 */
import { z } from 'zod/mini';

/** The provider's answer to a missing, expired or unknown token; the web then ends the session (SPEC section 6). */
export const TOKEN_EXPIRED_MESSAGE = 'Token is expired or invalid.';

/** True when a server message means the stored profile must be removed. */
export function isTokenExpiredMessage(message: unknown): boolean {
  return message === TOKEN_EXPIRED_MESSAGE;
}

/**
 * The provider's 403 when a money call (a pot join, a paid code, the subscription) needs the transaction PIN:
 * the login is older than 15 minutes and the body gave no `pin`. The web then asks for the PIN and sends the
 * same action again, with the same idempotency key.
 */
export const STEP_UP_NEEDED_MESSAGE = 'Please enter your transaction PIN to confirm this payment.';

/** One problem: what is wrong and, for a problem with one field, its dotted path ('amount', 'items.0.id'). */
export interface ErrorItem {
  message: string;
  field?: string;
}

const errorItemSchema = z.pipe(
  z.object({ message: z.string(), field: z.optional(z.string()) }),
  z.transform(({ message, field }): ErrorItem => (field === undefined ? { message } : { message, field })),
);

/** An error body as received: `error` may be missing (SPEC section 8 shows both). */
export const errorBodySchema = z.object({
  status: z.literal(false),
  message: z.string(),
  error: z.optional(z.array(errorItemSchema)),
});

/** An error body as this product writes it: always with its list of problems. */
export interface ErrorBody {
  status: false;
  message: string;
  error: ErrorItem[];
}

const INVALID_REQUEST_MESSAGE = 'Invalid request';

/** The body for one failure; its list holds the message itself unless `error` names the problems. */
export function errorBody(message: string, error: readonly ErrorItem[] = [{ message }]): ErrorBody {
  return { status: false, message, error: [...error] };
}

/**
 * The body for a failed validation: every issue as `{ message, field }` (field left out for an issue about the
 * whole input), and as `message` the first issue, prefixed with its field ('amount: Amount must be more than 0').
 */
export function errorBodyFromZod(error: z.core.$ZodError): ErrorBody {
  const items = error.issues.map((issue): ErrorItem => {
    const field = issue.path.map(String).join('.');
    return field === '' ? { message: issue.message } : { message: issue.message, field };
  });
  const first = items[0];
  const message = first ? (first.field ? `${first.field}: ${first.message}` : first.message) : INVALID_REQUEST_MESSAGE;
  return errorBody(message, items);
}

/**
 * A received body read as an error body, or undefined when it is not one. An unreadable or empty list of
 * problems becomes the message alone, so what is passed on always has the written shape.
 */
export function readErrorBody(body: unknown): ErrorBody | undefined {
  const head = z.pick(errorBodySchema, { status: true, message: true }).safeParse(body);
  if (!head.success || head.data.message === '') return undefined;
  const list = z.pick(errorBodySchema, { error: true }).safeParse(body);
  const items = list.success ? list.data.error : undefined;
  return errorBody(head.data.message, items && items.length > 0 ? items : undefined);
}

const shownErrorSchema = z.object({
  status: z.optional(z.unknown()),
  message: z.optional(z.string()),
  error: z.optional(z.array(z.looseObject({ message: z.string() }))),
});

/**
 * The lines to show for a failed provider call (SPEC section 8, register and password reset):
 * when `status` is false, the message; otherwise each item of the error list with its message
 * (falling back to the message). Unreadable bodies give `fallback`.
 */
export function providerErrorMessages(body: unknown, fallback = 'An error occurred'): string[] {
  const parsed = shownErrorSchema.safeParse(body);
  if (!parsed.success) return [fallback];
  const { status, message, error } = parsed.data;
  if (status === false && message) return [message];
  if (error && error.length > 0) return error.map((e) => e.message);
  return [message ?? fallback];
}
