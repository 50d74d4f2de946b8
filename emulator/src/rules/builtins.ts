/**
 * Operators, methods and namespace functions of the rules language (Firestore's reference:
 * rules.String, rules.List, rules.Map, rules.MapDiff, rules.Set, rules.Timestamp, rules.Duration,
 * rules.LatLng, rules.Bytes, rules.Path, math, hashing, and the type conversions).
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  RBytes,
  RDuration,
  RLatLng,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  SymBase,
  SymContains,
  SymDoc,
  SymNotIn,
  SymOneOf,
  SymRange,
  SymUnknown,
  checkInt,
  compare,
  equals,
  fail,
  show,
  symWhat,
  typeName,
  type RVal,
  type Sym,
} from './values';

const NANOS = 1_000_000_000n;

// ---------------------------------------------------------------------------------------------
// Symbolic values (list analysis).

const MAX_OPTIONS = 64;

function collapse(results: RVal[]): RVal {
  const out: RVal[] = [];
  for (const r of results) if (!out.some((o) => sameOption(o, r))) out.push(r);
  if (out.length === 1) return out[0] as RVal;
  if (out.length > MAX_OPTIONS) fail('The query allows too many values to decide.');
  return new SymOneOf(out);
}

function sameOption(a: RVal, b: RVal): boolean {
  if (a instanceof SymBase || b instanceof SymBase) return a === b;
  return equals(a, b);
}

function options(v: RVal): readonly RVal[] {
  return v instanceof SymOneOf ? v.options : [v];
}

/** Applies f to every combination when an operand is one of several values. */
export function expand1(a: RVal, f: (a: RVal) => RVal): RVal {
  if (!(a instanceof SymOneOf)) return f(a);
  return collapse(a.options.map(f));
}

export function expand2(a: RVal, b: RVal, f: (a: RVal, b: RVal) => RVal): RVal {
  const out: RVal[] = [];
  for (const x of options(a)) for (const y of options(b)) out.push(f(x, y));
  return collapse(out);
}

export function symError(v: Sym): never {
  fail(`The query does not constrain ${symWhat(v)}: rules are not filters.`);
}

/** A boolean for &&, ||, !, ?: and allow conditions. */
export function toBool(v: RVal): boolean {
  if (v === true || v === false) return v;
  if (v instanceof SymOneOf) {
    const first = toBool(v.options[0] as RVal);
    for (const o of v.options)
      if (toBool(o) !== first) fail('The condition holds only for some documents the query could return.');
    return first;
  }
  if (v instanceof SymBase) symError(v);
  fail(`Condition is not a boolean (${typeName(v)}).`);
}

function flip(op: string): string {
  return op === '<' ? '>' : op === '>' ? '<' : op === '<=' ? '>=' : op === '>=' ? '<=' : op;
}

function rangeOp(r: SymRange, op: string, c: RVal): boolean {
  const hi = r.hi === undefined ? undefined : compare(r.hi, c);
  const lo = r.lo === undefined ? undefined : compare(r.lo, c);
  switch (op) {
    case '<':
      if (hi !== undefined && (hi < 0 || (hi === 0 && !r.hiInclusive))) return true;
      if (lo !== undefined && lo >= 0) return false;
      break;
    case '<=':
      if (hi !== undefined && hi <= 0) return true;
      if (lo !== undefined && (lo > 0 || (lo === 0 && !r.loInclusive))) return false;
      break;
    case '>':
      if (lo !== undefined && (lo > 0 || (lo === 0 && !r.loInclusive))) return true;
      if (hi !== undefined && hi <= 0) return false;
      break;
    case '>=':
      if (lo !== undefined && lo >= 0) return true;
      if (hi !== undefined && (hi < 0 || (hi === 0 && !r.hiInclusive))) return false;
      break;
    case '==':
    case '!=': {
      const outside =
        (hi !== undefined && (hi < 0 || (hi === 0 && !r.hiInclusive))) ||
        (lo !== undefined && (lo > 0 || (lo === 0 && !r.loInclusive)));
      if (outside) return op === '!=';
      break;
    }
  }
  fail('The query range does not decide the condition: rules are not filters.');
}

function symBinop(op: string, a: RVal, b: RVal): RVal {
  if (a instanceof SymOneOf || b instanceof SymOneOf) return expand2(a, b, (x, y) => binop(op, x, y));
  if (a instanceof SymRange && !(b instanceof SymBase)) return rangeOp(a, op, b);
  if (b instanceof SymRange && !(a instanceof SymBase) && op !== 'in') return rangeOp(b, flip(op), a);
  if ((op === '==' || op === '!=') && (a instanceof SymNotIn || b instanceof SymNotIn)) {
    const s = (a instanceof SymNotIn ? a : b) as SymNotIn;
    const other = a instanceof SymNotIn ? b : a;
    if (!(other instanceof SymBase) && s.excluded.some((e) => equals(e, other))) return op === '!=';
  }
  if (op === 'in' && b instanceof SymContains && !(a instanceof SymBase)) {
    if (b.required.some((r) => equals(r, a))) return true;
  }
  symError((a instanceof SymBase ? a : b) as Sym);
}

