/**
 * Auto-Trada pots from raising to payout (SPEC sections 5 and 9; ADR 0012 for the life of a pot, ADR 0013 for
 * its money). A pot's money sits in its own ledger account (`pot:{id}`): joins move wallet -> pot, the
 * manager's result is booked house -> pot (or pot -> house for a loss) once the pot is due, and PAYOUT moves
 * pot -> wallet. Referral bonuses (2.5 % at join, 2.5 % when due) come from the house.
 *
 * POST /api/v1/user/join-auto-trada: one transaction: the switch, the risk disclosure, SPEC section 5's checks
 * in order, the transfer, the participant documents, the pot's raised_amount and investors_count (and Trading
 * as soon as it is full), and the instant referral bonus. Needs an active subscription (SPEC section 1).
 */
import { z } from 'zod';
import { addKobo, koboToNaira, nairaToKobo, netKobo, percentOfKobo, subtractKobo } from '@punter/core/money';
import {
  AUTO_TRADA_OFF_DEFAULT_REASON,
  PARTICIPANT_INITIAL_STATUS,
  PARTICIPANT_STATUS_PAID,
  POT_JOINED,
  POT_MIN_JOIN_KOBO,
  POT_NOT_FOUND,
  POT_PAID_OUT,
  POT_PAYOUT_AWAITING_RESULT,
  POT_PAYOUT_NOTHING,
  POT_PAYOUT_NOT_DUE,
  POT_STATUS_DUE,
  POT_STATUS_RAISING,
  POT_STATUS_TRADING,
  REFERRAL_BONUS_AFTER_DUE_PERCENT,
  REFERRAL_BONUS_INSTANT_PERCENT,
  RISK_ACK_REQUIRED,
  checkPotJoin,
  joinQuote,
  nextPotStatus,
  participantDisplayName,
  participantResultKobo,
  participantStatusFor,
} from '@punter/core/pots';
import {
  autoTradaSwitchRequestSchema,
  potCreateRequestSchema,
  potPayoutRequestSchema,
  potResultRequestSchema,
} from '@punter/core/api/pots';
import type { Audit } from './admin/audit';
import {
  appConfig,
  myPots,
  potParticipants,
  pots,
  potShards,
  potStakes,
  users,
  type PotDoc,
  type PotShardDoc,
  type PotStakeDoc,
} from './collections';
import { createFolder, POT_SHARDS, shardId } from './counters';
import { KeyedMutex, notify, type ProviderDeps, type UserDoc } from './context';
import { badRequest, forbidden, notFound, ok, parseBody, type ProviderResponse } from './http';
import {
  gatherShards,
  HOUSE,
  idempotent,
  readAccount,
  readWallet,
  transactionView,
  transactionViewSchema,
  transfer,
  walletAccount,
  type AccountState,
} from './ledger';
import { createReferralBonuses, pendBonus } from './referral-bonuses';
import { auditRefusedBonus, bonusReferrer, sameOwnerSign } from './referral-guard';
import { assertNotPaused, assertWithinLimits, readPlayGuard, recordUsage } from './safer-play';
import { joinAutoTradaBody } from './schemas';
import { newId, type Tx } from './store';

const joinAnswerSchema = z.object({ transaction: transactionViewSchema, balance: z.number() });
const payoutAnswerSchema = z.object({ amount: z.number(), balance: z.number() });

export const POT_NOT_RAISING = 'This pot is not raising at the moment';
export const POT_ALREADY_PAID = 'You have already been paid out for this pot';
export const POT_RESULT_NOT_DUE = 'A result can only be booked once the pot is due';
export const POT_RESULT_BOOKED = 'The result of this pot is already booked';
export const AUTO_TRADA_CONFIG_ID = 'auto_trada';

/** The status a stored pot should have now (its clock: the dates and how full it is). */
function statusAt(pot: PotDoc, now: number): string {
  return nextPotStatus(
    {
      status: pot.status,
      potVolumeKobo: nairaToKobo(pot.pot_volume),
      raisedAmountKobo: nairaToKobo(pot.raised_amount ?? 0),
      raisingToMs: pot.raising_to ?? null,
      tradeToMs: pot.trade_to ?? null,
    },
    now,
  );
}

