/**
 * Joining a pot (the joinPot callable, which re-checks SPEC's rules in the provider) and collecting a due
 * pot (PAYOUT, through providerCall). Each click of an intended action keeps one idempotency key, so a
 * retry after a lost answer moves money once; both refresh the cached wallet (ADR 0007).
 */
import { useCallback, useRef } from 'react';
import { joinPotResultSchema } from '@punter/core/bridge-schemas';
import { ApiFailure, callApi, toApiFailure } from '@/lib/api';
import { randomId } from '@/lib/flash';
import { queryClient, queryKeys } from '@/lib/query-client';
import { getProfile } from '@/lib/session';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';

export interface JoinRequest {
  potId: string;
  amountNaira: number;
  referalCode?: string;
  acceptRisk: boolean;
}

async function joinPot(request: JoinRequest, idempotencyKey: string): Promise<string> {
  const token = getProfile()?.token;
  if (!token) throw new ApiFailure(['Token is expired or invalid.'], 'unauthenticated');
  let raw: unknown;
  try {
    raw = await (
      await import('@/lib/firebase-session')
    ).callFunction('joinPot', {
      pot_id: request.potId,
      amount: request.amountNaira,
      idempotencyKey,
      token,
      ...(request.referalCode ? { referalCode: request.referalCode } : {}),
      ...(request.acceptRisk ? { acceptRisk: true } : {}),
    });
  } catch (error) {
    throw toApiFailure(error);
  }
  const parsed = joinPotResultSchema.safeParse(raw);
  if (!parsed.success) throw new ApiFailure(['An error occurred'], 'bad-answer');
  return parsed.data.message;
}

/** One key per intended join (pot and amount): the same join retried sends the same key. */
export function useJoinPot(): (request: JoinRequest) => Promise<string> {
  const attempt = useRef<{ action: string; key: string } | null>(null);
  return useCallback(async (request: JoinRequest) => {
    const action = JSON.stringify([request.potId, request.amountNaira]);
    if (attempt.current?.action !== action) attempt.current = { action, key: randomId() };
    const message = await joinPot(request, attempt.current.key);
    attempt.current = null;
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    return message;
  }, []);
}

/** PAYOUT: capital plus the share of the result into the wallet; resolves with the naira that moved. */
export function usePotPayout(): (potId: string) => Promise<number> {
  const attempt = useRef<{ potId: string; key: string } | null>(null);
  return useCallback(async (potId: string) => {
    if (attempt.current?.potId !== potId) attempt.current = { potId, key: randomId() };
    const answer = await callApi('potPayout', { body: { pot_id: potId }, headers: { 'Idempotency-Key': attempt.current.key } });
    attempt.current = null;
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    return answer.data.amount;
  }, []);
}

/** The wallet balance shown on the pot page (the same cache entry the wallet screens use). */
export function usePotWalletBalance(): QueryState<number> {
  return useApiQuery(queryKeys.balance, async () => (await callApi('nairaWallet')).data.balance);
}
