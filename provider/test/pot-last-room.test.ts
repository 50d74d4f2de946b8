/**
 * Issue 31 item 12, ADR 0041: a pot is always fillable. ₦5,000 left in a pot: a join of exactly ₦5,000 fills
 * it, any other amount is refused with a message naming ₦5,000; and a join that would leave room under the
 * ₦10,000 minimum is refused with the amounts that work. Through the provider's HTTP handler, as the app calls it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import type { Provider } from '../src/provider';
import { createMemoryStore } from '../src/store-memory';
import { client, makeProvider, onboardedUser, topUp } from './helpers';

let provider: Provider;
let user: { token: string; id: string; email: string };
let keyCount = 0;

beforeEach(async () => {
  const store = createMemoryStore();
  provider = makeProvider({ store });
  user = await onboardedUser(provider);
  await store.update(C.users, user.id, { subscription_expires_at: Date.now() + 30 * 86_400_000 });
  await topUp(provider, user.token, user.email, 40_000);
});

async function potWithRoom(volume: number, raised: number): Promise<string> {
  const id = `pot-${volume}-${raised}`;
  await provider.deps.store.set('trading_pots', id, {
    id,
    pot_volume: volume,
    raised_amount: raised,
    investors_count: 3,
    percentage: 10,
    duration: 1,
    status: 'Raising',
    type: 'Over 1.5',
    manager: 'Musa',
  });
  return id;
}

function join(potId: string, amount: number) {
  keyCount += 1;
  return client(provider).call('POST', '/api/v1/user/join-auto-trada', { pot_id: potId, amount, acceptRisk: true }, user.token, {
    'idempotency-key': `last-room-key-${keyCount}`,
  });
}

describe('the last room in a pot (issue 31 item 12, ADR 0041)', () => {
  it('₦5,000 left: ₦10,000 and ₦4,000 are refused naming ₦5,000; exactly ₦5,000 fills the pot', async () => {
    const potId = await potWithRoom(50_000, 45_000);
    for (const amount of [10_000, 4_000]) {
      const refused = await join(potId, amount);
      expect([refused.status, refused.body.message]).toEqual([
        400,
        'Only ₦5,000 is left in this pot: join with exactly ₦5,000 to fill it',
      ]);
    }
    const joined = await join(potId, 5_000);
    expect(joined.status).toBe(200);
    const pot = await provider.deps.store.get('trading_pots', potId);
    expect(pot).toMatchObject({ raised_amount: 50_000, investors_count: 4 });
  });

  it('a join that would leave room under the minimum is refused with the amounts that work', async () => {
    const potId = await potWithRoom(60_000, 35_000);
    const refused = await join(potId, 20_000);
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'This would leave ₦5,000 in the pot, under the ₦10,000 minimum: join with ₦15,000 or less, or exactly ₦25,000',
    ]);
    expect((await join(potId, 15_000)).status).toBe(200);
    // ₦10,000 left now: it is taken whole.
    expect((await join(potId, 10_000)).status).toBe(200);
    expect(await provider.deps.store.get('trading_pots', potId)).toMatchObject({ raised_amount: 60_000 });
  });
});
