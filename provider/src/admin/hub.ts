/**
 * The console's betting codes, disputes, signal history and a user's safer play (ADR 0022). Settling or
 * correcting a code is settleGame (../hub-settlement.ts, ADR 0010); this adds the list to pick a code from,
 * the buyers' disputes (a buyer opens one per code; an admin resolves it with a note the buyer is sent),
 * the feed's history and the read-only safer-play state of one user (the console cannot lift a pause, issue 17).
 */
import { z } from 'zod';
import {
  adminDisputesQuerySchema,
  adminGamesQuerySchema,
  adminSignalsQuerySchema,
  disputeResolveRequestSchema,
  type AdminGame,
} from '@punter/core/api/admin-console';
import { gameDisputeRequestSchema, type Dispute } from '@punter/core/api/punters-hub';
import { koboToNaira } from '@punter/core/money';
import { Collection, gameCopies, games, myGames, purchases, users, type GameCopyDoc, type GameDoc } from '../collections';
import { notify, type ProviderDeps, type UserDoc } from '../context';
import { conflict, forbidden, notFound, ok, parseBody, type ProviderResponse } from '../http';
import { readPlayGuard, stateView } from '../safer-play';
import { iso, pageOf, type Audit } from './audit';

export const DISPUTE_NOT_BOUGHT = 'You can only dispute a code you got';
export const DISPUTE_EXISTS = 'You have already opened a dispute for this code';
export const DISPUTE_NOT_FOUND = 'Dispute not found';
export const DISPUTE_RESOLVED = 'This dispute is already resolved';
export const DISPUTE_OPENED = 'Your dispute has been sent. We will get back to you.';

const epochMs = z.number().int().nonnegative();
/** A buyer's dispute of a code, id `${userId}_${gameId}` (one per buyer and code; provider-only, rules deny). */
export const disputes = new Collection(
  'provider_disputes',
  z.object({
    game_id: z.string(),
    game_title: z.string(),
    punter_name: z.string(),
    user_id: z.string(),
    user_email: z.string(),
    reason: z.string(),
    status: z.enum(['open', 'resolved']),
    note: z.string().nullable(),
    created_at: epochMs,
    resolved_at: epochMs.nullable(),
    resolved_by: z.string().nullable(),
  }),
);
type DisputeDoc = z.infer<typeof disputes.schema>;

/** The signal feed (written by the postSignal callable); read leniently so one odd document does not hide the rest. */
const signals = new Collection(
  'signal',
  z.object({
    title: z.string().catch(''),
    details: z.string().catch(''),
    group: z.string().catch(''),
    status: z.string().catch(''),
    created_at: z.string().catch(''),
  }),
);

function disputeView(id: string, d: DisputeDoc): Dispute {
  return {
    id,
    ...d,
    created_at: iso(d.created_at),
    resolved_at: d.resolved_at === null ? null : iso(d.resolved_at),
  };
}

