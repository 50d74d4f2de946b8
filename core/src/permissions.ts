/**
 * The permissions document (ADR 0004): `user_permissions/{uid}`, one per account, written by the
 * provider in the same transaction as every change to these facts. The security rules, the
 * callables and the web app all read it, so a permission taken away stops working at once,
 * unlike token claims, which live as long as the ID token (up to an hour).
 */
import { z } from 'zod/mini';

export const PERMISSIONS_COLLECTION = 'user_permissions';

export const permissionsSchema = z.object({
  /** False when the account is suspended, deleted or must change its password: no session at all. */
  active: z.boolean(),
  role: z.number().check(z.int()),
  can_post_signal: z.boolean(),
  can_post_game: z.boolean(),
  can_monetize_game: z.boolean(),
  /**
   * When the monthly subscription ends (epoch milliseconds), null when there is none. The rules
   * let a subscriber read the signal feed until then (ADR 0008). Documents written before the
   * field existed read as null.
   */
  subscription_expires_at: z._default(z.nullable(z.number().check(z.int(), z.nonnegative())), null),
  /**
   * The end of a break or self-exclusion the user chose (epoch milliseconds), null when none: until
   * then the rules close the signal feed to them (ADR 0019). Older documents read as null.
   */
  paused_until: z._default(z.nullable(z.number().check(z.int(), z.nonnegative())), null),
  /** Epoch milliseconds of the write. */
  updated_at: z.number().check(z.int(), z.nonnegative()),
});
export type Permissions = z.infer<typeof permissionsSchema>;

/** The account facts the document is derived from (the provider's user record has them all). */
export interface PermissionFacts {
  role: number;
  can_post_signal: boolean;
  can_post_game: boolean;
  can_monetize_game: boolean;
  suspended: boolean;
  must_change_password: boolean;
  subscription_expires_at: number | null;
  paused_until?: number | null | undefined;
}

/** The document for an account's facts; `null` facts (a deleted account) give an inactive document. */
export function permissionsFor(facts: PermissionFacts | null, now: number): Permissions {
  if (!facts) {
    return {
      active: false,
      role: 0,
      can_post_signal: false,
      can_post_game: false,
      can_monetize_game: false,
      subscription_expires_at: null,
      paused_until: null,
      updated_at: now,
    };
  }
  return permissionsSchema.parse({
    active: !facts.suspended && !facts.must_change_password,
    role: facts.role,
    can_post_signal: facts.can_post_signal,
    can_post_game: facts.can_post_game,
    can_monetize_game: facts.can_monetize_game,
    subscription_expires_at: facts.subscription_expires_at,
    paused_until: facts.paused_until ?? null,
    updated_at: now,
  });
}

/** A stored document parsed; `null` when it is missing or malformed (treated as no permission at all). */
export function parsePermissions(data: unknown): Permissions | null {
  const parsed = permissionsSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