// ---------------------------------------------------------------------------------------------
// Operators.

function isNum(v: RVal): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

export function binop(op: string, a: RVal, b: RVal): RVal {
  if ((typeof a === 'object' && a instanceof SymBase) || (typeof b === 'object' && b instanceof SymBase))
    return symBinop(op, a, b);
  switch (op) {
    case '==':
      return equals(a, b);
    case '!=':
      return !equals(a, b);
    case '<': {
      const c = compare(a, b);
      return c < 0;
    }
    case '<=': {
      const c = compare(a, b);
      return c <= 0;
    }
    case '>': {
      const c = compare(a, b);
      return c > 0;
    }
    case '>=': {
      const c = compare(a, b);
      return c >= 0;
    }
    case 'in':
      return inOp(a, b);
    case '+':
      return add(a, b);
    case '-':
      return sub(a, b);
    case '*':
    case '/':
    case '%':
      return arith(op, a, b);
  }
  fail(`Unknown operator ${op}.`);
}

function inOp(a: RVal, b: RVal): boolean {
  if (Array.isArray(b)) {
    for (const x of b) if (equals(x, a)) return true;
    return false;
  }
  if (b instanceof RMap) {
    if (typeof a !== 'string') fail(`Unsupported operation: ${typeName(a)} in map.`);
    return b.has(a);
  }
  if (b instanceof RSet) return b.has(a);
  fail(`Unsupported operation: in ${typeName(b)}.`);
}

function add(a: RVal, b: RVal): RVal {
  if (typeof a === 'bigint' && typeof b === 'bigint') return checkInt(a + b);
  if (isNum(a) && isNum(b)) return Number(a) + Number(b);
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (a instanceof RTimestamp && b instanceof RDuration) return RTimestamp.fromNanos(a.totalNanos() + b.total);
  if (a instanceof RDuration && b instanceof RTimestamp) return RTimestamp.fromNanos(b.totalNanos() + a.total);
  if (a instanceof RDuration && b instanceof RDuration) return new RDuration(a.total + b.total);
  fail(`Unsupported operation: ${typeName(a)} + ${typeName(b)}.`);
}

function sub(a: RVal, b: RVal): RVal {
  if (typeof a === 'bigint' && typeof b === 'bigint') return checkInt(a - b);
  if (isNum(a) && isNum(b)) return Number(a) - Number(b);
  if (a instanceof RTimestamp && b instanceof RDuration) return RTimestamp.fromNanos(a.totalNanos() - b.total);
  if (a instanceof RTimestamp && b instanceof RTimestamp) return new RDuration(a.totalNanos() - b.totalNanos());
  if (a instanceof RDuration && b instanceof RDuration) return new RDuration(a.total - b.total);
  fail(`Unsupported operation: ${typeName(a)} - ${typeName(b)}.`);
}

function arith(op: '*' | '/' | '%', a: RVal, b: RVal): RVal {
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    if (op === '*') return checkInt(a * b);
    if (b === 0n) fail('Division by zero.');
    return op === '/' ? checkInt(a / b) : a % b;
  }
  if (isNum(a) && isNum(b)) {
    const x = Number(a);
    const y = Number(b);
    return op === '*' ? x * y : op === '/' ? x / y : x % y;
  }
  if (op === '*' && a instanceof RDuration && typeof b === 'bigint') return new RDuration(a.total * b);
  if (op === '/' && a instanceof RDuration && typeof b === 'bigint') {
    if (b === 0n) fail('Division by zero.');
    return new RDuration(a.total / b);
  }
  fail(`Unsupported operation: ${typeName(a)} ${op} ${typeName(b)}.`);
}

export function negate(v: RVal): RVal {
  if (v instanceof SymOneOf) return expand1(v, negate);
  if (typeof v === 'bigint') return checkInt(-v);
  if (typeof v === 'number') return -v;
  if (v instanceof RDuration) return new RDuration(-v.total);
  if (v instanceof SymBase) symError(v);
  fail(`Unsupported operation: -${typeName(v)}.`);
}

export const TYPE_NAMES = new Set([
  'bool',
  'bytes',
  'duration',
  'float',
  'int',
  'latlng',
  'list',
  'map',
  'map_diff',
  'number',
  'path',
  'set',
  'string',
  'timestamp',
  'null',
]);

