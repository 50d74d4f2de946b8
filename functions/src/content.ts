/**
 * postSignal, clearSignals (can_post_signal) and clearGames (role 1), and joinPot (a pot join
 * forwarded to the provider's join-auto-trada, which moves the money, adds the participant and
 * updates the pot in one transaction). Plain inputs and outputs; Firestore behind a small interface.
 */
import { buildSignalDocument, CLEAR_DOCUMENTS_SUCCESS, SIGNAL_POST_SUCCESS } from '@punter/core/signals';
import { clearResultSchema, emptyPayloadSchema, joinPotSchema, postSignalSchema } from '@punter/core/bridge-schemas';
import { TOKEN_EXPIRED_MESSAGE } from '@punter/core/api-schemas';
import { z } from 'zod';
import { BridgeError, parsePayload } from './errors';
import type { createProviderCall } from './provider-call';

export interface Caller {
  uid: string;
  claims: Record<string, unknown>;
}

export interface ContentStore {
  /** Adds a signal document stamped with the server time. */
  addSignal(doc: Record<string, unknown>): Promise<string>;
  /** Deletes every document of a collection; returns how many. */
  deleteAll(collection: 'signal' | 'games'): Promise<number>;
}

function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw new BridgeError('unauthenticated', TOKEN_EXPIRED_MESSAGE);
  return caller;
}

function requireClaim(ok: boolean): void {
  if (!ok) throw new BridgeError('permission-denied', 'You are not allowed to do this.');
}

export async function postSignal(store: ContentStore, caller: Caller | null, data: unknown, now = new Date()) {
  const who = requireCaller(caller);
  requireClaim(who.claims.can_post_signal === true);
  const input = parsePayload(postSignalSchema, data);
  const id = await store.addSignal({ ...buildSignalDocument({ status: input.status, group: input.group, createdAt: now }) });
  return { id, message: SIGNAL_POST_SUCCESS };
}

export async function clearSignals(store: ContentStore, caller: Caller | null, data: unknown) {
  const who = requireCaller(caller);
  requireClaim(who.claims.can_post_signal === true);
  parsePayload(emptyPayloadSchema, data ?? undefined);
  return clearResultSchema.parse({ deleted: await store.deleteAll('signal'), message: CLEAR_DOCUMENTS_SUCCESS });
}

export async function clearGames(store: ContentStore, caller: Caller | null, data: unknown) {
  const who = requireCaller(caller);
  requireClaim(who.claims.role === 1);
  parsePayload(emptyPayloadSchema, data ?? undefined);
  return clearResultSchema.parse({ deleted: await store.deleteAll('games'), message: CLEAR_DOCUMENTS_SUCCESS });
}

/** joinPot needs the caller's provider bearer token too (the provider moves the money). */
export const joinPotWithTokenSchema = joinPotSchema.extend({
  token: z.string({ error: 'Token is required' }).min(1, { error: 'Token is required' }).max(4096),
});

export async function joinPot(providerCall: ReturnType<typeof createProviderCall>, caller: Caller | null, data: unknown) {
  const who = requireCaller(caller);
  const input = parsePayload(joinPotWithTokenSchema, data);
  const result = await providerCall(who.uid, {
    method: 'POST',
    path: '/api/v1/user/join-auto-trada',
    token: input.token,
    headers: { 'idempotency-key': input.idempotencyKey },
    body: {
      pot_id: input.pot_id,
      amount: input.amount,
      ...(input.referalCode ? { referalCode: input.referalCode } : {}),
      ...(input.pin ? { pin: input.pin } : {}),
    },
  });
  const body = result.data as { message?: unknown; data?: unknown };
  return { message: typeof body.message === 'string' ? body.message : 'Pot joined', data: body.data };
}
