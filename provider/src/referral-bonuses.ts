/**
 * Referral bonuses that take a crowd (ADR 0055). A popular referrer's link brings hundreds of joins a minute; if
 * each join's transaction wrote the referrer's wallet, every one of them (the referee's own money action) would
 * contend on that one document, over production Firestore's one sustained write a second.
 *
 * So a bonus travels in two steps, the ledger balanced at every instant:
 * 1. in the join's transaction (or the pot's due pass) the bonus moves from the house into a pending account of
 *    its own, `referral:{referrer}~{bonus id}` (written by this one join only, so it is shared with no one), and a
 *    record (`provider_referral_bonuses`, status pending) says what the referrer's statement will say;
 * 2. a debounced folder (counters.ts `createFolder`: a second after a join, at most one fold at a time and one
 *    wallet write a second per referrer and instance) moves the referrer's pending bonuses into the wallet in one
 *    transaction: for each, a transfer pending -> wallet with the bonus's own narration and reference (one
 *    MC_DASAINT_BONUS row each, as before), its REFERRAL_BONUS notification, and the record marked paid. The
 *    record is re-read in that transaction, so a bonus is paid once however many folds (instances, sweeps) race.
 * Nothing is stranded when an instance stops before its fold: the scheduler's pass (`sweep`) and a starting
 * provider fold every pending bonus.
 */
import { koboToNaira } from '@punter/core/money';
import { ledgerAccounts, referralBonuses, referralFolds, type LedgerAccountDoc } from './collections';
import { createFolder } from './counters';
import { notify, type ProviderDeps } from './context';
import { HOUSE, readAccount, readWallet, transfer, walletAccount } from './ledger';
import type { Tx } from './store';

export const REFERRAL_BONUS_MESSAGE = 'You earned a referral bonus';

/** How long after a join its referrer's bonuses are folded into the wallet: at most one wallet write a second. */
export const BONUS_FOLD_DELAY_MS = 1000;

/**
 * The least time between two folds that write one referrer's wallet, across every instance: production Firestore
 * takes about one sustained write a second per document. Each instance's folder waits BONUS_FOLD_DELAY_MS after a
 * join, so N instances would otherwise write the wallet N times a second; a fold that finds the last one (in
 * provider_referral_folds, read in its transaction) under this long ago writes nothing and runs again later.
 */
export const WALLET_FOLD_INTERVAL_MS = 1000;

/** Bonuses one fold pays in one transaction (each is 5 writes; Firestore takes 500 in one commit). */
export const BONUSES_PER_FOLD = 80;

/** The pending account a bonus waits in: its own, so no two joins write one account. */
export function pendingBonusAccount(referrerId: string, bonusId: string): { kind: 'referral'; id: string } {
  return { kind: 'referral', id: `${referrerId}~${bonusId}` };
}

export interface PendingBonus {
  /** `join-{stake id}` or `due-{stake id}`: one bonus per stake and kind. */
  id: string;
  referrerId: string;
  fromUserId: string;
  amountKobo: number;
  /** What the referrer's statement says when it is paid. */
  narration: string;
  reference: string;
}

/**
 * In the earning transaction: house -> the bonus's pending account, and its record. Reads nothing (the account is
 * new: its id is the bonus's), so the transaction that earns it touches no document of the referrer's.
 */
export function pendBonus(deps: Pick<ProviderDeps, 'now'>, tx: Tx, bonus: PendingBonus): void {
  const ref = pendingBonusAccount(bonus.referrerId, bonus.id);
  const fresh: LedgerAccountDoc = { kind: 'referral', owner_id: bonus.referrerId, balance_kobo: 0, seq: 0, updated_at: 0 };
  transfer(deps, tx, {
    from: HOUSE,
    to: { ref, account: fresh },
    amountKobo: bonus.amountKobo,
    type: 'MC_DASAINT_BONUS',
    narration: `Referral bonus on its way to the wallet: ${bonus.narration}`,
    reference: `pending:${bonus.reference}`,
  });
  referralBonuses.create(tx, bonus.id, {
    referrer_id: bonus.referrerId,
    from_user_id: bonus.fromUserId,
    amount_kobo: bonus.amountKobo,
    narration: bonus.narration,
    reference: bonus.reference,
    status: 'pending',
    created_at: deps.now(),
  });
}

/**
 * Pays a referrer's pending bonuses into the wallet (at most BONUSES_PER_FOLD in one transaction); returns how
 * many it paid and whether more are waiting (`more` also when another fold wrote the wallet under
 * WALLET_FOLD_INTERVAL_MS ago and this one paid nothing: `retryInMs` says when to run again). Safe to run twice or
 * on two instances at once: each record is re-read in the transaction and one already paid is skipped, and the
 * wallet entry's id is the bonus's. `wallClock` is real time (the pacing), never the provider's business clock.
 */
