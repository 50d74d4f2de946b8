/** The monthly subscription (₦2,000 from the wallet, 30 days): what opens the signal feed (ADR 0008). */
import { useCallback, useRef } from 'react';
import { callApi } from '@/lib/api';
import { randomId } from '@/lib/flash';
import { queryClient, queryKeys } from '@/lib/query-client';

export async function subscribe(input: { pin: string; idempotencyKey: string }): Promise<{ expiresAt: string }> {
  const answer = await callApi('subscribe', { body: { pin: input.pin }, headers: { 'Idempotency-Key': input.idempotencyKey } });
  return { expiresAt: answer.data.subscription_expires_at };
}

/**
 * Pays the subscription with the PIN. One Idempotency-Key per intended payment: a retry after a
 * failure (a lost answer included) sends the same key, so the wallet is charged once; the next payment
 * after a success gets a new one. The payment moves money, so the wallet's cached balance and
 * transactions are marked stale (ADR 0007).
 */
export function useSubscribe(): (pin: string) => Promise<{ expiresAt: string }> {
  const key = useRef<string | null>(null);
  return useCallback(async (pin: string) => {
    key.current ??= randomId();
    const result = await subscribe({ pin, idempotencyKey: key.current });
    key.current = null;
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    return result;
  }, []);
}