export function isType(v: RVal, t: string): RVal {
  if (v instanceof SymOneOf) return expand1(v, (x) => isType(x, t));
  if (v instanceof SymRange) {
    const bound = v.lo ?? v.hi;
    if (bound !== undefined && (t === 'number' || t === typeName(bound)) && t !== 'int' && t !== 'float') return true;
  }
  if (v instanceof SymBase) symError(v);
  const n = typeName(v);
  if (t === 'number') return n === 'int' || n === 'float';
  return n === t;
}

// ---------------------------------------------------------------------------------------------
// Member access, indexing, slicing.

function fieldKey(prefix: string, key: string): string {
  return prefix + key;
}

export function member(v: RVal, name: string): RVal {
  if (v instanceof RMap) {
    const r = v.get(name);
    if (r === undefined) fail(`Property ${name} is undefined on object.`);
    return r;
  }
  if (v instanceof SymDoc) return symField(v, name);
  if (v instanceof RPath) return pathBinding(v, name);
  if (v instanceof SymOneOf) return expand1(v, (x) => member(x, name));
  if (v instanceof SymBase) symError(v);
  if (v === null) fail('Null value error.');
  fail(`Property ${name} is undefined on ${typeName(v)}.`);
}

function symField(d: SymDoc, name: string): RVal {
  const key = fieldKey(d.prefix, name);
  const exact = d.constraints.get(key);
  if (exact !== undefined) return exact;
  const nested = key + '\u0000';
  for (const k of d.constraints.keys()) if (k.startsWith(nested)) return new SymDoc(d.constraints, nested, `${d.what}.${name}`);
  return new SymUnknown(`${d.what}.${name}`);
}

/** Values a bind(map) gives: the map's string and int entries, by key. */
export function bindingsOf(m: RVal): Map<string, string> {
  if (!(m instanceof RMap)) fail(`bind() takes a map, not ${typeName(m)}.`);
  const out = new Map<string, string>();
  for (const k of m.keys()) {
    const v = m.get(k) as RVal;
    if (typeof v === 'string') out.set(k, v);
    else if (typeof v === 'bigint') out.set(k, String(v));
    else fail(`bind(): the value of '${k}' must be a string, not ${typeName(v)}.`);
  }
  return out;
}

/** path.f / path['f']: the value bind() gave the name f. */
function pathBinding(p: RPath, name: string): string {
  const v = p.bindings?.get(name);
  if (v === undefined) fail(`Path ${p.toString()} has no binding named '${name}'.`);
  return v;
}

function toIndex(i: RVal, size: number): number {
  if (typeof i !== 'bigint') fail(`Index must be an int, not ${typeName(i)}.`);
  if (i < 0n || i >= BigInt(size)) fail(`Index ${i} out of range.`);
  return Number(i);
}

export function index(v: RVal, i: RVal): RVal {
  if (v instanceof SymOneOf || i instanceof SymOneOf) return expand2(v, i, index);
  if (v instanceof RMap) {
    if (typeof i !== 'string') fail(`Map key must be a string, not ${typeName(i)}.`);
    const r = v.get(i);
    if (r === undefined) fail(`Property ${i} is undefined on object.`);
    return r;
  }
  if (v instanceof SymDoc && typeof i === 'string') return symField(v, i);
  if (v instanceof SymBase) symError(v);
  if (i instanceof SymBase) symError(i);
  if (Array.isArray(v)) return v[toIndex(i, v.length)] as RVal;
  if (v instanceof RPath)
    return typeof i === 'string' ? pathBinding(v, i) : (v.segments[toIndex(i, v.segments.length)] as string);
  if (typeof v === 'string') {
    const cps = [...v];
    return cps[toIndex(i, cps.length)] as string;
  }
  if (v === null) fail('Null value error.');
  fail(`Unsupported operation: indexing ${typeName(v)}.`);
}

function sliceBounds(a: RVal, b: RVal, size: number): [number, number] {
  const lo = a === null ? 0n : a;
  const hi = b === null ? BigInt(size) : b;
  if (typeof lo !== 'bigint' || typeof hi !== 'bigint') fail('Slice bounds must be ints.');
  if (lo < 0n || hi > BigInt(size) || lo > hi) fail(`Slice [${lo}:${hi}] out of range.`);
  return [Number(lo), Number(hi)];
}

export function slice(v: RVal, a: RVal, b: RVal): RVal {
  if (v instanceof SymOneOf) return expand1(v, (x) => slice(x, a, b));
  if (v instanceof SymBase) symError(v);
  if (Array.isArray(v)) return v.slice(...sliceBounds(a, b, v.length));
  if (typeof v === 'string') {
    const cps = [...v];
    return cps.slice(...sliceBounds(a, b, cps.length)).join('');
  }
  if (v instanceof RPath) return new RPath(v.segments.slice(...sliceBounds(a, b, v.segments.length)));
  fail(`Unsupported operation: slicing ${typeName(v)}.`);
}

