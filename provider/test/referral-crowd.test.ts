/**
 * Issue 32, a popular referrer (ADR 0055): his link goes round a WhatsApp group and 200 referred users join at
 * once through two provider instances. Every join succeeds (none fails on contention), no join's transaction
 * writes the referrer's wallet (each bonus waits in a pending account of its own), the referrer's wallet ends
 * with exactly 200 bonuses, each once however the joins are replayed, the pending accounts are empty, the double
 * entry sums to zero and no balance is below zero. On the memory store, on the project's Firestore emulator,
 * and on the emulator in production-limits mode, where the referrer's wallet takes no delayed write and no abort.
 * A bonus left pending by an instance that stopped before its fold is paid by the scheduler's sweep, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, ledgerAccounts, notifications, referralBonuses, wallets, type UserDoc } from '../src/collections';
import { HOUSE, accountBalanceKobo, ledgerCheck } from '../src/ledger';
import type { Pots } from '../src/pots';
import { payPendingBonuses, pendBonus } from '../src/referral-bonuses';
import type { ProviderDeps } from '../src/context';
import type { Store } from '../src/store';
import { createFirestoreStore } from '../src/store-firestore';
import { DAY, potsOn, seedUser, START } from './pot-users';
import { expectLedgerMatchesBalance, productionLimitsEmulator, STORE_ENVS, tracing, type StoreEnv } from './stores';

const CROWD = 200;
const LIMITS_CROWD = 60;
const JOIN_NAIRA = 10_000;
/** 2.5 % of ₦10,000, in kobo. */
const BONUS_KOBO = 25_000;

/** A bonus of someone{k}'s join pending for `referrerId` (house -> its own account), as a join's transaction leaves it. */
function strandBonus(store: Store, deps: ProviderDeps, referrerId: string, tag: string, k: number): Promise<void> {
  return store.runTransaction((tx) => {
    pendBonus(deps, tx, {
      id: `join-${tag}-${referrerId}`,
      referrerId,
      fromUserId: `someone-${k}`,
      amountKobo: BONUS_KOBO,
      narration: `2.5% referral bonus: someone${k} joined a pot`,
      reference: `referral-bonus:${tag}`,
    });
    return Promise.resolve();
  });
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** `count` pots sized for `joinsEach` joins of ₦10,000, made by an admin (so kept in shards, ADR 0048). */
async function makePots(instance: { pots: Pots }, admin: UserDoc, count: number, joinsEach: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await instance.pots.create(admin, {
      pot_volume: joinsEach * JOIN_NAIRA,
      percentage: 10,
      raising_to: new Date(START + 5 * DAY).toISOString(),
      trade_from: new Date(START + 5 * DAY).toISOString(),
      trade_to: new Date(START + 35 * DAY).toISOString(),
      duration: 1,
      type: 'Over 1.5',
      manager: 'Musa',
      terms: 'Terms',
      managers_number: '+2348000000000',
    });
    ids.push((created.body as { data: { id: string } }).data.id);
  }
  return ids;
}

/**
 * The crowd: `CROWD` users referred by one referrer join at once, alternately on instance a and b, into `pots`
 * (round robin). Returns the answers' statuses and messages.
 */
async function crowdJoins(
  a: { pots: Pots },
  b: { pots: Pots },
  joiners: UserDoc[],
  potIds: string[],
  keyPrefix: string,
  spreadMs = 0,
) {
  return Promise.all(
    joiners.map(async (user, i) => {
      if (spreadMs > 0) await new Promise((r) => setTimeout(r, (spreadMs * i) / joiners.length));
      const instance = i % 2 === 0 ? a : b;
      try {
        const res = await instance.pots.join(
          user,
          { amount: JOIN_NAIRA, pot_id: potIds[i % potIds.length], acceptRisk: true },
          `${keyPrefix}-${user.id}`,
        );
        return { status: res.status, body: res.body as { data: { transaction: { id: string } } } };
      } catch (error) {
        return { status: -1, body: null, error: String(error) };
      }
    }),
  );
}

