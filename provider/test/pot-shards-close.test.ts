/**
 * ADR 0048 (amendment, point 5): joins of a sharded pot racing the close of its raising, on the memory store and
 * on the project's Firestore emulator. The scheduler closes each capacity shard in its own transaction, then
 * gathers the shards' money; a join's transaction re-reads the shards it planned. Every join is then either in
 * (its money gathered into the pot's account) or refused 'not raising' with no money moved, never stranded in a
 * shard. The joins come from two instances, the second a slow one whose transactions wait until the close has
 * run (the worst case every time); the scheduler's instance already sees the raising ended (clocks differ).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nairaToKobo } from '@punter/core/money';
import { ledgerAccounts, potStakes, wallets } from '../src/collections';
import { accountBalanceKobo, ledgerCheck } from '../src/ledger';
import { POT_NOT_RAISING } from '../src/pots';
import type { Store } from '../src/store';
import { DAY, potsOn, seedUser, START } from './pot-users';
import { STORE_ENVS, type StoreEnv } from './stores';

const JOINERS = 40;
const AT_ONCE = 6;

describe.each(STORE_ENVS)('joins racing the close of a sharded pot on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it('every join is in and gathered, or refused with no money moved; nothing is left in a shard', async () => {
    const [s1, s2, s3] = env.clients(3);
    const gate = { hold: Promise.resolve() };
    const slow = new Proxy(s2!, {
      get(target, field, receiver) {
        if (field === 'runTransaction')
          return async (work: Parameters<Store['runTransaction']>[0]) => {
            await gate.hold;
            return target.runTransaction(work);
          };
        const value: unknown = Reflect.get(target, field, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const raisingTo = START + 5 * DAY;
    // The joining instances' clocks are just before the raising's end; the scheduler's just after it.
    const a = potsOn(s1!, () => raisingTo - 1);
    const b = potsOn(slow, () => raisingTo - 1);
    const scheduler = potsOn(s3!, () => raisingTo);
    const admin = await seedUser(s1!, a.deps, 0, { role: 1 });
    const created = await a.pots.create(admin, {
      pot_volume: 1_000_000,
      percentage: 10,
      raising_to: new Date(raisingTo).toISOString(),
      trade_from: new Date(START + 6 * DAY).toISOString(),
      trade_to: new Date(START + 36 * DAY).toISOString(),
      duration: 2,
      type: 'Over 1.5',
      manager: 'Musa',
      terms: 'Terms',
      managers_number: '+2348000000000',
    });
    const potId = (created.body as { data: { id: string } }).data.id;
    const joiners = await Promise.all(Array.from({ length: JOINERS }, () => seedUser(s1!, a.deps, 15_000)));

    const outcomes: Array<PromiseSettledResult<unknown>> = [];
    let closing: Promise<unknown> | null = null;
    for (let at = 0; at < JOINERS; at += AT_ONCE) {
      const batch = joiners.slice(at, at + AT_ONCE);
      outcomes.push(
        ...(await Promise.allSettled(
          batch.map((u, i) =>
            (closing && (at + i) % 2 ? b : a).pots.join(u, { pot_id: potId, amount: 15_000, acceptRisk: true }, `close-${u.id}`),
          ),
        )),
      );
      if (!closing) {
        let open!: () => void;
        gate.hold = new Promise<void>((resolve) => (open = resolve));
        closing = scheduler.pots.tick().finally(() => open());
      }
    }
    await closing;

    const store = s1!;
    let inKobo = 0;
    for (const [i, u] of joiners.entries()) {
      const outcome = outcomes[i]!;
      const stakes = await potStakes.query(store, { where: [['user_id', '==', u.id]] });
      const wallet = (await wallets.get(store, u.id))?.balance_kobo;
      if (outcome.status === 'fulfilled') {
        expect(stakes).toHaveLength(1);
        expect(wallet).toBe(0);
        inKobo += nairaToKobo(15_000);
      } else {
        expect(outcome.reason).toMatchObject({ status: 400, message: POT_NOT_RAISING });
        expect(stakes).toEqual([]);
        expect(wallet).toBe(nairaToKobo(15_000));
      }
    }
    // All of the accepted joins' money is in the pot's own account; none in a shard.
    const accounts = await ledgerAccounts.query(store, { where: [['owner_id', '==', potId]] });
    expect(accounts.filter((x) => x.id !== `pot:${potId}` && x.data.balance_kobo !== 0).map((x) => x.id)).toEqual([]);
    expect((await ledgerAccounts.get(store, `pot:${potId}`))?.balance_kobo ?? 0).toBe(inKobo);
    expect(await accountBalanceKobo(store, { kind: 'pot', id: potId })).toBe(inKobo);
    expect(inKobo).toBeGreaterThan(0);
    expect(inKobo).toBeLessThan(nairaToKobo(15_000 * JOINERS));
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
    for (const { id, data } of await wallets.query(store)) expect(data.balance_kobo, id).toBeGreaterThanOrEqual(0);
    await Promise.all([a.pots.countsFolded(), b.pots.countsFolded()]);
  });
});
