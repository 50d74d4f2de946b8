/**
 * Joining a pot and collecting a due pot (PAYOUT): both through the one API client (lib/api.ts callApi, the
 * route table of core api/routes, forwarded by the providerCall callable like every other money call), both on
 * the one money hook (lib/use-money-mutation.ts): one idempotency key per intended action, kept across retries;
 * the wallet refreshed after (ADR 0007). A join asks for the transaction PIN when the provider wants the step-up.
 */
import { callApi } from '@/lib/api';
import { queryKeys } from '@/lib/query-client';
import { useMoneyMutation, type MoneyMutation } from '@/lib/use-money-mutation';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';

export interface JoinRequest {
  potId: string;
  amountNaira: number;
  referalCode?: string;
  acceptRisk: boolean;
}

/**
 * A join: one key per intended join (pot and amount), so the same join retried, or sent again with the PIN,
 * moves the money once. Resolves with the provider's message ('Pot joined').
 */
export function useJoinPot(): MoneyMutation<JoinRequest, string> {
  return useMoneyMutation<JoinRequest, string>({
    action: (request) => ['join-pot', request.potId, request.amountNaira],
    send: async (request, { idempotencyKey, pin }) => {
      const answer = await callApi('joinAutoTrada', {
        body: {
          pot_id: request.potId,
          amount: request.amountNaira,
          ...(request.referalCode ? { referalCode: request.referalCode } : {}),
          ...(request.acceptRisk ? { acceptRisk: true as const } : {}),
          ...(pin ? { pin } : {}),
        },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      return answer.message;
    },
    invalidates: [queryKeys.wallet],
  });
}

/** PAYOUT: capital plus the share of the result into the wallet; resolves with the naira that moved. */
export function usePotPayout(): MoneyMutation<string, number> {
  return useMoneyMutation<string, number>({
    action: (potId) => ['pot-payout', potId],
    send: async (potId, { idempotencyKey }) => {
      const answer = await callApi('potPayout', { body: { pot_id: potId }, headers: { 'Idempotency-Key': idempotencyKey } });
      return answer.data.amount;
    },
    invalidates: [queryKeys.wallet],
  });
}

/** The wallet balance shown on the pot page (the same cache entry the wallet screens use). */
export function usePotWalletBalance(): QueryState<number> {
  return useApiQuery(queryKeys.balance, async () => (await callApi('nairaWallet')).data.balance);
}
