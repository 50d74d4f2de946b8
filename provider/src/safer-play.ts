/**
 * Safer play (ADR 0019): the limits a user sets on deposits and spending, a break and self-exclusion,
 * enforced here, not only on the screen. The rules themselves are core's (core/src/safer-play.ts).
 *
 * - Spending (a paid code, a pot join) is checked and counted inside the money transaction, from the
 *   user's guard document read in it, so two purchases at once cannot both pass a limit.
 * - A deposit is checked before the user pays at the gateway (topupCheck, which the web calls before
 *   the checkout opens), and again in the transaction that credits the payment, which counts it. A payment
 *   that no longer fits then (several paid at once, a late verification, a pause started meanwhile) is
 *   held and refunded to the gateway, never credited (wallet/funding.ts, issue 31).
 * - A break or self-exclusion closes top-ups, betting codes, pot joins, the subscription and (through
 *   the permissions document and the rules) the signal feed. Withdrawals stay open. Nothing shortens
 *   one: a new choice can only end later.
 */
import type { LimitState, SaferPlayState } from '@punter/core/api/safer-play';
import { pauseRequestSchema, setLimitRequestSchema, topupCheckRequestSchema } from '@punter/core/api/safer-play';
import { addKobo, koboToNaira, nairaToKobo } from '@punter/core/money';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  NO_LIMIT,
  changeLimit,
  lagosDay,
  limitAt,
  limitRefusal,
  pauseEnd,
  pauseMessage,
  pruneUsage,
  usedInPeriod,
  type LimitKind,
} from '@punter/core/safer-play';
import type { Accounts } from './accounts';
import { playGuards, users, type PlayGuardDoc } from './collections';
import { notify, writePermissions, type ProviderDeps, type UserDoc } from './context';
import { badRequest, notFound, ok, parseBody, type ProviderResponse } from './http';
import type { Tx } from './store';

const emptyGuard = (): PlayGuardDoc => ({
  limits: {
    deposit: { day: NO_LIMIT, week: NO_LIMIT, month: NO_LIMIT },
    spend: { day: NO_LIMIT, week: NO_LIMIT, month: NO_LIMIT },
  },
  usage: { deposit: {}, spend: {} },
  updated_at: 0,
});

type GuardReader = Parameters<typeof playGuards.get>[0];

/** The user's guard (limits and usage); read it in a money transaction before the transaction's first write. */
export async function readPlayGuard(from: GuardReader, userId: string): Promise<PlayGuardDoc> {
  return (await playGuards.get(from, userId)) ?? emptyGuard();
}

/** The active break or self-exclusion of a user at `now`, or null. */
export function activePause(user: Pick<UserDoc, 'paused_until' | 'pause_kind'>, now: number) {
  const until = user.paused_until ?? null;
  if (until === null || until <= now) return null;
  return { kind: user.pause_kind ?? 'break', until };
}

/** Refuses a money feature (not a withdrawal) while the user is on a break or self-excluded. */
export function assertNotPaused(user: Pick<UserDoc, 'paused_until' | 'pause_kind'>, now: number): void {
  const pause = activePause(user, now);
  if (pause) throw badRequest(pauseMessage(pause.kind, pause.until));
}

/** Refuses an amount that would pass one of the user's limits of this kind, with the limit's message. */
export function assertWithinLimits(guard: PlayGuardDoc, kind: LimitKind, amountKobo: number, now: number): void {
  const refusal = limitRefusal(kind, amountKobo, guard.limits[kind], guard.usage[kind], now);
  if (refusal) throw badRequest(refusal);
}

/** Counts `amountKobo` against today's usage, in the transaction that moves the money. */
export function recordUsage(tx: Tx, userId: string, guard: PlayGuardDoc, kind: LimitKind, amountKobo: number, now: number): void {
  const day = lagosDay(now);
  const usage = pruneUsage(guard.usage[kind], now);
  usage[day] = addKobo(usage[day] ?? 0, amountKobo);
  playGuards.set(tx, userId, { ...guard, usage: { ...guard.usage, [kind]: usage }, updated_at: now });
}

