/**
 * The console's view of the pots (ADR 0022): the list with where each stands and its payouts, a pot's
 * participants with who they are, editing a pot before anyone joins, and reading the Auto-Trada switch.
 * Creating a pot, booking its result and the switch itself are in ../pots.ts.
 */
import { z } from 'zod';
import { koboToNaira, nairaToKobo } from '@punter/core/money';
import { PARTICIPANT_STATUS_PAID, POT_NOT_FOUND, POT_STATUS_RAISING } from '@punter/core/pots';
import { adminPotsQuerySchema, potUpdateRequestSchema, type AdminPot } from '@punter/core/api/admin-console';
import { timestampMillis } from '@punter/core/api/common';
import { appConfig, Collection, potSchema, potShards, potStakes, users, type PotShardDoc } from '../collections';
import { shardId } from '../counters';
import type { ProviderDeps, UserDoc } from '../context';
import { badRequest, conflict, notFound, ok, parseBody, type ProviderResponse } from '../http';
import { AUTO_TRADA_CONFIG_ID, shardCapacities } from '../pots';
import { iso, pageOf, type Audit } from './audit';

export const POT_NOT_EDITABLE = 'This pot can no longer be edited: someone has joined it or its raising has ended';

/** Every field of a stored pot (the provider's own reads need fewer, collections.ts potSchema). */
const fullPots = new Collection(
  'trading_pots',
  potSchema.extend({
    terms: z.string().optional(),
    managers_number: z.string().optional(),
    timestamp: z.optional(timestampMillis),
    trade_from: z.optional(timestampMillis),
  }),
);
type FullPot = z.infer<typeof fullPots.schema>;

const isoOrNull = (ms: number | null | undefined) => (ms == null ? null : iso(ms));

/** A pot may be edited while it is Raising, nobody has joined and its raising end has not come. */
function editable(pot: FullPot, now: number): boolean {
  return (
    pot.status === POT_STATUS_RAISING &&
    (pot.investors_count ?? 0) === 0 &&
    (pot.raised_amount ?? 0) === 0 &&
    (pot.raising_to == null || now < pot.raising_to)
  );
}

function potView(id: string, pot: FullPot, paidCount: number, now: number): AdminPot {
  return {
    id,
    status: pot.status,
    pot_volume: pot.pot_volume,
    raised_amount: pot.raised_amount ?? 0,
    investors_count: pot.investors_count ?? 0,
    percentage: pot.percentage ?? 0,
    duration: pot.duration ?? 0,
    type: pot.type ?? '',
    manager: pot.manager ?? '',
    terms: pot.terms ?? '',
    managers_number: pot.managers_number ?? '',
    created_at: isoOrNull(pot.timestamp),
    raising_to: isoOrNull(pot.raising_to),
    trade_from: isoOrNull(pot.trade_from),
    trade_to: isoOrNull(pot.trade_to),
    result_percent: pot.result_percent ?? null,
    editable: editable(pot, now),
    paid_count: paidCount,
  };
}

