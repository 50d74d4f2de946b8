/**
 * The one money module. Inside the system every amount is an integer number of kobo
 * (1 naira = 100 kobo). The provider API speaks naira (SPEC section 7); the UI shows whole
 * naira with thousands separators and the naira sign (SPEC section 5, 'Stake formula').
 *
 * All arithmetic on amounts goes through here so that no float ever touches a balance.
 * Functions throw a MoneyError on input they refuse (never return NaN or Infinity), except
 * parseNairaInput, which answers a result object because its input is whatever a user typed.
 */

export const KOBO_PER_NAIRA = 100;
/** Largest amount the system accepts anywhere: ₦1,000,000,000,000 (well inside 2^53 kobo). */
export const MAX_KOBO = 100_000_000_000_000;
export const NAIRA_SIGN = '₦';
/**
 * How far (in naira) a number coming from JSON may sit from a 2-decimal amount and still be read as
 * that amount. Covers binary float noise such as 0.1 + 0.2 = 0.30000000000000004; anything further
 * away (for example 10.005 or 0.001) really has more than 2 decimals and is refused.
 */
const NAIRA_FLOAT_TOLERANCE = 1e-9;
/** splitKobo refuses more parts than this (nothing in the product splits into more than 8). */
export const MAX_SPLIT_PARTS = 10_000;

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
 * Converts a naira amount as the API speaks it (a JSON number with at most 2 decimals) to kobo.
 *
 * Float noise: a value within NAIRA_FLOAT_TOLERANCE (1e-9 naira) of a 2-decimal amount is read as
 * that amount, so 0.1 + 0.2 (0.30000000000000004) becomes 30 kobo and 1234.5599999999999 becomes
 * 123456 kobo. A value further from every 2-decimal amount (10.005, 0.001) is refused: rounding it
 * silently would invent or lose money. Also refuses NaN, Infinity, negatives and amounts above
 * MAX_KOBO. -0 becomes 0.
 */
export function nairaToKobo(naira: number): number {
  if (typeof naira !== 'number' || !Number.isFinite(naira)) throw new MoneyError('amount must be a finite number');
  if (naira < 0) throw new MoneyError('amount must not be negative');
  if (naira > MAX_KOBO / KOBO_PER_NAIRA + NAIRA_FLOAT_TOLERANCE) throw new MoneyError('amount is too large');
  const kobo = Math.round(naira * KOBO_PER_NAIRA);
  // kobo / 100 is the double nearest the 2-decimal amount, so an exact API value differs by 0.
  if (Math.abs(naira - kobo / KOBO_PER_NAIRA) > NAIRA_FLOAT_TOLERANCE) {
    throw new MoneyError('amount must have at most 2 decimal places');
  }
  assertKobo(kobo);
  return kobo === 0 ? 0 : kobo;
}

/** Kobo to naira for the API (may carry up to 2 decimals; the double nearest the exact amount). */
export function koboToNaira(kobo: number): number {
  assertKobo(kobo);
  return kobo / KOBO_PER_NAIRA;
}

