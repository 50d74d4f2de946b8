/** The monthly subscription: a SUBSCRIPTION debit that extends subscription_expires_at. */
import { z } from 'zod';
import { koboToNaira } from '@punter/core/money';
import { users } from '../collections';
import { notify, writePermissions, type KeyedMutex, type ProviderDeps, type UserDoc } from '../context';
import { badRequest, notFound, ok, type ProviderResponse } from '../http';
import { HOUSE, idempotent, postEntry, readWallet, transactionView, transactionViewSchema } from '../ledger';

export function createSubscription(deps: ProviderDeps, walletLocks: KeyedMutex) {
  return {
    /** The Idempotency-Key is required, so a double submit charges once. */
    async subscribe(user: UserDoc, idempotencyKey: string): Promise<ProviderResponse> {
      const price = deps.settings.subscriptionKobo;
      const { value } = await walletLocks.run(user.id, () =>
        deps.store.runTransaction((tx) =>
          idempotent(
            tx,
            'subscribe',
            user.id,
            idempotencyKey,
            { price },
            z.object({ entry: transactionViewSchema, subscription_expires_at: z.string() }),
            async () => {
              const current = await users.get(tx, user.id);
              if (!current) throw notFound('Account not found');
              const wallet = await readWallet(tx, user.id);
              if (price > wallet.balance_kobo) throw badRequest('Insufficient funds');
              const now = deps.now();
              const from = Math.max(now, current.subscription_expires_at ?? 0);
              const expires = from + deps.settings.subscriptionMs;
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
      return ok({ message: 'Subscription successful', data: value });
    },
  };
}