export async function payPendingBonuses(
  deps: ProviderDeps,
  referrerId: string,
  wallClock: () => number = Date.now,
): Promise<{ paid: number; more: boolean; retryInMs: number }> {
  const pending = await referralBonuses.ids(deps.store, {
    where: [
      ['referrer_id', '==', referrerId],
      ['status', '==', 'pending'],
    ],
    limit: BONUSES_PER_FOLD + 1,
  });
  if (pending.length === 0) return { paid: 0, more: false, retryInMs: 0 };
  const batch = pending.slice(0, BONUSES_PER_FOLD);
  const outcome = await deps.store.runTransaction(async (tx) => {
    // Another fold (this instance's or another's) wrote the wallet under a second ago: nothing now, the rest later,
    // before reading the batch (with several instances, most of a busy referrer's folds end here).
    const lastFold = await referralFolds.get(tx, referrerId);
    const wall = wallClock();
    const sinceLast = lastFold ? wall - lastFold.folded_at : Infinity;
    if (sinceLast >= 0 && sinceLast < WALLET_FOLD_INTERVAL_MS) return { paid: 0, retryInMs: WALLET_FOLD_INTERVAL_MS - sinceLast };
    // The rest at once (up to 2 x BONUSES_PER_FOLD documents; one after another they add up). None of them is a
    // document a join writes: each bonus's record and account were written by its own join only.
    const [walletDoc, ...read] = await Promise.all([
      readWallet(tx, referrerId),
      ...batch.map(async (id) => {
        const [bonus, account] = await Promise.all([
          referralBonuses.get(tx, id),
          readAccount(tx, pendingBonusAccount(referrerId, id)),
        ]);
        return bonus && bonus.status === 'pending' && bonus.referrer_id === referrerId
          ? { id, amountKobo: bonus.amount_kobo, narration: bonus.narration, reference: bonus.reference, account }
          : null;
      }),
    ]);
    const found = read.filter((b): b is NonNullable<typeof b> => b !== null);
    if (found.length === 0) return { paid: 0, retryInMs: 0 };
    referralFolds.set(tx, referrerId, { folded_at: wall });
    let wallet = walletAccount(walletDoc);
    const now = deps.now();
    for (const bonus of found) {
      const moved = transfer(deps, tx, {
        from: bonus.account,
        to: wallet,
        amountKobo: bonus.amountKobo,
        type: 'MC_DASAINT_BONUS',
        narration: bonus.narration,
        reference: bonus.reference,
        // The entry's id is the bonus's: paying one twice would fail on it even without the record's status.
        id: `bonus-${bonus.id}`,
      });
      wallet = moved.to;
      referralBonuses.update(tx, bonus.id, { status: 'paid', paid_at: now });
      notify(deps, tx, referrerId, 'REFERRAL_BONUS', { amount: koboToNaira(bonus.amountKobo), message: REFERRAL_BONUS_MESSAGE });
    }
    return { paid: found.length, retryInMs: 0 };
  });
  return {
    paid: outcome.paid,
    more: outcome.retryInMs > 0 || pending.length > BONUSES_PER_FOLD,
    retryInMs: outcome.retryInMs,
  };
}

export function createReferralBonuses(deps: ProviderDeps) {
  const folder = createFolder(
    async (referrerId) => {
      const { more } = await payPendingBonuses(deps, referrerId);
      // More than one transaction's worth, or another fold wrote the wallet under a second ago: the rest a second
      // later (BONUS_FOLD_DELAY_MS is not less than WALLET_FOLD_INTERVAL_MS).
      if (more) folder.schedule(referrerId);
    },
    { delayMs: BONUS_FOLD_DELAY_MS, log: deps.log },
  );

  return {
    /** After a join that earned a bonus: its referrer's wallet is written a second later, once for every bonus since. */
    schedule: (referrerId: string) => folder.schedule(referrerId),
    /** Pays every referrer's pending bonuses now, one referrer after another (the scheduler, the scheduler's pass). */
    async payNow(referrerIds: Iterable<string>): Promise<void> {
      for (const id of new Set(referrerIds)) {
        for (;;) {
          const { more, retryInMs } = await payPendingBonuses(deps, id);
          if (!more) break;
          if (retryInMs > 0) await new Promise((resolve) => setTimeout(resolve, retryInMs));
        }
      }
    },
    /**
     * Pays every bonus still pending (an instance that stopped before its fold): the scheduler's pass and a
     * starting provider. A few hundred records a pass; the next pass takes the rest.
     */
    async sweep(): Promise<number> {
      const pending = await referralBonuses.query(deps.store, { where: [['status', '==', 'pending']], limit: 500 });
      const referrers = new Set(pending.map((d) => d.data.referrer_id));
      await this.payNow(referrers);
      return pending.length;
    },
    /** Resolves once no fold is waiting or running (tests, shutdown). */
    idle: () => folder.idle(),
  };
}

export type ReferralBonuses = ReturnType<typeof createReferralBonuses>;

/** The balance a referrer's bonuses hold on their way (tests, reports): the pending accounts' sum. */
export async function pendingBonusesKobo(deps: Pick<ProviderDeps, 'store'>, referrerId: string): Promise<number> {
  const accounts = await ledgerAccounts.query(deps.store, { where: [['owner_id', '==', referrerId]] });
  return accounts.filter((a) => a.data.kind === 'referral').reduce((sum, a) => sum + a.data.balance_kobo, 0);
}
