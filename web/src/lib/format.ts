/** Display helpers over core/money: the API speaks naira, the UI shows whole naira ('₦12,346'). */
import { formatNaira, nairaToKobo } from '@punter/core/money';

/** Formats a naira amount from the API; anything unusable shows as '₦0'. */
export function formatApiNaira(naira: number): string {
  if (!Number.isFinite(naira)) return formatNaira(0);
  const negative = naira < 0;
  try {
    // The API sends at most 2 decimals; the rounding only guards against float noise.
    const kobo = nairaToKobo(Math.round(Math.abs(naira) * 100) / 100);
    return negative ? `-${formatNaira(kobo)}` : formatNaira(kobo);
  } catch {
    return formatNaira(0);
  }
}

/**
 * Dates by hand, in the words Intl.DateTimeFormat('en-NG') uses ('25 Dec 2026', '25 Dec 2026, 14:05';
 * format.test.ts checks them against Intl). Creating the first Intl date format loads the browser's locale
 * data, about 160 ms of main-thread work at 4x CPU slowdown, paid right before /dashboard's first paint
 * (the subscription line shows a day). Written out, the same text costs nothing, and it is the same on
 * every phone, whatever its browser's locale data.
 *
 * Every date the app shows is in one time zone, Africa/Lagos (issue 34 point 7): a pot's 'Starts On' and the
 * console's 'Trading at' name the same day whatever the phone's or the operator's time zone. Lagos is UTC+1
 * all year (West Africa Time, no daylight saving), so the parts are read in UTC from the moment plus an hour.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Lagos is UTC+1 all year (West Africa Time, no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The moment shifted so that its UTC parts are Lagos wall-clock parts. */
const lagosParts = (epochMs: number) => new Date(epochMs + LAGOS_OFFSET_MS);

function dayText(lagos: Date): string {
  return `${lagos.getUTCDate()} ${MONTHS[lagos.getUTCMonth()]} ${lagos.getUTCFullYear()}`;
}

function parseDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '25 Dec 2026, 14:05' in Lagos time (24-hour clock), wherever the phone is; '' for a missing or unusable date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parseDate(iso);
  if (!date) return '';
  const lagos = lagosParts(date.getTime());
  return `${dayText(lagos)}, ${pad2(lagos.getUTCHours())}:${pad2(lagos.getUTCMinutes())}`;
}

/** '25 Dec 2026' in Lagos time, wherever the phone is; '' for a missing or unusable date. */
export function formatDay(iso: string | null | undefined): string {
  const date = parseDate(iso);
  return date ? dayText(lagosParts(date.getTime())) : '';
}

/** '24 Dec 2026': the day of `epochMs` in Lagos time, wherever the phone is. */
export function formatLagosDay(epochMs: number): string {
  return dayText(lagosParts(epochMs));
}

/** '25 Dec 2026, 14:05': the moment `iso` in Lagos time (24-hour clock), wherever the phone is; '' if unusable. */
export function formatLagosDateTime(iso: string | null | undefined): string {
  return formatDateTime(iso);
}

/** '2026-12-25': the Lagos calendar day of `epochMs` (ISO order, for sentences that name a day). */
export function formatLagosIsoDay(epochMs: number): string {
  const lagos = lagosParts(epochMs);
  return `${lagos.getUTCFullYear()}-${pad2(lagos.getUTCMonth() + 1)}-${pad2(lagos.getUTCDate())}`;
}

/** The year in Lagos now (the footer's copyright line). */
export function lagosYear(epochMs: number = Date.now()): number {
  return lagosParts(epochMs).getUTCFullYear();
}

/** An ISO moment as a datetime-local input shows it, in Lagos wall-clock time ('2026-12-25T14:05'); '' if unusable. */
export function toLagosInput(iso: string | null | undefined): string {
  const date = parseDate(iso);
  if (!date) return '';
  const lagos = lagosParts(date.getTime());
  return `${formatLagosIsoDay(date.getTime())}T${pad2(lagos.getUTCHours())}:${pad2(lagos.getUTCMinutes())}`;
}

/** A datetime-local value read as Lagos wall-clock time, as an ISO moment; the text itself if it is not one. */
export function fromLagosInput(local: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/.exec(local);
  if (!match) return local;
  const ms = Date.parse(`${match[1]}${match[2] ?? ':00'}+01:00`);
  return Number.isNaN(ms) ? local : new Date(ms).toISOString();
}
