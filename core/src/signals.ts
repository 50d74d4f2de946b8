/**
 * Over 4.5 signal feed rules (SPEC sections 2 'Signal page', 3 'Signal', 4 and 9).
 *
 * Pure data and functions: no Firebase, no DOM. Amounts are kobo (see money.ts).
 */
import { formatNaira, nairaToKobo } from './money';

/** Categories a reader picks in the selector (SPEC section 2), in display order. */
export const SIGNAL_CATEGORIES = ['A', 'B', 'C', 'C Sub'] as const;
export type SignalCategory = (typeof SIGNAL_CATEGORIES)[number];

/**
 * Target groups a poster picks (SPEC section 9). Note the lower-case 's' in 'C sub', copied from
 * SPEC; it is the value stored in a signal document's `group`. Use `signalMatchesCategory` to
 * compare with a reader's category.
 */
export const SIGNAL_TARGET_GROUPS = ['A', 'B', 'C', 'C sub'] as const;
export type SignalTargetGroup = (typeof SIGNAL_TARGET_GROUPS)[number];

/** The 30-step stake ladder in naira, first to 30th (SPEC section 9). */
export const STAKE_LADDER_NAIRA = [
  100, 120, 145, 175, 210, 250, 300, 360, 435, 520, 625, 750, 900, 1080, 1300, 1560, 1870, 2240, 2690, 3230, 3870, 4650, 5570,
  6690, 8030, 9630, 11560, 13870, 16640, 19970,
] as const;

/** The same ladder in kobo. */
export const STAKE_LADDER_KOBO: readonly number[] = STAKE_LADDER_NAIRA.map((naira) => nairaToKobo(naira));

export interface SignalGroup {
  readonly category: SignalCategory;
  /** Smallest capital the group is meant for, in kobo. */
  readonly minCapitalKobo: number;
  /** Upper bound of the capital range, in kobo; null when open-ended. Only C Sub has one (₦20,000). */
  readonly maxCapitalKobo: number | null;
  /** The group's stakes in kobo, first to last. */
  readonly stakesKobo: readonly number[];
  /** Minimum target in kobo: ₦500, and ₦200 for C Sub. */
  readonly minTargetKobo: number;
}

/**
 * Signal groups (SPEC section 9):
 * - A: ₦120,000, the whole ladder (30 stakes).
 * - B: ₦48,000, the first 25 stakes.
 * - C: ₦20,000, the first 20 stakes.
 * - C Sub: ₦5,000 to ₦20,000, 4 stakes of ₦100 each.
 * Minimum target ₦500 per group, ₦200 for C Sub.
 */
export const SIGNAL_GROUPS: readonly SignalGroup[] = [
  {
    category: 'A',
    minCapitalKobo: nairaToKobo(120_000),
    maxCapitalKobo: null,
    stakesKobo: STAKE_LADDER_KOBO.slice(0, 30),
    minTargetKobo: nairaToKobo(500),
  },
  {
    category: 'B',
    minCapitalKobo: nairaToKobo(48_000),
    maxCapitalKobo: null,
    stakesKobo: STAKE_LADDER_KOBO.slice(0, 25),
    minTargetKobo: nairaToKobo(500),
  },
  {
    category: 'C',
    minCapitalKobo: nairaToKobo(20_000),
    maxCapitalKobo: null,
    stakesKobo: STAKE_LADDER_KOBO.slice(0, 20),
    minTargetKobo: nairaToKobo(500),
  },
  {
    category: 'C Sub',
    minCapitalKobo: nairaToKobo(5_000),
    maxCapitalKobo: nairaToKobo(20_000),
    stakesKobo: [nairaToKobo(100), nairaToKobo(100), nairaToKobo(100), nairaToKobo(100)],
    minTargetKobo: nairaToKobo(200),
  },
];

/** The group of a category. */
export function signalGroup(category: SignalCategory): SignalGroup {
  const group = SIGNAL_GROUPS.find((g) => g.category === category);
  /* v8 ignore next -- SIGNAL_GROUPS covers every SignalCategory */
  if (!group) throw new Error(`Unknown signal category: ${String(category)}`);
  return group;
}

export interface StakeTableRow {
  /** 1-based step number. */
  readonly step: number;
  readonly stakeKobo: number;
  /** Display form, e.g. '₦1,080'. */
  readonly stake: string;
}

/** The stake table of the right panel for one category. */
export function stakeTable(category: SignalCategory): StakeTableRow[] {
  return signalGroup(category).stakesKobo.map((stakeKobo, i) => ({ step: i + 1, stakeKobo, stake: formatNaira(stakeKobo) }));
}

/** Display text of a group's capital: '₦120,000' or '₦5,000 - ₦20,000'. */
export function capitalRangeLabel(category: SignalCategory): string {
  const g = signalGroup(category);
  return g.maxCapitalKobo === null
    ? formatNaira(g.minCapitalKobo)
    : `${formatNaira(g.minCapitalKobo)} - ${formatNaira(g.maxCapitalKobo)}`;
}

/** True when a signal posted to `group` belongs to the reader's `category` ('C sub' matches 'C Sub'). */
export function signalMatchesCategory(group: string, category: SignalCategory): boolean {
  return group.trim().toLowerCase() === category.toLowerCase();
}

/** The title of a Stop Trading signal, whose message is 'All category can stop trading now' (SPEC section 9). */
export const STOP_TRADING_TITLE = 'Stop Trading';

/** True for a signal meant for every category whatever group it was posted to: Stop Trading (issue 34). */
export function isSignalForEveryCategory(signal: { title: string }): boolean {
  return signal.title === STOP_TRADING_TITLE;
}

