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

// Made on first use: the first Intl.DateTimeFormat loads the browser's locale data, about 100 ms of a cheap
// phone's CPU, which a screen that shows no date (/login) should not pay before its first paint.
let dateFormat: Intl.DateTimeFormat | undefined;
let dayFormat: Intl.DateTimeFormat | undefined;

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateFormat ??= new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(date);
}

export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dayFormat ??= new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });
  return dayFormat.format(date);
}
