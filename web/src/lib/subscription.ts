/**
 * The monthly subscription (₦2,000 from the wallet, 30 days): what opens the signal feed (ADR 0008)
 * and pot joining. Shared: /subscription, the signal feed, the dashboard and the pots read or pay it.
 */
import { subscriptionStatus, type SubscriptionStatus } from '@punter/core/subscription';
import { callApi } from '@/lib/api';
import { formatLagosDay } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { queryKeys } from '@/lib/query-client';
import { useMoneyMutation, type MoneyMutation } from '@/lib/use-money-mutation';

/**
 * What a payment asks: a plain subscribe (no period runs), or the renewal of the period that runs until
 * `renewFrom` (its ISO end). While a period runs, only a renewal naming its end charges (the provider answers a
 * plain subscribe with the current end and takes no money).
 */
export interface SubscribeRequest {
  renewFrom: string | null;
}

/** `charged`: false when a period already ran until `expiresAt` and nothing was taken. */
export interface SubscribeResult {
  expiresAt: string;
  charged: boolean;
}

export async function subscribe(
  request: SubscribeRequest,
  proof: { idempotencyKey: string; pin?: string },
): Promise<SubscribeResult> {
  const answer = await callApi('subscribe', {
    body: { ...(proof.pin ? { pin: proof.pin } : {}), ...(request.renewFrom ? { renew_from: request.renewFrom } : {}) },
    headers: { 'Idempotency-Key': proof.idempotencyKey },
  });
  return { expiresAt: answer.data.subscription_expires_at, charged: answer.data.entry !== null };
}

/**
 * Pays the subscription (the one money hook, lib/use-money-mutation.ts). One Idempotency-Key per intended
 * payment: a retry after a failure (a lost answer included), or the same payment sent again with the PIN the
 * provider asked for, sends the same key, so the wallet is charged once; the next payment after a success gets a
 * new one. The payment moves money, so the wallet's cached balance and transactions are marked stale (ADR 0007).
 */
export function useSubscribe(): MoneyMutation<SubscribeRequest, SubscribeResult> {
  return useMoneyMutation<SubscribeRequest, SubscribeResult>({
    action: (request) => ['subscribe', request.renewFrom],
    send: subscribe,
    invalidates: [queryKeys.wallet],
  });
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
