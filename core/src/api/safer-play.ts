/** Safer play (ADR 0019): the user's limits, a break and self-exclusion; paths SPEC does not show. */
import { z } from 'zod/mini';
import { BREAK_OPTIONS, EXCLUSION_OPTIONS, LIMIT_KINDS, LIMIT_PERIODS } from '../safer-play';
import { isoDateTime, nairaAmount, pinSchema } from './primitives';

const limitKind = z.enum(LIMIT_KINDS, { error: `Limit kind must be one of ${LIMIT_KINDS.join(', ')}` });
const limitPeriod = z.enum(LIMIT_PERIODS, { error: `Limit period must be one of ${LIMIT_PERIODS.join(', ')}` });
const breakOption = z.enum(Object.keys(BREAK_OPTIONS) as [keyof typeof BREAK_OPTIONS], {
  error: `A break lasts ${Object.keys(BREAK_OPTIONS).join(', ')}`,
});
const exclusionOption = z.enum(Object.keys(EXCLUSION_OPTIONS) as [keyof typeof EXCLUSION_OPTIONS], {
  error: `A self-exclusion lasts ${Object.keys(EXCLUSION_OPTIONS).join(', ')}`,
});

/** Set one limit: a naira amount, or null for no limit (a raise or a removal waits 24 hours). */
export const setLimitRequestSchema = z.object({ kind: limitKind, period: limitPeriod, amount: z.nullable(nairaAmount) });

/** Start a break or a self-exclusion; the PIN confirms it, since neither can be undone. */
export const pauseRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('break'), duration: breakOption, pin: pinSchema }),
    z.object({ kind: z.literal('exclusion'), duration: exclusionOption, pin: pinSchema }),
  ],
  { error: "kind must be 'break' or 'exclusion'" },
);

/** Ask before paying at the gateway whether a top-up of `amount` is allowed (limits, a break). */
export const topupCheckRequestSchema = z.object({ amount: nairaAmount });

export const limitStateSchema = z.object({
  kind: limitKind,
  period: limitPeriod,
  /** Naira in force, null for none. */
  amount: z.nullable(z.number().check(z.nonnegative())),
  /** A raise (or removal) waiting for its 24 hours. */
  pending: z.nullable(z.object({ amount: z.nullable(z.number().check(z.nonnegative())), effective_at: isoDateTime })),
  /** Naira used in the period so far. */
  used: z.number().check(z.nonnegative()),
});
export type LimitState = z.infer<typeof limitStateSchema>;

export const saferPlayStateSchema = z.object({
  limits: z.array(limitStateSchema),
  pause: z.nullable(z.object({ kind: z.enum(['break', 'exclusion']), until: isoDateTime })),
});
export type SaferPlayState = z.infer<typeof saferPlayStateSchema>;
