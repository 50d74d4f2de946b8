import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFlutterwaveBankResolver, createSandboxBankResolver, sandboxAccountName } from '../src/adapters/bank-resolver';
import { GatewayError, createFlutterwavePayments, type FetchLike } from '../src/adapters/payments';
import { PAYOUT_FAILS_ACCOUNT, PAYOUT_PENDING_ACCOUNT, createSandboxPayouts } from '../src/adapters/payouts';
import { BANKS } from '../src/wallet/banks';
import { client, makeProvider, onboardedUser } from './helpers';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

function recorded(status: number, body: unknown) {
  const calls: Array<{ url: string; init?: { method?: string; headers?: Record<string, string>; body?: string } }> = [];
  const fetch: FetchLike = (url, init) => {
    calls.push(init ? { url, init } : { url });
    return Promise.resolve({ status, json: () => Promise.resolve(body) });
  };
  return { fetch, calls };
}

describe('Flutterwave payments (recorded responses, no network)', () => {
  it('verifies a successful NGN payment with the secret key and converts the amount to kobo', async () => {
    const { fetch, calls } = recorded(200, fixture('flutterwave-verify-successful'));
    const gateway = createFlutterwavePayments({ secretKey: 'FLWSECK_TEST-abc', fetch });
    const payment = await gateway.verify('4975363');
    expect(payment).toEqual({
      transactionId: '4975363',
      status: 'successful',
      currency: 'NGN',
      amountKobo: 500_000,
      txRef: 'punter-1732262400000-x8f2k',
      customerEmail: 'ada@example.com',
    });
    expect(calls[0]?.url).toBe('https://api.flutterwave.com/v3/transactions/4975363/verify');
    expect(calls[0]?.init?.headers?.Authorization).toBe('Bearer FLWSECK_TEST-abc');
  });

  it('reports a failed payment as not successful, an unknown one as null, and gateway trouble as an error', async () => {
    const failed = await createFlutterwavePayments({
      secretKey: 'k',
      fetch: recorded(200, fixture('flutterwave-verify-failed')).fetch,
    }).verify('4975364');
    expect(failed?.status).toBe('failed');
    expect(
      await createFlutterwavePayments({
        secretKey: 'k',
        fetch: recorded(404, fixture('flutterwave-verify-not-found')).fetch,
      }).verify('1'),
    ).toBeNull();
    expect(
      await createFlutterwavePayments({
        secretKey: 'k',
        fetch: recorded(200, fixture('flutterwave-verify-not-found')).fetch,
      }).verify('1'),
    ).toBeNull();
    expect(
      await createFlutterwavePayments({ secretKey: 'k', fetch: recorded(200, {}).fetch }).verify('sandbox-style-id'),
    ).toBeNull();
    await expect(
      createFlutterwavePayments({ secretKey: 'k', fetch: recorded(500, {}).fetch }).verify('1'),
    ).rejects.toBeInstanceOf(GatewayError);
    await expect(
      createFlutterwavePayments({ secretKey: 'k', fetch: recorded(200, { weird: true }).fetch }).verify('1'),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it('the provider credits a Flutterwave-verified top-up once and refuses a failed one', async () => {
    const successful = fixture('flutterwave-verify-successful') as { data: { customer: { email: string } } };
    const provider = makeProvider({
      payments: createFlutterwavePayments({ secretKey: 'k', fetch: recorded(200, successful).fetch }),
    });
    const user = await onboardedUser(provider, { email: 'ada@example.com' });
    const c = client(provider);
    const body = { transaction_id: 4975363, expectedAmount: 5000, expectedCurrency: 'NGN' };
    const first = await c.call('POST', '/api/v1/user/topup', body, user.token);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ balance: 5000, transaction: { type: 'FUNDING', status: 'SUCCESS', amount: 5000 } });
    const again = await c.call('POST', '/api/v1/user/topup', body, user.token);
    expect(again.body.message).toBe('This top up was already credited');
    const wrongAmount = await c.call('POST', '/api/v1/user/topup', { ...body, expectedAmount: 50 }, user.token);
    expect(wrongAmount.status).toBe(400);

    const failing = makeProvider({
      payments: createFlutterwavePayments({ secretKey: 'k', fetch: recorded(200, fixture('flutterwave-verify-failed')).fetch }),
    });
    const u2 = await onboardedUser(failing, { email: 'ada@example.com' });
    const res = await client(failing).call(
      'POST',
      '/api/v1/user/topup',
      { transaction_id: 4975364, expectedAmount: 5000, expectedCurrency: 'NGN' },
      u2.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Transaction verification failed\. Please try again\./);
    const down = makeProvider({ payments: createFlutterwavePayments({ secretKey: 'k', fetch: recorded(503, {}).fetch }) });
    const u3 = await onboardedUser(down);
    const unavailable = await client(down).call(
      'POST',
      '/api/v1/user/topup',
      { transaction_id: 1, expectedAmount: 5, expectedCurrency: 'NGN' },
      u3.token,
    );
    expect([unavailable.status, unavailable.body.message]).toEqual([502, 'Transaction verification failed. Please try again.']);
  });

  it('resolves an account name through Flutterwave', async () => {
    const { fetch, calls } = recorded(200, fixture('flutterwave-resolve-account'));
    const resolver = createFlutterwaveBankResolver({ secretKey: 'k', fetch });
    expect(await resolver.resolve('0690000032', '044')).toBe('Pastor Bright');
    expect(JSON.parse(calls[0]?.init?.body ?? '{}')).toEqual({ account_number: '0690000032', account_bank: '044' });
    expect(
      await createFlutterwaveBankResolver({
        secretKey: 'k',
        fetch: recorded(400, { status: 'error', message: 'x' }).fetch,
      }).resolve('1', '044'),
    ).toBeNull();
  });
});

describe('Flutterwave refunds (recorded responses, no network)', () => {
  const request = {
    transactionId: '4975363',
    amountKobo: 690_000,
    idempotencyKey: 'topup-refund:4975363',
    reason: 'Over the daily deposit limit',
  };

  it('initiates a refund with POST /v3/transactions/{id}/refund: naira amount, comments, the secret key and the idempotency key', async () => {
    const { fetch, calls } = recorded(200, {
      status: 'success',
      message: 'Transaction refund initiated',
      data: { id: 75923, tx_id: 4975363, amount_refunded: 6900, status: 'completed', destination: 'payment_source' },
    });
    const answer = await createFlutterwavePayments({ secretKey: 'FLWSECK_TEST-abc', fetch }).refund(request);
    expect(answer).toEqual({ status: 'accepted', refundId: '75923' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.flutterwave.com/v3/transactions/4975363/refund');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.headers).toMatchObject({
      Authorization: 'Bearer FLWSECK_TEST-abc',
      'Content-Type': 'application/json',
      'X-Idempotency-Key': 'topup-refund:4975363',
    });
    expect(JSON.parse(calls[0]?.init?.body ?? '{}')).toEqual({ amount: 6900, comments: 'Over the daily deposit limit' });
  });

  it("answers a refusal with Flutterwave's message, and throws when the answer is unknown (retry under the same key)", async () => {
    const refusal = await createFlutterwavePayments({
      secretKey: 'k',
      fetch: recorded(400, { status: 'error', message: 'Refund amount exceeds transaction amount', data: null }).fetch,
    }).refund(request);
    expect(refusal).toEqual({
      status: 'refused',
      reason: 'Flutterwave refused the refund (HTTP 400): Refund amount exceeds transaction amount',
    });
    const failed = await createFlutterwavePayments({
      secretKey: 'k',
      fetch: recorded(200, { status: 'success', data: { id: 1, status: 'failed' } }).fetch,
    }).refund(request);
    expect(failed.status).toBe('refused');
    const notOurs = await createFlutterwavePayments({ secretKey: 'k', fetch: recorded(200, {}).fetch }).refund({
      ...request,
      transactionId: 'sandbox-style-id',
    });
    expect(notOurs).toEqual({ status: 'refused', reason: 'Not a Flutterwave transaction id' });
    for (const status of [500, 503, 401, 429]) {
      await expect(
        createFlutterwavePayments({ secretKey: 'k', fetch: recorded(status, {}).fetch }).refund(request),
      ).rejects.toBeInstanceOf(GatewayError);
    }
    await expect(
      createFlutterwavePayments({ secretKey: 'k', fetch: recorded(200, { weird: true }).fetch }).refund(request),
    ).rejects.toBeInstanceOf(GatewayError);
    const unreachable: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    await expect(createFlutterwavePayments({ secretKey: 'k', fetch: unreachable }).refund(request)).rejects.toThrow(
      'Flutterwave refund could not be reached (TypeError)',
    );
  });
});

describe('sandbox adapters and bank data', () => {
  it('resolves deterministic names and knows no account starting with 999', async () => {
    const resolver = createSandboxBankResolver();
    const name = await resolver.resolve('0123456789', '058');
    expect(name).toBe(sandboxAccountName('0123456789', '058'));
    expect(name).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(await resolver.resolve('0123456789', '058')).toBe(name);
    expect(await resolver.resolve('9990000001', '058')).toBeNull();
  });

  it('pays out, fails for the magic failing account, and stays pending for the magic pending account', async () => {
    const payouts = createSandboxPayouts();
    const req = { reference: 'r', amountKobo: 100, bankCode: '058', accountName: 'X' };
    expect(await payouts.pay({ ...req, accountNumber: '0123456789' })).toEqual({ status: 'SUCCESS' });
    expect((await payouts.pay({ ...req, accountNumber: PAYOUT_FAILS_ACCOUNT })).status).toBe('FAILED');
    expect(await payouts.pay({ ...req, accountNumber: PAYOUT_PENDING_ACCOUNT })).toEqual({ status: 'PENDING' });
    // Every 111... number stays pending, so each demo user can have one in their own name (issue 34 point 10).
    expect(await payouts.pay({ ...req, accountNumber: '1110004242' })).toEqual({ status: 'PENDING' });
  });

  it("in the 'pending' mode every sandbox payout waits for an admin, from the environment too", async () => {
    const req = { reference: 'r', amountKobo: 100, bankCode: '058', accountName: 'X' };
    const pending = createSandboxPayouts({ mode: 'pending' });
    expect(await pending.pay({ ...req, accountNumber: '0123456789' })).toEqual({ status: 'PENDING' });
    const { optionsFromEnv, readEnv } = await import('../src/config');
    const { createMemoryStore } = await import('../src/store-memory');
    const options = optionsFromEnv(readEnv({ PROVIDER_SANDBOX_PAYOUTS: 'pending' }), createMemoryStore());
    expect(await options.payouts?.pay({ ...req, accountNumber: '0123456789' })).toEqual({ status: 'PENDING' });
    expect(optionsFromEnv(readEnv({}), createMemoryStore()).payouts).toBeUndefined();
    expect(() => readEnv({ PROVIDER_SANDBOX_PAYOUTS: 'later' })).toThrow(/PROVIDER_SANDBOX_PAYOUTS/);
  });

  it('lists SMS sandbox messages newest first, even when two are sent within one millisecond', async () => {
    const { createSandboxSms, sandboxMessages } = await import('../src/adapters/sms');
    const { createMemoryStore } = await import('../src/store-memory');
    const store = createMemoryStore();
    const sms = createSandboxSms(store, () => 1_700_000_000_000);
    for (const code of ['1111', '2222', '3333', '4444', '5555']) {
      await sms.send({ to: '08031234567', body: `Your code is ${code}`, code });
    }
    await sms.send({ to: '08039999999', body: 'Your code is 9999', code: '9999' });
    const listed = await sandboxMessages(store, '08031234567');
    expect(listed.map((m) => m.code)).toEqual(['5555', '4444', '3333', '2222', '1111']);
  });

  it('ships the common Nigerian banks with their codes', () => {
    const byName = Object.fromEntries(BANKS.map((b) => [b.name, b.code]));
    expect(byName).toMatchObject({
      'Access Bank': '044',
      'Guaranty Trust Bank': '058',
      'Zenith Bank': '057',
      'First Bank of Nigeria': '011',
      'United Bank For Africa': '033',
      'Fidelity Bank': '070',
      'First City Monument Bank': '214',
      'Union Bank of Nigeria': '032',
      'Sterling Bank': '232',
      'Wema Bank': '035',
      'Stanbic IBTC Bank': '221',
      'Ecobank Nigeria': '050',
      'Kuda Bank': '50211',
      OPay: '999992',
      PalmPay: '999991',
      'Moniepoint Microfinance Bank': '50515',
    });
    expect(new Set(BANKS.map((b) => b.code)).size).toBe(BANKS.length);
  });
});

describe('configuration from the environment', () => {
  it('uses the sandboxes by default and Flutterwave plus manual payouts when FLW_SECRET_KEY is set', async () => {
    const { optionsFromEnv, readEnv } = await import('../src/config');
    const { createMemoryStore } = await import('../src/store-memory');
    const store = createMemoryStore();
    const sandbox = makeProvider(optionsFromEnv(readEnv({}), store));
    expect([sandbox.deps.payments.name, sandbox.deps.bankResolver.name, sandbox.deps.payouts.name]).toEqual([
      'sandbox',
      'sandbox',
      'sandbox',
    ]);
    expect(sandbox.deps.settings.sandboxRoutes).toBe(true);
    const live = makeProvider(
      optionsFromEnv(readEnv({ FLW_SECRET_KEY: 'FLWSECK-x', WEB_APP_URL: 'https://punter.example' }), store),
    );
    expect([live.deps.payments.name, live.deps.bankResolver.name, live.deps.payouts.name]).toEqual([
      'flutterwave',
      'flutterwave',
      'manual',
    ]);
    expect(live.deps.settings.sandboxRoutes).toBe(false);
    expect((await live.handle({ method: 'GET', path: '/sandbox/sms', query: { phone: '0803' } })).status).toBe(404);
    expect(() => readEnv({ PROVIDER_PORT: 'abc' })).toThrow(/Invalid provider configuration/);
  });

  it('the device-token key (ADR 0051): PROVIDER_DEVICE_KEY, else derived from FLW_SECRET_KEY, else the development key', async () => {
    const { optionsFromEnv, readEnv } = await import('../src/config');
    const { DEFAULT_SETTINGS } = await import('../src/context');
    const { createMemoryStore } = await import('../src/store-memory');
    const store = createMemoryStore();
    const keyOf = (env: Record<string, string>) => makeProvider(optionsFromEnv(readEnv(env), store)).deps.settings.deviceKey;
    expect(keyOf({})).toBe(DEFAULT_SETTINGS.deviceKey);
    const set = 'd'.repeat(32);
    expect(keyOf({ PROVIDER_DEVICE_KEY: set, FLW_SECRET_KEY: 'FLWSECK-x' })).toBe(set);
    const derived = keyOf({ FLW_SECRET_KEY: 'FLWSECK-x' });
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(derived).not.toContain('FLWSECK');
    expect(keyOf({ FLW_SECRET_KEY: 'FLWSECK-y' })).not.toBe(derived);
    expect(() => readEnv({ PROVIDER_DEVICE_KEY: 'short' })).toThrow(/PROVIDER_DEVICE_KEY: must be at least 32 characters/);
  });

  it('with manual payouts a withdrawal waits as PENDING for an admin', async () => {
    const { createManualPayouts } = await import('../src/adapters/payouts');
    const provider = makeProvider({ payouts: createManualPayouts() });
    const user = await onboardedUser(provider);
    const { topUp } = await import('./helpers');
    await topUp(provider, user.token, user.email, 100);
    const res = await client(provider).call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: user.bankId, amount: 50, pin: '1234' },
      user.token,
      { 'idempotency-key': 'manual-payout-1' },
    );
    expect(res.body).toMatchObject({
      message: 'Your withdrawal is being processed',
      data: { transaction: { status: 'PENDING' }, balance: 50 },
    });
  });
});

