/**
 * The one money module. Inside the system every amount is an integer number of kobo
 * (1 naira = 100 kobo). The provider API speaks naira (SPEC section 7); the UI shows whole
 * naira with thousands separators and the naira sign (SPEC section 5, 'Stake formula').
 *
 * All arithmetic on amounts goes through here so that no float ever touches a balance.
 */

export const KOBO_PER_NAIRA = 100;
/** Largest amount the system accepts anywhere: ₦1,000,000,000,000 (well inside 2^53 kobo). */
export const MAX_KOBO = 100_000_000_000_000;
export const NAIRA_SIGN = '₦';

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

/** True when `value` is a whole, non-negative number of kobo within MAX_KOBO. */
export function isKobo(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_KOBO;
}

/** Throws a MoneyError unless `value` is a valid kobo amount. */
export function assertKobo(value: unknown, what = 'amount'): asserts value is number {
  if (!isKobo(value)) throw new MoneyError(`${what} must be a whole number of kobo between 0 and ${MAX_KOBO}`);
}

/**
 * Converts a naira amount as the API speaks it (a number with at most 2 decimals) to kobo.
 * Refuses NaN, Infinity, negatives, more than 2 decimals and amounts above MAX_KOBO.
 */
export function nairaToKobo(naira: number): number {
  if (!Number.isFinite(naira)) throw new MoneyError('amount must be a finite number');
  if (naira < 0) throw new MoneyError('amount must not be negative');
  // Go through the shortest decimal representation so 0.1 + 0.2 style noise cannot leak in.
  const kobo = decimalToMinor(String(naira));
  if (kobo === null) throw new MoneyError('amount must have at most 2 decimal places');
  assertKobo(kobo);
  return kobo;
}

/** Kobo to naira for the API (may carry up to 2 decimals). */
export function koboToNaira(kobo: number): number {
  assertKobo(kobo);
  return kobo / KOBO_PER_NAIRA;
}

/** Rounds kobo to whole naira, halves away from zero (₦12,345.50 -> ₦12,346). */
export function roundToWholeNaira(kobo: number): number {
  if (!Number.isSafeInteger(kobo)) throw new MoneyError('amount must be a whole number of kobo');
  const sign = kobo < 0 ? -1 : 1;
  const abs = Math.abs(kobo);
  const whole = Math.floor(abs / KOBO_PER_NAIRA);
  const rest = abs % KOBO_PER_NAIRA;
  return sign * (rest * 2 >= KOBO_PER_NAIRA ? whole + 1 : whole);
}

/** Groups digits in threes with commas: 1234567 -> '1,234,567'. */
export function groupThousands(whole: number): string {
  const digits = String(Math.abs(whole));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}

/** Display form: whole naira, thousands separators, naira sign. 1234550 kobo -> '₦12,346'. */
export function formatNaira(kobo: number): string {
  const whole = roundToWholeNaira(kobo);
  return whole < 0 ? `-${NAIRA_SIGN}${groupThousands(-whole)}` : `${NAIRA_SIGN}${groupThousands(whole)}`;
}

export type ParseResult = { ok: true; kobo: number } | { ok: false; error: string };

/**
 * Parses what a user typed into an amount field: optional naira sign, spaces, thousands commas,
 * at most 2 decimals. '₦10,000', '10000', ' 2,500.5 ' are accepted; '', 'abc', '-5', '1.234' are not.
 */
export function parseNairaInput(text: string): ParseResult {
  const cleaned = text.trim().replace(/^₦\s*/, '').replace(/^NGN\s*/i, '').trim();
  if (cleaned === '') return { ok: false, error: 'Enter an amount' };
  if (cleaned.startsWith('-')) return { ok: false, error: 'Amount cannot be negative' };
  const commaFree = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(cleaned) ? cleaned.replace(/,/g, '') : cleaned;
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(commaFree)) return { ok: false, error: 'Enter a valid amount in naira' };
  const kobo = decimalToMinor(commaFree);
  if (kobo === null) return { ok: false, error: 'Amount can have at most 2 decimal places' };
  if (kobo > MAX_KOBO) return { ok: false, error: 'Amount is too large' };
  return { ok: true, kobo };
}

/** Sum of kobo amounts; refuses non-integers and overflow past MAX_KOBO. */
export function addKobo(...amounts: number[]): number {
  let total = 0;
  for (const amount of amounts) {
    assertKobo(amount);
    total += amount;
  }
  assertKobo(total, 'total');
  return total;
}

/** a - b, refusing a negative result: a balance never goes below zero. */
export function subtractKobo(a: number, b: number): number {
  assertKobo(a);
  assertKobo(b);
  if (b > a) throw new MoneyError('result would be negative');
  return a - b;
}

/**
 * `percent` % of an amount, exact for percentages with up to 4 decimals (2.5, 0.015, 33.3333),
 * rounded half up to the kobo. Uses BigInt so large amounts cannot lose precision.
 */
export function percentOfKobo(kobo: number, percent: number): number {
  assertKobo(kobo);
  const scaled = percentToMillionths(percent);
  const numerator = BigInt(kobo) * BigInt(scaled);
  const denominator = 100_000_000n; // percent (x100) in millionths (x1,000,000)
  const result = (numerator * 2n + denominator) / (denominator * 2n);
  const asNumber = Number(result);
  assertKobo(asNumber, 'result');
  return asNumber;
}

/** What percentage `part` is of `whole`, as a number, rounded to `decimals` places. */
export function ratioPercent(part: number, whole: number, decimals = 2): number {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole)) {
    throw new MoneyError('amounts must be whole numbers of kobo');
  }
  if (whole === 0) throw new MoneyError('cannot take a percentage of zero');
  const factor = 10 ** decimals;
  // Integer arithmetic first, one division at the end.
  return Math.round((part * 100 * factor) / whole) / factor;
}

/** Splits an amount into `parts` portions that differ by at most one kobo and sum exactly. */
export function splitKobo(kobo: number, parts: number): number[] {
  assertKobo(kobo);
  if (!Number.isSafeInteger(parts) || parts < 1) throw new MoneyError('parts must be a positive whole number');
  const base = Math.floor(kobo / parts);
  const remainder = kobo % parts;
  return Array.from({ length: parts }, (_, i) => (i < remainder ? base + 1 : base));
}

function percentToMillionths(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0) throw new MoneyError('percent must be a non-negative number');
  const millionths = Math.round(percent * 1_000_000);
  if (Math.abs(millionths - percent * 1_000_000) > 1e-6 * Math.max(1, percent)) {
    throw new MoneyError('percent has too many decimal places');
  }
  return millionths;
}

/** '12.5' -> 1250 (minor units, 2 decimals); null when more than 2 decimals are given. */
function decimalToMinor(text: string): number | null {
  let normalized = text;
  if (/e/i.test(normalized)) {
    const n = Number(normalized);
    if (!Number.isFinite(n)) return null;
    normalized = n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  }
  const [whole = '0', fraction = ''] = normalized.split('.');
  if (fraction.replace(/0+$/, '').length > 2) return null;
  const minor = Number(whole === '' ? '0' : whole) * KOBO_PER_NAIRA + Number((fraction + '00').slice(0, 2));
  return Number.isSafeInteger(minor) ? minor : null;
}
