/**
 * The monthly subscription (₦2,000 from the wallet, 30 days): what opens the signal feed (ADR 0008)
 * and pot joining. Shared: /subscription, the signal feed, the dashboard and the pots read or pay it.
 */
import { useCallback, useRef } from 'react';
import { subscriptionStatus, type SubscriptionStatus } from '@punter/core/subscription';
import { callApi } from '@/lib/api';
import { formatLagosDay } from '@/lib/format';
import { randomId } from '@/lib/flash';
import { usePermissions } from '@/lib/permissions';
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

/**
 * The signed-in user's subscription from the live permissions document (the profile's copy until it
 * arrives), or null for a visitor. `paidUntil` (an answer of useSubscribe) counts until the document
 * catches up. Read at render: a page left open past the end shows it at the next render.
 */
export function useSubscriptionStatus(paidUntil: string | null = null): SubscriptionStatus | null {
  const permissions = usePermissions();
  if (!permissions) return null;
  const paid = paidUntil ? Date.parse(paidUntil) : Number.NaN;
  const known = permissions.subscription_expires_at;
  const expiresAt = Number.isFinite(paid) && (known === null || paid > known) ? paid : known;
  return subscriptionStatus(expiresAt, Date.now());
}

/** '24 Dec 2026': the day a subscription ends, in Lagos time. */
export function subscriptionDay(epochMs: number): string {
  return formatLagosDay(epochMs);
}