// ---------------------------------------------------------------------------------------------
// Regular expressions (RE2 syntax translated to JS; constructs JS would read differently are refused).

const regexCache = new Map<string, RegExp>();

/** Returns an error message for RE2 syntax we cannot honour, else null. */
export function unsupportedRegex(re: string): string | null {
  if (/\(\?[=!]|\(\?<[=!]/.test(re)) return 'lookaround assertions are not RE2 syntax';
  if (/\\[1-9]/.test(re)) return 'backreferences are not RE2 syntax';
  if (/\\[pP]\{?[A-Za-z]+\}?/.test(re) && /\\[pP][A-Z]\b/.test(re)) return 'one-letter Unicode classes';
  if (/\\[CQE]/.test(re)) return '\\C, \\Q...\\E are not supported';
  if (/\(\?[a-zA-Z]*[^a-zA-Z:)P<]/.test(re)) return 'unsupported group flags';
  if (/\(\?[a-zA-Z]*[msU]/.test(re)) return 'flags other than i are not supported';
  try {
    toRegExp(re, false);
  } catch (e) {
    return e instanceof Error ? e.message : 'invalid regular expression';
  }
  return null;
}

function toRegExp(re: string, anchored: boolean): RegExp {
  let src = re;
  let flags = 'u';
  const m = /^\(\?([a-zA-Z]+)\)/.exec(src);
  if (m) {
    if (/[^i]/.test(m[1] as string)) throw new Error('flags other than i are not supported');
    flags += 'i';
    src = src.slice(m[0].length);
  }
  src = src
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$')
    .replace(/\[:alpha:\]/g, 'A-Za-z')
    .replace(/\[:digit:\]/g, '0-9')
    .replace(/\[:alnum:\]/g, 'A-Za-z0-9')
    .replace(/\[:upper:\]/g, 'A-Z')
    .replace(/\[:lower:\]/g, 'a-z')
    .replace(/\[:space:\]/g, '\\s')
    .replace(/\[:xdigit:\]/g, '0-9A-Fa-f')
    .replace(/\[:punct:\]/g, '!-\\/:-@\\[-`{-~');
  return new RegExp(anchored ? `^(?:${src})$` : src, anchored ? flags : flags + 'g');
}

function regex(re: string, anchored: boolean): RegExp {
  const key = (anchored ? 'A' : 'G') + re;
  let r = regexCache.get(key);
  if (r === undefined) {
    const why = unsupportedRegex(re);
    if (why !== null) fail(`Unsupported regular expression '${re}': ${why}.`);
    r = toRegExp(re, anchored);
    if (regexCache.size > 1000) regexCache.clear();
    regexCache.set(key, r);
  }
  r.lastIndex = 0;
  return r;
}

// ---------------------------------------------------------------------------------------------
// Methods.

type Method = (self: never, args: RVal[]) => RVal;
interface MethodSpec {
  arity: readonly number[];
  impl: Partial<Record<string, Method>>; // by receiver type name
}

function str(v: RVal, what: string): string {
  if (typeof v !== 'string') fail(`${what} must be a string, not ${typeName(v)}.`);
  return v;
}

function int(v: RVal, what: string): bigint {
  if (typeof v !== 'bigint') fail(`${what} must be an int, not ${typeName(v)}.`);
  return v;
}

function num(v: RVal, what: string): number {
  if (!isNum(v)) fail(`${what} must be a number, not ${typeName(v)}.`);
  return Number(v);
}

function items(v: RVal, what: string): readonly RVal[] {
  if (Array.isArray(v)) return v;
  if (v instanceof RSet) return v.items;
  fail(`${what} must be a list or set, not ${typeName(v)}.`);
}

/** Membership test over `list`, with a Set fast path when every element is a string (the usual key lists). */
function membership(list: readonly RVal[]): (v: RVal) => boolean {
  if (list.length > 4 && list.every((x) => typeof x === 'string')) {
    const set = new Set(list);
    return (v) => (typeof v === 'string' ? set.has(v) : list.some((x) => equals(x, v)));
  }
  return (v) => list.some((x) => equals(x, v));
}

function hasAll(self: readonly RVal[], arg: RVal): boolean {
  const isIn = membership(self);
  return items(arg, 'hasAll()').every(isIn);
}
function hasAny(self: readonly RVal[], arg: RVal): boolean {
  const isIn = membership(self);
  return items(arg, 'hasAny()').some(isIn);
}
function hasOnly(self: readonly RVal[], arg: RVal): boolean {
  const isIn = membership(items(arg, 'hasOnly()'));
  return self.every(isIn);
}

function setArg(v: RVal, what: string): RSet {
  if (v instanceof RSet) return v;
  if (Array.isArray(v)) return RSet.from(v);
  fail(`${what} must be a set, not ${typeName(v)}.`);
}

function mapGet(m: RMap, key: RVal, dflt: RVal): RVal {
  if (typeof key === 'string') return m.get(key) ?? dflt;
  if (Array.isArray(key)) {
    let cur: RVal = m;
    for (const k of key) {
      if (!(cur instanceof RMap)) return dflt;
      const next: RVal | undefined = cur.get(str(k, 'get() key'));
      if (next === undefined) return dflt;
      cur = next;
    }
    return cur;
  }
  fail(`get() key must be a string or a list of strings, not ${typeName(key)}.`);
}

function diffSets(d: RMapDiff): { added: string[]; removed: string[]; changed: string[]; unchanged: string[] } {
  const added: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  const unchanged: string[] = [];
  for (const k of d.left.keys()) {
    const r = d.right.get(k);
    if (r === undefined) added.push(k);
    else if (equals(d.left.get(k) as RVal, r)) unchanged.push(k);
    else changed.push(k);
  }
  for (const k of d.right.keys()) if (!d.left.has(k)) removed.push(k);
  return { added, removed, changed, unchanged };
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 1 = Monday .. 7 = Sunday
  dayOfYear: number;
}

function zoned(t: RTimestamp): ZonedParts {
  const d = t.date();
  const startOfYear = Date.UTC(d.getUTCFullYear(), 0, 1);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: ((d.getUTCDay() + 6) % 7) + 1,
    dayOfYear: Math.floor((d.getTime() - startOfYear) / 86400000) + 1,
  };
}

function distanceMeters(a: RLatLng, b: RLatLng): number {
  const R = 6371008.8;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

const m = <T>(f: (self: T, args: RVal[]) => RVal): Method => f;

export const METHODS: Readonly<Record<string, MethodSpec>> = {
  size: {
    arity: [0],
    impl: {
      string: m((s: string) => BigInt([...s].length)),
      list: m((l: RVal[]) => BigInt(l.length)),
      map: m((x: RMap) => BigInt(x.size)),
      set: m((x: RSet) => BigInt(x.items.length)),
      bytes: m((x: RBytes) => BigInt(x.bytes.length)),
      path: m((x: RPath) => BigInt(x.segments.length)),
    },
  },
  matches: { arity: [1], impl: { string: m((s: string, [re]) => regex(str(re as RVal, 'matches() pattern'), true).test(s)) } },
  lower: { arity: [0], impl: { string: m((s: string) => s.toLowerCase()) } },
  upper: { arity: [0], impl: { string: m((s: string) => s.toUpperCase()) } },
  trim: { arity: [0], impl: { string: m((s: string) => s.trim()) } },
  split: { arity: [1], impl: { string: m((s: string, [re]) => s.split(regex(str(re as RVal, 'split() pattern'), false))) } },
  replace: {
    arity: [2],
    impl: {
      string: m((s: string, [re, sub]) =>
        s.replace(regex(str(re as RVal, 'replace() pattern'), false), str(sub as RVal, 'replace() substitution')),
      ),
    },
  },
  toUtf8: { arity: [0], impl: { string: m((s: string) => new RBytes(new Uint8Array(Buffer.from(s, 'utf8')))) } },
  // The reference: "Base64 encoding is performed per the base64url specification" (b'\xFB\xEF\xBE'.toBase64() == '----');
  // RFC 4648 section 5 keeps the '=' padding.
  toBase64: {
    arity: [0],
    impl: { bytes: m((b: RBytes) => Buffer.from(b.bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_')) },
  },
  bind: {
    arity: [1],
    impl: {
      path: m((p: RPath, [map]) => new RPath(p.segments, new Map([...(p.bindings ?? []), ...bindingsOf(map as RVal)]))),
    },
  },
  toHexString: { arity: [0], impl: { bytes: m((b: RBytes) => Buffer.from(b.bytes).toString('hex').toUpperCase()) } },
  hasAll: {
    arity: [1],
    impl: { list: m((l: RVal[], [a]) => hasAll(l, a as RVal)), set: m((s: RSet, [a]) => hasAll(s.items, a as RVal)) },
  },
  hasAny: {
    arity: [1],
    impl: { list: m((l: RVal[], [a]) => hasAny(l, a as RVal)), set: m((s: RSet, [a]) => hasAny(s.items, a as RVal)) },
  },
  hasOnly: {
    arity: [1],
    impl: { list: m((l: RVal[], [a]) => hasOnly(l, a as RVal)), set: m((s: RSet, [a]) => hasOnly(s.items, a as RVal)) },
  },
  join: {
    arity: [1],
    impl: { list: m((l: RVal[], [sep]) => l.map((x) => str(x, 'join() element')).join(str(sep as RVal, 'join() separator'))) },
  },
  concat: {
    arity: [1],
    impl: {
      list: m((l: RVal[], [o]) => {
        if (!Array.isArray(o)) fail(`concat() takes a list, not ${typeName(o as RVal)}.`);
        return [...l, ...o];
      }),
    },
  },
  removeAll: {
    arity: [1],
    impl: {
      list: m((l: RVal[], [o]) => {
        const rm = items(o as RVal, 'removeAll()');
        return l.filter((x) => !rm.some((r) => equals(r, x)));
      }),
    },
  },
  toSet: { arity: [0], impl: { list: m((l: RVal[]) => RSet.from(l)) } },
  union: {
    arity: [1],
    impl: { set: m((s: RSet, [o]) => RSet.from([...s.items, ...setArg(o as RVal, 'union()').items])) },
  },
  intersection: {
    arity: [1],
    impl: {
      set: m((s: RSet, [o]) => {
        const other = setArg(o as RVal, 'intersection()');
        return new RSet(s.items.filter((x) => other.has(x)));
      }),
    },
  },
  difference: {
    arity: [1],
    impl: {
      set: m((s: RSet, [o]) => {
        const other = setArg(o as RVal, 'difference()');
        return new RSet(s.items.filter((x) => !other.has(x)));
      }),
    },
  },
  keys: { arity: [0], impl: { map: m((x: RMap) => x.keys()) } },
  values: { arity: [0], impl: { map: m((x: RMap) => x.keys().map((k) => x.get(k) as RVal)) } },
  get: { arity: [2], impl: { map: m((x: RMap, [k, d]) => mapGet(x, k as RVal, d as RVal)) } },
  diff: {
    arity: [1],
    impl: {
      map: m((x: RMap, [o]) => {
        if (!(o instanceof RMap)) fail(`diff() takes a map, not ${typeName(o as RVal)}.`);
        return new RMapDiff(x, o);
      }),
    },
  },
  addedKeys: { arity: [0], impl: { map_diff: m((d: RMapDiff) => new RSet(diffSets(d).added)) } },
  removedKeys: { arity: [0], impl: { map_diff: m((d: RMapDiff) => new RSet(diffSets(d).removed)) } },
  changedKeys: { arity: [0], impl: { map_diff: m((d: RMapDiff) => new RSet(diffSets(d).changed)) } },
  unchangedKeys: { arity: [0], impl: { map_diff: m((d: RMapDiff) => new RSet(diffSets(d).unchanged)) } },
  affectedKeys: {
    arity: [0],
    impl: {
      map_diff: m((d: RMapDiff) => {
        const s = diffSets(d);
        return new RSet([...s.added, ...s.removed, ...s.changed]);
      }),
    },
  },
  date: {
    arity: [0],
    impl: { timestamp: m((t: RTimestamp) => new RTimestamp(Math.floor(t.seconds / 86400) * 86400, 0)) },
  },
  // The reference's rules.Timestamp methods take no argument (no time zone): UTC only; an argument is a load issue.
  year: { arity: [0], impl: { timestamp: m((t: RTimestamp) => BigInt(zoned(t).year)) } },
  month: { arity: [0], impl: { timestamp: m((t: RTimestamp) => BigInt(zoned(t).month)) } },
  day: { arity: [0], impl: { timestamp: m((t: RTimestamp) => BigInt(zoned(t).day)) } },
  hours: { arity: [0], impl: { timestamp: m((t: RTimestamp) => BigInt(zoned(t).hour)) } },
  minutes: { arity: [0], impl: { timestamp: m((t: RTimestamp) => BigInt(zoned(t).minute)) } },
  seconds: {
    arity: [0],
    impl: {
      timestamp: m((t: RTimestamp) => BigInt(zoned(t).second)),
      duration: m((d: RDuration) => d.seconds),
    },
  },
  nanos: {
    arity: [0],
    impl: { timestamp: m((t: RTimestamp) => BigInt(t.nanos)), duration: m((d: RDuration) => d.nanos) },
  },
  time: {
    arity: [0],
    impl: {
      timestamp: m((t: RTimestamp) => new RDuration(BigInt(((t.seconds % 86400) + 86400) % 86400) * NANOS + BigInt(t.nanos))),
    },
  },
  dayOfWeek: { arity: [0], impl: { timestamp: m((t: RTimestamp) => BigInt(zoned(t).weekday)) } },
  dayOfYear: { arity: [0], impl: { timestamp: m((t: RTimestamp) => BigInt(zoned(t).dayOfYear)) } },
  toMillis: { arity: [0], impl: { timestamp: m((t: RTimestamp) => t.totalNanos() / 1_000_000n) } },
  distance: {
    arity: [1],
    impl: {
      latlng: m((p: RLatLng, [o]) => {
        if (!(o instanceof RLatLng)) fail(`distance() takes a latlng, not ${typeName(o as RVal)}.`);
        return distanceMeters(p, o);
      }),
    },
  },
  latitude: { arity: [0], impl: { latlng: m((p: RLatLng) => p.lat) } },
  longitude: { arity: [0], impl: { latlng: m((p: RLatLng) => p.lng) } },
};

export function callMethod(self: RVal, name: string, args: RVal[]): RVal {
  if (self instanceof SymOneOf) return expand1(self, (x) => callMethod(x, name, args));
  if (self instanceof SymBase) return symMethod(self, name, args);
  for (const a of args) if (a instanceof SymBase) return symArgs(self, name, args);
  const spec = METHODS[name];
  const impl = spec?.impl[typeName(self)];
  if (impl === undefined) {
    if (self === null) fail('Null value error.');
    fail(`Function not found error: Name: [${name}] on ${typeName(self)}.`);
  }
  return impl(self as never, args);
}

function symArgs(self: RVal, name: string, args: RVal[]): RVal {
  const i = args.findIndex((a) => a instanceof SymBase);
  const a = args[i] as Sym;
  if (!(a instanceof SymOneOf)) symError(a);
  return expand1(a, (x) =>
    callMethod(
      self,
      name,
      args.map((y, j) => (j === i ? x : y)),
    ),
  );
}

function symMethod(self: Sym, name: string, args: RVal[]): RVal {
  if (self instanceof SymDoc && name === 'get' && typeof args[0] === 'string') {
    const v = symField(self, args[0]);
    if (!(v instanceof SymUnknown)) return v;
  }
  if (self instanceof SymContains && (name === 'hasAny' || name === 'hasAll') && args[0] !== undefined) {
    const want = items(args[0], `${name}()`);
    if (name === 'hasAny' && want.some((w) => self.required.some((r) => equals(r, w)))) return true;
    if (name === 'hasAll' && want.every((w) => self.required.some((r) => equals(r, w)))) return true;
  }
  symError(self);
}

// ---------------------------------------------------------------------------------------------
// Global and namespace functions (lookups excluded: see evaluate.ts).

type Fn = (args: RVal[]) => RVal;
interface FnSpec {
  arity: readonly number[];
  impl: Fn;
}

function toInt(v: RVal): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) fail(`Cannot convert ${v} to int.`);
    return checkInt(BigInt(Math.trunc(v)));
  }
  if (typeof v === 'string') {
    if (!/^[+-]?\d+$/.test(v.trim())) fail(`Cannot convert '${v}' to int.`);
    return checkInt(BigInt(v.trim()));
  }
  fail(`Cannot convert ${typeName(v)} to int.`);
}

function toFloat(v: RVal): number {
  if (isNum(v)) return Number(v);
  if (typeof v === 'string') {
    const t = v.trim();
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(Infinity|inf|NaN)$/i.test(t)) fail(`Cannot convert '${v}' to float.`);
    if (/nan/i.test(t)) return NaN;
    if (/inf/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
    return Number(t);
  }
  fail(`Cannot convert ${typeName(v)} to float.`);
}

function toPath(v: RVal): RPath {
  if (v instanceof RPath) return v;
  const s = str(v, 'path()');
  return new RPath(s.split('/').filter((x) => x !== ''));
}

const UNITS: Record<string, bigint> = {
  w: 7n * 86400n * NANOS,
  d: 86400n * NANOS,
  h: 3600n * NANOS,
  m: 60n * NANOS,
  s: NANOS,
  ms: 1_000_000n,
  us: 1000n,
  ns: 1n,
};

function digest(algo: string, v: RVal): RBytes {
  const data = v instanceof RBytes ? v.bytes : Buffer.from(str(v, `hashing.${algo}()`), 'utf8');
  return new RBytes(new Uint8Array(createHash(algo).update(data).digest()));
}

/** CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), as Cloud Storage computes it. */
const CRC32C_TABLE = ((): Uint32Array => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** A 32-bit checksum of bytes, or of a string's UTF-8, as 4 big-endian bytes. */
function checksum(sum: (data: Uint8Array) => number, v: RVal, what: string): RBytes {
  const data = v instanceof RBytes ? v.bytes : Buffer.from(str(v, what), 'utf8');
  const c = sum(data);
  return new RBytes(new Uint8Array([(c >>> 24) & 255, (c >>> 16) & 255, (c >>> 8) & 255, c & 255]));
}

function crc32c(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = (CRC32C_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function mathArg(v: RVal, name: string): number {
  return num(v, `math.${name}()`);
}

export const FUNCTIONS: Readonly<Record<string, FnSpec>> = {
  debug: { arity: [1], impl: ([v]) => v as RVal },
  int: { arity: [1], impl: ([v]) => toInt(v as RVal) },
  float: { arity: [1], impl: ([v]) => toFloat(v as RVal) },
  string: {
    arity: [1],
    impl: ([v]) => {
      const x = v as RVal;
      if (x === null || typeof x !== 'object' || x instanceof RPath) return show(x);
      if (Array.isArray(x) || x instanceof RMap || x instanceof RTimestamp || x instanceof RDuration) return show(x);
      fail(`Cannot convert ${typeName(x)} to string.`);
    },
  },
  bool: {
    arity: [1],
    impl: ([v]) => {
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      fail(`Cannot convert ${typeName(v as RVal)} to bool.`);
    },
  },
  path: { arity: [1], impl: ([v]) => toPath(v as RVal) },
  'math.abs': {
    arity: [1],
    impl: ([v]) => (typeof v === 'bigint' ? checkInt(v < 0n ? -v : v) : Math.abs(mathArg(v as RVal, 'abs'))),
  },
  // ceil, floor and round return rules.Integer (the reference: math.ceil(2.1) == 3).
  'math.ceil': { arity: [1], impl: ([v]) => toInt(Math.ceil(mathArg(v as RVal, 'ceil'))) },
  'math.floor': { arity: [1], impl: ([v]) => toInt(Math.floor(mathArg(v as RVal, 'floor'))) },
  'math.round': {
    arity: [1],
    impl: ([v]) => {
      const x = mathArg(v as RVal, 'round');
      return toInt(Math.sign(x) * Math.round(Math.abs(x)));
    },
  },
  'math.sqrt': { arity: [1], impl: ([v]) => Math.sqrt(mathArg(v as RVal, 'sqrt')) },
  'math.pow': { arity: [2], impl: ([a, b]) => Math.pow(mathArg(a as RVal, 'pow'), mathArg(b as RVal, 'pow')) },
  'math.isInfinite': {
    arity: [1],
    impl: ([v]) => {
      const x = mathArg(v as RVal, 'isInfinite');
      return x === Infinity || x === -Infinity;
    },
  },
  'math.isNaN': { arity: [1], impl: ([v]) => Number.isNaN(mathArg(v as RVal, 'isNaN')) },
  'timestamp.date': {
    arity: [3],
    impl: ([y, mo, d]) => {
      const ms = Date.UTC(Number(int(y as RVal, 'year')), Number(int(mo as RVal, 'month')) - 1, Number(int(d as RVal, 'day')));
      return RTimestamp.fromNanos(BigInt(ms) * 1_000_000n);
    },
  },
  'timestamp.value': { arity: [1], impl: ([ms]) => RTimestamp.fromNanos(int(ms as RVal, 'epoch millis') * 1_000_000n) },
  'duration.value': {
    arity: [2],
    impl: ([mag, unit]) => {
      const u = UNITS[str(unit as RVal, 'duration unit')];
      if (u === undefined) fail(`Unknown duration unit '${show(unit as RVal)}'.`);
      return new RDuration(int(mag as RVal, 'duration magnitude') * u);
    },
  },
  'duration.time': {
    arity: [4],
    impl: ([h, mi, s, ns]) =>
      new RDuration(
        int(h as RVal, 'hours') * 3600n * NANOS +
          int(mi as RVal, 'minutes') * 60n * NANOS +
          int(s as RVal, 'seconds') * NANOS +
          int(ns as RVal, 'nanos'),
      ),
  },
  'duration.abs': {
    arity: [1],
    impl: ([d]) => {
      if (!(d instanceof RDuration)) fail(`duration.abs() takes a duration, not ${typeName(d as RVal)}.`);
      return new RDuration(d.total < 0n ? -d.total : d.total);
    },
  },
  'latlng.value': {
    arity: [2],
    impl: ([a, b]) => {
      const lat = num(a as RVal, 'latitude');
      const lng = num(b as RVal, 'longitude');
      if (lat < -90 || lat > 90 || lng < -180 || lng > 180) fail('LatLng out of range.');
      return new RLatLng(lat, lng);
    },
  },
  'hashing.sha256': { arity: [1], impl: ([v]) => digest('sha256', v as RVal) },
  'hashing.md5': { arity: [1], impl: ([v]) => digest('md5', v as RVal) },
  'hashing.crc32c': { arity: [1], impl: ([v]) => checksum(crc32c, v as RVal, 'hashing.crc32c()') },
  'hashing.crc32': { arity: [1], impl: ([v]) => checksum(crc32, v as RVal, 'hashing.crc32()') },
};

export const NAMESPACES = new Set(['math', 'timestamp', 'duration', 'latlng', 'hashing']);

export function callFunction(name: string, args: RVal[]): RVal {
  for (const a of args) {
    if (a instanceof SymOneOf) {
      const i = args.indexOf(a);
      return expand1(a, (x) =>
        callFunction(
          name,
          args.map((y, j) => (j === i ? x : y)),
        ),
      );
    }
    if (a instanceof SymBase && name !== 'debug') symError(a);
  }
  return (FUNCTIONS[name] as FnSpec).impl(args);
}
