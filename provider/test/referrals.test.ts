/**
 * Referral bonuses (issue 10 section 2, issue 31 item 2, ADR 0013's amendment): the 2.5% bonuses of a
 * pot join go only to the referrer fixed at registration; a code given at join time is ignored and
 * audited; no bonus between accounts that share a phone number or a saved bank account, each refusal
 * audited; on the in-memory store and on Firestore through the project's own emulator (two provider
 * instances).
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

/** A join, answered once its referrer's bonus is in the wallet (paid a second after the join, ADR 0055). */
async function join(provider: Provider, user: User, potId: string, key: string, referalCode?: string) {
  const body = { amount: 10_000, pot_id: potId, acceptRisk: true, ...(referalCode ? { referalCode } : {}) };
  const res = await client(provider).call('POST', '/api/v1/user/join-auto-trada', body, user.token, { 'idempotency-key': key });
  await provider.countsFolded();
  return res;
}

/** The refused bonuses the audit log holds for a referred user (the actor). */
async function refusals(store: Store, userId: string) {
  const docs = await store.query('provider_audit', { where: [['admin_id', '==', userId]] });
  return docs
    .map((d) => d.data as { action: string; target: string | null })
    .filter((a) => a.action.startsWith('referral.bonus.refused.'));
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

  it("a code named at a join is ignored, whatever it names: the joiner's own, a second account's, one he referred, an unknown one; each audited", async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const joiner = await subscribedUser(provider, 40_000);
    const second = await onboardedUser(provider, { referral_code: await codeOf(store!, joiner) });
    const other = await onboardedUser(provider);
    const pot = await newPot(store!);
    const houseBefore = await accountBalanceKobo(store!, HOUSE.ref);
    const codes = [
      (await codeOf(store!, joiner)).toLowerCase(),
      await codeOf(store!, second),
      await codeOf(store!, other),
      'NOSUCHCODE',
    ];
    for (const [i, code] of codes.entries()) {
      expect((await join(provider, joiner, pot, `join-ignored-${i}`, code)).status).toBe(200);
    }
    expect(await balance(store!, second)).toBe(0);
    expect(await balance(store!, other)).toBe(0);
    expect(await accountBalanceKobo(store!, HOUSE.ref)).toBe(houseBefore);
    expect((await store!.get(C.users, joiner.id))?.referred_by).toBeNull();
    const audited = (await refusals(store!, joiner.id)).filter((a) => a.action === 'referral.bonus.refused.late-code');
    expect(audited.map((a) => a.target).sort()).toEqual([joiner.id, second.id, other.id, null].sort());
    expect(await ledgerCheck(store!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('issue 31: a user with no referrer names a second account at his first join; the house pays it nothing, now or when due', async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const secondAccount = await onboardedUser(provider);
    const joiner = await subscribedUser(provider, 20_000);
    const pot = await newPot(store!);
    expect((await join(provider, joiner, pot, 'join-late-1', await codeOf(store!, secondAccount))).status).toBe(200);
    expect((await join(provider, joiner, pot, 'join-late-2', await codeOf(store!, secondAccount))).status).toBe(200);
    expect((await store!.get(C.users, joiner.id))?.referred_by).toBeNull();
    await store!.update('trading_pots', pot, { status: 'Due' });
    await provider.tickPots();
    expect(await balance(store!, secondAccount)).toBe(0);
    expect(await ledgerCheck(store!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('no bonus between accounts that share a saved bank account, at join or when due; audited; the join goes through', async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const referrer = await onboardedUser(provider, { account_number: '0155501234' });
    const joiner = await subscribedUser(provider, 10_000, {
      referral_code: await codeOf(store!, referrer),
      account_number: '0155501234',
    });
    const pot = await newPot(store!);
    const res = await join(provider, joiner, pot, 'join-shared-bank', await codeOf(store!, referrer));
    expect(res.status).toBe(200);
    expect(await balance(store!, referrer)).toBe(0);
    expect(await accountBalanceKobo(store!, { kind: 'pot', id: pot })).toBe(1_000_000);
    await store!.update('trading_pots', pot, { status: 'Due' });
    await provider.tickPots();
    expect(await balance(store!, referrer)).toBe(0);
    const audited = await refusals(store!, joiner.id);
    expect(audited.map((a) => [a.action, a.target])).toEqual([['referral.bonus.refused.shared-bank', referrer.id]]);
    expect(await ledgerCheck(store!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('a bank account saved after the join stops the second bonus; a shared phone number (an older account) stops both', async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const referrer = await onboardedUser(provider);
    const joiner = await subscribedUser(provider, 10_000, { referral_code: await codeOf(store!, referrer) });
    const pot = await newPot(store!);
    expect((await join(provider, joiner, pot, 'join-bank-later', undefined)).status).toBe(200);
    expect(await balance(store!, referrer)).toBe(25_000);
    const joinerBank = (await store!.query('provider_banks', { where: [['user_id', '==', joiner.id]] }))[0]!.data;
    const added = await client(provider).call(
      'POST',
      '/api/v1/user/bank/add',
      {
        bank_name: 'Access Bank',
        code: joinerBank.code,
        account_number: joinerBank.account_number,
        account_name: joinerBank.account_name,
        confirm_other_name: true,
      },
      referrer.token,
    );
    expect(added.status).toBe(200);
    await store!.update('trading_pots', pot, { status: 'Due' });
    await provider.tickPots();
    expect(await balance(store!, referrer)).toBe(25_000);
    expect((await refusals(store!, joiner.id)).map((a) => a.action)).toEqual(['referral.bonus.refused.shared-bank']);

    // A phone number two accounts share (registered before the unique index, or edited by an operator).
    const phoneReferrer = await onboardedUser(provider);
    const phoneJoiner = await subscribedUser(provider, 10_000, { referral_code: await codeOf(store!, phoneReferrer) });
    const phone = String((await store!.get(C.users, phoneReferrer.id))?.phone_number);
    await store!.update(C.users, phoneJoiner.id, { phone_number: `0${phone.slice(4)}` });
    const pot2 = await newPot(store!);
    expect((await join(provider, phoneJoiner, pot2, 'join-shared-phone', undefined)).status).toBe(200);
    expect(await balance(store!, phoneReferrer)).toBe(0);
    expect((await refusals(store!, phoneJoiner.id)).map((a) => a.action)).toEqual(['referral.bonus.refused.shared-phone']);
    expect(await ledgerCheck(store!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('20 joins at once on two provider instances by a user sharing a bank with his referrer pay no bonus; the ledger sums to zero', async () => {
    const [s1, s2] = env.clients(2);
    const a = makeProvider({ store: s1! });
    const b = makeProvider({ store: s2! });
    const referrer = await onboardedUser(a, { account_number: '0177701234' });
    const joiner = await subscribedUser(a, 200_000, { referral_code: await codeOf(s1!, referrer), account_number: '0177701234' });
    const pot = await newPot(s1!);
    const houseBefore = await accountBalanceKobo(s1!, HOUSE.ref);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => join(i % 2 === 0 ? a : b, joiner, pot, `join-race-bank-${i}`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await balance(s1!, referrer)).toBe(0);
    expect(await balance(s1!, joiner)).toBe(0);
    expect(await accountBalanceKobo(s1!, { kind: 'pot', id: pot })).toBe(20_000_000);
    expect(await accountBalanceKobo(s1!, HOUSE.ref)).toBe(houseBefore);
    expect(await refusals(s1!, joiner.id)).toHaveLength(20);
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('two concurrent joins with two different codes, on two provider instances, set no referrer and pay no bonus', async () => {
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
    expect((await s1!.get(C.users, joiner.id))?.referred_by).toBeNull();
    expect(await balance(s1!, x)).toBe(0);
    expect(await balance(s1!, y)).toBe(0);
    // Double entry: the joins sit in the pot's account, the house paid nothing, and all accounts sum to zero.
    expect(await accountBalanceKobo(s1!, { kind: 'pot', id: pot })).toBe(2_000_000);
    expect(await accountBalanceKobo(s1!, HOUSE.ref)).toBe(houseBefore);
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
  });
});
