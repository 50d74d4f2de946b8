/**
 * The Punters Hub's calls: get or buy a code and post one (provider, SPEC section 7), and Clear Games
 * (the clearGames callable, role 1; functions/src/content.ts checks it again), and settlement (ADR 0010).
 */
import { clearResultSchema } from '@punter/core/bridge-schemas';
import { UNEXPECTED_RESPONSE_STATUS, type SettledStatus } from '@punter/core/punters-hub';
import type { ApiRequestInput } from '@punter/core/api/calls';
import type { z } from 'zod/mini';
import type { gamePriceSchema } from '@punter/core/api/punters-hub';
import { ApiFailure, callApi, toApiFailure } from '@/lib/api';
import { queryClient, queryKeys } from '@/lib/query-client';
import { useMoneyMutation, type MoneyMutation } from '@/lib/use-money-mutation';

/** A code got or bought: the code, and whether the wallet was charged for it (no entry: a free code, the owner's own). */
export interface UnlockedCode {
  code: string;
  charged: boolean;
}

/**
 * Gets (free) or buys (priced) a code and answers the code and whether it cost anything: the owner of a
 * priced code gets his own without a charge. `idempotencyKey` is made once per intended purchase, so a
 * retry after a lost answer charges once.
 */
export async function buyOrGetGame(
  gameId: string,
  amountNaira: z.infer<typeof gamePriceSchema>,
  idempotencyKey: string,
  /** The transaction PIN: the provider asks for it on a paid code once the session is 15 minutes old. */
  pin?: string,
): Promise<UnlockedCode> {
  const answer = await callApi('buyOrGetGame', {
    body: { game_id: gameId, amount: amountNaira, ...(pin ? { pin } : {}) },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const code = answer.data.game.game_code;
  if (!code) throw new ApiFailure([UNEXPECTED_RESPONSE_STATUS], 'bad-answer');
  return { code, charged: answer.data.transaction !== null };
}

/**
 * Getting or buying one code (the one money hook, lib/use-money-mutation.ts): one key per intended purchase of
 * the code, kept across retries and when it is sent again with the PIN the provider asked for. A purchase
 * changes the balance and the statement: every screen showing them asks again.
 */
export function useBuyOrGetGame(game: {
  id: string;
  amount: z.infer<typeof gamePriceSchema>;
}): MoneyMutation<void, UnlockedCode> {
  return useMoneyMutation<void, UnlockedCode>({
    action: () => ['buy-game', game.id, game.amount],
    send: (_nothing, { idempotencyKey, pin }) => buyOrGetGame(game.id, game.amount, idempotencyKey, pin),
    invalidates: game.amount > 0 ? [queryKeys.wallet] : [],
  });
}

export async function postGame(input: ApiRequestInput<'createCode'>): Promise<void> {
  await callApi('createCode', { body: input });
}

/** Deletes every code of the Hub; resolves with how many were deleted. */
export async function clearGames(): Promise<number> {
  let raw: unknown;
  try {
    raw = await (await import('@/lib/firebase-session')).callFunction('clearGames', {});
  } catch (error) {
    throw toApiFailure(error);
  }
  const result = clearResultSchema.safeParse(raw);
  if (!result.success) throw new ApiFailure(['An error occurred'], 'bad-answer');
  return result.data.deleted;
}

/**
 * Settles a code Boom or Cut (ADR 0010): its punter once after the last game, an admin at any time.
 * Resolves with the provider's message ('Game settled as Cut'). The records changed: /punters asks again.
 */
/**
 * Settles a code: the provider's message, and when a punter's own Boom of a paid code holds its sales for the
 * dispute window (ADR 0039), until when (ISO); null when nothing is held (a free code, an admin's word).
 */
export async function settleGame(gameId: string, status: SettledStatus): Promise<{ message: string; heldUntil: string | null }> {
  const answer = await callApi('settleGame', { body: { game_id: gameId, status } });
  void queryClient.invalidateQueries({ queryKey: ['punters'] });
  // A settlement moves money (a Boom pays the punter): balances and statements ask again.
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
  return { message: answer.message, heldUntil: answer.data.held_until ?? null };
}
