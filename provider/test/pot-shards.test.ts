/**
 * A pot made by an admin keeps its capacity and money in shards (ADR 0048): 200 joins at once from two provider
 * instances never pass its volume, no join's transaction writes the pot's document or one shared account, the
 * pot's raised_amount and investors_count are folded in after, and when raising ends the shards are closed and
 * gathered so the result and the payouts work on the pot's account; the double entry sums to zero throughout.
 */
import { describe, expect, it } from 'vitest';
import { nairaToKobo } from '@punter/core/money';
import { ledgerAccounts, potParticipants, pots as potDocs, potShards } from '../src/collections';
import { accountBalanceKobo, ledgerCheck } from '../src/ledger';
import { createMemoryStore } from '../src/store-memory';
import { DAY, potsOn, seedUser, START } from './pot-users';
import { tracing } from './stores';

describe('a sharded pot (memory store, two provider instances)', () => {
  it('200 joins at once: never past the volume, no shared document written, figures folded, shards gathered for the payout', async () => {
    const store = createMemoryStore();
    const transactions: string[][] = [];
    const clock = { now: START };
    const a = potsOn(tracing(store, transactions), () => clock.now);
    const b = potsOn(tracing(store, transactions), () => clock.now);
    const admin = await seedUser(store, a.deps, 0, { role: 1 });
    const created = await a.pots.create(admin, {
      pot_volume: 1_000_000,
      percentage: 10,
      raising_to: new Date(START + 5 * DAY).toISOString(),
      trade_from: new Date(START + 6 * DAY).toISOString(),
      trade_to: new Date(START + 36 * DAY).toISOString(),
      duration: 2,
      type: 'Over 1.5',
      manager: 'Musa',
      terms: 'Terms',
      managers_number: '+2348000000000',
    });
    const potId = (created.body as { data: { id: string } }).data.id;
    const shards = await potShards.query(store, { where: [['pot_id', '==', potId]] });
    expect(shards).toHaveLength(20);
    expect(shards.reduce((s, d) => s + d.data.capacity_kobo, 0)).toBe(nairaToKobo(1_000_000));

    const joiners = await Promise.all(Array.from({ length: 200 }, () => seedUser(store, a.deps, 20_000)));
    transactions.length = 0;
    const outcomes = await Promise.allSettled(
      joiners.map((u, i) =>
        (i % 2 === 0 ? a : b).pots.join(u, { pot_id: potId, amount: 15_000, acceptRisk: true }, `shard-race-${i}`),
      ),
    );
    // 66 x 15,000 = 990,000: the 67th would pass the volume.
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(66);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ status: 400 });
    // No join wrote the pot's document or its own account: only shards, the joiner's documents and the journal.
    expect(
      transactions.flat().filter((w) => w === `trading_pots/${potId}` || w === `${ledgerAccounts.path}/pot:${potId}`),
    ).toEqual([]);
    const participants = await potParticipants.query(store, { where: [['pot_id', '==', potId]] });
    expect(participants).toHaveLength(66);
    expect(await accountBalanceKobo(store, { kind: 'pot', id: potId })).toBe(nairaToKobo(990_000));
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });

    // The figures on the pot's document converge once the folders have run.
    await Promise.all([a.pots.countsFolded(), b.pots.countsFolded()]);
    expect(await potDocs.get(store, potId)).toMatchObject({ raised_amount: 990_000, investors_count: 66 });

    // Raising ends: the shards close and their money is gathered into the pot's account; a late join is refused.
    clock.now = START + 5 * DAY;
    await a.pots.tick();
    expect((await potDocs.get(store, potId))?.status).toBe('Trading');
    expect((await ledgerAccounts.get(store, `pot:${potId}`))?.balance_kobo).toBe(nairaToKobo(990_000));
    const late = await seedUser(store, a.deps, 20_000);
    await expect(a.pots.join(late, { pot_id: potId, amount: 10_000, acceptRisk: true }, 'late')).rejects.toMatchObject({
      status: 400,
      message: 'This pot is not raising at the moment',
    });

    // Due: the result is booked on the pot's account and a participant is paid capital and result.
    clock.now = START + 36 * DAY;
    await b.pots.tick();
    await a.pots.bookResult(admin, { pot_id: potId, result_percent: 20 });
    const payer = joiners.find((_, i) => outcomes[i]!.status === 'fulfilled')!;
    const paid = await a.pots.payout(payer, { pot_id: potId }, 'shard-payout');
    expect((paid.body as { data: { amount: number } }).data.amount).toBe(18_000);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
  });
});
