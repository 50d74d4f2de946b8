/** Test doubles shared by the web app's unit tests: a Storage kept in memory, and a stored profile. */

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
export function testProfile(options: { code?: number; token?: string; id?: string; can_post_signal?: boolean } = {}) {
  return {
    code: options.code ?? 200,
    token: options.token ?? 'secret-token',
    data: {
      id: options.id ?? 'u1',
      first_name: 'Ada',
      last_name: 'Okafor',
      name: 'Ada Okafor',
      country: 'Nigeria',
      email: 'ada@example.com',
      phone_number: '+2348031110001',
      gender: 'female',
      createdAt: '2026-11-22T07:00:00.000Z',
      username: 'ada',
      referral_code: 'ADA123',
      referral_link: 'http://127.0.0.1:8787/referral/ADA123',
      referred_by: null,
      role: 0,
      can_post_signal: options.can_post_signal ?? false,
      can_post_game: false,
      can_monetize_game: false,
    },
  };
}