describe('Termii SMS (recorded response, no network)', () => {
  it('sends the code as a plain DND SMS to 234XXXXXXXXXX with the API key, and reports gateway errors', async () => {
    const { createTermiiSms } = await import('../src/adapters/sms');
    const { fetch, calls } = recorded(200, fixture('termii-send'));
    const sms = createTermiiSms({ apiKey: 'TL-key', senderId: 'Punter', fetch });
    await sms.send({ to: '+2348031234567', body: 'Your phone verification code is 1234.', code: '1234' });
    expect(calls[0]?.url).toBe('https://api.ng.termii.com/api/sms/send');
    expect(JSON.parse(calls[0]?.init?.body ?? '{}')).toEqual({
      to: '2348031234567',
      from: 'Punter',
      sms: 'Your phone verification code is 1234.',
      type: 'plain',
      channel: 'dnd',
      api_key: 'TL-key',
    });
    await expect(
      createTermiiSms({ apiKey: 'k', senderId: 'P', fetch: recorded(401, {}).fetch }).send({ to: '+234', body: 'x', code: '1' }),
    ).rejects.toBeInstanceOf(GatewayError);
    const { optionsFromEnv, readEnv } = await import('../src/config');
    const { createMemoryStore } = await import('../src/store-memory');
    expect(makeProvider(optionsFromEnv(readEnv({ TERMII_API_KEY: 'k' }), createMemoryStore())).deps.sms.name).toBe('termii');
  });
});
