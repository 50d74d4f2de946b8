/** Test helpers: a provider on a store, and a client that walks a user through sign-up. */
import { sandboxAccountName, sandboxAccountNumberFor } from '../src/adapters/bank-resolver';
import type { ProviderResponse } from '../src/http';
import { createProvider, type Provider, type ProviderOptions } from '../src/provider';
import type { Store } from '../src/store';
import { createMemoryStore } from '../src/store-memory';

export interface Body {
  status: boolean;
  message: string;
  code?: number;
  token?: string;
  data?: unknown;
  error?: Array<{ message: string }>;
  [k: string]: unknown;
}

export function makeProvider(options: Partial<ProviderOptions> & { store?: Store } = {}): Provider {
  return createProvider({ log: () => undefined, ...options, store: options.store ?? createMemoryStore() });
}

let seq = 0;
export function uniqueSuffix(): string {
  seq += 1;
  return `${Date.now().toString(36)}${seq}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Calls the provider as one client; `source` is its address (as server.ts or the functions set it). */
export function client(provider: Provider, source?: string) {
  async function call(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
    const res: ProviderResponse = await provider.handle({
      method,
      path,
      body,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(source === undefined ? {} : { source }),
    });
    return { status: res.status, body: res.body as Body };
  }
  return {
    call,
    async latestSms(phone: string): Promise<string> {
      const res = await provider.handle({ method: 'GET', path: '/sandbox/sms', query: { phone } });
      const messages = (res.body as { messages: Array<{ code: string }> }).messages;
      const code = messages[0]?.code;
      if (!code) throw new Error(`no SMS for ${phone}`);
      return code;
    },
  };
}

export function registrationPayload(overrides: Record<string, unknown> = {}) {
  const s = uniqueSuffix();
  const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  return {
    email: `user${s}@example.com`,
    password: 'correct horse 1',
    first_name: 'Ada',
    last_name: 'Obi',
    username: `ada${s}`.slice(0, 30),
    phone_number: `080${digits.slice(0, 8)}`,
    device_type: 'WEB',
    // Each test user on a device of its own, as the web's per-install id makes it (ADR 0051).
    device_token: crypto.randomUUID(),
    referral_code: '',
    marketing_channel: 'Others',
    gender: 'female',
    country: 'Nigeria',
    avatar_url: 'https://example.com/female.png',
    ...overrides,
  };
}

/** Registers, verifies the phone, sets PIN 1234 and saves one bank; returns the token and ids. */
export async function onboardedUser(provider: Provider, overrides: Record<string, unknown> = {}) {
  // Each user signs up from its own address: tests that make many users stay under the per-source limits.
  const c = client(provider, `test-${uniqueSuffix()}`);
  const payload = registrationPayload(overrides);
  const reg = await c.call('POST', '/api/v1/user/register', payload);
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const phone = (reg.body.data as { phone_number: string }).phone_number;
  const otp = await c.latestSms(phone);
  const verified = await c.call('POST', '/api/v1/otp/verify', { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const token = String(verified.body.token);
  const pin = await c.call('POST', '/api/v1/user/pin/set', { pin: '1234' }, token);
  if (pin.status !== 200) throw new Error(`pin failed: ${JSON.stringify(pin.body)}`);
  // Each user's own bank account: two accounts with one bank read as one person to the referral bonus (ADR 0013).
  // In the user's own name where the sandbox has that name (ADR 0046); otherwise the user confirms it (audited).
  const ownNumber = sandboxAccountNumberFor(
    { first_name: String(payload.first_name), last_name: String(payload.last_name) },
    '044',
    { from: Math.floor(Math.random() * 1e8) },
  );
  const accountNumber =
    typeof overrides.account_number === 'string'
      ? overrides.account_number
      : (ownNumber ?? `01${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  const accountName = sandboxAccountName(accountNumber, '044');
  const bank = await c.call(
    'POST',
    '/api/v1/user/bank/add',
    {
      bank_name: 'Access Bank',
      code: '044',
      account_number: accountNumber,
      account_name: accountName,
      ...(accountName === `${String(payload.last_name)} ${String(payload.first_name)}`.toUpperCase()
        ? {}
        : { confirm_other_name: true }),
    },
    token,
  );
  if (bank.status !== 200) throw new Error(`bank failed: ${JSON.stringify(bank.body)}`);
  const id = (verified.body.data as { id: string }).id;
  return { token, id, email: payload.email, phone, password: payload.password, bankId: (bank.body.data as { id: string }).id };
}

/** Makes a sandbox payment and returns its transaction_id. */
export async function sandboxPayment(provider: Provider, amount: number, email: string, outcome = 'successful') {
  const res = await provider.handle({
    method: 'POST',
    path: '/sandbox/checkout/pay',
    body: { tx_ref: `punter-${uniqueSuffix()}`, amount, currency: 'NGN', method: 'card', outcome, customer_email: email },
  });
  if (res.status !== 200) throw new Error(`payment failed: ${JSON.stringify(res.body)}`);
  return (res.body as { data: { transaction_id: string } }).data.transaction_id;
}

export async function topUp(provider: Provider, token: string, email: string, amount: number) {
  const transactionId = await sandboxPayment(provider, amount, email);
  const res = await client(provider).call(
    'POST',
    '/api/v1/user/topup',
    { transaction_id: transactionId, expectedAmount: amount, expectedCurrency: 'NGN' },
    token,
  );
  if (res.status !== 200) throw new Error(`topup failed: ${JSON.stringify(res.body)}`);
  return transactionId;
}
