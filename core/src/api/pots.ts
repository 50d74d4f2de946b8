/** Trading pots (SPEC section 3): the pot documents, their participants and join-auto-trada. */
import { z } from 'zod/mini';
import { displayText, type DisplayTextKind } from '../display-text';
import { preprocess } from '../zod-extras';
import { countSchema, timestampMillis } from './common';
import { idSchema, isoDateTime, nairaAmount, nairaBalance, nairaSigned, pinSchema } from './primitives';

/** A document of 'trading_pots' (SPEC section 3). Times are converted to epoch milliseconds. */
export const tradingPotSchema = z.object({
  id: idSchema,
  pot_volume: nairaBalance,
  raised_amount: nairaBalance,
  investors_count: countSchema,
  /** Monthly percentage. */
  percentage: z.number().check(z.gte(0)),
  /** Raising, Trading or another status shown as text. */
  status: z.string(),
  timestamp: timestampMillis,
  raising_to: timestampMillis,
  trade_from: timestampMillis,
  /** Due date. */
  trade_to: timestampMillis,
  /** Months. */
  duration: z.number().check(z.gte(0)),
  type: z.string(),
  manager: z.string(),
  terms: z.string(),
  managers_number: z.string(),
});
export type TradingPot = z.infer<typeof tradingPotSchema>;

/**
 * A document of 'pot_participants' (SPEC section 3), as every signed-in user sees it: a display
 * name ('Ada O.'), never the participant's user id or full name (ADR 0006). The participant's own
 * copy, with user_id, is in 'my-pots' (myPotSchema).
 */
export const potParticipantSchema = z.object({
  pot_id: idSchema,
  name: z.string(),
  amount: nairaBalance,
  /** Capital plus ROI. */
  total: nairaBalance,
  /** The quote (SPEC 9) until PAYOUT, then what was paid beyond the capital: negative after a loss. */
  roi: nairaSigned,
  trading_capital: nairaBalance,
  /** Initially 'Pending'. */
  status: z.string(),
  timestamp: timestampMillis,
});
export type PotParticipant = z.infer<typeof potParticipantSchema>;

/** A document of 'my-pots': the participant's own record of a join, readable only by that user. */
export const myPotSchema = z.extend(potParticipantSchema, { user_id: idSchema });
export type MyPot = z.infer<typeof myPotSchema>;

export const joinAutoTradaRequestSchema = z.object({
  amount: nairaAmount,
  pot_id: idSchema,
  /** SPEC's spelling. Optional: the referrer's code, if any. */
  referalCode: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  /** Step-up: the transaction PIN, required unless the session is less than 15 minutes old. */
  pin: z.optional(pinSchema),
  /** The risk disclosure, accepted once before a user's first join (ADR 0012); later joins may leave it out. */
  acceptRisk: z.optional(z.literal(true, { error: 'acceptRisk must be true when given' })),
});

/** POST /api/v1/user/pot-payout: a due pot's capital plus the participant's share of the result (ADR 0013). */
export const potPayoutRequestSchema = z.object({ pot_id: idSchema });
export const potPayoutResultSchema = z.object({
  /** What moved into the wallet now (0 when it was already paid). */
  amount: nairaBalance,
  balance: nairaBalance,
});

/** A pot's text, written by an operator and read by every punter: ../display-text (terms keep their lines). */
const potText = (field: string, max: number, kind: DisplayTextKind = 'line') => displayText(max, field, kind);

/** POST /api/v1/admin/pots/create: a new Raising pot (admin only, audited). Times are ISO date-times. */
export const potCreateRequestSchema = z
  .object({
    pot_volume: nairaAmount,
    /** Monthly percentage. */
    percentage: z.number({ error: 'percentage must be a number' }).check(z.gte(0), z.lte(100)),
    raising_to: isoDateTime,
    trade_from: isoDateTime,
    trade_to: isoDateTime,
    duration: z.number({ error: 'duration must be a number' }).check(z.int(), z.gte(1), z.lte(36)),
    type: potText('type', 100),
    manager: potText('manager', 100),
    terms: potText('terms', 4000, 'multiline'),
    managers_number: z
      .string({ error: 'managers_number must be text' })
      .check(z.trim(), z.regex(/^\+?[0-9 ]{7,20}$/, { error: 'managers_number must be a phone number' })),
  })
  .check(
    z.refine((p) => Date.parse(p.raising_to) <= Date.parse(p.trade_from), {
      error: 'raising_to must not be after trade_from',
      path: ['raising_to'],
    }),
    z.refine((p) => Date.parse(p.trade_from) < Date.parse(p.trade_to), {
      error: 'trade_to must be after trade_from',
      path: ['trade_to'],
    }),
  );
export type PotCreateRequest = z.infer<typeof potCreateRequestSchema>;

/** POST /api/v1/admin/pots/result: the manager's result over the whole duration, as a percentage of the capital. */
export const potResultRequestSchema = z.object({
  pot_id: idSchema,
  result_percent: z.number({ error: 'result_percent must be a number' }).check(z.gte(-100), z.lte(1000)),
});

/** PUT /api/v1/admin/auto-trada: the operator's switch; the reason is what the page shows while it is off. */
export const autoTradaSwitchRequestSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  // Blank means none (the page then shows its default reason).
  reason: preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.optional(displayText(300, 'reason'))),
});

/** The document app_config/auto_trada that the page reads live (a missing one means on). */
export const autoTradaConfigSchema = z.object({
  enabled: z.boolean(),
  reason: z.string(),
});
