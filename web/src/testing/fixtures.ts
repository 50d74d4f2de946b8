/** Test doubles shared by the web app's tests: a Storage kept in memory, a stored profile, API answers. */
import type { SavedBank } from '@punter/core/api/bank';
import type { Transaction } from '@punter/core/api/wallet';

export class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** A profile as the session callables return it (SPEC section 3), with the given login code. */
export function testProfile(
  options: {
    code?: number;
    token?: string;
    id?: string;
    first_name?: string;
    last_name?: string;
    role?: number;
    can_post_signal?: boolean;
    can_post_game?: boolean;
    can_monetize_game?: boolean;
  } = {},
) {
  return {
    code: options.code ?? 200,
    token: options.token ?? 'secret-token',
    data: {
      id: options.id ?? 'u1',
      first_name: options.first_name ?? 'Ada',
      last_name: options.last_name ?? 'Okafor',
      name: `${options.first_name ?? 'Ada'} ${options.last_name ?? 'Okafor'}`,
      country: 'Nigeria',
      email: 'ada@example.com',
      phone_number: '+2348031110001',
      gender: 'female',
      createdAt: '2026-11-22T07:00:00.000Z',
      username: 'ada',
      referral_code: 'ADA123',
      referral_link: 'http://127.0.0.1:8787/referral/ADA123',
      referred_by: null,
      role: options.role ?? 0,
      can_post_signal: options.can_post_signal ?? false,
      can_post_game: options.can_post_game ?? false,
      can_monetize_game: options.can_monetize_game ?? false,
    },
  };
}

/** A transaction as the provider lists it (SPEC section 6); amounts in naira. */
export function testTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 'tx-1',
    type: 'FUNDING',
    status: 'SUCCESS',
    amount: 5000,
    createdAt: '2026-11-22T09:30:00.000Z',
    narration: 'Wallet top up',
    wallet_type: 'naira',
    old_balance: 0,
    new_balance: 5000,
    ...overrides,
  };
}

/** A saved bank as GET saved banks returns it. */
export function testSavedBank(overrides: Partial<SavedBank> = {}): SavedBank {
  return {
    id: 'bank-1',
    account_name: 'Ada Okafor',
    account_number: '0123456789',
    bank_name: 'Access Bank',
    code: '044',
    ...overrides,
  };
}
