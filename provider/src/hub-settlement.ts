/**
 * Settlement of betting codes and the punters' verified records (ADR 0010), and the escrow that holds a
 * paid code's money until then (ADR 0011).
 *
 * - After the last game (endDate) the punter marks a code Boom or Cut, once; an admin (role 1) may
 *   settle or correct any code at any time. An Active code nobody settled UNSETTLED_ENDS_AFTER_MS after
 *   its end becomes Ended (endUnsettled).
 * - Boom pays the code's escrow to the punter (ESCROW_RELEASE) only once the result is final (ADR 0039):
 *   an admin's Boom (or an admin's confirmation of a punter's Boom) releases it at once; a punter's own
 *   Boom holds it for ESCROW_DISPUTE_WINDOW_MS, after which the job (releaseHeld) pays it unless a buyer's
 *   dispute is open. Cut and Ended refund every buyer from the escrow (REFUND), one transaction per
 *   purchase that marks it refunded, so a raced or repeated settlement refunds each buyer once, and a
 *   crash half-way is finished by the next run.
 * - An admin's correction of a paid-out Boom to Cut takes the payout back into the escrow: what the
 *   punter's wallet still holds, and the rest from the house as the punter's debt (his receivable account,
 *   repaid first from his next release), so the buyers are always refunded and no wallet goes below zero.
 *   A Cut corrected to Boom changes the record only: the buyers keep their refunds.
 * - The record (won, lost, punting_power...) is computed from the settled results (core punterRecord),
 *   never written by hand; Ended codes do not count.
 * - All of it reads and writes the provider's copy of the code (provider_games, ADR 0027) and only mirrors
 *   the status to the public game while it exists, so a code an admin cleared can still be corrected. A
 *   code posted before that copy existed is read from its public document and gets its copy then.
 */
import { formatNaira, koboToNaira, nairaToKobo } from '@punter/core/money';
import {
  ALREADY_SETTLED_MESSAGE,
  punterRecord,
  SETTLE_TOO_EARLY_MESSAGE,
  UNSETTLED_ENDS_AFTER_MS,
  type PunterRecord,
  type SettledStatus,
} from '@punter/core/punters-hub';
import { settleGameRequestSchema, type PunterRecordView } from '@punter/core/api/punters-hub';
import {
  gameCopies,
  games,
  myGames,
  punterRecords,
  purchases,
  settlements,
  type GameCopyDoc,
  type GameDoc,
  type PunterRecordDoc,
} from './collections';
import { KeyedMutex, notify, type ProviderDeps, type UserDoc } from './context';
import { conflict, forbidden, badRequest, notFound, ok, parseBody, type ProviderResponse } from './http';
import { ESCROW_SHARDS, shardId, shardOf } from './counters';
import { gatherShards, heldKobo, readAccount, transfer, type AccountState } from './ledger';
import { disputes } from './admin/hub';
import { createAudit } from './admin/audit';
import type { Store, Tx } from './store';

/** The record of a punter's stored results. */
export function recordOf(doc: PunterRecordDoc | null): PunterRecord {
  const results = Object.values(doc?.results ?? {});
  return punterRecord(results.map((r) => ({ status: r.status, odd: r.odd, priceKobo: r.price_kobo, settledAt: r.settled_at })));
}

export function recordView(username: string, record: PunterRecord): PunterRecordView {
  return {
    username,
    games: record.games,
    won: record.won,
    lost: record.lost,
    win_rate: record.winRate,
    roi: record.roi,
    paid_games: record.paidGames,
    streak: record.streak,
    punting_power: record.puntingPower,
    is_new: record.isNew,
  };
}

/** The record fields a game document shows (SPEC section 3 names them). */
export function gameRecordFields(
  record: PunterRecord,
): Pick<GameDoc, 'game_count' | 'win_count' | 'won_count' | 'lost_count' | 'punting_power'> {
  return {
    game_count: record.games,
    win_count: record.won,
    won_count: record.won,
    lost_count: record.lost,
    punting_power: record.puntingPower,
  };
}