/** Rounds kobo to whole naira, halves away from zero (₦12,345.50 -> 12346, -₦0.50 -> -1). */
export function roundToWholeNaira(kobo: number): number {
  if (!Number.isSafeInteger(kobo)) throw new MoneyError('amount must be a whole number of kobo');
  const abs = Math.abs(kobo);
  const whole = Math.floor(abs / KOBO_PER_NAIRA);
  const rest = abs % KOBO_PER_NAIRA;
  const rounded = rest * 2 >= KOBO_PER_NAIRA ? whole + 1 : whole;
  return kobo < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Groups the digits of a whole number in threes with commas: 1234567 -> '1,234,567'. */
export function groupThousands(whole: number): string {
  if (!Number.isSafeInteger(whole)) throw new MoneyError('only whole numbers can be grouped');
  const digits = String(Math.abs(whole));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}

/**
 * Display form (SPEC 5): whole naira (halves away from zero), thousands separators, naira sign.
 * 1234550 kobo -> '₦12,346'; -250 -> '-₦3'; anything that rounds to 0 -> '₦0'.
 */
export function formatNaira(kobo: number): string {
  const whole = roundToWholeNaira(kobo);
  return whole < 0 ? `-${NAIRA_SIGN}${groupThousands(-whole)}` : `${NAIRA_SIGN}${groupThousands(whole)}`;
}

/**
 * Display form rounded DOWN to whole naira, for upper bounds ('Amount can only be ₦{remaining} or
 * less'): showing ₦5,001 for a limit of ₦5,000.50 would invite an amount that is then refused.
 * Non-negative amounts only. 500_050 kobo -> '₦5,000'.
 */
export function formatNairaFloor(kobo: number): string {
  assertKobo(kobo);
  return `${NAIRA_SIGN}${groupThousands(Math.floor(kobo / KOBO_PER_NAIRA))}`;
}

export type ParseResult = { ok: true; kobo: number } | { ok: false; error: string };

export const PARSE_ERROR_EMPTY = 'Enter an amount';
export const PARSE_ERROR_NEGATIVE = 'Amount cannot be negative';
export const PARSE_ERROR_INVALID = 'Enter a valid amount in naira';
export const PARSE_ERROR_DECIMALS = 'Amount can have at most 2 decimal places';
export const PARSE_ERROR_TOO_LARGE = 'Amount is too large';

/**
 * Parses what a user typed into an amount field: optional naira sign (or 'NGN'), surrounding
 * spaces, correctly placed thousands commas, at most 2 decimals (trailing zeros beyond 2 are
 * fine: '1.500'). '₦10,000', '10000', ' 2,500.5 ', '.5', '10.' are accepted; '', 'abc', '-5',
 * '1.234', '1,00', '1e5', '10 000' are not. Exact: works on the digits, never through a float.
 */
export function parseNairaInput(text: string): ParseResult {
  const cleaned = String(text)
    .trim()
    .replace(/^₦\s*/, '')
    .replace(/^NGN\s*/i, '')
    .trim();
  if (cleaned === '') return { ok: false, error: PARSE_ERROR_EMPTY };
  if (cleaned.startsWith('-')) return { ok: false, error: PARSE_ERROR_NEGATIVE };
  const commaFree = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(cleaned) ? cleaned.replace(/,/g, '') : cleaned;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(commaFree);
  if (!match || commaFree === '.' || (match[1] === '' && (match[2] ?? '') === '')) {
    return { ok: false, error: PARSE_ERROR_INVALID };
  }
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return { ok: false, error: PARSE_ERROR_DECIMALS };
  // Compare digit counts before converting so huge inputs never pass through an imprecise float.
  const koboDigits = `${whole === '' ? '0' : whole}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (koboDigits.length > String(MAX_KOBO).length) return { ok: false, error: PARSE_ERROR_TOO_LARGE };
  const kobo = Number(koboDigits);
  if (kobo > MAX_KOBO) return { ok: false, error: PARSE_ERROR_TOO_LARGE };
  return { ok: true, kobo };
}

/** Sum of kobo amounts; refuses non-integers, negatives and a total past MAX_KOBO. */
export function addKobo(...amounts: number[]): number {
  let total = 0;
  for (const amount of amounts) {
    assertKobo(amount);
    total += amount;
    assertKobo(total, 'total');
  }
  return total;
}

/**
 * A net position in kobo: the sum of signed whole-kobo amounts, which may be below zero (an account outside
 * the users' money, such as the payment gateway, holds minus what it brought in). Refuses non-integers and
 * a total past MAX_KOBO either way.
 */
export function netKobo(...amounts: number[]): number {
  let total = 0;
  for (const amount of amounts) {
    assertKobo(Math.abs(amount));
    total += amount;
    assertKobo(Math.abs(total), 'net total');
  }
  return total;
}

/** a - b, refusing a negative result: a balance never goes below zero. */
export function subtractKobo(a: number, b: number): number {
  assertKobo(a);
  assertKobo(b);
  if (b > a) throw new MoneyError('result would be negative');
  return a - b;
}

/** kobo x a whole, non-negative factor (for example an ROI times a duration in months). */
export function multiplyKobo(kobo: number, times: number): number {
  assertKobo(kobo);
  if (!Number.isSafeInteger(times) || times < 0) throw new MoneyError('factor must be a whole non-negative number');
  const result = BigInt(kobo) * BigInt(times);
  if (result > BigInt(MAX_KOBO)) throw new MoneyError('result must be a whole number of kobo between 0 and ' + String(MAX_KOBO));
  return Number(result);
}

/**
 * kobo x numerator / denominator, exact (BigInt), rounded half up to the kobo. Numerator and
 * denominator are whole numbers, denominator above 0. Used for rates given as exact fractions,
 * e.g. a stake of loss / (odd - 1) with the odd in thousandths: scaleKobo(loss, 1000, odd - 1000).
 */
export function scaleKobo(kobo: number, numerator: number, denominator: number): number {
  assertKobo(kobo);
  if (!Number.isSafeInteger(numerator) || numerator < 0) throw new MoneyError('numerator must be a whole non-negative number');
  if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new MoneyError('denominator must be a whole number above 0');
  const result = roundHalfUp(BigInt(kobo) * BigInt(numerator), BigInt(denominator));
  if (result > BigInt(MAX_KOBO)) throw new MoneyError('result must be a whole number of kobo between 0 and ' + String(MAX_KOBO));
  return Number(result);
}

/**
 * `percent` % of an amount, exact for percentages with up to 6 decimals (2.5, 0.015, 33.3333),
 * rounded half up to the kobo. The percent is read through its nearest millionth so float input
 * like 1.1 or 0.1 + 0.2 carries no drift; a percent with more decimals (1/3) is refused. Uses BigInt
 * so large amounts cannot lose precision.
 */
export function percentOfKobo(kobo: number, percent: number): number {
  assertKobo(kobo);
  const millionths = percentToMillionths(percent);
  // percent / 100 in millionths of a percent: divide by 100 * 1,000,000.
  const result = roundHalfUp(BigInt(kobo) * millionths, 100_000_000n);
  if (result > BigInt(MAX_KOBO)) throw new MoneyError('result must be a whole number of kobo between 0 and ' + String(MAX_KOBO));
  return Number(result);
}

/**
 * What percentage `part` is of `whole`, rounded half away from zero to `decimals` places (0 to 10).
 * Exact integer arithmetic, one conversion at the end: ratioPercent(1, 3) -> 33.33.
 */
export function ratioPercent(part: number, whole: number, decimals = 2): number {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole)) {
    throw new MoneyError('amounts must be whole numbers of kobo');
  }
  if (whole === 0) throw new MoneyError('cannot take a percentage of zero');
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 10) {
    throw new MoneyError('decimals must be a whole number from 0 to 10');
  }
  const factor = 10n ** BigInt(decimals);
  const negative = part < 0 !== whole < 0 && part !== 0;
  const numerator = BigInt(Math.abs(part)) * 100n * factor;
  const scaled = roundHalfUp(numerator, BigInt(Math.abs(whole)));
  const value = Number(scaled) / Number(factor);
  return negative ? -value : value;
}

/**
 * Splits an amount into `parts` portions that differ by at most one kobo and sum exactly; the
 * larger portions come first: splitKobo(1000, 3) -> [334, 333, 333].
 */
export function splitKobo(kobo: number, parts: number): number[] {
  assertKobo(kobo);
  if (!Number.isSafeInteger(parts) || parts < 1 || parts > MAX_SPLIT_PARTS) {
    throw new MoneyError(`parts must be a whole number from 1 to ${MAX_SPLIT_PARTS}`);
  }
  const base = Math.floor(kobo / parts);
  const remainder = kobo % parts;
  return Array.from({ length: parts }, (_, i) => (i < remainder ? base + 1 : base));
}

/** floor(n / d + 1/2) for n >= 0, d > 0. */
function roundHalfUp(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (d * 2n);
}

function percentToMillionths(percent: number): bigint {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0) {
    throw new MoneyError('percent must be a non-negative number');
  }
  const scaled = percent * 1_000_000;
  const millionths = Math.round(scaled);
  if (!Number.isSafeInteger(millionths)) throw new MoneyError('percent is too large');
  // Allow float noise (relative 1e-12), not a real seventh decimal.
  if (Math.abs(millionths - scaled) > Math.max(1e-6, scaled * 1e-12)) {
    throw new MoneyError('percent has too many decimal places');
  }
  return BigInt(millionths);
}