export function createAdminHub(deps: ProviderDeps, { audit, auditIn }: Audit) {
  /** A public game's row in the console. */
  const shownRow = (g: GameDoc): AdminGame => ({
    id: g.id,
    title: g.title,
    punter_name: g.punter_name,
    user_id: g.user_id,
    platform: g.platform,
    odd: g.odd,
    amount: g.amount,
    status: g.status,
    buyers_count: g.buyers_count,
    createdAt: g.createdAt,
  });

  /** A cleared code's row, from its copy; one with no count (its public game went before any settlement) counts purchases. */
  async function clearedRow(copy: GameCopyDoc): Promise<AdminGame> {
    const buyers = copy.buyers_count ?? (await purchases.query(deps.store, { where: [['game_id', '==', copy.id]] })).length;
    return {
      id: copy.id,
      title: copy.title,
      punter_name: copy.punter_name,
      user_id: copy.user_id,
      platform: copy.platform,
      odd: copy.odd,
      amount: koboToNaira(copy.price_kobo),
      status: copy.status,
      buyers_count: buyers,
      createdAt: new Date(copy.created_at).toISOString(),
    };
  }

  return {
    /**
     * GET admin/games: the codes newest first, the cleared ones too (from the provider's copies, ADR 0027),
     * so an admin can still correct a code after Clear Games; `q` matches the title or the punter.
     */
    async adminGames(admin: UserDoc, rawQuery: unknown): Promise<ProviderResponse> {
      const query = parseBody(adminGamesQuerySchema, rawQuery);
      const needle = query.q?.toLowerCase();
      const [shown, copies] = await Promise.all([games.query(deps.store), gameCopies.query(deps.store)]);
      const shownIds = new Set(shown.map((d) => d.id));
      const cleared = await Promise.all(copies.filter((c) => !shownIds.has(c.id)).map((c) => clearedRow(c.data)));
      const list = [...shown.map((d) => shownRow(d.data)), ...cleared]
        .filter((g) => !needle || g.title.toLowerCase().includes(needle) || g.punter_name.toLowerCase().includes(needle))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const { data, paging } = pageOf(list, query);
      await audit(admin, 'game.list', null);
      return ok({ message: 'Games fetched', data, paging });
    },

    /** POST puntershub/dispute: a buyer of a code (free or paid) disputes it, once, with a reason. */
    async gameDispute(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(gameDisputeRequestSchema, body);
      const id = `${user.id}_${input.game_id}`;
      const view = await deps.store.runTransaction(async (tx) => {
        // The buyer's own copy names the code even after an admin cleared the public games.
        const bought = await myGames.get(tx, id);
        if (!bought || !(await purchases.get(tx, id))) throw forbidden(DISPUTE_NOT_BOUGHT);
        if (await disputes.get(tx, id)) throw conflict(DISPUTE_EXISTS);
        const doc: DisputeDoc = {
          game_id: input.game_id,
          game_title: bought.title,
          punter_name: bought.punter_name,
          user_id: user.id,
          user_email: user.email,
          reason: input.reason,
          status: 'open',
          note: null,
          created_at: deps.now(),
          resolved_at: null,
          resolved_by: null,
        };
        disputes.create(tx, id, doc);
        return disputeView(id, doc);
      });
      return ok({ message: DISPUTE_OPENED, data: view }, 201);
    },

    /** GET admin/disputes: one status (open by default), oldest first: the queue. */
    async adminDisputes(admin: UserDoc, rawQuery: unknown): Promise<ProviderResponse> {
      const query = parseBody(adminDisputesQuerySchema, rawQuery);
      const docs = await disputes.query(deps.store, { where: [['status', '==', query.status]] });
      const list = docs.sort((a, b) => a.data.created_at - b.data.created_at).map((d) => disputeView(d.id, d.data));
      const { data, paging } = pageOf(list, query);
      await audit(admin, 'dispute.list', null);
      return ok({ message: 'Disputes fetched', data, paging });
    },

    /** PUT admin/disputes/resolve: closes an open dispute; the buyer is notified with the note; audited with it. */
    async disputeResolve(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(disputeResolveRequestSchema, body);
      const view = await deps.store.runTransaction(async (tx) => {
        const found = await disputes.get(tx, input.dispute_id);
        if (!found) throw notFound(DISPUTE_NOT_FOUND);
        if (found.status !== 'open') throw conflict(DISPUTE_RESOLVED);
        const next: DisputeDoc = {
          ...found,
          status: 'resolved',
          note: input.note,
          resolved_at: deps.now(),
          resolved_by: admin.id,
        };
        disputes.set(tx, input.dispute_id, next);
        notify(deps, tx, found.user_id, 'DISPUTE_RESOLVED', {
          game_id: found.game_id,
          message: `Your dispute of "${found.game_title}" is resolved: ${input.note}`,
        });
        auditIn(tx, admin, 'dispute.resolve', input.dispute_id);
        return disputeView(input.dispute_id, next);
      });
      return ok({ message: 'Dispute resolved', data: view });
    },

    /** GET admin/signals: the feed's history, newest first. */
    async adminSignals(admin: UserDoc, rawQuery: unknown): Promise<ProviderResponse> {
      const query = parseBody(adminSignalsQuerySchema, rawQuery);
      const list = (await signals.query(deps.store))
        .map((d) => ({ id: d.id, ...d.data }))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      const { data, paging } = pageOf(list, query);
      await audit(admin, 'signal.list', null);
      return ok({ message: 'Signals fetched', data, paging });
    },

    /** GET admin/users/{id}/safer-play: the user's limits and pause, to read only. */
    async adminUserSaferPlay(admin: UserDoc, userId: string): Promise<ProviderResponse> {
      const target = await users.get(deps.store, userId);
      if (!target) throw notFound('User not found');
      const guard = await readPlayGuard(deps.store, userId);
      await audit(admin, 'user.safer-play', userId);
      return ok({ message: 'Safer play settings', data: stateView(target, guard, deps.now()) });
    },
  };
}
