/**
 * The scheduler commits a sharded pot's new status (here Raising -> Due at once: its trading ended before the
 * scheduler ran) and only then gathers the shards' money into the pot's account, one shard per transaction. An
 * operator who books the manager's result in between, and the participants who press PAYOUT right after, must find
 * the money: the result gathers the shards first. The scheduler's instance is held after its status change, the
 * worst case every time; on the memory store and on the project's Firestore emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nairaToKobo } from '@punter/core/money';
import { POT_STATUS_DUE } from '@punter/core/pots';
import { ledgerAccounts, pots as potDocs, wallets } from '../src/collections';
import { ledgerCheck } from '../src/ledger';
import type { Store } from '../src/store';
import { DAY, potsOn, seedUser, START } from './pot-users';
import { STORE_ENVS, type StoreEnv } from './stores';

const JOINERS = 6;
const STAKE_NAIRA = 15_000;
const RAISING_TO = START + 5 * DAY;
const TRADE_TO = START + 36 * DAY;

/** `store`, whose transactions wait for `gate` once the pot `potId()` reads Due (the scheduler's shard closing). */
function heldOnceDue(store: Store, potId: () => string, gate: { hold: Promise<void> }): Store {
  return new Proxy(store, {
    get(target, field, receiver) {
      if (field === 'runTransaction')
        return async (work: Parameters<Store['runTransaction']>[0]) => {
          if ((await potDocs.get(target, potId()))?.status === POT_STATUS_DUE) await gate.hold;
          return target.runTransaction(work);
        };
      const value: unknown = Reflect.get(target, field, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe.each(STORE_ENVS)("a pot's result booked before the scheduler gathered its shards, on the %s store", (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it.each([
    ['a profit', 20],
    ['a loss', -10],
  ])('with %s: the result is booked and every participant is paid, the money gathered once', async (_label, percent) => {
    const [s1, s2] = env.clients(2);
    let potId = '';
    let release!: () => void;
    const gate = { hold: new Promise<void>((resolve) => (release = resolve)) };
    const joining = potsOn(s1!, () => RAISING_TO - 1);
    const operator = potsOn(s1!, () => TRADE_TO + 1);
    const scheduler = potsOn(
      heldOnceDue(s2!, () => potId, gate),
      () => TRADE_TO + 1,
    );
    const admin = await seedUser(s1!, joining.deps, 0, { role: 1 });
    const created = await joining.pots.create(admin, {
      pot_volume: 1_000_000,
      percentage: 10,
      raising_to: new Date(RAISING_TO).toISOString(),
      trade_from: new Date(START + 6 * DAY).toISOString(),
      trade_to: new Date(TRADE_TO).toISOString(),
      duration: 2,
      type: 'Over 1.5',
      manager: 'Musa',
      terms: 'Terms',
      managers_number: '+2348000000000',
    });
    potId = (created.body as { data: { id: string } }).data.id;
    const joiners = await Promise.all(Array.from({ length: JOINERS }, () => seedUser(s1!, joining.deps, STAKE_NAIRA)));
    for (const u of joiners) await joining.pots.join(u, { pot_id: potId, amount: STAKE_NAIRA, acceptRisk: true }, `join-${u.id}`);
    await joining.pots.countsFolded();
    expect((await potDocs.get(s1!, potId))?.shards).toBeGreaterThan(1);

    // The scheduler moves the pot to Due and is then held before its first shard closes.
    const ticking = scheduler.pots.tick();
    await expect.poll(async () => (await potDocs.get(s1!, potId))?.status, { timeout: 30_000 }).toBe(POT_STATUS_DUE);
    expect((await potDocs.get(s1!, potId))?.shards_gathered).not.toBe(true);

    await operator.pots.bookResult(admin, { pot_id: potId, result_percent: percent });
    const paid = await Promise.all(joiners.map((u) => operator.pots.payout(u, { pot_id: potId }, `payout-${u.id}`)));
    expect(paid.map((r) => r.status)).toEqual(joiners.map(() => 200));
    const owed = nairaToKobo(STAKE_NAIRA) + (nairaToKobo(STAKE_NAIRA) * percent) / 100;
    for (const u of joiners) expect((await wallets.get(s1!, u.id))?.balance_kobo, u.id).toBe(owed);

    // The held scheduler finishes: its shards are already closed and empty, nothing moves twice.
    release();
    await ticking;
    const accounts = await ledgerAccounts.query(s1!, { where: [['owner_id', '==', potId]] });
    expect(accounts.filter((a) => a.data.balance_kobo !== 0).map((a) => a.id)).toEqual([]);
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
    for (const { id, data } of await wallets.query(s1!)) expect(data.balance_kobo, id).toBeGreaterThanOrEqual(0);
  });
});
