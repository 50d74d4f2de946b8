/**
 * Referral bonuses (issue 10 section 2): the 2.5% instant bonus of a pot join goes only to the
 * referrer fixed at registration. A code given at join time counts only when the user has none yet,
 * is never the user's own (nor that of someone the user referred), and is stored for good; on the
 * in-memory store and on Firestore through the project's own emulator (two provider instances).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import { HOUSE, accountBalanceKobo, ledgerCheck } from '../src/ledger';
import type { Provider } from '../src/provider';
import type { Store } from '../src/store';
import { client, makeProvider, onboardedUser, topUp } from './helpers';
import { expectLedgerMatchesBalance, firestoreEnv, memoryEnv, type StoreEnv } from './stores';

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

type User = Awaited<ReturnType<typeof onboardedUser>>;

async function codeOf(store: Store, user: User): Promise<string> {
  return String((await store.get(C.users, user.id))?.referral_code);
}

/** A subscribed user with ₦`funds` in the wallet. */
async function subscribedUser(provider: Provider, funds: number, overrides: Record<string, unknown> = {}): Promise<User> {
  const user = await onboardedUser(provider, overrides);
  await topUp(provider, user.token, user.email, funds + 2_000);
  const sub = await client(provider).call('POST', '/api/v1/user/subscribe', {}, user.token, {
    'idempotency-key': `sub-${user.id}`,
  });
  if (sub.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(sub.body)}`);
  return user;
}

function join(provider: Provider, user: User, potId: string, key: string, referalCode?: string) {
  const body = { amount: 10_000, pot_id: potId, acceptRisk: true, ...(referalCode ? { referalCode } : {}) };
  return client(provider).call('POST', '/api/v1/user/join-auto-trada', body, user.token, { 'idempotency-key': key });
}

const balance = async (store: Store, user: User) => (await expectLedgerMatchesBalance(store, user.id)).balanceKobo;

describe.each(envs)('referral bonuses on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  let potSeq = 0;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  async function newPot(store: Store): Promise<string> {
    potSeq += 1;
    const id = `ref-pot-${Date.now().toString(36)}-${potSeq}`;
    await store.set('trading_pots', id, {
      id,
      pot_volume: 1_000_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 10,
      duration: 1,
      status: 'Raising',
      type: 'Over 1.5',
      manager: 'Musa',
    });
    return id;
  }

  it("a second account's code given at join time does not replace the referrer fixed at registration", async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const realReferrer = await onboardedUser(provider);
    const secondAccount = await onboardedUser(provider);
    const joiner = await subscribedUser(provider, 10_000, { referral_code: await codeOf(store!, realReferrer) });
    const pot = await newPot(store!);
    const res = await join(provider, joiner, pot, 'join-attack-1', await codeOf(store!, secondAccount));
    expect(res.status).toBe(200);
    // ₦10,000 joined: ₦250 to the real referrer, nothing to the second account.
    expect(await balance(store!, realReferrer)).toBe(25_000);
    expect(await balance(store!, secondAccount)).toBe(0);
    expect((await store!.get(C.users, joiner.id))?.referred_by).toBe(realReferrer.id);
  });

  it("the joiner's own code is refused and moves no money; so is the code of an account the joiner referred", async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const joiner = await subscribedUser(provider, 10_000);
    const pot = await newPot(store!);
    const before = await balance(store!, joiner);
    const own = await join(provider, joiner, pot, 'join-own-code', (await codeOf(store!, joiner)).toLowerCase());
    expect(own).toMatchObject({ status: 400, body: { message: 'You cannot use your own referral code' } });
    // A second account registered with the joiner's code, bouncing the bonus back.
    const second = await onboardedUser(provider, { referral_code: await codeOf(store!, joiner) });
    const bounced = await join(provider, joiner, pot, 'join-bounce-code', await codeOf(store!, second));
    expect(bounced).toMatchObject({ status: 400, body: { message: 'You cannot use the referral code of someone you referred' } });
    const unknown = await join(provider, joiner, pot, 'join-bad-code', 'NOSUCHCODE');
    expect(unknown).toMatchObject({ status: 400, body: { message: 'The referral code is not valid' } });
    expect(await balance(store!, joiner)).toBe(before);
    expect(await balance(store!, second)).toBe(0);
    expect((await store!.get(C.users, joiner.id))?.referred_by).toBeNull();
    expect(await store!.query('pot_participants', { where: [['pot_id', '==', pot]] })).toEqual([]);
  });

  it('a code given when the user has no referrer is stored for good; a later code changes nothing', async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const first = await onboardedUser(provider);
    const later = await onboardedUser(provider);
    const joiner = await subscribedUser(provider, 20_000);
    const pot = await newPot(store!);
    expect((await join(provider, joiner, pot, 'join-first-code', await codeOf(store!, first))).status).toBe(200);
    expect((await store!.get(C.users, joiner.id))?.referred_by).toBe(first.id);
    expect((await join(provider, joiner, pot, 'join-later-code', await codeOf(store!, later))).status).toBe(200);
    expect(await balance(store!, first)).toBe(50_000);
    expect(await balance(store!, later)).toBe(0);
    expect((await store!.get(C.users, joiner.id))?.referred_by).toBe(first.id);
    const refs = await client(provider).call('GET', '/api/v1/user/my-referrals', undefined, first.token);
    expect(refs.body.data).toHaveLength(1);
  });

  it('two concurrent joins with two different codes, on two provider instances, set one referrer who gets both bonuses', async () => {
    const [s1, s2] = env.clients(2);
    const a = makeProvider({ store: s1! });
    const b = makeProvider({ store: s2! });
    const x = await onboardedUser(a);
    const y = await onboardedUser(a);
    const joiner = await subscribedUser(a, 20_000);
    const pot = await newPot(s1!);
    const [codeX, codeY] = [await codeOf(s1!, x), await codeOf(s1!, y)];
    const houseBefore = await accountBalanceKobo(s1!, HOUSE.ref);
    const results = await Promise.all([join(a, joiner, pot, 'join-race-x', codeX), join(b, joiner, pot, 'join-race-y', codeY)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const referredBy = (await s1!.get(C.users, joiner.id))?.referred_by;
    expect([x.id, y.id]).toContain(referredBy);
    const [winner, loser] = referredBy === x.id ? [x, y] : [y, x];
    expect(await balance(s1!, winner)).toBe(50_000);
    expect(await balance(s1!, loser)).toBe(0);
    // Double entry: the joins sit in the pot's account, the bonuses came from the house, and all accounts sum to zero.
    expect(await accountBalanceKobo(s1!, { kind: 'pot', id: pot })).toBe(2_000_000);
    expect(await accountBalanceKobo(s1!, HOUSE.ref)).toBe(houseBefore - 50_000);
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
  });
});