/** True when a reader of `category` gets `signal`: one posted to their group, or a Stop Trading to any group. */
export function signalReachesCategory(signal: { group: string; title: string }, category: SignalCategory): boolean {
  return isSignalForEveryCategory(signal) || signalMatchesCategory(signal.group, category);
}

/** Who a signal is for, as the feed and its notifications say it: 'Group B', or 'All groups' for a Stop Trading. */
export function signalAudienceLabel(signal: { group: string; title: string }): string {
  return isSignalForEveryCategory(signal) ? 'All groups' : `Group ${signal.group}`;
}

/**
 * The signals a viewer sees: everything when `category` is null (posters, who see the whole feed),
 * otherwise the signals posted to that category and every Stop Trading ('All category can stop trading
 * now', whatever group it was posted to). Order is kept.
 */
export function signalsForCategory<T extends { group: string; title: string }>(
  signals: readonly T[],
  category: SignalCategory | null,
): T[] {
  return category === null ? [...signals] : signals.filter((s) => signalReachesCategory(s, category));
}

/** Posting statuses with their title (status label) and message (SPEC section 9), in display order. */
export const SIGNAL_POST_STATUSES = [
  { id: 'pre-signal', label: 'Pre-signal', message: 'ready to trade' },
  { id: 'start', label: 'Start Trading', message: 'start trading' },
  { id: 'stop', label: 'Stop Trading', message: 'All category can stop trading now' },
  { id: 'boom', label: 'Boom', message: 'Boom, game played' },
] as const;
export type SignalPostStatusId = (typeof SIGNAL_POST_STATUSES)[number]['id'];

/** The document status every posted signal carries. */
export const SIGNAL_DOCUMENT_STATUS = 'Active';

/**
 * What a poster writes to the 'signal' collection, minus `timestamp`: the caller adds the server
 * time (serverTimestamp()), so this module stays free of Firebase.
 */
export interface SignalDocumentDraft {
  readonly title: string;
  readonly details: string;
  readonly group: SignalTargetGroup;
  readonly status: typeof SIGNAL_DOCUMENT_STATUS;
  /** ISO 8601 time of creation on the poster's clock. */
  readonly created_at: string;
}

export class SignalInputError extends Error {
  override readonly name = 'SignalInputError';
}

function isTargetGroup(value: string): value is SignalTargetGroup {
  return (SIGNAL_TARGET_GROUPS as readonly string[]).includes(value);
}

/**
 * Builds the signal document a poster creates: title = status label, details = its message.
 * Throws a SignalInputError for an unknown status or group (never writes a half-valid document).
 */
export function buildSignalDocument(input: { status: string; group: string; createdAt: Date }): SignalDocumentDraft {
  const status = SIGNAL_POST_STATUSES.find((s) => s.id === input.status || s.label === input.status);
  if (!status) throw new SignalInputError(`Unknown signal status: ${input.status}`);
  if (!isTargetGroup(input.group)) throw new SignalInputError(`Unknown signal group: ${input.group}`);
  if (Number.isNaN(input.createdAt.getTime())) throw new SignalInputError('createdAt must be a valid date');
  return {
    title: status.label,
    details: status.message,
    group: input.group,
    status: SIGNAL_DOCUMENT_STATUS,
    created_at: input.createdAt.toISOString(),
  };
}

/** Empty state of the feed. */
export const SIGNAL_EMPTY_STATE = 'Waiting for signal...';
/** Toast after a signal is posted. */
export const SIGNAL_POST_SUCCESS = 'Message sent successfully';
/** Toast after Clear Signals / Clear Games succeeds. */
export const CLEAR_DOCUMENTS_SUCCESS = 'All documents successfully deleted!';
/** Prefix of the toast when clearing fails; the error text follows it. */
export const CLEAR_DOCUMENTS_FAILURE_PREFIX = 'Error deleting documents: ';

/** 'Error deleting documents: <reason>'. */
export function clearDocumentsFailureMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `${CLEAR_DOCUMENTS_FAILURE_PREFIX}${reason}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Nigeria is UTC+1 all year (no daylight saving), so dates are computed at a fixed offset. */
const LAGOS_OFFSET_MS = HOUR;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Timestamp wording of a signal, a pure function of the current time and the signal's time
 * (Date or epoch milliseconds):
 * - under 60 seconds old (or in the future, i.e. clock skew): 'now'
 * - under 60 minutes: whole minutes, '1m' ... '59m'
 * - under 24 hours: whole hours, '1h' ... '23h'
 * - under 48 hours: 'yesterday'
 * - older: the date in Lagos time, '20 Nov', with the year when it differs from now's year: '20 Nov 2025'.
 * Units are floored (59.9 minutes is '59m'). A `then` of null or undefined is a server timestamp
 * still pending for a document just written on this client, so it reads 'now'. Returns '' when
 * either time is invalid (NaN, an invalid Date), never 'NaN'.
 */
export function formatSignalTime(now: Date | number, then: Date | number | null | undefined): string {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (then === null || then === undefined) return Number.isFinite(nowMs) ? 'now' : '';
  const thenMs = typeof then === 'number' ? then : then.getTime();
  if (!Number.isFinite(nowMs) || !Number.isFinite(thenMs)) return '';
  const elapsed = nowMs - thenMs;
  if (elapsed < MINUTE) return 'now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 2 * DAY) return 'yesterday';
  const thenLagos = new Date(thenMs + LAGOS_OFFSET_MS);
  const nowLagos = new Date(nowMs + LAGOS_OFFSET_MS);
  const dayMonth = `${thenLagos.getUTCDate()} ${MONTHS[thenLagos.getUTCMonth()] ?? ''}`;
  return thenLagos.getUTCFullYear() === nowLagos.getUTCFullYear() ? dayMonth : `${dayMonth} ${thenLagos.getUTCFullYear()}`;
}
