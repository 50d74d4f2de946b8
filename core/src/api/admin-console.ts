/**
 * The operator console's calls on pots, betting codes, disputes, signals and a user's safer play (issue 16,
 * ADR 0022). Not in SPEC: role 1 only and audited. The dispute a buyer of a code sends (gameDispute) and the
 * dispute's shape live with the Punters Hub's schemas (./punters-hub), so a punter's screens need nothing here.
 */
import { z } from 'zod/mini';
import { displayText } from '../display-text';
import { optionalQuery, pageQuery, strictQuery } from './admin';
import { countSchema } from './common';
import { idSchema, isoDateTime, nairaBalance } from './primitives';
import { potCreateRequestSchema } from './pots';
import { DISPUTE_STATUSES } from './punters-hub';

// ---------------------------------------------------------------------------------------------- pots

export const ADMIN_POT_STATUSES = ['Raising', 'Trading', 'Due'] as const;
/** admin/pots: newest first, optionally one status. */
export const adminPotsQuerySchema = strictQuery({
  status: optionalQuery(z.enum(ADMIN_POT_STATUSES, { error: "status must be 'Raising', 'Trading' or 'Due'" })),
  ...pageQuery,
});
export type AdminPotsQuery = z.input<typeof adminPotsQuerySchema>;

/** A pot as the console lists it: every field the create form sets, where it stands, and its payouts. */
export const adminPotSchema = z.object({
  id: idSchema,
  status: z.string(),
  pot_volume: nairaBalance,
  raised_amount: nairaBalance,
  investors_count: countSchema,
  percentage: z.number(),
  duration: z.number(),
  type: z.string(),
  manager: z.string(),
  terms: z.string(),
  managers_number: z.string(),
  created_at: z.nullable(isoDateTime),
  raising_to: z.nullable(isoDateTime),
  trade_from: z.nullable(isoDateTime),
  trade_to: z.nullable(isoDateTime),
  /** The manager's result in percent of the capital, once booked. */
  result_percent: z.nullable(z.number()),
  /** True while nobody has joined and raising has not ended: the only time the pot may be edited. */
  editable: z.boolean(),
  /** Stakes paid out so far, of `investors_count`. */
  paid_count: countSchema,
});
export type AdminPot = z.infer<typeof adminPotSchema>;

/** One join of a pot with who made it (the console's view; the public list shows display names only, ADR 0006). */
export const adminPotParticipantSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  user_email: z.string(),
  name: z.string(),
  amount: nairaBalance,
  status: z.string(),
  /** What the payout moved into the wallet, once paid. */
  payout: z.nullable(nairaBalance),
  created_at: isoDateTime,
});
export type AdminPotParticipant = z.infer<typeof adminPotParticipantSchema>;

/** PUT admin/pots/update: every field again, checked as a new pot's; refused once someone joined or raising ended. */
export const potUpdateRequestSchema = z.object({ pot_id: idSchema, pot: potCreateRequestSchema });

// ------------------------------------------------------------------------------------ betting codes

/** admin/games: the public codes newest first; `q` matches the title or the punter's name. */
export const adminGamesQuerySchema = strictQuery({
  q: optionalQuery(z.string().check(z.trim(), z.maxLength(100, { error: 'Search must not be more than 100 characters' }))),
  ...pageQuery,
});
export type AdminGamesQuery = z.input<typeof adminGamesQuerySchema>;
export const adminGameSchema = z.object({
  id: idSchema,
  title: z.string(),
  punter_name: z.string(),
  user_id: idSchema,
  platform: z.string(),
  odd: z.number(),
  amount: nairaBalance,
  status: z.string(),
  buyers_count: countSchema,
  createdAt: z.string(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

/** admin/disputes: oldest first (the queue), by status (open by default). */
export const adminDisputesQuerySchema = strictQuery({
  status: z._default(optionalQuery(z.enum(DISPUTE_STATUSES, { error: "status must be 'open' or 'resolved'" })), 'open'),
  ...pageQuery,
});
export type AdminDisputesQuery = z.input<typeof adminDisputesQuerySchema>;
/** PUT admin/disputes/resolve: closes an open dispute with the note the buyer is sent. */
export const disputeResolveRequestSchema = z.object({
  dispute_id: idSchema,
  note: displayText(500, 'Note', 'multiline'),
});

// ------------------------------------------------------------------------------------------ signals

/** admin/signals: the feed's history, newest first. */
export const adminSignalsQuerySchema = strictQuery({ ...pageQuery });
export type AdminSignalsQuery = z.input<typeof adminSignalsQuerySchema>;
export const adminSignalSchema = z.object({
  id: idSchema,
  title: z.string(),
  details: z.string(),
  group: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type AdminSignal = z.infer<typeof adminSignalSchema>;
