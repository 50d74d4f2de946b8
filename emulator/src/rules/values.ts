/**
 * Runtime values of the rules language and their conversion from Firestore's canonical Value JSON.
 *
 * int -> bigint, float -> number, string, bool, null, list -> RVal[], map -> RMap, and classes for
 * bytes, timestamp, duration, latlng, path, set and map diff. Symbolic values (Sym*) stand for what a
 * list query leaves open about the documents it could return (see list-analysis in evaluate.ts).
 */
import type { Value } from '../contract';

/**
 * An evaluation error: the condition it occurs in is not true. Common in ordinary rules (a missing field
 * under `||`), so it is created without a stack trace (half the cost of a throw).
 */
export class RulesError extends Error {
  override readonly name = 'RulesError';
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export function fail(message: string): never {
  throw new RulesError(message);
}

export type RVal =
  | null
  | boolean
  | bigint
  | number
  | string
  | RVal[]
  | RMap
  | RBytes
  | RTimestamp
  | RDuration
  | RLatLng
  | RPath
  | RSet
  | RMapDiff
  | Sym;

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function checkInt(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) fail('Integer overflow.');
  return v;
}

/**
 * A map. Built from a document's fields, or from a fixed key list with a compute function, it converts
 * values lazily on first access (most rules read a few fields of large documents).
 */
export class RMap {
  private cache: Map<string, RVal> | null;
  private constructor(
    private readonly src: Record<string, Value> | null,
    entries: Map<string, RVal> | null,
    private readonly lazyKeys: readonly string[] | null = null,
    private readonly compute: ((key: string) => RVal) | null = null,
  ) {
    this.cache = entries;
  }
  static of(entries: Map<string, RVal>): RMap {
    return new RMap(null, entries);
  }
  static fromObject(o: Record<string, RVal>): RMap {
    return new RMap(null, new Map(Object.entries(o)));
  }
  static fromFields(fields: Record<string, Value> | undefined): RMap {
    return new RMap(fields ?? {}, null);
  }
  /** A map with these keys whose values are computed on first access. */
  static lazy(keys: readonly string[], compute: (key: string) => RVal): RMap {
    return new RMap(null, null, keys, compute);
  }
  get(key: string): RVal | undefined {
    const hit = this.cache?.get(key);
    if (hit !== undefined) return hit;
    let v: RVal;
    if (this.src !== null) {
      if (!Object.hasOwn(this.src, key)) return undefined;
      v = fromValue(this.src[key] as Value);
    } else if (this.compute !== null && (this.lazyKeys as readonly string[]).includes(key)) {
      v = this.compute(key);
    } else {
      return undefined;
    }
    (this.cache ??= new Map()).set(key, v);
    return v;
  }
  has(key: string): boolean {
    if (this.src !== null) return Object.hasOwn(this.src, key);
    if (this.lazyKeys !== null) return this.lazyKeys.includes(key);
    return this.cache?.has(key) ?? false;
  }
  keys(): string[] {
    if (this.src !== null) return Object.keys(this.src);
    if (this.lazyKeys !== null) return [...this.lazyKeys];
    return this.cache ? [...this.cache.keys()] : [];
  }
  get size(): number {
    if (this.src !== null) return Object.keys(this.src).length;
    if (this.lazyKeys !== null) return this.lazyKeys.length;
    return this.cache?.size ?? 0;
  }
}

export class RBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/** A point in time: seconds since the epoch (integral) and nanoseconds 0..999,999,999. */
export class RTimestamp {
  constructor(
    readonly seconds: number,
    readonly nanos: number,
  ) {}
  static fromNanos(total: bigint): RTimestamp {
    let s = total / 1_000_000_000n;
    let n = total % 1_000_000_000n;
    if (n < 0n) {
      n += 1_000_000_000n;
      s -= 1n;
    }
    const t = new RTimestamp(Number(s), Number(n));
    // Firestore's range: 0001-01-01 to 9999-12-31.
    if (t.seconds < -62135596800 || t.seconds > 253402300799) fail('Timestamp out of range.');
    return t;
  }
  totalNanos(): bigint {
    return BigInt(this.seconds) * 1_000_000_000n + BigInt(this.nanos);
  }
  date(): Date {
    return new Date(this.seconds * 1000 + Math.floor(this.nanos / 1e6));
  }
}

export class RDuration {
  constructor(readonly total: bigint) {} // nanoseconds
  get seconds(): bigint {
    return this.total / 1_000_000_000n;
  }
  get nanos(): bigint {
    return this.total % 1_000_000_000n;
  }
}

export class RLatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}

export class RPath {
  /** bindings: the values bind(map) gave names (path.name, path['name']); equality ignores them. */
  constructor(
    readonly segments: readonly string[],
    readonly bindings: ReadonlyMap<string, string> | null = null,
  ) {}
  toString(): string {
    return '/' + this.segments.join('/');
  }
}

