/** Nanosecond timestamps (bigint) and their RFC 3339 form with 9 fractional digits. */
import { Code, RpcError } from '../contract';

const NS_PER_SEC = 1_000_000_000n;
/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999999Z, Firestore's timestamp range. */
export const MIN_TIMESTAMP_NS = -62135596800n * NS_PER_SEC;
export const MAX_TIMESTAMP_NS = 253402300799n * NS_PER_SEC + 999_999_999n;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function formatTimestamp(ns: bigint): string {
  let secs = ns / NS_PER_SEC;
  let frac = ns % NS_PER_SEC;
  if (frac < 0n) {
    frac += NS_PER_SEC;
    secs -= 1n;
  }
  const d = new Date(Number(secs) * 1000);
  const year = d.getUTCFullYear();
  return (
    `${pad(year, 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T` +
    `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.` +
    `${frac.toString().padStart(9, '0')}Z`
  );
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Parses an RFC 3339 timestamp (or a {seconds, nanos} object) into nanoseconds; INVALID_ARGUMENT otherwise. */
export function parseTimestamp(input: unknown, what = 'timestamp'): bigint {
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    const o = input as Record<string, unknown>;
    const s = o['seconds'] ?? 0;
    const n = o['nanos'] ?? 0;
    if ((typeof s === 'string' && /^-?\d+$/.test(s)) || (typeof s === 'number' && Number.isInteger(s))) {
      if (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < 1e9) {
        const ns = BigInt(s) * NS_PER_SEC + BigInt(n);
        if (ns >= MIN_TIMESTAMP_NS && ns <= MAX_TIMESTAMP_NS) return ns;
      }
    }
    throw new RpcError(Code.INVALID_ARGUMENT, `Invalid ${what}.`);
  }
  if (typeof input !== 'string') throw new RpcError(Code.INVALID_ARGUMENT, `Invalid ${what}.`);
  const m = RFC3339.exec(input);
  if (!m) throw new RpcError(Code.INVALID_ARGUMENT, `Invalid ${what}: ${input.slice(0, 64)}`);
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(ms);
  if (
    Number.isNaN(ms) ||
    check.getUTCDate() !== Number(d) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    throw new RpcError(Code.INVALID_ARGUMENT, `Invalid ${what}: ${input.slice(0, 64)}`);
  }
  // Date.UTC maps years 0..99 to 1900..1999; correct that.
  let secs = BigInt(Math.floor(ms / 1000));
  if (Number(y) < 100) {
    const fixed = new Date(ms);
    fixed.setUTCFullYear(Number(y));
    secs = BigInt(Math.floor(fixed.getTime() / 1000));
  }
  if (sign !== undefined) {
    const off = BigInt(Number(oh) * 3600 + Number(om) * 60);
    secs = sign === '+' ? secs - off : secs + off;
  }
  const ns = secs * NS_PER_SEC + BigInt((frac ?? '').padEnd(9, '0') || '0');
  if (ns < MIN_TIMESTAMP_NS || ns > MAX_TIMESTAMP_NS) {
    throw new RpcError(Code.INVALID_ARGUMENT, `Invalid ${what}: out of range`);
  }
  return ns;
}

/** The default commit clock: wall-clock nanoseconds with sub-millisecond resolution from hrtime. */
export function defaultClock(): () => bigint {
  const base = BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint();
  return () => base + process.hrtime.bigint();
}
