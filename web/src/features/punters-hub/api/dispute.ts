/** A buyer's dispute of a code they got (ADR 0022): once per code, with a reason; the operator answers it. */
import { callApi } from '@/lib/api';

/** Sends the dispute; resolves with the provider's message. */
export async function openDispute(gameId: string, reason: string): Promise<string> {
  return (await callApi('gameDispute', { body: { game_id: gameId, reason } })).message;
}