/** Every wallet and every ledger account that must not go below zero, at or above zero. */
async function expectNoNegativeBalance(store: Store): Promise<void> {
  for (const { id, data } of await wallets.query(store)) expect([id, data.balance_kobo >= 0]).toEqual([id, true]);
  for (const { id, data } of await ledgerAccounts.query(store))
    if (data.kind !== 'receivable') expect([id, data.balance_kobo >= 0]).toEqual([id, true]);
}

/** What the referrer's statement and bell say once the crowd is paid: exactly one bonus per join, each once. */
async function expectBonusesPaidOnce(store: Store, referrerId: string, joined: number): Promise<void> {
  // Nothing left on its way: the pending bonuses are all paid.
  const wallet = await expectLedgerMatchesBalance(store, referrerId);
  expect(wallet.balanceKobo).toBe(joined * BONUS_KOBO);
  const bonuses = wallet.entries.filter((e) => e.type === 'MC_DASAINT_BONUS');
  expect(bonuses).toHaveLength(joined);
  expect(new Set(bonuses.map((e) => e.reference)).size).toBe(joined);
  for (const e of bonuses) {
    expect(e).toMatchObject({ direction: 'credit', amount_kobo: BONUS_KOBO, status: 'SUCCESS' });
    expect(e.narration).toMatch(/^2\.5% referral bonus: u\S+ joined a pot$/);
    expect(e.reference).toMatch(/^referral-bonus:/);
  }
  const bell = await notifications.query(store, { where: [['user_id', '==', referrerId]] });
  expect(bell.filter((n) => n.data.type === 'REFERRAL_BONUS')).toHaveLength(joined);
  const pending = await referralBonuses.query(store, { where: [['referrer_id', '==', referrerId]] });
  expect(pending.map((p) => p.data.status)).toEqual(Array.from({ length: joined }, () => 'paid'));
  const held = await ledgerAccounts.query(store, { where: [['owner_id', '==', referrerId]] });
  expect(held.filter((a) => a.data.kind === 'referral').every((a) => a.data.balance_kobo === 0)).toBe(true);
  expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
  await expectNoNegativeBalance(store);
}

async function crowdOn(s1: Store, s2: Store, options: { pots: number; count: number; spreadMs: number }) {
  const trace: string[][] = [];
  const a = potsOn(tracing(s1, trace), () => START);
  const b = potsOn(tracing(s2, trace), () => START);
  const admin = await seedUser(s1, a.deps, 0, { role: 1 });
  const referrer = await seedUser(s1, a.deps, 0);
  const joiners: UserDoc[] = [];
  await inBatches(
    Array.from({ length: options.count }, (_, i) => i),
    25,
    async () => {
      joiners.push(await seedUser(s1, a.deps, 2 * JOIN_NAIRA, { referred_by: referrer.id, pot_risk_accepted_at: START }));
    },
  );
  const potIds = await makePots(a, admin, options.pots, Math.ceil(options.count / options.pots));
  const houseBefore = await accountBalanceKobo(s1, HOUSE.ref);
  trace.length = 0;
  const began = Date.now();
  const results = await crowdJoins(a, b, joiners, potIds, 'crowd', options.spreadMs);
  const joinedMs = Date.now() - began;
  await Promise.all([a.pots.countsFolded(), b.pots.countsFolded()]);
  const elapsedS = (Date.now() - began) / 1000;
  return { a, b, referrer, joiners, potIds, results, trace, houseBefore, joinedMs, elapsedS };
}

