/**
 * The analyst's date filter on the wire and the league clock it needs (GET /games's `date` and `round`), apart
 * from ./analyst: the API contract (./api/analyst) validates with these, and a module the contract imports is
 * loaded by every screen that parses an answer, where the whole analyst (teams, generator, figures) is not.
 */

/** Lagos is UTC+1 all year. */
export const LAGOS_OFFSET_MS = 3_600_000;

/** Epoch milliseconds of Lagos midnight starting a 'YYYY-MM-DD' day; null when not a real date. */
export function lagosMidnight(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return utc - LAGOS_OFFSET_MS;
}

/** Default time of the date filter: 18:36. */
export const DEFAULT_FILTER_TIME = { hour: 18, minute: 36 } as const;

/** Minutes between two rounds of the virtual league; the first round of a day kicks off at 00:00 Lagos. */
export const ROUND_INTERVAL_MINUTES = 5;
export const ROUNDS_PER_DAY = (24 * 60) / ROUND_INTERVAL_MINUTES;

export interface DateFilter {
  /** Lagos calendar day, 'YYYY-MM-DD'. */
  readonly date: string;
  readonly hour: number;
  readonly minute: number;
}

/**
 * GET /games carries the date filter in `date`: a day ('2026-11-22', time 18:36) or a day and time
 * ('2026-11-22T18:36', Lagos time). Null when it is neither or not a real day and time.
 */
export function parseDateFilter(value: string): DateFilter | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (!m?.[1] || lagosMidnight(m[1]) === null) return null;
  const hour = m[2] === undefined ? DEFAULT_FILTER_TIME.hour : Number(m[2]);
  const minute = m[3] === undefined ? DEFAULT_FILTER_TIME.minute : Number(m[3]);
  if (hour > 23 || minute > 59) return null;
  return { date: m[1], hour, minute };
}