export class RSet {
  constructor(readonly items: readonly RVal[]) {}
  static from(items: readonly RVal[]): RSet {
    const out: RVal[] = [];
    for (const i of items) if (!out.some((o) => equals(o, i))) out.push(i);
    return new RSet(out);
  }
  has(v: RVal): boolean {
    return this.items.some((i) => equals(i, v));
  }
}

export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}

/** Values a list query leaves open (only inside the list analysis). */
export type Sym = SymUnknown | SymOneOf | SymDoc | SymContains | SymRange | SymNotIn;

/** The common base of symbolic values (one cheap instanceof test). */
export abstract class SymBase {
  protected readonly symbolic = true;
}
/** Nothing is known: any use is an error (the rule depends on something the query does not pin down). */
export class SymUnknown extends SymBase {
  constructor(readonly what: string) {
    super();
  }
}
/** One of several concrete values (an `in` filter, or several disjuncts). */
export class SymOneOf extends SymBase {
  constructor(readonly options: readonly RVal[]) {
    super();
  }
}
/** A document's data (or a nested map of it) as far as the query constrains it. */
export class SymDoc extends SymBase {
  constructor(
    readonly constraints: ReadonlyMap<string, RVal>, // field path (segments joined by \u0000) -> value or Sym
    readonly prefix: string, // '' or 'a\u0000b\u0000'
    readonly what: string,
  ) {
    super();
  }
}
/** An array known to contain these values (array-contains). */
export class SymContains extends SymBase {
  constructor(
    readonly required: readonly RVal[],
    readonly what = 'an array the query filters with array-contains',
  ) {
    super();
  }
}
/** A value within bounds (range filters). */
export class SymRange extends SymBase {
  constructor(
    readonly lo: RVal | undefined,
    readonly loInclusive: boolean,
    readonly hi: RVal | undefined,
    readonly hiInclusive: boolean,
    readonly what = 'a value the query bounds with a range',
  ) {
    super();
  }
}
/** A value known to differ from each of these (!= and not-in filters). */
export class SymNotIn extends SymBase {
  constructor(
    readonly excluded: readonly RVal[],
    readonly what = 'a value the query filters with != or not-in',
  ) {
    super();
  }
}

export function isSym(v: RVal): v is Sym {
  return v instanceof SymBase;
}

// ---------------------------------------------------------------------------------------------
// Conversion from canonical Value JSON.

function decodeBase64(s: string): Uint8Array {
  return new Uint8Array(Buffer.from(s, 'base64'));
}

const timestampCache = new Map<string, RTimestamp>();

/** Parses an RFC 3339 timestamp with up to 9 fractional digits (memoized: the same stamps recur). */
export function parseTimestamp(s: string): RTimestamp {
  let t = timestampCache.get(s);
  if (t === undefined) {
    t = parseTimestampUncached(s);
    if (timestampCache.size >= 4096) timestampCache.clear();
    timestampCache.set(s, t);
  }
  return t;
}

function parseTimestampUncached(s: string): RTimestamp {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(s);
  if (!m) fail(`Invalid timestamp '${s}'.`);
  const [, y, mo, d, h, mi, se, frac, zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60000;
  }
  const nanos = frac ? Number(frac.padEnd(9, '0')) : 0;
  return new RTimestamp(Math.floor(ms / 1000), nanos);
}

/** 'projects/p/databases/d/documents/a/b' -> path /databases/d/documents/a/b */
export function pathFromResourceName(name: string): RPath {
  const parts = name.split('/');
  return new RPath(parts[0] === 'projects' ? parts.slice(2) : parts);
}

export function fromValue(v: Value): RVal {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v.booleanValue === true;
  if ('integerValue' in v) return BigInt(v.integerValue as string | number);
  if ('doubleValue' in v) {
    const d = v.doubleValue;
    return typeof d === 'number' ? d : Number(d);
  }
  if ('stringValue' in v) return v.stringValue as string;
  if ('timestampValue' in v) return parseTimestamp(v.timestampValue as string);
  if ('bytesValue' in v) return new RBytes(decodeBase64(v.bytesValue as string));
  if ('referenceValue' in v) return pathFromResourceName(v.referenceValue as string);
  if ('geoPointValue' in v) {
    const g = v.geoPointValue as { latitude?: number; longitude?: number };
    return new RLatLng(g.latitude ?? 0, g.longitude ?? 0);
  }
  if ('arrayValue' in v) {
    const a = v.arrayValue as { values?: Value[] };
    return (a.values ?? []).map(fromValue);
  }
  if ('mapValue' in v) {
    const m = v.mapValue as { fields?: Record<string, Value> };
    return RMap.fromFields(m.fields);
  }
  fail('Unknown value type.');
}

/** Converts decoded JWT claims (plain JSON) to rules values. */
export function fromJson(j: unknown): RVal {
  if (j === null || j === undefined) return null;
  if (typeof j === 'boolean' || typeof j === 'string') return j;
  if (typeof j === 'number') return Number.isInteger(j) ? BigInt(j) : j;
  if (Array.isArray(j)) return j.map(fromJson);
  if (typeof j === 'object') {
    const m = new Map<string, RVal>();
    for (const [k, v] of Object.entries(j as Record<string, unknown>)) m.set(k, fromJson(v));
    return RMap.of(m);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Types, equality, ordering.

export function typeName(v: RVal): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (Array.isArray(v)) return 'list';
  if (v instanceof RMap) return 'map';
  if (v instanceof RBytes) return 'bytes';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RPath) return 'path';
  if (v instanceof RSet) return 'set';
  if (v instanceof RMapDiff) return 'map_diff';
  return 'symbolic';
}

