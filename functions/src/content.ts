/**
 * postSignal, clearSignals (can_post_signal) and clearGames (role 1: settled codes only), and joinPot (a pot join
 * forwarded to the provider's join-auto-trada, which moves the money, adds the participant and
 * updates the pot in one transaction). Plain inputs and outputs; Firestore behind a small interface.
 * Permissions come from the caller's permissions document read at call time (ADR 0004); the token's
 * claims are only hints for the UI.
 */
import { buildSignalDocument, CLEAR_DOCUMENTS_SUCCESS, SIGNAL_POST_SUCCESS } from '@punter/core/signals';
import {
  clearResultSchema,
  emptyPayloadSchema,
  joinPotSchema,
  postSignalSchema,
  registerSignalPushSchema,
} from '@punter/core/bridge-schemas';
import { TOKEN_EXPIRED_MESSAGE } from '@punter/core/api/errors';
import { CLEARABLE_GAME_STATUSES, type GameStatus } from '@punter/core/punters-hub';
import type { Permissions } from '@punter/core/permissions';
import { z } from 'zod';
// core's schemas are zod/mini ones (the browser's build); mini's extend keeps them so.
import { extend } from 'zod/mini';
import { BridgeError, parsePayload } from './errors';
import { activePermissions, type PermissionsReader } from './permissions';
import type { createProviderCall } from './provider-call';
import { nextCheck, signalAccessUntil, type PushRegistry } from './push-registry';
import { localSignalPush, type SignalPushAdapter } from './signal-push';

/** A reader on a break or self-excluded asking for signal notifications (ADR 0019). */
export const SIGNALS_PAUSED_MESSAGE = 'Signals are closed during your break or self-exclusion, notifications too.';

export interface Caller {
  uid: string;
  claims: Record<string, unknown>;
}

export interface ContentStore extends PermissionsReader {
  /** Adds a signal document stamped with the server time. */
  addSignal(doc: Record<string, unknown>): Promise<string>;
  /** Deletes every document of a collection; returns how many. */
  deleteAll(collection: 'signal'): Promise<number>;
  /** Deletes the `games` documents whose status is one of `statuses`; returns how many. */
  deleteGamesWithStatus(statuses: readonly GameStatus[]): Promise<number>;
  /** Adds an operator's action to the provider's audit log (`provider_audit`, the fields the provider writes). */
  audit(entry: { admin_id: string; action: string; target: string | null }): Promise<void>;
}

/** What Clear Games writes to the audit log, so the console shows who cleared and how many. */
export const CLEAR_GAMES_AUDIT_ACTION = 'games.clear';

/** The caller's current permissions, refused unless `allowed` says yes. */
async function authorise(store: ContentStore, caller: Caller | null, allowed: (p: Permissions) => boolean): Promise<Permissions> {
  const permissions = await activePermissions(store, caller?.uid ?? null);
  if (!allowed(permissions)) throw new BridgeError('permission-denied', 'You are not allowed to do this.');
  return permissions;
}

export async function postSignal(
  store: ContentStore,
  caller: Caller | null,
  data: unknown,
  now = new Date(),
  push: SignalPushAdapter = localSignalPush,
  log: (message: string, fields?: Record<string, unknown>) => void = () => {},
) {
  await authorise(store, caller, (p) => p.can_post_signal);
  const input = parsePayload(postSignalSchema, data);
  const doc = buildSignalDocument({ status: input.status, group: input.group, createdAt: now });
  const id = await store.addSignal({ ...doc });
  try {
    await push.send({ id, group: doc.group, title: doc.title, details: doc.details });
  } catch (error) {
    // The signal is stored and every open page's listener gets it: a push failure is logged, not the caller's.
    log('signal push failed', { id, adapter: push.name, error: error instanceof Error ? error.message : String(error) });
  }
  return { id, message: SIGNAL_POST_SUCCESS };
}

