/**
 * The life of a pot and its money (ADR 0012, 0013), on the memory store and on Firestore (the project's
 * emulator, two provider processes racing): joins never raise a pot past its volume, raised_amount and
 * investors_count match the participants, a repeated key joins once, the scheduler moves the pot and its
 * participants, the result is booked before payouts, PAYOUT pays once under 50 presses, the referrer gets
 * both bonuses, and the double entry sums to zero after every race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { potParticipantSchema } from '@punter/core/api/pots';
import { nairaToKobo } from '@punter/core/money';
import { createAudit } from '../src/admin/audit';
import { myPots, potParticipants, pots as potDocs, potStakes, users, wallets } from '../src/collections';
import type { ProviderDeps } from '../src/context';
import { ApiError } from '../src/http';
import { accountBalanceKobo, ledgerCheck } from '../src/ledger';
import { createPots, type Pots } from '../src/pots';
import type { Store } from '../src/store';
import { makeProvider, uniqueSuffix } from './helpers';
import { DAY, seedUser, START } from './pot-users';
import { firestoreEnv, memoryEnv, type StoreEnv } from './stores';

/** A provider's pots on `store`, with a clock the test moves. */
function potsOn(store: Store, clock: { now: number }): { pots: Pots; deps: ProviderDeps } {
  const base = makeProvider({ store }).deps;
  const deps: ProviderDeps = { ...base, now: () => clock.now };
  return { pots: createPots(deps, createAudit(deps)), deps };
}

async function seedPot(store: Store, volume: number, overrides: Record<string, unknown> = {}): Promise<string> {
  const id = `pot-${uniqueSuffix()}`;
  await store.set('trading_pots', id, {
    id,
    pot_volume: volume,
    raised_amount: 0,
    investors_count: 0,
    percentage: 10,
    duration: 2,
    status: 'Raising',
    type: 'Over 1.5',
    manager: 'Musa',
    timestamp: new Date(START),
    raising_to: new Date(START + 5 * DAY),
    trade_from: new Date(START + 6 * DAY),
    trade_to: new Date(START + 36 * DAY),
    ...overrides,
  });
  return id;
}

const joinBody = (potId: string, amount: number) => ({ pot_id: potId, amount, acceptRisk: true });

async function expectLedgerWhole(store: Store) {
  expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
}

async function expectPotMatchesParticipants(store: Store, potId: string) {
  const pot = await potDocs.get(store, potId);
  const participants = await potParticipants.query(store, { where: [['pot_id', '==', potId]] });
  const sum = participants.reduce((s, p) => s + nairaToKobo(p.data.amount), 0);
  expect(nairaToKobo(pot?.raised_amount ?? 0)).toBe(sum);
  expect(pot?.investors_count).toBe(participants.length);
  expect(sum).toBeLessThanOrEqual(nairaToKobo(pot?.pot_volume ?? 0));
  // The pot's own account holds exactly what was raised (until the result and the payouts).
  expect(await accountBalanceKobo(store, { kind: 'pot', id: potId })).toBe(sum);
  return { pot, participants };
}