/** The provider's copy of a code, from the public document it was posted with. */
export function gameCopyOf(game: GameDoc, status: GameCopyDoc['status'], now: number): GameCopyDoc {
  return {
    id: game.id,
    user_id: game.user_id,
    punter_name: game.punter_name,
    title: game.title,
    odd: game.odd,
    price_kobo: nairaToKobo(game.amount),
    platform: game.platform,
    startDate: game.startDate,
    endDate: game.endDate,
    status,
    buyers_count: game.buyers_count,
    created_at: Date.parse(game.createdAt) || now,
    updated_at: now,
  };
}

/** The buyers count to keep on the copy: the public game's while it exists. */
const buyersOf = (shown: GameDoc | null): Pick<GameCopyDoc, 'buyers_count'> =>
  shown ? { buyers_count: shown.buyers_count } : {};

/**
 * A code as settlement sees it (all reads, so a transaction may write after it): the provider's copy,
 * its settlement, and the public document if an admin has not cleared it. A code posted before ADR 0027
 * has no copy; one is made from its public document (its status is its settlement's), and the caller's
 * write stores it. Null when there is neither.
 */
async function readCode(tx: Pick<Tx, 'get'> | Pick<Store, 'get'>, gameId: string, now: number) {
  // Public game, then settlement, as before the copy existed: read first, the copy made the emulator's
  // raced Cut (punter, admin and job at once) wait on locks past the store's 5 s deadline.
  const shown = await games.get(tx, gameId);
  const settlement = await settlements.get(tx, gameId);
  const copy = await gameCopies.get(tx, gameId);
  if (copy) return { code: copy, stored: true, shown, settlement };
  if (!shown) return null;
  return { code: gameCopyOf(shown, settlement?.status ?? 'Active', now), stored: false, shown, settlement };
}

/** How long a punter's own Boom of a paid code holds its escrow, for buyers to dispute it (ADR 0039). */
export const ESCROW_DISPUTE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Pays `amountKobo` of a code's escrow to its punter, inside `tx` (both accounts read in it): first what
 * the punter owes the house from an earlier correction (his receivable), then the rest to his wallet.
 * Answers what reached the wallet.
 */
function releaseEscrow(
  deps: ProviderDeps,
  tx: Tx,
  code: Pick<GameCopyDoc, 'id' | 'title' | 'user_id'>,
  accounts: { escrow: AccountState; punter: AccountState; receivable: AccountState },
  amountKobo: number,
): number {
  const owed = 'account' in accounts.receivable ? Math.max(0, -accounts.receivable.account.balance_kobo) : 0;
  const repaid = Math.min(owed, amountKobo);
  let escrow = accounts.escrow;
  if (repaid > 0) {
    escrow = transfer(deps, tx, {
      from: escrow,
      to: accounts.receivable,
      amountKobo: repaid,
      type: 'ESCROW_RELEASE',
      narration: `Sales of '${code.title}' repay what a corrected code's payout left owing`,
      reference: `escrow:${code.id}`,
    }).from;
  }
  const paid = amountKobo - repaid;
  if (paid > 0) {
    transfer(deps, tx, {
      from: escrow,
      to: accounts.punter,
      amountKobo: paid,
      type: 'ESCROW_RELEASE',
      narration: `Sales of '${code.title}' paid out: it landed`,
      reference: `escrow:${code.id}`,
    });
  }
  notify(deps, tx, code.user_id, 'ESCROW_RELEASE', {
    amount: koboToNaira(paid),
    game_id: code.id,
    message: `Your sales of '${code.title}' were paid to your wallet`,
  });
  return paid;
}