/** What the user (and, read-only, the console) sees of their safer play. */
export function stateView(user: UserDoc, guard: PlayGuardDoc, now: number): SaferPlayState {
  const limits: LimitState[] = [];
  for (const kind of LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      const setting = limitAt(guard.limits[kind][period], now);
      limits.push({
        kind,
        period,
        amount: setting.amount_kobo === null ? null : koboToNaira(setting.amount_kobo),
        pending: setting.pending
          ? {
              amount: setting.pending.amount_kobo === null ? null : koboToNaira(setting.pending.amount_kobo),
              effective_at: new Date(setting.pending.effective_at).toISOString(),
            }
          : null,
        used: koboToNaira(usedInPeriod(guard.usage[kind], period, now)),
      });
    }
  }
  const pause = activePause(user, now);
  return { limits, pause: pause ? { kind: pause.kind, until: new Date(pause.until).toISOString() } : null };
}

export function createSaferPlay(deps: ProviderDeps, accounts: Accounts) {
  return {
    async state(user: UserDoc): Promise<ProviderResponse> {
      const guard = await readPlayGuard(deps.store, user.id);
      return ok({ message: 'Safer play settings', data: stateView(user, guard, deps.now()) });
    },

    async setLimit(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(setLimitRequestSchema, body);
      const requested = input.amount === null ? null : nairaToKobo(input.amount);
      const view = await deps.store.runTransaction(async (tx) => {
        const guard = await readPlayGuard(tx, user.id);
        const now = deps.now();
        const next: PlayGuardDoc = {
          ...guard,
          limits: {
            ...guard.limits,
            [input.kind]: {
              ...guard.limits[input.kind],
              [input.period]: changeLimit(guard.limits[input.kind][input.period], requested, now),
            },
          },
          updated_at: now,
        };
        playGuards.set(tx, user.id, next);
        return stateView(user, next, now);
      });
      const changed = view.limits.find((l) => l.kind === input.kind && l.period === input.period);
      const message = changed?.pending ? 'Your new limit takes effect in 24 hours' : 'Your limit is set';
      return ok({ message, data: view });
    },

    async pause(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(pauseRequestSchema, body);
      await accounts.checkPin(user.id, input.pin);
      const view = await deps.store.runTransaction(async (tx) => {
        const current = await users.get(tx, user.id);
        if (!current) throw notFound('Account not found');
        const guard = await readPlayGuard(tx, user.id);
        const now = deps.now();
        const chosen =
          input.kind === 'break'
            ? pauseEnd({ kind: 'break', option: input.duration }, now)
            : pauseEnd({ kind: 'exclusion', option: input.duration }, now);
        // Nothing shortens a pause: a choice that ends sooner than the one in force changes nothing.
        const running = activePause(current, now);
        const keep = running !== null && running.until >= chosen;
        const updated: UserDoc = keep ? current : { ...current, paused_until: chosen, pause_kind: input.kind };
        if (!keep) {
          users.update(tx, user.id, { paused_until: chosen, pause_kind: input.kind });
          // The rules close the signal feed from this document.
          writePermissions(deps, tx, user.id, updated);
          notify(deps, tx, user.id, 'SAFER_PLAY', { message: pauseMessage(input.kind, chosen) });
        }
        return stateView(updated, guard, now);
      });
      return ok({ message: 'Your choice is saved', data: view });
    },

    /** Before the checkout opens: the deposit limits and a pause, checked where the user cannot skip them. */
    async topupCheck(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(topupCheckRequestSchema, body);
      const now = deps.now();
      assertNotPaused(user, now);
      assertWithinLimits(await readPlayGuard(deps.store, user.id), 'deposit', nairaToKobo(input.amount), now);
      return ok({ message: 'You can top up this amount' });
    },
  };
}
