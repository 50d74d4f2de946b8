/**
 * The monthly subscription: a SUBSCRIPTION debit that extends subscription_expires_at. While a period runs, a
 * plain subscribe charges nothing and answers the current end (a stale screen or a second tab cannot pay twice
 * by mistake); only a renewal that names that end (`renew_from`) charges and extends it from there.
 */
import { z } from 'zod';
import { subscribeRequestSchema } from '@punter/core/api/subscription';
import { koboToNaira } from '@punter/core/money';
import { users } from '../collections';
import { notify, writePermissions, type KeyedMutex, type ProviderDeps, type UserDoc } from '../context';
import { badRequest, notFound, ok, parseBody, type ProviderResponse } from '../http';
import { assertNotPaused } from '../safer-play';
import { HOUSE, idempotent, postEntry, readWallet, transactionView, transactionViewSchema } from '../ledger';

export function createSubscription(deps: ProviderDeps, walletLocks: KeyedMutex) {
  return {
    /** The Idempotency-Key is required, so a double submit charges once. */
    async subscribe(user: UserDoc, body: unknown, idempotencyKey: string): Promise<ProviderResponse> {
      const price = deps.settings.subscriptionKobo;
      const input = parseBody(subscribeRequestSchema, body ?? {});
      const renewFrom = input.renew_from === undefined ? null : Date.parse(input.renew_from);
      const { value } = await walletLocks.run(user.id, () =>
        deps.store.runTransaction((tx) =>
          idempotent(
            tx,
            'subscribe',
            user.id,
            idempotencyKey,
            // A plain subscribe keeps the fingerprint it always had: a key retried across a deploy still replays.
            renewFrom === null ? { price } : { price, renewFrom },
            z.object({ entry: transactionViewSchema.nullable(), subscription_expires_at: z.string() }),
            async () => {
              const current = await users.get(tx, user.id);
              if (!current) throw notFound('Account not found');
              assertNotPaused(current, deps.now());
              const now = deps.now();
              const runningUntil =
                current.subscription_expires_at !== null && current.subscription_expires_at > now
                  ? current.subscription_expires_at
                  : null;
              // A period runs and this is not a renewal of exactly that period (a plain subscribe, or a renewal
              // of an end another payment has moved already): nothing is charged, the answer is the current end.
              if (runningUntil !== null && renewFrom !== runningUntil) {
                return { entry: null, subscription_expires_at: new Date(runningUntil).toISOString() };
              }
              const wallet = await readWallet(tx, user.id);
              if (price > wallet.balance_kobo) throw badRequest('Insufficient funds');
              const expires = (runningUntil ?? now) + deps.settings.subscriptionMs;
              const posted = postEntry(deps, tx, wallet, {
                type: 'SUBSCRIPTION',
                direction: 'debit',
                counterparty: HOUSE,
                amountKobo: price,
                narration: `Monthly subscription until ${new Date(expires).toISOString().slice(0, 10)}`,
                reference: `subscription:${user.id}:${expires}`,
              });
              users.update(tx, user.id, { subscription_expires_at: expires });
              // The rules open the signal feed to subscribers from this document (ADR 0008).
              writePermissions(deps, tx, user.id, { ...current, subscription_expires_at: expires });
              notify(deps, tx, user.id, 'SUBSCRIPTION', {
                amount: koboToNaira(price),
                message: `Your subscription is active until ${new Date(expires).toISOString().slice(0, 10)}`,
              });
              return { entry: transactionView(posted.entry), subscription_expires_at: new Date(expires).toISOString() };
            },
            deps.now(),
          ),
        ),
      );
      if (value.entry === null) {
        const until = value.subscription_expires_at.slice(0, 10);
        return ok({ message: `You are already subscribed until ${until}`, data: value });
      }
      return ok({ message: 'Subscription successful', data: value });
    },
  };
}