describe('the life of a pot (memory store)', () => {
  it('Raising -> Trading at raising_to -> Due at trade_to; participants Pending -> Active; the referrer gets 2.5 % at join and 2.5 % when due, from the house', async () => {
    const clock = { now: START };
    const { pots, deps } = potsOn(makeProvider().deps.store, clock);
    const store = deps.store;
    const referrer = await seedUser(store, deps, 0);
    const user = await seedUser(store, deps, 100_000, { referred_by: referrer.id });
    const potId = await seedPot(store, 1_000_000);

    await pots.join(user, joinBody(potId, 40_000), 'join-a');
    // In the referrer's wallet a second after the join (ADR 0055).
    await pots.countsFolded();
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: referrer.id })).toBe(nairaToKobo(1_000));
    const [participant] = await potParticipants.query(store, { where: [['pot_id', '==', potId]] });
    expect(participant?.data.status).toBe('Pending');

    // Nothing moves before its time; a tick is safe to repeat.
    expect((await pots.tick()).moved).toEqual([]);
    clock.now = START + 5 * DAY;
    expect((await pots.tick()).moved).toEqual([potId]);
    expect((await potDocs.get(store, potId))?.status).toBe('Trading');
    expect((await potParticipants.get(store, participant!.id))?.status).toBe('Active');
    expect((await myPots.get(store, participant!.id))?.status).toBe('Active');
    // No join once raising has ended.
    await expect(pots.join(user, joinBody(potId, 10_000), 'join-late')).rejects.toThrow('This pot is not raising at the moment');

    clock.now = START + 36 * DAY;
    await pots.tick();
    await pots.tick();
    expect((await potDocs.get(store, potId))?.status).toBe('Due');
    // The second bonus is paid once, however often the scheduler runs.
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: referrer.id })).toBe(nairaToKobo(2_000));
    expect(await accountBalanceKobo(store, { kind: 'house' })).toBe(-nairaToKobo(2_000));
    await expectLedgerWhole(store);
  });

  it('PAYOUT waits for the due date and for the booked result; then capital plus the share of the result lands in the wallet', async () => {
    const clock = { now: START };
    const { pots, deps } = potsOn(makeProvider().deps.store, clock);
    const store = deps.store;
    const admin = await seedUser(store, deps, 0, { role: 1 });
    const user = await seedUser(store, deps, 50_000);
    const potId = await seedPot(store, 1_000_000);
    await pots.join(user, joinBody(potId, 20_000), 'j1');
    await pots.join(user, joinBody(potId, 10_000), 'j2');
    await expect(pots.payout(user, { pot_id: potId }, 'p0')).rejects.toThrow('This pot is not due yet');
    await expect(pots.bookResult(admin, { pot_id: potId, result_percent: 20 })).rejects.toThrow(
      'A result can only be booked once the pot is due',
    );
    clock.now = START + 40 * DAY;
    await pots.tick();
    await expect(pots.payout(user, { pot_id: potId }, 'p1')).rejects.toThrow("The manager's result is not booked yet");

    await pots.bookResult(admin, { pot_id: potId, result_percent: 20 });
    // The result sits in the pot before any payout: 30,000 + 20 %.
    expect(await accountBalanceKobo(store, { kind: 'pot', id: potId })).toBe(nairaToKobo(36_000));
    await expect(pots.bookResult(admin, { pot_id: potId, result_percent: 25 })).rejects.toThrow(
      'The result of this pot is already booked',
    );
    const paid = await pots.payout(user, { pot_id: potId }, 'p2');
    expect(paid.body).toMatchObject({ data: { amount: 36_000, balance: 56_000 } });
    expect(await accountBalanceKobo(store, { kind: 'pot', id: potId })).toBe(0);
    const mine = await myPots.query(store, { where: [['user_id', '==', user.id]] });
    expect(mine.map((d) => d.data.status)).toEqual(['Paid', 'Paid']);
    // The same key replays the answer; another press finds nothing unpaid.
    expect((await pots.payout(user, { pot_id: potId }, 'p2')).body).toEqual(paid.body);
    await expect(pots.payout(user, { pot_id: potId }, 'p3')).rejects.toThrow('You have already been paid out for this pot');
    const stranger = await seedUser(store, deps, 0);
    await expect(pots.payout(stranger, { pot_id: potId }, 'p4')).rejects.toThrow('You have nothing to collect in this pot');
    expect(await accountBalanceKobo(store, { kind: 'house' })).toBe(-nairaToKobo(6_000));
    await expectLedgerWhole(store);
  });

  it('a loss is booked pot -> house and the participants share it', async () => {
    const clock = { now: START };
    const { pots, deps } = potsOn(makeProvider().deps.store, clock);
    const store = deps.store;
    const admin = await seedUser(store, deps, 0, { role: 1 });
    const user = await seedUser(store, deps, 10_000);
    const potId = await seedPot(store, 1_000_000);
    await pots.join(user, joinBody(potId, 10_000), 'j1');
    clock.now = START + 40 * DAY;
    await pots.tick();
    await pots.bookResult(admin, { pot_id: potId, result_percent: -12.5 });
    expect(await accountBalanceKobo(store, { kind: 'house' })).toBe(nairaToKobo(1_250));
    expect((await pots.payout(user, { pot_id: potId }, 'p1')).body).toMatchObject({ data: { amount: 8_750 } });
    // The participant's shown ROI and total are the booked loss, not the quoted 20 % (ROI 2,000, total 12,000),
    // and the public document still parses for the web (a negative ROI).
    const [participant] = await potParticipants.query(store, { where: [['pot_id', '==', potId]] });
    expect(participant?.data).toMatchObject({ status: 'Paid', amount: 10_000, roi: -1_250, total: 8_750 });
    expect(potParticipantSchema.safeParse(participant?.data).error?.issues).toBeUndefined();
    await expectLedgerWhole(store);
  });

  it('a join at raising_to is refused before the scheduler has moved the pot; PAYOUT of a pot past trade_to waits for Due', async () => {
    const clock = { now: START };
    const { pots, deps } = potsOn(makeProvider().deps.store, clock);
    const store = deps.store;
    const user = await seedUser(store, deps, 50_000);
    const potId = await seedPot(store, 1_000_000);
    await pots.join(user, joinBody(potId, 10_000), 'on-time');
    // The server's clock decides, not the stored status nor the browser's clock: at raising_to exactly, no tick yet.
    clock.now = START + 5 * DAY;
    await expect(pots.join(user, joinBody(potId, 10_000), 'at-the-end')).rejects.toThrow('This pot is not raising at the moment');
    expect((await potDocs.get(store, potId))?.status).toBe('Raising');
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: user.id })).toBe(nairaToKobo(40_000));
    await expectPotMatchesParticipants(store, potId);
    // Past trade_to but not yet Due (no tick): nothing is paid out and the status stays the server's.
    clock.now = START + 37 * DAY;
    await expect(pots.payout(user, { pot_id: potId }, 'early')).rejects.toThrow('This pot is not due yet');
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: user.id })).toBe(nairaToKobo(40_000));
    await expectLedgerWhole(store);
  });

  it('the operator switch stops joins with its reason; the risk disclosure is accepted once, before the first join', async () => {
    const clock = { now: START };
    const { pots, deps } = potsOn(makeProvider().deps.store, clock);
    const store = deps.store;
    const admin = await seedUser(store, deps, 0, { role: 1 });
    const user = await seedUser(store, deps, 50_000);
    const potId = await seedPot(store, 1_000_000);
    await expect(pots.join(user, { pot_id: potId, amount: 10_000 }, 'j0')).rejects.toThrow(
      'Please read and accept the risk disclosure before your first join',
    );
    await pots.switchAutoTrada(admin, { enabled: false, reason: 'Paused while we review the terms' });
    await expect(pots.join(user, joinBody(potId, 10_000), 'j1')).rejects.toThrow('Paused while we review the terms');
    await pots.switchAutoTrada(admin, { enabled: true });
    await pots.join(user, joinBody(potId, 10_000), 'j2');
    expect((await users.get(store, user.id))?.pot_risk_accepted_at).toBe(START);
    // Accepted once: later joins need not say it again.
    await pots.join(user, { pot_id: potId, amount: 10_000 }, 'j3');
    expect((await potDocs.get(store, potId))?.investors_count).toBe(2);
    expect(await wallets.get(store, user.id)).toMatchObject({ balance_kobo: nairaToKobo(30_000) });
  });

  it('an admin creates a Raising pot; bad input is refused naming the field', async () => {
    const clock = { now: START };
    const { pots, deps } = potsOn(makeProvider().deps.store, clock);
    const admin = await seedUser(deps.store, deps, 0, { role: 1 });
    const iso = (ms: number) => new Date(ms).toISOString();
    const body = {
      pot_volume: 2_000_000,
      percentage: 8,
      raising_to: iso(START + DAY),
      trade_from: iso(START + 2 * DAY),
      trade_to: iso(START + 32 * DAY),
      duration: 1,
      type: 'Mixed markets',
      manager: 'Ngozi Eze',
      terms: 'Capital and result on the due date.',
      managers_number: '2348031110004',
    };
    const created = await pots.create(admin, body);
    const id = (created.body as { data: { id: string } }).data.id;
    expect(await potDocs.get(deps.store, id)).toMatchObject({ status: 'Raising', raised_amount: 0, raising_to: START + DAY });
    await expect(pots.create(admin, { ...body, trade_to: iso(START + DAY) })).rejects.toThrow(ApiError);
    await expect(pots.create(admin, { ...body, raising_to: iso(START - 1) })).rejects.toThrow('raising_to must be in the future');
    await expect(pots.create(admin, { ...body, percentage: 'ten' })).rejects.toThrow(ApiError);
  });
});

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

