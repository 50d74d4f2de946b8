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
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The parts of a moment, read in the browser's own time zone, or in UTC when `utc` (used for Lagos below). */
function dayText(date: Date, utc: boolean): string {
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  return `${day} ${MONTHS[month]} ${year}`;
}

function parseDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '25 Dec 2026, 14:05' in the browser's time zone (24-hour clock); '' for a missing or unusable date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parseDate(iso);
  if (!date) return '';
  return `${dayText(date, false)}, ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** '25 Dec 2026' in the browser's time zone; '' for a missing or unusable date. */
export function formatDay(iso: string | null | undefined): string {
  const date = parseDate(iso);
  return date ? dayText(date, false) : '';
}

/** Lagos is UTC+1 all year (West Africa Time, no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** '24 Dec 2026': the day of `epochMs` in Lagos time, wherever the phone is. */
export function formatLagosDay(epochMs: number): string {
  return dayText(new Date(epochMs + LAGOS_OFFSET_MS), true);
}

/** '25 Dec 2026, 14:05': the moment `iso` in Lagos time (24-hour clock), wherever the phone is; '' if unusable. */
export function formatLagosDateTime(iso: string | null | undefined): string {
  const date = parseDate(iso);
  if (!date) return '';
  const lagos = new Date(date.getTime() + LAGOS_OFFSET_MS);
  return `${dayText(lagos, true)}, ${pad2(lagos.getUTCHours())}:${pad2(lagos.getUTCMinutes())}`;
}
