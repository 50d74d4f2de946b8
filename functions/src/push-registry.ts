/**
 * Who is on the signal topics (ADR 0014, ADR 0025). FCM cannot list a topic's tokens, so
 * registerSignalPush keeps each token it subscribes in `signal_push_tokens/{sha256(token)}` (no client
 * access: the rules have no match for it) with its owner and the instant it must be checked again.
 * The tokens leave every topic:
 *   - at once when the owner starts a break or self-exclusion (providerCall, after the provider saved it);
 *   - when the scheduled job finds the owner may no longer read signals: a subscription that ended, a
 *     pause, an account no longer active. Each token is checked at its subscription's end and at the
 *     latest RECHECK_MS after its last check, so a drop that failed is made up within the hour.
 */
import { createHash } from 'node:crypto';
import type { Permissions } from '@punter/core/permissions';
import { SIGNAL_CATEGORIES } from '@punter/core/signals';
import { z } from 'zod';
import type { PermissionsReader } from './permissions';
import type { SignalPushAdapter } from './signal-push';

export const PUSH_TOKENS_COLLECTION = 'signal_push_tokens';

/** The longest a registration goes without its owner's permissions being read again. */
export const RECHECK_MS = 60 * 60 * 1000;

export const pushRegistrationSchema = z.object({
  uid: z.string().min(1),
  token: z.string().min(1).max(4096),
  category: z.enum(SIGNAL_CATEGORIES),
  /** Epoch ms: the scheduled job looks at this registration again from then. */
  check_at: z.number().int().nonnegative(),
  updated_at: z.number().int().nonnegative(),
});
export type PushRegistration = z.infer<typeof pushRegistrationSchema>;

export interface PushRegistry {
  /** Creates or replaces the registration of its token (a browser changing hands moves it). */
  save(registration: PushRegistration): Promise<void>;
  ofUser(uid: string): Promise<PushRegistration[]>;
  /** Registrations whose check_at is at or before `now`, at most `limit`. */
  due(now: number, limit: number): Promise<PushRegistration[]>;
  remove(token: string): Promise<void>;
}

/** The document id of a token: tokens are long and not meant to sit in paths or logs. */
export function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Until when the holder of `permissions` may receive signals at `now`: the subscription's end, or
 * Infinity for a poster; null when they may not (inactive, on a break or self-excluded, no
 * subscription). The same as the feed's rules, which close it to a paused reader (ADR 0019).
 */
export function signalAccessUntil(permissions: Permissions, now: number): number | null {
  if (!permissions.active) return null;
  if (permissions.paused_until !== null && permissions.paused_until > now) return null;
  if (permissions.can_post_signal) return Infinity;
  const expires = permissions.subscription_expires_at;
  return expires !== null && expires > now ? expires : null;
}

/** When a registration allowed until `until` is looked at again. */
export function nextCheck(until: number, now: number): number {
  return Math.min(until, now + RECHECK_MS);
}

/** Takes every token of `uid` off every signal topic and forgets it; returns how many. */
export async function dropSignalPush(registry: PushRegistry, push: SignalPushAdapter, uid: string): Promise<number> {
  const registrations = await registry.ofUser(uid);
  for (const { token } of registrations) {
    await push.unsubscribeAll(token);
    await registry.remove(token);
  }
  return registrations.length;
}

export interface PruneRun {
  checked: number;
  dropped: number;
}

const PRUNE_BATCH = 200;

/**
 * The scheduled job: every registration due for a check is dropped when its owner may no longer
 * read signals, or kept with its next check. Runs in batches until nothing is due (each batch moves
 * or removes what it read, so the loop ends).
 */
export async function pruneSignalPush(
  registry: PushRegistry,
  permissions: PermissionsReader,
  push: SignalPushAdapter,
  now: number,
): Promise<PruneRun> {
  const run: PruneRun = { checked: 0, dropped: 0 };
  const seen = new Set<string>();
  for (;;) {
    const batch = (await registry.due(now, PRUNE_BATCH)).filter((r) => !seen.has(r.token));
    if (batch.length === 0) return run;
    for (const registration of batch) {
      seen.add(registration.token);
      run.checked += 1;
      const owner = await permissions.permissionsOf(registration.uid);
      const until = owner ? signalAccessUntil(owner, now) : null;
      if (until === null) {
        await push.unsubscribeAll(registration.token);
        await registry.remove(registration.token);
        run.dropped += 1;
      } else {
        await registry.save({ ...registration, check_at: nextCheck(until, now) });
      }
    }
  }
}