export function createAdminPots(deps: ProviderDeps, { audit, auditIn }: Audit) {
  const paidCount = async (potId: string) =>
    (
      await potStakes.ids(deps.store, {
        where: [
          ['pot_id', '==', potId],
          ['status', '==', PARTICIPANT_STATUS_PAID],
        ],
      })
    ).length;

  return {
    /** GET admin/pots: newest first, optionally one status, with each pot's payouts so far. */
    async adminPots(admin: UserDoc, rawQuery: unknown): Promise<ProviderResponse> {
      const query = parseBody(adminPotsQuerySchema, rawQuery);
      const docs = await fullPots.query(deps.store, {
        where: query.status ? [['status', '==', query.status] as const] : [],
      });
      const sorted = docs.sort((a, b) => (b.data.timestamp ?? 0) - (a.data.timestamp ?? 0));
      const { data, paging } = pageOf(sorted, query);
      const now = deps.now();
      const list = await Promise.all(data.map(async (d) => potView(d.id, d.data, await paidCount(d.id), now)));
      await audit(admin, 'pot.list', null);
      return ok({ message: 'Pots fetched', data: list, paging });
    },

    /** GET admin/pots/{id}/participants: every join with who made it, oldest first. */
    async adminPotParticipants(admin: UserDoc, potId: string): Promise<ProviderResponse> {
      if (!(await fullPots.get(deps.store, potId))) throw notFound(POT_NOT_FOUND);
      const stakes = await potStakes.query(deps.store, { where: [['pot_id', '==', potId]] });
      const owners = new Map<string, UserDoc | null>();
      for (const { data } of stakes) {
        if (!owners.has(data.user_id)) owners.set(data.user_id, await users.get(deps.store, data.user_id));
      }
      const list = stakes
        .sort((a, b) => a.data.created_at - b.data.created_at)
        .map(({ id, data }) => {
          const owner = owners.get(data.user_id) ?? null;
          return {
            id,
            user_id: data.user_id,
            user_email: owner?.email ?? '',
            name: owner ? `${owner.first_name} ${owner.last_name}` : '',
            amount: koboToNaira(data.amount_kobo),
            status: data.status,
            payout: data.payout_kobo === null ? null : koboToNaira(data.payout_kobo),
            created_at: iso(data.created_at),
          };
        });
      await audit(admin, 'pot.participants', potId);
      return ok({ message: 'Participants fetched', data: list });
    },

    /**
     * PUT admin/pots/update: every field again, checked as a new pot's. Only before anyone joins and while
     * raising has not ended (re-checked in the transaction, so a join that lands first wins), audited with it.
     */
    async potUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const { pot_id: potId, pot: input } = parseBody(potUpdateRequestSchema, body);
      const now = deps.now();
      if (Date.parse(input.raising_to) <= now) throw badRequest('raising_to must be in the future');
      const updated = await deps.store.runTransaction(async (tx) => {
        const pot = await fullPots.get(tx, potId);
        if (!pot) throw notFound(POT_NOT_FOUND);
        if (!editable(pot, now)) throw conflict(POT_NOT_EDITABLE);
        // A sharded pot (ADR 0048): its figures are folded later, so the shards say whether anyone joined;
        // reading them here orders this edit with any join, and the new volume is split over them again.
        if (pot.shards !== undefined) {
          const shardDocs: PotShardDoc[] = [];
          for (let k = 0; k < pot.shards; k += 1) {
            const shard = await potShards.get(tx, shardId(potId, k));
            if (shard) shardDocs.push(shard);
          }
          if (shardDocs.some((d) => d.count > 0 || d.raised_kobo > 0)) throw conflict(POT_NOT_EDITABLE);
          shardCapacities(nairaToKobo(input.pot_volume), pot.shards).forEach((capacity, k) =>
            potShards.update(tx, shardId(potId, k), { capacity_kobo: capacity }),
          );
        }
        const fields = {
          pot_volume: input.pot_volume,
          percentage: input.percentage,
          duration: input.duration,
          type: input.type,
          manager: input.manager,
          terms: input.terms,
          managers_number: input.managers_number,
        };
        // Firestore timestamps (Dates), as create writes them.
        tx.update(fullPots.path, potId, {
          ...fields,
          raising_to: new Date(input.raising_to),
          trade_from: new Date(input.trade_from),
          trade_to: new Date(input.trade_to),
        });
        auditIn(tx, admin, 'pot.update', potId);
        const next: FullPot = {
          ...pot,
          ...fields,
          raising_to: Date.parse(input.raising_to),
          trade_from: Date.parse(input.trade_from),
          trade_to: Date.parse(input.trade_to),
        };
        return potView(potId, next, 0, now);
      });
      return ok({ message: 'Pot updated', data: updated });
    },

    /** GET admin/auto-trada: the switch as the page reads it (a missing document means on). */
    async autoTradaState(admin: UserDoc): Promise<ProviderResponse> {
      const config = await appConfig.get(deps.store, AUTO_TRADA_CONFIG_ID);
      await audit(admin, 'auto-trada.read', AUTO_TRADA_CONFIG_ID);
      return ok({
        message: 'Auto-Trada state',
        data: config ? { enabled: config.enabled, reason: config.reason } : { enabled: true, reason: '' },
      });
    },
  };
}