describe.each(envs)('pot races on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it('200 joins at once never raise a pot past its volume; raised_amount and investors_count match; a repeated key joins once; 50 PAYOUT presses pay once', async () => {
    const [s1, s2] = env.clients(2);
    const clock = { now: START };
    // Two provider processes on one database.
    const a = potsOn(s1!, clock);
    const b = potsOn(s2!, clock);
    const potId = await seedPot(s1!, 1_000_000);
    const joiners = await Promise.all(Array.from({ length: 200 }, () => seedUser(s1!, a.deps, 20_000)));
    const outcomes = await Promise.allSettled(
      joiners.map((u, i) => (i % 2 === 0 ? a : b).pots.join(u, joinBody(potId, 15_000), `race-${i}`)),
    );
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    // 66 x 15,000 = 990,000; then only 10,000 is left.
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(66);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 400, message: 'Amount can only be ₦10,000 or less' });
    await expectPotMatchesParticipants(s1!, potId);
    await expectLedgerWhole(s1!);

    // The same key from the two processes at once joins once.
    const last = joiners[199]!;
    const repeated = await Promise.allSettled([
      a.pots.join(last, joinBody(potId, 10_000), 'same-key'),
      b.pots.join(last, joinBody(potId, 10_000), 'same-key'),
    ]);
    expect(repeated.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const { pot } = await expectPotMatchesParticipants(s1!, potId);
    expect(pot).toMatchObject({ raised_amount: 1_000_000, investors_count: 67 });
    await expectLedgerWhole(s1!);

    // Full: Trading at once (the scheduler), then due; the result is booked; 50 presses on two processes pay once.
    await a.pots.tick();
    expect((await potDocs.get(s1!, potId))?.status).toBe('Trading');
    clock.now = START + 40 * DAY;
    await b.pots.tick();
    const admin = await seedUser(s1!, a.deps, 0, { role: 1 });
    await a.pots.bookResult(admin, { pot_id: potId, result_percent: 20 });
    const payer = joiners.find((_, i) => outcomes[i]!.status === 'fulfilled')!;
    const presses = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).pots.payout(payer, { pot_id: potId }, `press-${i}`)),
    );
    expect(presses.filter((p) => p.status === 'fulfilled')).toHaveLength(1);
    for (const p of presses) {
      if (p.status === 'rejected')
        expect(p.reason).toMatchObject({ status: 400, message: 'You have already been paid out for this pot' });
    }
    expect(await accountBalanceKobo(s1!, { kind: 'wallet', id: payer.id })).toBe(nairaToKobo(5_000 + 18_000));
    const stakes = await potStakes.query(s2!, { where: [['user_id', '==', payer.id]] });
    expect(stakes.map((s) => s.data.payout_kobo)).toEqual([nairaToKobo(18_000)]);
    expect(await accountBalanceKobo(s1!, { kind: 'pot', id: potId })).toBe(nairaToKobo(1_200_000 - 18_000));
    await expectLedgerWhole(s1!);
  }, 120_000);
});
