/**
 * What the Punters Hub money tests share: a clock, users made straight in the store with a funded wallet,
 * posting, buying and settling a code through the API.
 */
import { expect } from 'vitest';
import { entries as entriesOf, users, type UserDoc } from '../src/collections';
import { issueToken } from '../src/context';
import { GATEWAY, readAccount, transfer } from '../src/ledger';
import type { Provider } from '../src/provider';
import type { Store } from '../src/store';
import { client, uniqueSuffix } from './helpers';
import { userDoc } from './pot-users';

export const HOUR = 60 * 60 * 1000;
export const START = Date.parse('2026-12-01T18:00:00.000Z');

/** A clock the test moves: before the first game, after the last, two days later. */
export function clock() {
  let now = START - 2 * HOUR;
  return { now: () => now, set: (at: number) => (now = at) };
}

/**
 * A signed-in user made straight in the store (signing 100 users up through OTP and scrypt would take
 * minutes), with `nairaBalance` topped up through the ledger (gateway -> wallet, as a top-up does).
 */
export async function quickUser(provider: Provider, nairaBalance: number, changes: Partial<UserDoc> = {}) {
  const id = `u_${uniqueSuffix()}`;
  const now = provider.deps.now();
  await users.set(
    provider.deps.store,
    id,
    userDoc(id, {
      first_name: 'Bola',
      last_name: 'Ade',
      avatar_url: 'https://example.com/female.png',
      referral_code: id,
      password_hash: 'unused',
      subscription_expires_at: null,
      created_at: now,
      ...changes,
    }),
  );
  if (nairaBalance > 0) {
    await provider.deps.store.runTransaction(async (tx) => {
      const wallet = await readAccount(tx, { kind: 'wallet', id });
      transfer(provider.deps, tx, {
        from: GATEWAY,
        to: wallet,
        amountKobo: nairaBalance * 100,
        type: 'FUNDING',
        narration: 'Test top up',
        reference: `test-topup:${id}`,
      });
    });
  }
  return { id, token: await issueToken(provider.deps, id) };
}

export async function postCode(provider: Provider, token: string, amount: number) {
  const res = await client(provider).call(
    'POST',
    '/api/v1/puntershub/create-code',
    {
      odd: '3.00',
      title: `Escrow test ${amount}`,
      game_code: `ESC${amount}`,
      platform: 'bet9ja',
      amount,
      startDate: new Date(START).toISOString(),
      endDate: new Date(START + 2 * HOUR).toISOString(),
    },
    token,
  );
  expect(res.status).toBe(200);
  return (res.body.data as { id: string }).id;
}

/**
 * Sends a request again while it answers 503 (the store did not answer within its deadline: on this shared 2-core
 * machine, load), at most 5 times, as a user told 'Please try again' would. Only for requests that are safe to
 * repeat: one with an idempotency key, or a settlement.
 */
export async function untilKnown<T extends { status: number }>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await send();
    if (answer.status !== 503 || attempt === 5) return answer;
  }
}

/**
 * Buys (or gets) a code, sent again with the same idempotency key on a 503, then waits for its figures to be folded
 * into the public document (ADR 0048).
 */
export async function buy(provider: Provider, token: string, gameId: string, amount: number, key: string) {
  const res = await untilKnown(() =>
    client(provider).call('POST', '/api/v1/puntershub/buy-or-get-game', { game_id: gameId, amount }, token, {
      'idempotency-key': key,
    }),
  );
  await provider.countsFolded();
  return res;
}

export const settle = (provider: Provider, token: string, gameId: string, status: 'Boom' | 'Cut') =>
  client(provider).call('POST', '/api/v1/puntershub/settle-game', { game_id: gameId, status }, token);

export async function entriesOfType(store: Store, userId: string, type: string) {
  return (await entriesOf(userId).query(store)).map((d) => d.data).filter((e) => e.type === type);
}