/** A plan made from the shards as last committed; the join's transaction re-reads them (ADR 0048). */
interface ShardPlan {
  potId: string;
  /** A shard was closed: raising has ended. */
  closed: boolean;
  /** The shards to take room from, the first receiving the money. */
  chosen: number[];
  /** The room of the other open shards, as last committed (an estimate: it only ever shrinks while raising). */
  othersRoomKobo: number;
}

/** The plan's shards were taken by others meanwhile although the pot still had room: plan again. */
class ShardRetry extends Error {
  override readonly name = 'ShardRetry';
}

const roomOf = (shard: PotShardDoc) => Math.max(0, shard.capacity_kobo - shard.raised_kobo);

/**
 * How many shards a pot of `volumeKobo` is kept in: each should take several joins of the minimum (five), so
 * that most joins fit in one shard, and at most POT_SHARDS (ADR 0048).
 */
export function shardCountFor(volumeKobo: number): number {
  return Math.max(1, Math.min(POT_SHARDS, Math.floor(volumeKobo / (5 * POT_MIN_JOIN_KOBO))));
}

/** A pot's volume split over its shards: equal shares, the first ones a kobo more for the remainder. */
export function shardCapacities(volumeKobo: number, shards: number): number[] {
  const base = Math.floor(volumeKobo / shards);
  const extra = volumeKobo - base * shards;
  return Array.from({ length: shards }, (_, k) => base + (k < extra ? 1 : 0));
}

/**
 * Which shards a join of `amountKobo` takes room from: one at random among those that fit it (joins spread
 * over all of them), or else the roomiest ones until they fit it; `everything` plans every open shard (the
 * last attempt, whose room is then exact).
 */
function planShards(potId: string, docs: PotShardDoc[], amountKobo: number, everything: boolean): ShardPlan {
  if (docs.some((d) => d.closed)) return { potId, closed: true, chosen: [], othersRoomKobo: 0 };
  const open = docs.filter((d) => roomOf(d) > 0);
  const total = open.reduce((sum, d) => addKobo(sum, roomOf(d)), 0);
  let chosen: PotShardDoc[] = [];
  const fits = open.filter((d) => roomOf(d) >= amountKobo);
  if (everything) chosen = [...open].sort((a, b) => roomOf(b) - roomOf(a));
  else if (fits.length > 0) chosen = [fits[Math.floor(Math.random() * fits.length)] as PotShardDoc];
  else if (total >= amountKobo) {
    // In a random order, so that joins that straddle shards do not all pick the same ones.
    let sum = 0;
    for (const d of [...open].sort(() => Math.random() - 0.5)) {
      if (sum >= amountKobo) break;
      chosen.push(d);
      sum = addKobo(sum, roomOf(d));
    }
  }
  const chosenRoom = chosen.reduce((sum, d) => addKobo(sum, roomOf(d)), 0);
  return { potId, closed: false, chosen: chosen.map((d) => d.shard), othersRoomKobo: subtractKobo(total, chosenRoom) };
}

/**
 * Folds a sharded pot's raised_amount and investors_count into its public document from its shards (ADR 0048):
 * a write only when a figure changed. What the debounced folder runs after joins, and the scheduler before it
 * decides whether the pot is full.
 */
export async function foldPotCounts(deps: Pick<ProviderDeps, 'store'>, potId: string): Promise<void> {
  const [pot, shards] = await Promise.all([
    pots.get(deps.store, potId),
    potShards.query(deps.store, { where: [['pot_id', '==', potId]] }),
  ]);
  if (!pot || pot.shards === undefined) return;
  const raised = shards.reduce((sum, d) => addKobo(sum, d.data.raised_kobo), 0);
  const count = shards.reduce((sum, d) => sum + d.data.count, 0);
  if (nairaToKobo(pot.raised_amount ?? 0) === raised && pot.investors_count === count) return;
  await pots.update(deps.store, potId, { raised_amount: koboToNaira(raised), investors_count: count });
}

/** How many times a join plans its shards before it takes every open one (ADR 0048). */
const SHARD_ATTEMPTS = 8;

/** How long after a join its pot's figures are folded: at most one write a second per pot and instance. */
export const POT_FOLD_DELAY_MS = 1000;

