/**
 * Users for the pot tests (pots, pot-shards, pot-shards-close, pot-result-before-gather, referral-crowd): a
 * subscribed user document, one with naira in the wallet booked as a top-up from the gateway (double entry), and
 * one provider instance's pots on a store with its own clock.
 */
import { nairaToKobo } from '@punter/core/money';
import { createAudit } from '../src/admin/audit';
import { users, type UserDoc } from '../src/collections';
import type { ProviderDeps } from '../src/context';
import { GATEWAY, openWallet, postEntry, readWallet } from '../src/ledger';
import { createPots, type Pots } from '../src/pots';
import type { Store } from '../src/store';
import { makeProvider, uniqueSuffix } from './helpers';

export const DAY = 86_400_000;

/** One provider instance's pots on `store`, its clock `now` (instances' clocks may differ, as on two machines). */
export function potsOn(store: Store, now: () => number): { pots: Pots; deps: ProviderDeps } {
  const deps: ProviderDeps = { ...makeProvider({ store }).deps, now };
  return { pots: createPots(deps, createAudit(deps)), deps };
}
/** The tests' clock starts here (2027-01-15). */
export const START = 1_800_000_000_000;

export function userDoc(id: string, overrides: Partial<UserDoc> = {}): UserDoc {
  return {
    id,
    first_name: 'Ada',
    last_name: 'Obi',
    email: `${id}@example.com`,
    username: id.slice(0, 30),
    phone_number: `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    country: 'Nigeria',
    gender: 'female',
    avatar_url: 'https://example.com/f.png',
    device_type: 'WEB',
    marketing_channel: 'Others',
    referral_code: id.toUpperCase(),
    referred_by: null,
    role: 0,
    can_post_signal: false,
    can_post_game: false,
    can_monetize_game: false,
    password_hash: 'x',
    phone_verified: true,
    must_change_password: false,
    pin_hash: null,
    pin_failed: 0,
    pin_locked_until: 0,
    suspended: false,
    subscription_expires_at: START + 365 * DAY,
    created_at: START,
    ...overrides,
  };
}

/** A subscribed user with `naira` in the wallet (a top-up from the gateway, as double entry books it). */
export async function seedUser(
  store: Store,
  deps: ProviderDeps,
  naira: number,
  overrides: Partial<UserDoc> = {},
): Promise<UserDoc> {
  const user = userDoc(`u${uniqueSuffix()}`, overrides);
  await users.set(store, user.id, user);
  await store.runTransaction(async (tx) => {
    const wallet = await readWallet(tx, user.id);
    if (naira === 0) {
      openWallet(tx, user.id, deps.now());
      return;
    }
    postEntry(deps, tx, wallet, {
      type: 'FUNDING',
      direction: 'credit',
      counterparty: GATEWAY,
      amountKobo: nairaToKobo(naira),
      narration: 'Top up',
      reference: `seed:${user.id}`,
    });
  });
  return user;
}
