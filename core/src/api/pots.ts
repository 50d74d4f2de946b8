/** Trading pots (SPEC section 3): the pot documents, their participants and join-auto-trada. */
import { z } from 'zod';
import { countSchema, timestampMillis } from './common';
import { idSchema, nairaAmount, nairaBalance, pinSchema } from './primitives';

/** A document of 'trading_pots' (SPEC section 3). Times are converted to epoch milliseconds. */
export const tradingPotSchema = z.object({
  id: idSchema,
  pot_volume: nairaBalance,
  raised_amount: nairaBalance,
  investors_count: countSchema,
  /** Monthly percentage. */
  percentage: z.number().min(0),
  /** Raising, Trading or another status shown as text. */
  status: z.string(),
  timestamp: timestampMillis,
  raising_to: timestampMillis,
  trade_from: timestampMillis,
  /** Due date. */
  trade_to: timestampMillis,
  /** Months. */
  duration: z.number().min(0),
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
  roi: nairaBalance,
  trading_capital: nairaBalance,
  /** Initially 'Pending'. */
  status: z.string(),
  timestamp: timestampMillis,
});
export type PotParticipant = z.infer<typeof potParticipantSchema>;

/** A document of 'my-pots': the participant's own record of a join, readable only by that user. */
export const myPotSchema = potParticipantSchema.extend({ user_id: idSchema });
export type MyPot = z.infer<typeof myPotSchema>;

export const joinAutoTradaRequestSchema = z.object({
  amount: nairaAmount,
  pot_id: idSchema,
  /** SPEC's spelling. Optional: the referrer's code, if any. */
  referalCode: z.string().trim().max(64).optional(),
  /** Step-up: the transaction PIN, required unless the session is less than 15 minutes old. */
  pin: pinSchema.optional(),
});