export function createHubSettlement(deps: ProviderDeps) {
  const { auditIn } = createAudit(deps);
  // Settlement work on one code runs one transaction at a time in this instance (they all write its
  // escrow); other instances race through Firestore, which the per-purchase refunded_at makes safe.
  const locks = new KeyedMutex();
  const onGame = <T>(gameId: string, work: () => Promise<T>) => locks.run(`game:${gameId}`, work);
  /** The code's sales, paid into the escrow's shards (ADR 0048), gathered into its escrow before it is settled. */
  const gatherSales = (gameId: string) =>
    onGame(gameId, () => gatherShards(deps, 'escrow', gameId, ESCROW_SHARDS, 'Sales of a betting code gathered into its escrow'));

  /**
   * Refunds every paid purchase of a Cut or Ended code that is not refunded yet, one transaction each
   * (the escrow is one document: refunds in parallel would only contend on it). Answers how many this
   * run refunded.
   */
  async function refundBuyers(gameId: string): Promise<number> {
    await gatherSales(gameId);
    const bought = await purchases.query(deps.store, { where: [['game_id', '==', gameId]] });
    let refunded = 0;
    for (const { id } of bought) {
      const done = await onGame(gameId, () =>
        deps.store.runTransaction(async (tx) => {
          const purchase = await purchases.get(tx, id);
          const settlement = await settlements.get(tx, gameId);
          if (!purchase || !settlement || settlement.status === 'Boom') return false;
          const mine = await myGames.get(tx, id);
          if (purchase.amount_kobo === 0 || purchase.refunded_at) {
            // Nothing to pay back; the buyer's own copy still follows the code's status.
            if (mine && mine.status !== settlement.status) myGames.update(tx, id, { status: settlement.status });
            return false;
          }
          const main = await readAccount(tx, { kind: 'escrow', id: gameId });
          // A gathered shard is closed, so every purchase's money is in the main escrow (ADR 0048, amended); the
          // shard is read for one that landed after a gathering before that amendment (its money still there).
          const shard = await readAccount(tx, { kind: 'escrow', id: shardId(gameId, shardOf(purchase.user_id, ESCROW_SHARDS)) });
          const escrow = (heldKobo(main) ?? 0) >= purchase.amount_kobo ? main : shard;
          const wallet = await readAccount(tx, { kind: 'wallet', id: purchase.user_id });
          const title = mine?.title ?? 'a betting code';
          transfer(deps, tx, {
            from: escrow,
            to: wallet,
            amountKobo: purchase.amount_kobo,
            type: 'REFUND',
            narration: `Refunded: '${title}' ${settlement.status === 'Cut' ? 'was Cut' : 'ended unsettled'}`,
            reference: `refund:${gameId}`,
          });
          purchases.update(tx, id, { refunded_at: deps.now() });
          if (mine) myGames.update(tx, id, { status: settlement.status });
          notify(deps, tx, purchase.user_id, 'REFUND', {
            amount: koboToNaira(purchase.amount_kobo),
            game_id: gameId,
            message: `Your ${formatNaira(purchase.amount_kobo)} for '${title}' was refunded`,
          });
          return true;
        }),
      );
      if (done) refunded += 1;
    }
    return refunded;
  }

  /** Settles (or, for an admin, corrects) one code in one transaction; refunds follow for a Cut. */
  async function settle(user: UserDoc, body: unknown): Promise<ProviderResponse> {
    const input = parseBody(settleGameRequestSchema, body);
    const isAdmin = user.role === 1;
    // Gathering the escrow's shards closes the code's sales (ADR 0048, amended): only for someone who may settle
    // it now, checked again in the transaction below.
    const asked = await readCode(deps.store, input.game_id, deps.now());
    if (!asked) throw notFound('Game not found');
    if (asked.code.user_id !== user.id && !isAdmin)
      throw forbidden('Only the punter who posted this code or an admin can settle it');
    if (!isAdmin && deps.now() < Date.parse(asked.code.endDate)) throw badRequest(SETTLE_TOO_EARLY_MESSAGE);
    // Its sales are gathered from the escrow's shards, and its buyers counted from their purchases (ADR 0048).
    await gatherSales(input.game_id);
    const buyers = await deps.store.count(purchases.path, { where: [['game_id', '==', input.game_id]] });
    const outcome = await onGame(input.game_id, () =>
      deps.store.runTransaction(async (tx) => {
        const found = await readCode(tx, input.game_id, deps.now());
        if (!found) throw notFound('Game not found');
        const { code, stored, shown, settlement: previous } = found;
        if (code.user_id !== user.id && !isAdmin)
          throw forbidden('Only the punter who posted this code or an admin can settle it');
        const current = previous?.status ?? null;
        const escrow = await readAccount(tx, { kind: 'escrow', id: code.id });
        const held = heldKobo(escrow) ?? 0;
        // Only another person's word is final: an admin's, not an admin's on his own code (ADR 0039).
        const finalWord = isAdmin && code.user_id !== user.id;
        // An admin's Boom of a Boom still holding its escrow is the operator's confirmation: it releases now.
        const confirming =
          finalWord && current === 'Boom' && input.status === 'Boom' && held > 0 && previous?.release_after != null;
        if (current === input.status && !confirming) {
          // A code settled before its copy existed gets it now, before an admin clears its public game.
          if (!stored) gameCopies.set(tx, code.id, code);
          return { gameId: code.id, releasedKobo: 0, heldUntil: previous?.release_after ?? null };
        }
        if (!isAdmin) {
          if (deps.now() < Date.parse(code.endDate)) throw badRequest(SETTLE_TOO_EARLY_MESSAGE);
          if (current !== null) throw conflict(ALREADY_SETTLED_MESSAGE);
        }
        const recordDoc = await punterRecords.get(tx, code.user_id);
        const punter = await readAccount(tx, { kind: 'wallet', id: code.user_id });
        const receivable = await readAccount(tx, { kind: 'receivable', id: code.user_id });
        const now = deps.now();
        let released = previous?.released_kobo ?? 0;
        let releasedNow = 0;
        let releaseAfter: number | null = null;
        if (input.status === 'Boom') {
          if (held > 0 && finalWord) {
            releasedNow = releaseEscrow(deps, tx, code, { escrow, punter, receivable }, held);
            released += held;
          } else if (held > 0) {
            // The punter's own word is not final: the money waits out the dispute window in the escrow.
            releaseAfter = now + ESCROW_DISPUTE_WINDOW_MS;
            notify(deps, tx, code.user_id, 'ESCROW_HELD', {
              amount: koboToNaira(held),
              game_id: code.id,
              message: `Your sales of '${code.title}' are held until ${new Date(releaseAfter).toISOString()} for buyers to dispute the result`,
            });
          }
        } else if (released > 0) {
          // A paid-out Boom corrected to Cut: the payout goes back into the escrow for the buyers' refunds, from
          // the punter's wallet as far as it holds it, the rest from the house as the punter's debt (ADR 0039).
          const fromWallet = Math.min(heldKobo(punter) ?? 0, released);
          let escrowNow = escrow;
          if (fromWallet > 0) {
            escrowNow = transfer(deps, tx, {
              from: punter,
              to: escrowNow,
              amountKobo: fromWallet,
              type: 'REFUND',
              narration: `Payout of '${code.title}' returned for its buyers' refunds (corrected to Cut)`,
              reference: `escrow:${code.id}`,
            }).to;
          }
          const owed = released - fromWallet;
          if (owed > 0) {
            transfer(deps, tx, {
              from: receivable,
              to: escrowNow,
              amountKobo: owed,
              type: 'REFUND',
              narration: `House advance for the refunds of '${code.title}' (corrected to Cut); owed by its punter`,
              reference: `escrow:${code.id}`,
            });
            notify(deps, tx, code.user_id, 'ESCROW_OWED', {
              amount: koboToNaira(owed),
              game_id: code.id,
              message: `'${code.title}' was corrected to Cut: you owe ${formatNaira(owed)}, taken from your next sales`,
            });
          }
          released = 0;
        }
        settlements.set(tx, code.id, {
          game_id: code.id,
          user_id: code.user_id,
          status: input.status,
          settled_by: user.id,
          settled_at: now,
          released_kobo: released,
          release_after: releaseAfter,
        });
        gameCopies.set(tx, code.id, {
          ...code,
          ...(shown ? { buyers_count: buyers } : {}),
          status: input.status,
          updated_at: now,
        });
        const results: PunterRecordDoc['results'] = {
          ...recordDoc?.results,
          [code.id]: { status: input.status, odd: code.odd, price_kobo: code.price_kobo, settled_at: now },
        };
        const record = recordOf({ user_id: code.user_id, username: code.punter_name, results, updated_at: now });
        punterRecords.set(tx, code.user_id, { user_id: code.user_id, username: code.punter_name, results, updated_at: now });
        // The public game only shows the status, and only while an admin has not cleared it.
        if (shown) games.update(tx, code.id, { status: input.status, ...gameRecordFields(record) });
        deps.log('hub.settled', { game_id: code.id, status: input.status, by: isAdmin ? 'admin' : 'punter', previous: current });
        // An admin's settlement or correction is audited with it (the console, ADR 0022).
        if (isAdmin) {
          const what = confirming ? 'confirm' : current === null ? 'settle' : 'correct';
          auditIn(tx, user, `game.${what}.${input.status}`, code.id);
        }
        return { gameId: code.id, releasedKobo: releasedNow, heldUntil: releaseAfter };
      }),
    );
    const refunded = input.status === 'Cut' ? await refundBuyers(outcome.gameId) : 0;
    if (input.status === 'Boom') await followStatus(outcome.gameId, 'Boom');
    return ok({
      message: `Game settled as ${input.status}`,
      data: {
        game_id: outcome.gameId,
        status: input.status,
        refunded,
        released: koboToNaira(outcome.releasedKobo),
        // When a punter's own Boom is paid out, if nobody disputes it (ADR 0039); null when nothing is held.
        held_until: outcome.heldUntil === null ? null : new Date(outcome.heldUntil).toISOString(),
      },
    });
  }

  /** The buyers' own copies follow a Boom (a Cut's copies follow in refundBuyers). */
  async function followStatus(gameId: string, status: SettledStatus): Promise<void> {
    const copies = await myGames.query(deps.store, { where: [['game_id', '==', gameId]] });
    await Promise.all(copies.filter((c) => c.data.status !== status).map((c) => myGames.update(deps.store, c.id, { status })));
  }

  /**
   * Ends every Active code still unsettled UNSETTLED_ENDS_AFTER_MS after its end and refunds its buyers;
   * the record does not count it. For a scheduled job (and tests); safe to run twice at once.
   */
  async function endUnsettled(): Promise<number> {
    const [copies, shown] = await Promise.all([
      gameCopies.query(deps.store, { where: [['status', '==', 'Active']] }),
      // Codes posted before ADR 0027 have no copy yet: only their public document says they are Active.
      games.query(deps.store, { where: [['status', '==', 'Active']] }),
    ]);
    const endDates = new Map([...shown, ...copies].map(({ id, data }) => [id, data.endDate]));
    const now = deps.now();
    let ended = 0;
    for (const [id, endDate] of endDates) {
      if (!(Date.parse(endDate) + UNSETTLED_ENDS_AFTER_MS <= now)) continue;
      const changed = await onGame(id, () =>
        deps.store.runTransaction(async (tx) => {
          const found = await readCode(tx, id, now);
          if (!found || found.settlement || found.code.status !== 'Active') return false;
          settlements.set(tx, id, {
            game_id: id,
            user_id: found.code.user_id,
            status: 'Ended',
            settled_by: 'system',
            settled_at: now,
            released_kobo: 0,
          });
          gameCopies.set(tx, id, { ...found.code, ...buyersOf(found.shown), status: 'Ended', updated_at: now });
          if (found.shown) games.update(tx, id, { status: 'Ended' });
          return true;
        }),
      );
      if (changed) ended += 1;
      // Also finishes the refunds of a run that stopped half-way.
      const settled = await settlements.get(deps.store, id);
      if (settled?.status === 'Ended') await refundBuyers(id);
    }
    return ended;
  }

  /**
   * Pays out every punter's Boom whose dispute window has passed (ADR 0039), unless a buyer's dispute of the
   * code is open: then it waits for an admin (a Boom confirms and releases, a Cut refunds). For the scheduler
   * (and tests); safe to run twice at once, on two instances: each release re-reads the settlement and the
   * escrow in its transaction and clears release_after in it. Answers how many codes this run paid out.
   */
  async function releaseHeld(): Promise<number> {
    const now = deps.now();
    const due = await settlements.query(deps.store, { where: [['release_after', '<=', now]] });
    let paid = 0;
    for (const { id, data } of due) {
      if (data.release_after == null) continue;
      const open = await disputes.query(deps.store, {
        where: [
          ['game_id', '==', id],
          ['status', '==', 'open'],
        ],
      });
      if (open.length > 0) continue;
      await gatherSales(id);
      const done = await onGame(id, () =>
        deps.store.runTransaction(async (tx) => {
          const found = await readCode(tx, id, now);
          const settlement = found?.settlement;
          if (!found || !settlement || settlement.status !== 'Boom') return false;
          if (settlement.release_after == null || settlement.release_after > now) return false;
          const escrow = await readAccount(tx, { kind: 'escrow', id });
          const punter = await readAccount(tx, { kind: 'wallet', id: found.code.user_id });
          const receivable = await readAccount(tx, { kind: 'receivable', id: found.code.user_id });
          const held = heldKobo(escrow) ?? 0;
          if (held > 0) releaseEscrow(deps, tx, found.code, { escrow, punter, receivable }, held);
          settlements.update(tx, id, { released_kobo: settlement.released_kobo + held, release_after: null });
          deps.log('hub.released', { game_id: id, kobo: held });
          return held > 0;
        }),
      );
      if (done) paid += 1;
    }
    return paid;
  }

  /**
   * Writes the copy of every public code that has none (posted before ADR 0027), so clearing it later
   * leaves its settlement something to correct. Run once at start; answers how many it wrote.
   */
  async function copyOlderCodes(): Promise<number> {
    const [shown, copied] = await Promise.all([games.ids(deps.store), gameCopies.ids(deps.store)]);
    const have = new Set(copied);
    let written = 0;
    for (const id of shown.filter((g) => !have.has(g))) {
      const wrote = await onGame(id, () =>
        deps.store.runTransaction(async (tx) => {
          const found = await readCode(tx, id, deps.now());
          if (!found || found.stored) return false;
          gameCopies.set(tx, id, found.code);
          return true;
        }),
      );
      if (wrote) written += 1;
    }
    return written;
  }

  async function punters(): Promise<ProviderResponse> {
    const all = await punterRecords.query(deps.store, { limit: 500 });
    const views = all.map((r) => recordView(r.data.username, recordOf(r.data)));
    // Established punters first, then by rating, then by sample size.
    views.sort((a, b) => Number(a.is_new) - Number(b.is_new) || b.punting_power - a.punting_power || b.games - a.games);
    return ok({ message: 'Punters fetched', data: views });
  }

  async function profile(username: string, listGames: (userId: string) => Promise<unknown[]>): Promise<ProviderResponse> {
    const found = await punterRecords.query(deps.store, { where: [['username', '==', username]], limit: 1 });
    const doc = found[0];
    if (!doc) throw notFound('Punter not found');
    return ok({
      message: 'Punter fetched',
      data: { record: recordView(doc.data.username, recordOf(doc.data)), games: await listGames(doc.data.user_id) },
    });
  }

  return { settle, refundBuyers, endUnsettled, releaseHeld, copyOlderCodes, punters, profile };
}