export function equals(a: RVal, b: RVal): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  if (a === null || b === null) return false;
  const ta = typeof a;
  const tb = typeof b;
  if (ta === 'bigint' || ta === 'number') {
    if (tb === 'bigint' || tb === 'number') {
      if (ta === 'bigint' && tb === 'number') return Number(a) === b && Number.isInteger(b) && BigInt(b) === a;
      if (ta === 'number' && tb === 'bigint') return Number(b) === a && Number.isInteger(a) && BigInt(a) === b;
      // eslint-disable-next-line eqeqeq
      return a == b;
    }
    return false;
  }
  if ((ta === 'object' && a instanceof SymBase) || (tb === 'object' && b instanceof SymBase)) symFail(a, b);
  if (ta !== 'object' || tb !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equals(a[i] as RVal, b[i] as RVal)) return false;
    return true;
  }
  if (a instanceof RMap) {
    if (!(b instanceof RMap)) return false;
    const ka = a.keys();
    if (ka.length !== b.size) return false;
    for (const k of ka) {
      const bv = b.get(k);
      if (bv === undefined || !equals(a.get(k) as RVal, bv)) return false;
    }
    return true;
  }
  if (a instanceof RTimestamp) return b instanceof RTimestamp && a.seconds === b.seconds && a.nanos === b.nanos;
  if (a instanceof RDuration) return b instanceof RDuration && a.total === b.total;
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  if (a instanceof RPath)
    return b instanceof RPath && a.segments.length === b.segments.length && a.segments.every((s, i) => s === b.segments[i]);
  if (a instanceof RBytes) return b instanceof RBytes && Buffer.compare(a.bytes, b.bytes) === 0;
  if (a instanceof RSet) return b instanceof RSet && a.items.length === b.items.length && a.items.every((i) => b.has(i));
  return false;
}

function symFail(a: RVal, b: RVal): never {
  const s = a instanceof SymBase ? a : (b as Sym);
  fail(`The query does not constrain ${symWhat(s)}.`);
}

export function symWhat(s: Sym): string {
  if (s instanceof SymOneOf) return 'a value the query allows several values for';
  return s.what;
}

/** -1, 0, 1; an error for values of types that do not order against each other. */
export function compare(a: RVal, b: RVal): number {
  if ((typeof a === 'object' && a instanceof SymBase) || (typeof b === 'object' && b instanceof SymBase)) symFail(a, b);
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'bigint' || ta === 'number') && (tb === 'bigint' || tb === 'number')) {
    if (ta === 'bigint' && tb === 'bigint') return (a as bigint) < (b as bigint) ? -1 : (a as bigint) > (b as bigint) ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (ta === 'string' && tb === 'string') return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
  if (ta === 'boolean' && tb === 'boolean') return Number(a) - Number(b);
  if (a instanceof RTimestamp && b instanceof RTimestamp)
    return a.seconds !== b.seconds ? Math.sign(a.seconds - b.seconds) : Math.sign(a.nanos - b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return a.total < b.total ? -1 : a.total > b.total ? 1 : 0;
  if (a instanceof RBytes && b instanceof RBytes) return Buffer.compare(a.bytes, b.bytes);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compare(a[i] as RVal, b[i] as RVal);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  fail(`Unsupported operation: comparison of ${typeName(a)} and ${typeName(b)}.`);
}

/** Renders a value for messages and string(). */
export function show(v: RVal): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
    case 'bigint':
      return String(v);
    case 'number':
      return Number.isInteger(v) ? v.toFixed(1) : String(v);
    case 'string':
      return v;
  }
  if (Array.isArray(v)) return '[' + v.map(showQuoted).join(', ') + ']';
  if (v instanceof RMap)
    return (
      '{' +
      v
        .keys()
        .map((k) => `${k}: ${showQuoted(v.get(k) as RVal)}`)
        .join(', ') +
      '}'
    );
  if (v instanceof RPath) return v.toString();
  if (v instanceof RTimestamp)
    return v
      .date()
      .toISOString()
      .replace(/\.\d{3}Z$/, `.${String(v.nanos).padStart(9, '0')}Z`);
  if (v instanceof RDuration) return `${(Number(v.total) / 1e9).toString()}s`;
  if (v instanceof RLatLng) return `LatLng(${v.lat}, ${v.lng})`;
  if (v instanceof RBytes) return Buffer.from(v.bytes).toString('base64');
  if (v instanceof RSet) return 'set(' + v.items.map(showQuoted).join(', ') + ')';
  return typeName(v);
}

function showQuoted(v: RVal): string {
  return typeof v === 'string' ? JSON.stringify(v) : show(v);
}