export function createPots(deps: ProviderDeps, audit: Audit) {
  const locks = new KeyedMutex();
  const countsFolder = createFolder((potId) => foldPotCounts(deps, potId), { delayMs: POT_FOLD_DELAY_MS, log: deps.log });
  const bonuses = createReferralBonuses(deps);

  /**
   * Runs a join with a plan of the pot's shards (null for a pot made before ADR 0048), planning again when the
   * shards it chose were taken meanwhile. Every open shard is planned (its room then exact, but the transaction
   * holds them all) only when little room is left (under twice the amount) or on the last of SHARD_ATTEMPTS.
   */
  async function withShardRetries<T>(
    potId: string | null,
    amountKobo: number,
    run: (plan: ShardPlan | null) => Promise<T>,
  ): Promise<T> {
    if (potId === null) return run(null);
    for (let attempt = 0; ; attempt += 1) {
      const docs = (await potShards.query(deps.store, { where: [['pot_id', '==', potId]] })).map((d) => d.data);
      try {
        const room = docs.filter((d) => !d.closed).reduce((sum, d) => addKobo(sum, roomOf(d)), 0);
        const everything = attempt >= SHARD_ATTEMPTS - 1 || room < 2 * amountKobo;
        return await run(planShards(potId, docs, amountKobo, everything));
      } catch (error) {
        if (!(error instanceof ShardRetry) || attempt >= SHARD_ATTEMPTS - 1) throw error;
      }
    }
  }

  /**
   * Re-reads the plan's shards in the join's transaction: the room there is (theirs exact, the others' as last
   * committed), the shard whose account receives the money, and the writes that take the join's amount from them.
   */
  async function takeFromShards(tx: Tx, plan: ShardPlan, amountKobo: number) {
    if (plan.closed) throw badRequest(POT_NOT_RAISING);
    const fresh: Array<{ id: string; doc: PotShardDoc }> = [];
    for (const k of plan.chosen) {
      const id = shardId(plan.potId, k);
      const doc = await potShards.get(tx, id);
      if (!doc) throw new Error(`pot shard ${id} is missing`);
      if (doc.closed) throw badRequest(POT_NOT_RAISING);
      fresh.push({ id, doc });
    }
    const planned = fresh.reduce((sum, f) => addKobo(sum, roomOf(f.doc)), 0);
    const roomKobo = addKobo(planned, plan.othersRoomKobo);
    if (planned < amountKobo && roomKobo >= amountKobo) throw new ShardRetry();
    return {
      roomKobo,
      moneyShard: plan.chosen[0] ?? 0,
      write(into: Tx) {
        let left = amountKobo;
        fresh.forEach(({ id, doc }, i) => {
          const take = Math.min(roomOf(doc), left);
          left = subtractKobo(left, take);
          if (take > 0 || i === 0)
            potShards.update(into, id, { raised_kobo: addKobo(doc.raised_kobo, take), count: doc.count + (i === 0 ? 1 : 0) });
        });
        if (left !== 0) throw new Error('a join took more than its shards hold');
      },
    };
  }

  /**
   * Once a sharded pot has stopped raising: closes each shard (in its own transaction, so a join in flight on it
   * either lands first or is refused), gathers the shards' money into the pot's account and folds its figures.
   */
  async function closeShards(potId: string, shards: number): Promise<void> {
    for (let k = 0; k < shards; k += 1) {
      await deps.store.runTransaction(async (tx) => {
        const id = shardId(potId, k);
        const shard = await potShards.get(tx, id);
        if (shard && !shard.closed) potShards.update(tx, id, { closed: true });
      });
    }
    await gatherShards(deps, 'pot', potId, shards, 'Pot joins gathered into the pot');
    await foldPotCounts(deps, potId);
    await pots.update(deps.store, potId, { shards_gathered: true });
  }

  /**
   * The public participant, the owner's copy and the stake change status together. `shown` replaces the
   * quoted roi/total of both documents (a payout shows what was paid, not the quote).
   */
  function setStakeStatus(
    tx: Tx,
    stakeId: string,
    status: string,
    extra: Partial<PotStakeDoc> = {},
    shown: { roi: number; total: number } | null = null,
  ): void {
    potStakes.update(tx, stakeId, { status, ...extra });
    potParticipants.update(tx, stakeId, { status, ...shown });
    myPots.update(tx, stakeId, { status, ...shown });
  }

  /**
   * Brings one pot's participants in line with the pot (Pending -> Active) and, once due, pays each referrer
   * the second 2.5 % bonus. One small transaction per stake that re-reads it, so a second scheduler run (or
   * two at once) changes nothing twice.
   */
  async function settleStakes(potId: string, potStatus: string): Promise<void> {
    const pending = await potStakes.query(deps.store, {
      where: [
        ['pot_id', '==', potId],
        ['status', '==', PARTICIPANT_INITIAL_STATUS],
      ],
    });
    const unpaidBonus =
      potStatus === POT_STATUS_DUE
        ? await potStakes.query(deps.store, {
            where: [
              ['pot_id', '==', potId],
              ['due_bonus_paid', '==', false],
            ],
          })
        : [];
    const ids = new Set([...pending, ...unpaidBonus].map((d) => d.id));
    const earned = new Set<string>();
    const refusedFor = new Map<string, Awaited<ReturnType<typeof sameOwnerSign>>>();
    for (const { data } of unpaidBonus) {
      if (!data.referrer_id) continue;
      // Again at the second bonus: a bank account saved since the join ties the two accounts too (ADR 0013, issue 31).
      const [joiner, referrer] = await Promise.all([
        users.get(deps.store, data.user_id),
        users.get(deps.store, data.referrer_id),
      ]);
      if (joiner && referrer)
        refusedFor.set(`${data.user_id}:${data.referrer_id}`, await sameOwnerSign(deps.store, joiner, referrer));
    }
    for (const id of ids) {
      await deps.store.runTransaction(async (tx) => {
        const stake = await potStakes.get(tx, id);
        if (!stake) return;
        const refused = stake.referrer_id ? (refusedFor.get(`${stake.user_id}:${stake.referrer_id}`) ?? null) : null;
        const payBonus = potStatus === POT_STATUS_DUE && !stake.due_bonus_paid && stake.referrer_id !== null && refused === null;
        const status = participantStatusFor(potStatus, stake.status);
        if (status !== stake.status) setStakeStatus(tx, id, status);
        if (potStatus === POT_STATUS_DUE && !stake.due_bonus_paid) {
          potStakes.update(tx, id, { due_bonus_paid: true });
          if (refused && stake.referrer_id) auditRefusedBonus(deps, tx, stake.user_id, refused, stake.referrer_id);
          const bonus = percentOfKobo(stake.amount_kobo, REFERRAL_BONUS_AFTER_DUE_PERCENT);
          // Like the join's (ADR 0055): into a pending account of its own; the referrer's wallet is written once
          // for all of a pot's bonuses below, not once per stake.
          if (payBonus && stake.referrer_id && bonus > 0) {
            pendBonus(deps, tx, {
              id: `due-${id}`,
              referrerId: stake.referrer_id,
              fromUserId: stake.user_id,
              amountKobo: bonus,
              narration: '2.5% referral bonus: a pot you referred someone to is due',
              reference: `referral-bonus-due:${id}`,
            });
            earned.add(stake.referrer_id);
          }
        }
      });
    }
    await bonuses.payNow(earned);
  }

  return {
    /** Resolves once every join's figures are folded into its pot (tests, shutdown). */
    countsFolded: async () => {
      await Promise.all([countsFolder.idle(), bonuses.idle()]);
    },
    /** Pays every referral bonus left pending (an instance stopped before its fold): at start-up and each tick. */
    payPendingBonuses: () => bonuses.sweep(),

    async join(user: UserDoc, body: unknown, idempotencyKey: string): Promise<ProviderResponse> {
      const input = parseBody(joinAutoTradaBody, body);
      const amount = nairaToKobo(input.amount);
      const now = deps.now();
      // A break or self-exclusion is the first answer: subscribing would be refused too (ADR 0019).
      assertNotPaused(user, now);
      if (!user.subscription_expires_at || user.subscription_expires_at <= now) {
        throw forbidden('Your subscription has expired. Please subscribe to join a pot.');
      }
      const code = input.referalCode ? input.referalCode.toUpperCase() : null;
      // The referrer is the one fixed at registration; a code named now is ignored (ADR 0013, issue 31). Decided before
      // the transaction (it reads saved banks, which a transaction cannot query); the audit goes with the join.
      const { referrerId, refusals } = await bonusReferrer(deps, user, code);
      // A sharded pot (ADR 0048): joins share no document, only the shards they take room from. A pot made
      // before it counts on its own document, so its joins queue here instead of failing each other's transactions.
      const snapshot = await pots.get(deps.store, input.pot_id);
      // The operator's switch, read before the transaction: one document every join's transaction read would
      // order them all one after another (ADR 0048).
      const config = await appConfig.get(deps.store, AUTO_TRADA_CONFIG_ID);
      const sharded = snapshot?.shards !== undefined;
      const { value, replay } = await locks.run(sharded ? `user:${user.id}` : `pot:${input.pot_id}`, () =>
        locks.run(sharded ? `pot-user:${user.id}` : `user:${user.id}`, () =>
          withShardRetries(sharded ? input.pot_id : null, amount, (plan) =>
            deps.store.runTransaction((tx) =>
              idempotent(
                tx,
                'join-pot',
                user.id,
                idempotencyKey,
                input,
                joinAnswerSchema,
                async () => {
                  // A sharded pot's document is only read before (its status and volume; the shards say the rest).
                  const pot = sharded ? snapshot : await pots.get(tx, input.pot_id);
                  if (!pot) throw notFound(POT_NOT_FOUND);
                  if (config && !config.enabled) throw badRequest(config.reason || AUTO_TRADA_OFF_DEFAULT_REASON);
                  // The scheduler may not have run yet: a pot past its raising end takes no more joins. A full one
                  // still answers SPEC's capacity message ('Amount can only be ₦0 or less') until it moves on.
                  const raisingEnded = pot.raising_to != null && now >= pot.raising_to;
                  if (pot.status !== POT_STATUS_RAISING || raisingEnded) throw badRequest(POT_NOT_RAISING);
                  const current = await users.get(tx, user.id);
                  if (!current) throw notFound('Account not found');
                  assertNotPaused(current, now);
                  if (current.pot_risk_accepted_at === undefined && input.acceptRisk !== true)
                    throw badRequest(RISK_ACK_REQUIRED);
                  const wallet = await readWallet(tx, user.id);
                  // The referrer's documents are not read or written here (ADR 0055): a popular referrer's crowd of
                  // joins would all wait on them. The bonus goes to a pending account of its own, paid in a second.
                  const volume = nairaToKobo(pot.pot_volume);
                  // Where the money goes and how much room there is: the shards of the plan, re-read here.
                  const taken = plan ? await takeFromShards(tx, plan, amount) : null;
                  const potAccount = await readAccount(tx, {
                    kind: 'pot',
                    id: taken ? shardId(input.pot_id, taken.moneyShard) : input.pot_id,
                  });
                  const guard = await readPlayGuard(tx, user.id);
                  const raised = taken ? subtractKobo(volume, taken.roomKobo) : nairaToKobo(pot.raised_amount ?? 0);
                  const check = checkPotJoin(amount, {
                    balanceKobo: wallet.balance_kobo,
                    potVolumeKobo: volume,
                    raisedAmountKobo: raised,
                  });
                  if (!check.ok) throw badRequest(check.error);
                  assertWithinLimits(guard, 'spend', amount, now);
                  recordUsage(tx, user.id, guard, 'spend', amount, now);
                  if (current.pot_risk_accepted_at === undefined) users.update(tx, user.id, { pot_risk_accepted_at: now });
                  for (const refused of refusals) auditRefusedBonus(deps, tx, user.id, refused.why, refused.target);
                  const participantId = newId();
                  const moved = transfer(deps, tx, {
                    from: walletAccount(wallet),
                    to: potAccount,
                    amountKobo: amount,
                    type: 'JOIN_AUTO_TRADA',
                    narration: `Joined pot ${pot.type ?? ''} managed by ${pot.manager ?? ''}`.trim(),
                    reference: `join-pot:${input.pot_id}`,
                  });
                  const entry = moved.entry;
                  if (!entry || !('wallet' in moved.from)) throw new Error('a join debits a wallet');
                  // SPEC 9: the participant ROI is the pot's percentage of the amount times the pot's duration.
                  const quote = joinQuote(amount, (pot.percentage ?? 0) * Math.max(1, pot.duration ?? 1));
                  // The public list shows others only what it needs (SPEC 2 'Pot detail'): a display name, never
                  // an id or a full name. The joiner's own record, with user_id, is in 'my-pots' (owner-only rules).
                  const participant = {
                    pot_id: input.pot_id,
                    name: participantDisplayName(current.first_name, current.last_name),
                    amount: koboToNaira(amount),
                    roi: koboToNaira(quote.roiKobo),
                    total: koboToNaira(quote.totalKobo),
                    trading_capital: koboToNaira(amount),
                    status: PARTICIPANT_INITIAL_STATUS,
                    timestamp: new Date(now),
                  };
                  potParticipants.set(tx, participantId, participant);
                  myPots.set(tx, participantId, { ...participant, user_id: user.id });
                  potStakes.create(tx, participantId, {
                    pot_id: input.pot_id,
                    user_id: user.id,
                    amount_kobo: amount,
                    referrer_id: referrerId,
                    status: PARTICIPANT_INITIAL_STATUS,
                    due_bonus_paid: false,
                    payout_kobo: null,
                    created_at: now,
                  });
                  // A full pot stops raising at the scheduler's next run (ADR 0012), which also marks its participants Active.
                  if (taken) taken.write(tx);
                  else
                    pots.update(tx, input.pot_id, {
                      raised_amount: koboToNaira(addKobo(raised, amount)),
                      investors_count: (pot.investors_count ?? 0) + 1,
                    });
                  notify(deps, tx, user.id, 'JOIN_AUTO_TRADA', {
                    amount: koboToNaira(amount),
                    pot_id: input.pot_id,
                    message: POT_JOINED,
                  });
                  if (referrerId) {
                    const bonus = percentOfKobo(amount, REFERRAL_BONUS_INSTANT_PERCENT);
                    // A bonus is not created from nothing: the house pays it, into its own pending account first.
                    if (bonus > 0)
                      pendBonus(deps, tx, {
                        id: `join-${participantId}`,
                        referrerId,
                        fromUserId: user.id,
                        amountKobo: bonus,
                        narration: `2.5% referral bonus: ${user.username} joined a pot`,
                        reference: `referral-bonus:${entry.id}`,
                      });
                  }
                  return { transaction: transactionView(entry), balance: koboToNaira(moved.from.wallet.balance_kobo) };
                },
                now,
              ),
            ),
          ),
        ),
      );
      if (sharded && !replay) countsFolder.schedule(input.pot_id);
      if (referrerId && !replay) bonuses.schedule(referrerId);
      return ok({ message: POT_JOINED, data: value });
    },

    /**
     * PAYOUT (SPEC 9): every unpaid stake of the caller in a due pot whose result is booked moves pot -> wallet,
     * capital plus its share of the result. Each stake is re-read in the transaction and marked Paid in it,
     * so two presses on two phones (two keys, two processes) pay once: the second finds nothing unpaid.
     */
    async payout(user: UserDoc, body: unknown, idempotencyKey: string): Promise<ProviderResponse> {
      const input = parseBody(potPayoutRequestSchema, body);
      const now = deps.now();
      // Joins happen only while Raising, so the set of a due pot's stakes no longer changes; each is re-read below.
      const mine = await potStakes.ids(deps.store, {
        where: [
          ['pot_id', '==', input.pot_id],
          ['user_id', '==', user.id],
        ],
      });
      const { value } = await locks.run(`user:${user.id}`, () =>
        deps.store.runTransaction((tx) =>
          idempotent(
            tx,
            'pot-payout',
            user.id,
            idempotencyKey,
            input,
            payoutAnswerSchema,
            async () => {
              const pot = await pots.get(tx, input.pot_id);
              if (!pot) throw notFound(POT_NOT_FOUND);
              if (pot.status !== POT_STATUS_DUE) throw badRequest(POT_PAYOUT_NOT_DUE);
              if (pot.result_booked_at === undefined || pot.result_percent === undefined) {
                throw badRequest(POT_PAYOUT_AWAITING_RESULT);
              }
              const resultPercent = pot.result_percent;
              const stakes: Array<{ id: string; stake: PotStakeDoc }> = [];
              for (const id of mine) {
                const stake = await potStakes.get(tx, id);
                if (stake && stake.user_id === user.id && stake.pot_id === input.pot_id) stakes.push({ id, stake });
              }
              if (stakes.length === 0) throw badRequest(POT_PAYOUT_NOTHING);
              const unpaid = stakes.filter((s) => s.stake.status !== PARTICIPANT_STATUS_PAID);
              if (unpaid.length === 0) throw badRequest(POT_ALREADY_PAID);
              let wallet: AccountState = walletAccount(await readWallet(tx, user.id));
              let potAccount = await readAccount(tx, { kind: 'pot', id: input.pot_id });
              let total = 0;
              for (const { id, stake } of unpaid) {
                const payout = netKobo(stake.amount_kobo, participantResultKobo(stake.amount_kobo, resultPercent));
                if (payout > 0) {
                  const moved = transfer(deps, tx, {
                    from: potAccount,
                    to: wallet,
                    amountKobo: payout,
                    type: 'POT_PAYOUT',
                    narration: `Pot payout: capital and result of pot ${pot.type ?? ''}`.trim(),
                    reference: `pot-payout:${id}`,
                  });
                  potAccount = moved.from;
                  wallet = moved.to;
                }
                total = addKobo(total, payout);
                // The booked result replaces the quote on the participant's documents (SPEC 9's ROI, as paid);
                // a loss shows as a negative ROI.
                const result = netKobo(payout, -stake.amount_kobo);
                setStakeStatus(
                  tx,
                  id,
                  PARTICIPANT_STATUS_PAID,
                  { payout_kobo: payout },
                  { roi: Math.sign(result) * koboToNaira(Math.abs(result)), total: koboToNaira(payout) },
                );
              }
              notify(deps, tx, user.id, 'POT_PAYOUT', {
                amount: koboToNaira(total),
                pot_id: input.pot_id,
                message: POT_PAID_OUT,
              });
              const balance = 'wallet' in wallet ? wallet.wallet.balance_kobo : 0;
              return { amount: koboToNaira(total), balance: koboToNaira(balance) };
            },
            now,
          ),
        ),
      );
      return ok({ message: POT_PAID_OUT, data: value });
    },

    /** Admin: a new Raising pot, written with its audit entry in one transaction. */
    async create(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(potCreateRequestSchema, body);
      const now = deps.now();
      if (Date.parse(input.raising_to) <= now) throw badRequest('raising_to must be in the future');
      const id = newId();
      await deps.store.runTransaction((tx) => {
        // Its capacity and money in shards (ADR 0048), so a crowd of joins shares no document.
        const shards = shardCountFor(nairaToKobo(input.pot_volume));
        shardCapacities(nairaToKobo(input.pot_volume), shards).forEach((capacity, k) =>
          potShards.create(tx, shardId(id, k), {
            pot_id: id,
            shard: k,
            capacity_kobo: capacity,
            raised_kobo: 0,
            count: 0,
            closed: false,
          }),
        );
        // Firestore timestamps (Dates here), as SPEC's pot documents have and the web reads them.
        tx.set(pots.path, id, {
          id,
          pot_volume: input.pot_volume,
          raised_amount: 0,
          investors_count: 0,
          shards,
          percentage: input.percentage,
          status: POT_STATUS_RAISING,
          timestamp: new Date(now),
          raising_to: new Date(input.raising_to),
          trade_from: new Date(input.trade_from),
          trade_to: new Date(input.trade_to),
          duration: input.duration,
          type: input.type,
          manager: input.manager,
          terms: input.terms,
          managers_number: input.managers_number,
        });
        audit.auditIn(tx, admin, 'pot.create', id);
        return Promise.resolve();
      });
      return ok({ message: 'Pot created', data: { id } }, 201);
    },

    /**
     * Admin: books the manager's result of a due pot into its account before any payout (ADR 0013): house ->
     * pot for a profit, pot -> house for a loss, exactly the sum of every participant's share, so the pot then
     * holds what its participants are owed. Once per pot.
     */
    async bookResult(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(potResultRequestSchema, body);
      // The scheduler commits a pot's new status before it gathers the shards' money into the pot (closeShards);
      // a result booked in between would find the pot's account short. Gathered here first (safe beside the
      // scheduler's own run: each shard moves in its own transaction), so the result and every payout find the money.
      const listed = await pots.get(deps.store, input.pot_id);
      if (listed?.status === POT_STATUS_DUE && listed.shards !== undefined && listed.shards_gathered !== true)
        await closeShards(input.pot_id, listed.shards);
      const stakeIds = await potStakes.ids(deps.store, { where: [['pot_id', '==', input.pot_id]] });
      await deps.store.runTransaction(async (tx) => {
        const pot = await pots.get(tx, input.pot_id);
        if (!pot) throw notFound(POT_NOT_FOUND);
        if (pot.status !== POT_STATUS_DUE) throw badRequest(POT_RESULT_NOT_DUE);
        if (pot.result_booked_at !== undefined) throw badRequest(POT_RESULT_BOOKED);
        if (pot.shards !== undefined && pot.shards_gathered !== true) throw new Error("a due pot's shards are not gathered");
        let result = 0;
        for (const id of stakeIds) {
          const stake = await potStakes.get(tx, id);
          if (stake) result = netKobo(result, participantResultKobo(stake.amount_kobo, input.result_percent));
        }
        const potAccount = await readAccount(tx, { kind: 'pot', id: input.pot_id });
        if (result !== 0) {
          transfer(deps, tx, {
            from: result > 0 ? HOUSE : potAccount,
            to: result > 0 ? potAccount : HOUSE,
            amountKobo: Math.abs(result),
            type: 'POT_RESULT',
            narration: `Manager's result of pot ${pot.type ?? ''}: ${input.result_percent}%`,
            reference: `pot-result:${input.pot_id}`,
          });
        }
        pots.update(tx, input.pot_id, { result_percent: input.result_percent, result_booked_at: deps.now() });
        audit.auditIn(tx, admin, 'pot.result', input.pot_id);
      });
      return ok({ message: 'Result booked', data: { pot_id: input.pot_id, result: input.result_percent } });
    },

    /** Admin: the operator's switch. While off no one joins, and the page shows the reason. */
    async switchAutoTrada(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(autoTradaSwitchRequestSchema, body);
      const reason = input.enabled ? '' : input.reason || AUTO_TRADA_OFF_DEFAULT_REASON;
      await audit.writeAudited(admin, input.enabled ? 'auto-trada.on' : 'auto-trada.off', AUTO_TRADA_CONFIG_ID, (tx) =>
        appConfig.set(tx, AUTO_TRADA_CONFIG_ID, { enabled: input.enabled, reason, updated_at: deps.now() }),
      );
      return ok({ message: input.enabled ? 'Auto-Trada is on' : 'Auto-Trada is off', data: { enabled: input.enabled, reason } });
    },

    /**
     * Moves every pot whose time has come (Raising -> Trading at raising_to or when full, Trading -> Due at
     * trade_to) and settles its participants. What a production scheduler calls every minute and the local
     * stack runs on a timer; safe to run twice at once (each change re-reads in its own transaction).
     */
    async tick(): Promise<{ moved: string[] }> {
      const moved: string[] = [];
      for (const status of [POT_STATUS_RAISING, POT_STATUS_TRADING, POT_STATUS_DUE]) {
        const list = await pots.query(deps.store, { where: [['status', '==', status]] });
        for (const { id, data: listed } of list) {
          // A sharded pot's figures, folded first: whether it is full is read from them (ADR 0048).
          if (listed.shards !== undefined && status === POT_STATUS_RAISING) await foldPotCounts(deps, id);
          const data =
            listed.shards !== undefined && status === POT_STATUS_RAISING ? ((await pots.get(deps.store, id)) ?? listed) : listed;
          let current = data.status;
          if (statusAt(data, deps.now()) !== data.status) {
            current = await deps.store.runTransaction(async (tx) => {
              const pot = await pots.get(tx, id);
              if (!pot) return status;
              const next = statusAt(pot, deps.now());
              if (next !== pot.status) pots.update(tx, id, { status: next });
              return next;
            });
            if (current !== data.status) moved.push(id);
          }
          if (current !== POT_STATUS_RAISING && data.shards !== undefined && data.shards_gathered !== true)
            await closeShards(id, data.shards);
          if (current !== POT_STATUS_RAISING) await settleStakes(id, current);
        }
      }
      // Bonuses an instance left pending when it stopped before its fold (ADR 0055).
      await bonuses.sweep();
      return { moved };
    },
  };
}

export type Pots = ReturnType<typeof createPots>;
