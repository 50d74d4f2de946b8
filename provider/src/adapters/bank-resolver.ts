/**
 * Bank-account name resolution for a 10-digit NUBAN account number. The sandbox answers a
 * deterministic Nigerian name for every number (the same number and bank always give the same name),
 * except account numbers starting with 999 which it does not know.
 */
import { z } from 'zod';
import { createHash } from 'node:crypto';
import { GatewayError, type FetchLike } from './payments';

export interface BankResolver {
  readonly name: 'sandbox' | 'flutterwave';
  /** The account holder's name, or null when the bank does not know the account. */
  resolve(accountNumber: string, bankCode: string): Promise<string | null>;
}

const FIRST = [
  'Ada',
  'Chinedu',
  'Aisha',
  'Oluwaseun',
  'Ngozi',
  'Emeka',
  'Fatima',
  'Tunde',
  'Amaka',
  'Ibrahim',
  'Funke',
  'Uche',
  'Zainab',
  'Segun',
  'Chioma',
  'Musa',
  'Yetunde',
];
const LAST = [
  'Okafor',
  'Bello',
  'Adeyemi',
  'Eze',
  'Abubakar',
  'Ogunleye',
  'Nwosu',
  'Usman',
  'Balogun',
  'Okonkwo',
  'Ibrahim',
  'Adebayo',
  'Obi',
  'Lawal',
  'Chukwu',
  'Danjuma',
];

export function sandboxAccountName(accountNumber: string, bankCode: string): string {
  const digest = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
  const first = FIRST[(digest[0] ?? 0) % FIRST.length] ?? 'Ade';
  const last = LAST[(digest[1] ?? 0) % LAST.length] ?? 'Okafor';
  return `${last.toUpperCase()} ${first.toUpperCase()}`;
}

/**
 * A sandbox account number starting with `prefix` whose sandbox name is `first_name last_name` (both must be among
 * the sandbox's names), searched from `from` upwards; null when none is found in `tries` numbers. The demo seed
 * and the tests give their users accounts in their own names with it (ADR 0046).
 */
export function sandboxAccountNumberFor(
  holder: { first_name: string; last_name: string },
  bankCode: string,
  options: { prefix?: string; from?: number; tries?: number } = {},
): string | null {
  const prefix = options.prefix ?? '01';
  const width = 10 - prefix.length;
  const wanted = `${holder.last_name} ${holder.first_name}`.toUpperCase();
  const from = options.from ?? 0;
  for (let i = 0; i < (options.tries ?? 20_000); i++) {
    const number = `${prefix}${String((from + i) % 10 ** width).padStart(width, '0')}`;
    if (sandboxAccountName(number, bankCode) === wanted) return number;
  }
  return null;
}

export function createSandboxBankResolver(): BankResolver {
  return {
    name: 'sandbox',
    resolve(accountNumber, bankCode) {
      if (accountNumber.startsWith('999')) return Promise.resolve(null);
      return Promise.resolve(sandboxAccountName(accountNumber, bankCode));
    },
  };
}

const resolveSchema = z.object({
  status: z.string(),
  data: z.object({ account_name: z.string() }).partial().nullable().optional(),
});

/** Flutterwave v3: POST /v3/accounts/resolve { account_number, account_bank }. */
export function createFlutterwaveBankResolver(options: { secretKey: string; fetch?: FetchLike; baseUrl?: string }): BankResolver {
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const base = options.baseUrl ?? 'https://api.flutterwave.com';
  return {
    name: 'flutterwave',
    async resolve(accountNumber, bankCode) {
      const res = await doFetch(`${base}/v3/accounts/resolve`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.secretKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ account_number: accountNumber, account_bank: bankCode }),
      });
      if (res.status >= 500 || res.status === 401) throw new GatewayError(`Flutterwave resolve answered HTTP ${res.status}`);
      const parsed = resolveSchema.safeParse(await res.json());
      if (!parsed.success || parsed.data.status !== 'success') return null;
      return parsed.data.data?.account_name ?? null;
    },
  };
}
