/**
 * Bodies and headers every area of the provider API shares: the success bodies, the Idempotency-Key header of
 * the money-moving calls (ARCHITECTURE, Money), counts, and Firestore times. The error body is ./errors.
 */
import { z } from 'zod/mini';
import { addCustomIssue } from '../zod-extras';

/** `{ status: true, message, data }` with `data` described by the given schema. */
export function okBody<T extends z.ZodMiniType>(data: T) {
  return z.object({ status: z.literal(true), message: z.string(), data });
}
/** `{ status: true, message }` for calls that return nothing else. */
export const okMessageBody = z.object({ status: z.literal(true), message: z.string() });

/** A count: a whole number, 0 or more. */
export const countSchema = z.number().check(z.int(), z.gte(0));

/** Idempotency-Key header of the money-moving calls: 8..128 letters, digits, '-' or '_'. */
export const idempotencyKeySchema = z
  .string({ error: 'Idempotency-Key header is required' })
  .check(z.regex(/^[A-Za-z0-9_-]{8,128}$/, { error: 'Idempotency-Key must be 8 to 128 letters, digits, - or _' }));
/** Header names are lower case, as Node hands them over. */
export const idempotencyHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema });

/**
 * A Firestore time as the SDKs hand it over (Timestamp with toMillis(), {seconds, nanoseconds}, a Date, epoch ms
 * or an ISO string), converted to epoch milliseconds. A pending server timestamp (null) stays null.
 */
export const timestampMillis = z.pipe(
  z.unknown(),
  z.transform((value, ctx): number | null => {
    if (value === null || value === undefined) return null;
    const millis = toMillis(value);
    if (millis === undefined) {
      addCustomIssue(ctx, 'Must be a timestamp');
      return z.NEVER;
    }
    return millis;
  }),
);

function toMillis(value: unknown): number | undefined {
  if (value instanceof Date) return finite(value.getTime());
  if (typeof value === 'number') return finite(value);
  if (typeof value === 'string') return finite(Date.parse(value));
  if (typeof value === 'object' && value !== null) {
    const candidate = value as { toMillis?: unknown; seconds?: unknown; nanoseconds?: unknown };
    if (typeof candidate.toMillis === 'function') return finite((candidate.toMillis as () => unknown).call(value));
    if (typeof candidate.seconds === 'number' && typeof candidate.nanoseconds === 'number') {
      return finite(candidate.seconds * 1000 + Math.floor(candidate.nanoseconds / 1e6));
    }
  }
  return undefined;
}
function finite(n: unknown): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}
