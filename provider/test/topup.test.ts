/**
 * Top-up verification: the answer carries `success: true` (SPEC: "Reads success"); a payment belongs to
 * the customer whose email it was made with; a payment in another currency than NGN credits nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_CALLS } from '@punter/core/api/calls';
import { SANDBOX_PAYMENTS, createFlutterwavePayments, type FetchLike } from '../src/adapters/payments';
import type { Provider } from '../src/provider';
import { client, makeProvider, onboardedUser, sandboxPayment, uniqueSuffix } from './helpers';
import { expectLedgerMatchesBalance } from './stores';

const topupBody = (transactionId: string | number, amount: number) => ({
  transaction_id: transactionId,
  expectedAmount: amount,
  expectedCurrency: 'NGN',
});

/** A sandbox payment made on the checkout without a customer email (any caller of the checkout can make one). */
async function anonymousPayment(provider: Provider, amount: number): Promise<string> {
  const res = await provider.handle({
    method: 'POST',
    path: '/sandbox/checkout/pay',
    body: { tx_ref: `punter-${uniqueSuffix()}`, amount, currency: 'NGN', method: 'ussd', outcome: 'successful' },
  });
  return (res.body as { data: { transaction_id: string } }).data.transaction_id;
}

describe('top-up verification', () => {
  it("answers success: true with the entry and balance, first time and on a retry; the body matches core's schema", async () => {
    const provider = makeProvider();
    const c = client(provider);
    const user = await onboardedUser(provider);
    const payment = await sandboxPayment(provider, 2_500, user.email);
    const first = await c.call('POST', '/api/v1/user/topup', topupBody(payment, 2_500), user.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: true,
      success: true,
      message: 'Wow! Your top up was successful',
      data: { balance: 2500 },
    });
    expect(API_CALLS.topup.response.safeParse(first.body).success).toBe(true);
    const again = await c.call('POST', '/api/v1/user/topup', topupBody(payment, 2_500), user.token);
    expect(again.body).toMatchObject({
      status: true,
      success: true,
      message: 'This top up was already credited',
      data: { balance: 2500 },
    });
  });

  it('a payment without a customer email, or made with another email, credits nobody; its payer can still claim it', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const owner = await onboardedUser(provider);
    const thief = await onboardedUser(provider);

    const anonymous = await anonymousPayment(provider, 1_000);
    for (const u of [owner, thief]) {
      const res = await c.call('POST', '/api/v1/user/topup', topupBody(anonymous, 1_000), u.token);
      expect(res).toEqual({
        status: 400,
        body: {
          status: false,
          message:
            'Transaction verification failed. Please try again. (the payment has no customer email, so it cannot be matched to your account)',
          error: [
            {
              message:
                'Transaction verification failed. Please try again. (the payment has no customer email, so it cannot be matched to your account)',
            },
          ],
        },
      });
    }

    const owned = await sandboxPayment(provider, 3_000, owner.email.toUpperCase());
    const stolen = await c.call('POST', '/api/v1/user/topup', topupBody(owned, 3_000), thief.token);
    expect([stolen.status, stolen.body.message]).toEqual([
      400,
      'Transaction verification failed. Please try again. (the payment belongs to another customer)',
    ]);
    // The owner's email matches whatever its case on the checkout.
    const claimed = await c.call('POST', '/api/v1/user/topup', topupBody(owned, 3_000), owner.token);
    expect(claimed.body).toMatchObject({ success: true, data: { balance: 3000 } });

    expect((await expectLedgerMatchesBalance(provider.deps.store, thief.id)).balanceKobo).toBe(0);
    expect((await expectLedgerMatchesBalance(provider.deps.store, owner.id)).balanceKobo).toBe(300_000);
  });

  it('a successful payment in another currency than NGN is refused and credits nothing (sandbox and Flutterwave)', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const user = await onboardedUser(provider);
    // The sandbox checkout only takes NGN; a gateway record in dollars is written as a gateway would hold it.
    await provider.deps.store.set(SANDBOX_PAYMENTS, 'usd-payment-1', {
      transaction_id: 'usd-payment-1',
      tx_ref: 'punter-usd-1',
      amount_kobo: 500_000,
      currency: 'USD',
      status: 'successful',
      method: 'card',
      customer_email: user.email,
      created_at: Date.now(),
    });
    const res = await c.call('POST', '/api/v1/user/topup', topupBody('usd-payment-1', 5_000), user.token);
    expect([res.status, res.body.message]).toEqual([
      400,
      'Transaction verification failed. Please try again. (the currency is not NGN)',
    ]);
    expect((await expectLedgerMatchesBalance(provider.deps.store, user.id)).entries).toEqual([]);

    const recorded = JSON.parse(
      readFileSync(new URL('./fixtures/flutterwave-verify-successful.json', import.meta.url), 'utf8'),
    ) as {
      data: Record<string, unknown>;
    };
    const inGhs = { ...recorded, data: { ...recorded.data, currency: 'GHS' } };
    const fetch: FetchLike = () => Promise.resolve({ status: 200, json: () => Promise.resolve(inGhs) });
    const flw = makeProvider({ payments: createFlutterwavePayments({ secretKey: 'k', fetch }) });
    const ada = await onboardedUser(flw, { email: 'ada@example.com' });
    const ghs = await client(flw).call('POST', '/api/v1/user/topup', topupBody(4975363, 5000), ada.token);
    expect([ghs.status, ghs.body.message]).toEqual([
      400,
      'Transaction verification failed. Please try again. (the currency is not NGN)',
    ]);
    expect((await expectLedgerMatchesBalance(flw.deps.store, ada.id)).balanceKobo).toBe(0);
  });
});
