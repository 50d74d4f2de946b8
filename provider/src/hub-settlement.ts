/**
 * Settlement of betting codes and the punters' verified records (ADR 0010), and the escrow that holds a
 * paid code's money until then (ADR 0011).
 *
 * - After the last game (endDate) the punter marks a code Boom or Cut, once; an admin (role 1) may
 *   settle or correct any code at any time. An Active code nobody settled UNSETTLED_ENDS_AFTER_MS after
 *   its end becomes Ended (endUnsettled).
 * - Boom pays the code's escrow to the punter (ESCROW_RELEASE). Cut and Ended refund every buyer from
 *   the escrow (REFUND), one transaction per purchase that marks it refunded, so a raced or repeated
 *   settlement refunds each buyer once, and a crash half-way is finished by the next run.
 * - An admin's correction of a paid-out Boom to Cut takes the payout back from the punter's wallet into
 *   the escrow first (refused if the wallet no longer holds it); a Cut corrected to Boom changes the
 *   record only: the buyers keep their refunds.
 * - The record (won, lost, punting_power...) is computed from the settled results (core punterRecord),
 *   never written by hand; Ended codes do not count.
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
import { games, myGames, punterRecords, purchases, settlements, type GameDoc, type PunterRecordDoc } from './collections';
import { KeyedMutex, notify, type ProviderDeps, type UserDoc } from './context';
import { conflict, forbidden, badRequest, notFound, ok, parseBody, type ProviderResponse } from './http';
import { heldKobo, readAccount, transfer } from './ledger';
import { createAudit } from './admin/audit';

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

export function createHubSettlement(deps: ProviderDeps) {
  const { auditIn } = createAudit(deps);
  // Settlement work on one code runs one transaction at a time in this instance (they all write its
  // escrow); other instances race through Firestore, which the per-purchase refunded_at makes safe.
  const locks = new KeyedMutex();
  const onGame = <T>(gameId: string, work: () => Promise<T>) => locks.run(`game:${gameId}`, work);

  /**
   * Refunds every paid purchase of a Cut or Ended code that is not refunded yet, one transaction each
   * (the escrow is one document: refunds in parallel would only contend on it). Answers how many this
   * run refunded.
   */
  async function refundBuyers(gameId: string): Promise<number> {
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
          const escrow = await readAccount(tx, { kind: 'escrow', id: gameId });
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
    const outcome = await onGame(input.game_id, () =>
      deps.store.runTransaction(async (tx) => {
        const game = await games.get(tx, input.game_id);
        if (!game) throw notFound('Game not found');
        if (game.user_id !== user.id && !isAdmin)
          throw forbidden('Only the punter who posted this code or an admin can settle it');
        const previous = await settlements.get(tx, game.id);
        const current = previous?.status ?? null;
        if (current === input.status) return { game, releasedKobo: 0 };
        if (!isAdmin) {
          if (deps.now() < Date.parse(game.endDate)) throw badRequest(SETTLE_TOO_EARLY_MESSAGE);
          if (current !== null) throw conflict(ALREADY_SETTLED_MESSAGE);
        }
        const recordDoc = await punterRecords.get(tx, game.user_id);
        const escrow = await readAccount(tx, { kind: 'escrow', id: game.id });
        const punter = await readAccount(tx, { kind: 'wallet', id: game.user_id });
        const now = deps.now();
        let released = previous?.released_kobo ?? 0;
        let releasedNow = 0;
        if (input.status === 'Boom') {
          const held = heldKobo(escrow) ?? 0;
          if (held > 0) {
            transfer(deps, tx, {
              from: escrow,
              to: punter,
              amountKobo: held,
              type: 'ESCROW_RELEASE',
              narration: `Sales of '${game.title}' paid out: it landed`,
              reference: `escrow:${game.id}`,
            });
            notify(deps, tx, game.user_id, 'ESCROW_RELEASE', {
              amount: koboToNaira(held),
              game_id: game.id,
              message: `Your sales of '${game.title}' were paid to your wallet`,
            });
            released += held;
            releasedNow = held;
          }
        } else if (released > 0) {
          // A paid-out Boom corrected to Cut: the payout goes back into the escrow for the buyers' refunds.
          if ((heldKobo(punter) ?? 0) < released) {
            throw conflict("The punter's wallet no longer holds the payout of this code; refund its buyers by hand");
          }
          transfer(deps, tx, {
            from: punter,
            to: escrow,
            amountKobo: released,
            type: 'REFUND',
            narration: `Payout of '${game.title}' returned for its buyers' refunds (corrected to Cut)`,
            reference: `escrow:${game.id}`,
          });
          released = 0;
        }
        settlements.set(tx, game.id, {
          game_id: game.id,
          user_id: game.user_id,
          status: input.status,
          settled_by: user.id,
          settled_at: now,
          released_kobo: released,
        });
        const results: PunterRecordDoc['results'] = {
          ...recordDoc?.results,
          [game.id]: { status: input.status, odd: game.odd, price_kobo: nairaToKobo(game.amount), settled_at: now },
        };
        const record = recordOf({ user_id: game.user_id, username: game.punter_name, results, updated_at: now });
        punterRecords.set(tx, game.user_id, { user_id: game.user_id, username: game.punter_name, results, updated_at: now });
        games.update(tx, game.id, { status: input.status, ...gameRecordFields(record) });
        deps.log('hub.settled', { game_id: game.id, status: input.status, by: isAdmin ? 'admin' : 'punter', previous: current });
        // An admin's settlement or correction is audited with it (the console, ADR 0022).
        if (isAdmin) auditIn(tx, user, `game.${current === null ? 'settle' : 'correct'}.${input.status}`, game.id);
        return { game, releasedKobo: releasedNow };
      }),
    );
    const refunded = input.status === 'Cut' ? await refundBuyers(outcome.game.id) : 0;
    if (input.status === 'Boom') await followStatus(outcome.game.id, 'Boom');
    return ok({
      message: `Game settled as ${input.status}`,
      data: { game_id: outcome.game.id, status: input.status, refunded, released: koboToNaira(outcome.releasedKobo) },
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
    const active = await games.query(deps.store, { where: [['status', '==', 'Active']] });
    const now = deps.now();
    let ended = 0;
    for (const { id, data } of active) {
      if (!(Date.parse(data.endDate) + UNSETTLED_ENDS_AFTER_MS <= now)) continue;
      const changed = await onGame(id, () =>
        deps.store.runTransaction(async (tx) => {
          const game = await games.get(tx, id);
          const previous = await settlements.get(tx, id);
          if (!game || game.status !== 'Active' || previous) return false;
          settlements.set(tx, id, {
            game_id: id,
            user_id: game.user_id,
            status: 'Ended',
            settled_by: 'system',
            settled_at: now,
            released_kobo: 0,
          });
          games.update(tx, id, { status: 'Ended' });
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

  return { settle, refundBuyers, endUnsettled, punters, profile };
}