/** The transactions that wrote the referrer's wallet: none of them a join's, and about one a second at most. */
function expectWalletWrittenByFoldsOnly(trace: string[][], referrerId: string, elapsedS: number, joined: number): number {
  const wallet = `${wallets.path}/${referrerId}`;
  const joins = trace.filter((writes) => writes.some((w) => w.startsWith('provider_pot_stakes/')));
  expect(joins).toHaveLength(joined);
  expect(joins.filter((writes) => writes.includes(wallet))).toEqual([]);
  const walletWrites = trace.filter((writes) => writes.includes(wallet)).length;
  // At most one fold a second writes the wallet, between both instances (WALLET_FOLD_INTERVAL_MS), plus one at
  // each end of the crowd's time.
  expect(walletWrites).toBeGreaterThan(0);
  expect(walletWrites).toBeLessThanOrEqual(Math.ceil(elapsedS) + 2);
  return walletWrites;
}

describe.each(STORE_ENVS)('a popular referrer on the %s store (two provider instances)', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  /**
   * Two instances' stores. On Firestore with a long deadline: the deadline is there to notice a dead database, and
   * 200 transactions at once against an emulator in this process on a shared 2-core machine can take longer.
   */
  function twoStores(): [Store, Store] {
    const host = process.env.FIRESTORE_EMULATOR_HOST;
    if (env.name === 'memory' || !host) return env.clients(2) as [Store, Store];
    const one = (i: number) =>
      createFirestoreStore({
        projectId: 'demo-punter',
        emulatorHost: host,
        appName: `referral-crowd-${process.pid}-${i}`,
        deadlineMs: 120_000,
      });
    const stores: [Store, Store] = [one(1), one(2)];
    made.push(...stores);
    return stores;
  }
  const made: Store[] = [];
  afterAll(async () => {
    await Promise.all(made.map((s) => s.close()));
  });

  it("200 referred users join at once: all succeed, no join writes the referrer's wallet, exactly 200 bonuses each once (joins replayed), ledger zero", async () => {
    const [s1, s2] = twoStores();
    const run = await crowdOn(s1, s2, { pots: 1, count: CROWD, spreadMs: 0 });
    expect(run.results.filter((r) => r.status !== 200)).toEqual([]);
    const walletWrites = expectWalletWrittenByFoldsOnly(run.trace, run.referrer.id, run.elapsedS, CROWD);
    console.log(
      `${_name}: ${CROWD} joins in ${run.joinedMs} ms, bonuses paid ${run.elapsedS.toFixed(1)} s after the first; ` +
        `the referrer's wallet written by ${walletWrites} transactions (before ADR 0055: ${CROWD})`,
    );
    await expectBonusesPaidOnce(s1, run.referrer.id, CROWD);
    expect(await accountBalanceKobo(s1, HOUSE.ref)).toBe(run.houseBefore - CROWD * BONUS_KOBO);

    // The same 200 joins again (each key on the other instance): the first answers, no money moves, no bonus twice.
    const again = await crowdJoins(run.b, run.a, run.joiners, run.potIds, 'crowd');
    expect(again.map((r) => r.status)).toEqual(run.results.map((r) => r.status));
    expect(again.map((r) => r.body?.data.transaction.id)).toEqual(run.results.map((r) => r.body?.data.transaction.id));
    await Promise.all([run.a.pots.countsFolded(), run.b.pots.countsFolded()]);
    await expectBonusesPaidOnce(s1, run.referrer.id, CROWD);
    expect(await accountBalanceKobo(s1, HOUSE.ref)).toBe(run.houseBefore - CROWD * BONUS_KOBO);
  }, 300_000);

  it('a bonus left pending by an instance that stopped before its fold is paid by the sweep, once, however many sweeps run', async () => {
    const [s1, s2] = env.clients(2) as [Store, Store];
    const a = potsOn(s1, () => START);
    const b = potsOn(s2, () => START);
    const referrer = await seedUser(s1, a.deps, 0);
    // What a join on an instance that died a moment later left behind: the bonus in its pending account.
    for (const k of [1, 2, 3]) await strandBonus(s1, a.deps, referrer.id, `stranded-${k}`, k);
    expect(await ledgerCheck(s1)).toEqual({ sumKobo: 0, mismatches: [] });
    expect((await wallets.get(s1, referrer.id))?.balance_kobo).toBe(0);
    // Two schedulers sweep at once, then again.
    await Promise.all([a.pots.payPendingBonuses(), b.pots.payPendingBonuses()]);
    await a.pots.payPendingBonuses();
    const paid = await entries(referrer.id).query(s1, { where: [['type', '==', 'MC_DASAINT_BONUS']] });
    expect(paid.map((e) => e.data.reference).sort()).toEqual([1, 2, 3].map((k) => `referral-bonus:stranded-${k}`));
    expect((await expectLedgerMatchesBalance(s1, referrer.id)).balanceKobo).toBe(3 * BONUS_KOBO);
  }, 120_000);

  it('folds on two instances write the wallet at most once a second between them; the later one pays what is left', async () => {
    const [s1, s2] = env.clients(2) as [Store, Store];
    const a = potsOn(s1, () => START);
    const b = potsOn(s2, () => START);
    const referrer = await seedUser(s1, a.deps, 0);
    const strand = (k: number) => strandBonus(s1, a.deps, referrer.id, `paced-${k}`, k);
    const wall = { now: 1_000_000 };
    await strand(1);
    expect(await payPendingBonuses(a.deps, referrer.id, () => wall.now)).toEqual({ paid: 1, more: false, retryInMs: 0 });
    // Another bonus, folded by the other instance 400 ms later: nothing written, again in 600 ms.
    await strand(2);
    wall.now += 400;
    expect(await payPendingBonuses(b.deps, referrer.id, () => wall.now)).toEqual({ paid: 0, more: true, retryInMs: 600 });
    expect((await wallets.get(s1, referrer.id))?.balance_kobo).toBe(BONUS_KOBO);
    wall.now += 600;
    expect(await payPendingBonuses(b.deps, referrer.id, () => wall.now)).toEqual({ paid: 1, more: false, retryInMs: 0 });
    expect((await expectLedgerMatchesBalance(s1, referrer.id)).balanceKobo).toBe(2 * BONUS_KOBO);
  }, 120_000);
});

