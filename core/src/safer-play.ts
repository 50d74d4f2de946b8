/**
 * Safer play (ADR 0019): limits a user sets on deposits and spending, a break, and self-exclusion.
 * Pure rules shared by the provider, which enforces them, and the web app, which explains them.
 *
 * - Limits per kind (deposit: top-ups; spend: paid codes and pot joins) and period: a day is the
 *   calendar day in Lagos (WAT, UTC+1, no daylight saving), a week the last 7 such days and a month
 *   the last 30, today included.
 * - Lowering a limit (or setting one where there was none) takes effect at once; raising or removing
 *   one only after 24 hours, so a limit cannot be undone in the heat of a losing run.
 * - A break (24 hours to 6 weeks) or a self-exclusion (6 months to 5 years) closes money features
 *   and signals until it ends; withdrawals stay open, so money is never trapped. Neither can be
 *   shortened, by the user or an operator.
 */
import { addKobo, formatNaira } from './money';

export const LIMIT_KINDS = ['deposit', 'spend'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Calendar days each period covers, today included. */
export const PERIOD_DAYS: Record<LimitPeriod, number> = { day: 1, week: 7, month: 30 };
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Lagos is UTC+1 all year. */
const LAGOS_OFFSET_MS = HOUR;

export const BREAK_OPTIONS = {
  '24h': { label: '24 hours', ms: DAY },
  '7d': { label: '7 days', ms: 7 * DAY },
  '30d': { label: '30 days', ms: 30 * DAY },
  '6w': { label: '6 weeks', ms: 42 * DAY },
} as const;
export type BreakOption = keyof typeof BREAK_OPTIONS;

export const EXCLUSION_OPTIONS = {
  '6m': { label: '6 months', months: 6 },
  '1y': { label: '1 year', months: 12 },
  '2y': { label: '2 years', months: 24 },
  '5y': { label: '5 years', months: 60 },
} as const;
export type ExclusionOption = keyof typeof EXCLUSION_OPTIONS;

export type PauseKind = 'break' | 'exclusion';

/** When a break or exclusion chosen at `now` ends (an exclusion by calendar months, in UTC). */
export function pauseEnd(
  choice: { kind: 'break'; option: BreakOption } | { kind: 'exclusion'; option: ExclusionOption },
  now: number,
): number {
  if (choice.kind === 'break') return now + BREAK_OPTIONS[choice.option].ms;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + EXCLUSION_OPTIONS[choice.option].months);
  return end.getTime();
}

/** The Lagos calendar day of an instant, as YYYY-MM-DD: the key of a day's usage. */
export function lagosDay(epochMs: number): string {
  return new Date(epochMs + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day keys a period covers at `now`, today first. */
export function periodDays(period: LimitPeriod, now: number): string[] {
  return Array.from({ length: PERIOD_DAYS[period] }, (_, i) => lagosDay(now - i * DAY));
}

/** Kobo used per Lagos day, for one kind. */
export type DailyUsage = Readonly<Record<string, number>>;

export function usedInPeriod(usage: DailyUsage, period: LimitPeriod, now: number): number {
  return addKobo(0, ...periodDays(period, now).map((day) => usage[day] ?? 0));
}

/** Only the days the longest period still covers: what is worth keeping. */
export function pruneUsage(usage: DailyUsage, now: number): Record<string, number> {
  const keep = new Set(periodDays('month', now));
  return Object.fromEntries(Object.entries(usage).filter(([day]) => keep.has(day)));
}

/** A limit as stored: the amount in force (null: none) and a raise waiting for its 24 hours. */
export interface LimitSetting {
  amount_kobo: number | null;
  pending: { amount_kobo: number | null; effective_at: number } | null;
}

export const NO_LIMIT: LimitSetting = { amount_kobo: null, pending: null };

/** The setting as it stands at `now`: a raise whose 24 hours have passed is in force. */
export function limitAt(setting: LimitSetting, now: number): LimitSetting {
  if (setting.pending && setting.pending.effective_at <= now) return { amount_kobo: setting.pending.amount_kobo, pending: null };
  return setting;
}

/** True when `next` is a lower limit than `current` (any limit is lower than none). */
function isLower(next: number | null, current: number | null): boolean {
  if (next === null) return false;
  return current === null || next < current;
}

/**
 * A change the user asks for at `now`: a lower limit applies at once and drops any waiting raise; a
 * higher one (or none) waits 24 hours; asking for the limit in force drops a waiting raise.
 */
export function changeLimit(setting: LimitSetting, requested: number | null, now: number): LimitSetting {
  const current = limitAt(setting, now);
  if (requested === current.amount_kobo) return { amount_kobo: current.amount_kobo, pending: null };
  if (isLower(requested, current.amount_kobo)) return { amount_kobo: requested, pending: null };
  return { amount_kobo: current.amount_kobo, pending: { amount_kobo: requested, effective_at: now + LIMIT_RAISE_DELAY_MS } };
}

const PERIOD_WORD: Record<LimitPeriod, { adjective: string; left: string }> = {
  day: { adjective: 'daily', left: 'today' },
  week: { adjective: 'weekly', left: 'this week' },
  month: { adjective: 'monthly', left: 'this month' },
};
const KIND_WORD: Record<LimitKind, string> = { deposit: 'deposit', spend: 'spending' };

/**
 * The first limit `amountKobo` would pass, as the message the user sees, or null when every limit
 * allows it. `limits` are the settings in force; `usage` the kind's daily usage.
 */
export function limitRefusal(
  kind: LimitKind,
  amountKobo: number,
  limits: Readonly<Record<LimitPeriod, LimitSetting>>,
  usage: DailyUsage,
  now: number,
): string | null {
  for (const period of LIMIT_PERIODS) {
    const limit = limitAt(limits[period], now).amount_kobo;
    if (limit === null) continue;
    const used = usedInPeriod(usage, period, now);
    if (addKobo(used, amountKobo) > limit) {
      const left = Math.max(0, limit - used);
      return `This would take you past your ${PERIOD_WORD[period].adjective} ${KIND_WORD[kind]} limit of ${formatNaira(limit)} (${formatNaira(left)} left ${PERIOD_WORD[period].left}).`;
    }
  }
  return null;
}

/** What a paused user is told when a money feature or the signals are closed. */
export function pauseMessage(kind: PauseKind, until: number): string {
  // The day in Lagos, like every date the app shows (issue 34 point 7).
  const date = lagosDay(until);
  const what = kind === 'break' ? `You are taking a break until ${date}` : `You have excluded yourself until ${date}`;
  return `${what}. Top-ups, betting codes, pots and signals are closed until then; you can still withdraw your money.`;
}

/**
 * The notifications a user still sees during a break or self-exclusion (ADR 0025): their own money
 * going out or coming back (a withdrawal and its outcome, a refund, a pot paid out to them, a payment
 * they made before the pause being credited) and the pause itself. Everything else (a referral
 * bonus, a code sale's escrow released, a subscription reminder) waits until the pause ends.
 */
export const NOTIFICATIONS_DURING_PAUSE: ReadonlySet<string> = new Set([
  'WITHDRAWAL',
  'WITHDRAWAL_SUCCESS',
  'WITHDRAWAL_REVERSED',
  'REFUND',
  'POT_PAYOUT',
  'FUNDING',
  'SAFER_PLAY',
]);

/** True when a notification of `type` is shown to a user on a break or self-excluded. */
export function shownDuringPause(type: string): boolean {
  return NOTIFICATIONS_DURING_PAUSE.has(type);
}