/**
 * registerSignalPush (ADR 0014): puts this browser's FCM token on the topic of the reader's category.
 * Only for callers who may read signals now (an active subscription, or a poster) and are not on a
 * break or self-excluded; the feed's rules say the same for the live list. The token is kept so that
 * it can be taken off the topics when that stops being true (ADR 0025).
 */
export async function registerSignalPush(
  store: ContentStore,
  caller: Caller | null,
  data: unknown,
  push: SignalPushAdapter,
  registry: PushRegistry,
  now = Date.now(),
) {
  const permissions = await activePermissions(store, caller?.uid ?? null);
  if (permissions.paused_until !== null && permissions.paused_until > now)
    throw new BridgeError('permission-denied', SIGNALS_PAUSED_MESSAGE);
  const until = signalAccessUntil(permissions, now);
  if (until === null || !caller) throw new BridgeError('permission-denied', 'You are not allowed to do this.');
  const input = parsePayload(registerSignalPushSchema, data);
  // Kept before it joins a topic: a token on a topic that nothing records could never be taken off.
  await registry.save({
    uid: caller.uid,
    token: input.token,
    category: input.category,
    check_at: nextCheck(until, now),
    updated_at: now,
  });
  try {
    await push.subscribe(input.token, input.category);
  } catch (error) {
    await registry.remove(input.token);
    throw error;
  }
  return { adapter: push.name };
}

export async function clearSignals(store: ContentStore, caller: Caller | null, data: unknown) {
  await authorise(store, caller, (p) => p.can_post_signal);
  parsePayload(emptyPayloadSchema, data ?? undefined);
  return clearResultSchema.parse({ deleted: await store.deleteAll('signal'), message: CLEAR_DOCUMENTS_SUCCESS });
}

/**
 * Clear Games (role 1) removes the settled and ended codes only (ADR 0020): an Active code is still on
 * sale and still to be settled. Settlement and corrections read the provider's own copy of a code, never
 * this display document, so a cleared code can still be corrected (ADR 0027).
 */
export async function clearGames(store: ContentStore, caller: Caller | null, data: unknown) {
  await authorise(store, caller, (p) => p.role === 1);
  parsePayload(emptyPayloadSchema, data ?? undefined);
  const deleted = await store.deleteGamesWithStatus(CLEARABLE_GAME_STATUSES);
  // authorise refused a missing caller; the operator's id is the provider user id the session token carries.
  await store.audit({ admin_id: caller?.uid ?? '', action: CLEAR_GAMES_AUDIT_ACTION, target: `${deleted} cleared` });
  return clearResultSchema.parse({ deleted, message: CLEAR_DOCUMENTS_SUCCESS });
}

/** joinPot needs the caller's provider bearer token too (the provider moves the money). */
export const joinPotWithTokenSchema = extend(joinPotSchema, {
  token: z.string({ error: 'Token is required' }).min(1, { error: 'Token is required' }).max(4096),
});

/** joinPot: providerCall checks that the caller's account is active (and owns the token). */
export async function joinPot(providerCall: ReturnType<typeof createProviderCall>, caller: Caller | null, data: unknown) {
  if (!caller) throw new BridgeError('unauthenticated', TOKEN_EXPIRED_MESSAGE);
  const input = parsePayload(joinPotWithTokenSchema, data);
  const result = await providerCall(caller.uid, {
    method: 'POST',
    path: '/api/v1/user/join-auto-trada',
    token: input.token,
    headers: { 'idempotency-key': input.idempotencyKey },
    body: {
      pot_id: input.pot_id,
      amount: input.amount,
      ...(input.referalCode ? { referalCode: input.referalCode } : {}),
      ...(input.pin ? { pin: input.pin } : {}),
      ...(input.acceptRisk ? { acceptRisk: true } : {}),
    },
  });
  const body = result.data as { message?: unknown; data?: unknown };
  return { message: typeof body.message === 'string' ? body.message : 'Pot joined', data: body.data };
}