describe('a popular referrer on the emulator in production-limits mode (two provider instances)', () => {
  const limited = productionLimitsEmulator();

  /**
   * 60 joins within 6 s (ten a second, two instances): before ADR 0055 that is 60 writes of the referrer's wallet
   * in 6 s, delayed past the burst. Fewer than the 200 above: with the emulator in this process on a shared 2-core
   * machine 200 at once in this mode outlast the test; `npm run bench:load -w provider -- referrals` runs 200 in 10 s.
   */
  it("60 referred users join within 6 s: none fails on contention, exactly 60 bonuses, and the referrer's wallet is no hot document", async () => {
    const [s1, s2] = [limited.store('referral-crowd-limits-1'), limited.store('referral-crowd-limits-2')];
    // Two pots, so that the pots' capacity shards (ADR 0048) are not what the crowd waits on: the referrer is.
    const run = await crowdOn(s1, s2, { pots: 2, count: LIMITS_CROWD, spreadMs: 6_000 });
    expect(run.results.filter((r) => r.status !== 200)).toEqual([]);
    expectWalletWrittenByFoldsOnly(run.trace, run.referrer.id, run.elapsedS, LIMITS_CROWD);
    await expectBonusesPaidOnce(s1, run.referrer.id, LIMITS_CROWD);
    const report = limited.emulator().productionLimitsReport(100_000);
    const wallet = report?.documents.find((d) => d.path.endsWith(`${wallets.path}/${run.referrer.id}`));
    console.log(
      `production limits: ${LIMITS_CROWD} joins in ${run.joinedMs} ms; the referrer's wallet: ${JSON.stringify(wallet ?? null)}; ` +
        `totals ${JSON.stringify(report?.totals)}`,
    );
    expect(wallet).toBeDefined();
    expect(wallet).toMatchObject({ delayedWrites: 0, aborts: 0 });
    expect(wallet!.peakWritesPerSecond).toBeLessThanOrEqual(2);
  }, 300_000);
});
