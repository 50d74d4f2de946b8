/**
 * google.firestore.v1.Value in canonical proto3 JSON: validation/normalisation, Firestore's total
 * ordering across types, equality, field paths (with backtick-quoted segments) and document size.
 */
import type { Json, JsonObject, Value } from '../contract';
import { Code, RpcError } from '../contract';
import { formatTimestamp, parseTimestamp } from './timestamps';

export type Fields = Record<string, Value>;

export const NULL_VALUE: Value = { nullValue: 'NULL_VALUE' };

function invalid(message: string): RpcError {
  return new RpcError(Code.INVALID_ARGUMENT, message);
}

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const RESERVED_FIELD = /^__.*__$/;
const MAX_DEPTH = 20;

/** A vector value: the map `{ __type__: '__vector__', value: [doubles] }` the SDKs send for `vector([...])`. */
export function isVector(v: Value): boolean {
  const m = v['mapValue'];
  if (!isObject(m)) return false;
  const f = m['fields'];
  if (!isObject(f)) return false;
  const t = f['__type__'];
  return isObject(t) && t['stringValue'] === '__vector__';
}

/** The numbers of a vector value (see isVector). */
export function vectorValues(v: Value): number[] {
  const value = mapFields(v)['value'];
  return value ? arrayValues(value).map((e) => ('integerValue' in e ? Number(e['integerValue']) : doubleOf(e))) : [];
}

const MAX_VECTOR_DIMENSIONS = 2048;

/** Validates the fields of a map that declares `__type__`: only vectors are supported. */
function normalizeVector(fields: JsonObject, depth: number): Value {
  const type = fields['__type__'];
  if (!isObject(type) || type['stringValue'] !== '__vector__')
    throw invalid('Field name "__type__" is reserved (document fields).');
  const keys = Object.keys(fields);
  const value = fields['value'];
  if (keys.length !== 2 || !isObject(value)) throw invalid('A vector value must have exactly the fields "__type__" and "value".');
  const array = normalizeValue(value, depth + 1);
  const elements = arrayValues(array);
  if (!('arrayValue' in array) || elements.some((e) => !('doubleValue' in e) && !('integerValue' in e))) {
    throw invalid('A vector value must be an array of numbers.');
  }
  if (elements.length > MAX_VECTOR_DIMENSIONS)
    throw invalid(`A vector value can have at most ${MAX_VECTOR_DIMENSIONS} dimensions.`);
  return { mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: array } } };
}

/** Type order: null < bool < number < timestamp < string < bytes < reference < geopoint < array < vector < map. */
export function typeOrder(v: Value): number {
  if ('nullValue' in v) return 0;
  if ('booleanValue' in v) return 1;
  if ('integerValue' in v || 'doubleValue' in v) return 2;
  if ('timestampValue' in v) return 3;
  if ('stringValue' in v) return 4;
  if ('bytesValue' in v) return 5;
  if ('referenceValue' in v) return 6;
  if ('geoPointValue' in v) return 7;
  if ('arrayValue' in v) return 8;
  return isVector(v) ? 9 : 10;
}

function normalizeDouble(raw: Json | undefined): number | string {
  if (typeof raw === 'number') return Object.is(raw, -0) ? raw : raw;
  if (raw === 'NaN' || raw === 'Infinity' || raw === '-Infinity') return raw;
  if (typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  throw invalid('Invalid double value.');
}

export function doubleOf(v: Value): number {
  const d = v['doubleValue'];
  if (typeof d === 'number') return d;
  if (d === 'NaN') return NaN;
  if (d === 'Infinity') return Infinity;
  if (d === '-Infinity') return -Infinity;
  return Number(d);
}

/** Canonical double JSON: numbers stay numbers, non-finite become their names. */
export function doubleValue(n: number): Value {
  if (Number.isNaN(n)) return { doubleValue: 'NaN' };
  if (n === Infinity) return { doubleValue: 'Infinity' };
  if (n === -Infinity) return { doubleValue: '-Infinity' };
  return { doubleValue: n };
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

export function validateFieldName(name: string, where: string): void {
  if (name.length === 0) throw invalid(`Field name cannot be empty (${where}).`);
  if (RESERVED_FIELD.test(name)) throw invalid(`Field name "${name}" is reserved (${where}).`);
  if (Buffer.byteLength(name, 'utf8') > 1500) throw invalid(`Field name is too long (${where}).`);
}

/** Validates one value and returns it in canonical form; throws INVALID_ARGUMENT on anything malformed. */
export function normalizeValue(input: unknown, depth = 0, inArray = false): Value {
  if (!isObject(input)) throw invalid('Invalid value: expected an object.');
  if (depth > MAX_DEPTH) throw invalid('Value is nested too deeply.');
  const keys = Object.keys(input);
  if (keys.length !== 1) {
    if (keys.length === 0) throw invalid('Invalid value: no value type set.');
    throw invalid('Invalid value: more than one value type set.');
  }
  const key = keys[0] as string;
  const raw = input[key];
  switch (key) {
    case 'nullValue':
      if (raw === null || raw === 'NULL_VALUE' || raw === 0) return NULL_VALUE;
      throw invalid('Invalid null value.');
    case 'booleanValue':
      if (typeof raw === 'boolean') return { booleanValue: raw };
      throw invalid('Invalid boolean value.');
    case 'integerValue': {
      let n: bigint;
      if (typeof raw === 'string' && /^-?\d{1,20}$/.test(raw)) n = BigInt(raw);
      else if (typeof raw === 'number' && Number.isSafeInteger(raw)) n = BigInt(raw);
      else throw invalid('Invalid integer value.');
      if (n < INT64_MIN || n > INT64_MAX) throw invalid('Integer value out of range.');
      return { integerValue: n.toString() };
    }
    case 'doubleValue':
      return { doubleValue: normalizeDouble(raw) };
    case 'timestampValue': {
      const ns = parseTimestamp(raw, 'timestamp value');
      // Firestore stores timestamps with microsecond precision.
      const micros = ns - (((ns % 1000n) + 1000n) % 1000n);
      return { timestampValue: formatTimestamp(micros) };
    }
    case 'stringValue':
      if (typeof raw !== 'string') throw invalid('Invalid string value.');
      return { stringValue: raw };
    case 'bytesValue':
      if (typeof raw !== 'string' || !BASE64.test(raw)) throw invalid('Invalid bytes value.');
      return { bytesValue: Buffer.from(raw, raw.includes('-') || raw.includes('_') ? 'base64url' : 'base64').toString('base64') };
    case 'referenceValue':
      if (typeof raw !== 'string' || !isValidReference(raw)) throw invalid('Invalid reference value.');
      return { referenceValue: raw };
    case 'geoPointValue': {
      if (!isObject(raw)) throw invalid('Invalid geo point value.');
      const lat = raw['latitude'] ?? 0;
      const lng = raw['longitude'] ?? 0;
      if (typeof lat !== 'number' || typeof lng !== 'number' || !(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) {
        throw invalid('Invalid geo point value: latitude must be in [-90, 90] and longitude in [-180, 180].');
      }
      return { geoPointValue: { latitude: lat, longitude: lng } };
    }
    case 'arrayValue': {
      if (inArray) throw invalid('Cannot convert an array value in an array value.');
      if (!isObject(raw)) throw invalid('Invalid array value.');
      const values = raw['values'] ?? [];
      if (!Array.isArray(values)) throw invalid('Invalid array value.');
      return { arrayValue: { values: values.map((v) => normalizeValue(v, depth + 1, true)) } };
    }
    case 'mapValue': {
      if (!isObject(raw)) throw invalid('Invalid map value.');
      const fields = raw['fields'] ?? {};
      if (!isObject(fields)) throw invalid('Invalid map value.');
      if (fields['__type__'] !== undefined) return normalizeVector(fields, depth);
      return { mapValue: { fields: normalizeFields(fields, depth + 1) } };
    }
    default:
      throw invalid(`Invalid value type "${key.slice(0, 40)}".`);
  }
}

export function normalizeFields(input: unknown, depth = 0): Fields {
  if (input === undefined || input === null) return {};
  if (!isObject(input)) throw invalid('Invalid document fields.');
  const out: Fields = {};
  for (const [k, v] of Object.entries(input)) {
    validateFieldName(k, 'document fields');
    out[k] = normalizeValue(v, depth);
  }
  return out;
}

function isValidReference(ref: string): boolean {
  const parts = ref.split('/');
  return (
    parts.length >= 7 &&
    parts[0] === 'projects' &&
    parts[2] === 'databases' &&
    parts[4] === 'documents' &&
    (parts.length - 5) % 2 === 0 &&
    parts.every((p) => p.length > 0)
  );
}

// ---------------------------------------------------------------- ordering

/** Compares two strings by their UTF-8 byte sequences (Firestore's string order). */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      // UTF-16 order differs from code point order only for surrogates vs U+E000..U+FFFF.
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x < y ? -1 : 1;
    }
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function cmp(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNumbers(a: Value, b: Value): number {
  const ai = a['integerValue'];
  const bi = b['integerValue'];
  if (typeof ai === 'string' && typeof bi === 'string') {
    if (ai.length < 16 && bi.length < 16) return cmp(Number(ai), Number(bi));
    const x = BigInt(ai);
    const y = BigInt(bi);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof ai === 'string') return -compareDoubleInt(doubleOf(b), ai) || 0;
  if (typeof bi === 'string') return compareDoubleInt(doubleOf(a), bi);
  const x = doubleOf(a);
  const y = doubleOf(b);
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return cmp(x, y);
}

function compareDoubleInt(d: number, i: string): number {
  if (Number.isNaN(d)) return -1;
  if (d === Infinity) return 1;
  if (d === -Infinity) return -1;
  if (Number.isInteger(d)) {
    const x = BigInt(d);
    const y = BigInt(i);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return cmp(d, Number(i));
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'base64'), Buffer.from(b, 'base64'));
}

/** `__id<n>__`: a Datastore integer id; its value, or null for any other segment. */
function numericId(segment: string): bigint | null {
  // Cheap test first: names are compared on every sort, and almost no segment starts with '__id'.
  if (segment.charCodeAt(0) !== 95 || !segment.startsWith('__id') || !/^__id-?\d{1,19}__$/.test(segment)) return null;
  return BigInt(segment.slice(4, -2));
}

/**
 * Compares two path segments as Firestore does: numeric ids (`__id<n>__`) before every other id, by their
 * value; other ids by their UTF-8 bytes. The SDKs sort the same way (firebase-js-sdk
 * `packages/firestore/src/model/path.ts` `BasePath.compareSegments`, nodejs-firestore `src/path.ts`).
 */
export function compareSegment(a: string, b: string): number {
  const x = numericId(a);
  const y = numericId(b);
  if (x === null) return y === null ? compareUtf8(a, b) : 1;
  if (y === null) return -1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Compares resource names segment by segment (numeric ids first: `compareSegment`). */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  const x = a.split('/');
  const y = b.split('/');
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegment(x[i] as string, y[i] as string);
    if (c !== 0) return c;
  }
  return cmp(x.length, y.length);
}

function sortedKeys(fields: Fields): string[] {
  return Object.keys(fields).sort(compareUtf8);
}

export function mapFields(v: Value): Fields {
  const m = v['mapValue'];
  return isObject(m) && isObject(m['fields']) ? (m['fields'] as Fields) : {};
}

export function arrayValues(v: Value): Value[] {
  const a = v['arrayValue'];
  return isObject(a) && Array.isArray(a['values']) ? (a['values'] as Value[]) : [];
}

/** Firestore's total order over values. */
export function compareValues(a: Value, b: Value): number {
  // Fast paths for the common same-type comparisons.
  const ai = a['integerValue'];
  if (ai !== undefined) {
    const bi = b['integerValue'];
    if (bi !== undefined && (ai as string).length < 16 && (bi as string).length < 16) return cmp(Number(ai), Number(bi));
  } else {
    const as = a['stringValue'];
    if (as !== undefined) {
      const bs = b['stringValue'];
      if (bs !== undefined) return as === bs ? 0 : compareUtf8(as as string, bs as string);
    } else {
      const at = a['timestampValue'];
      const bt = b['timestampValue'];
      if (at !== undefined && bt !== undefined)
        return (at as string) < (bt as string) ? -1 : (at as string) > (bt as string) ? 1 : 0;
    }
  }
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (ta) {
    case 0:
      return 0;
    case 1:
      return cmp(a['booleanValue'] ? 1 : 0, b['booleanValue'] ? 1 : 0);
    case 2:
      return compareNumbers(a, b);
    case 3: {
      const x = a['timestampValue'] as string;
      const y = b['timestampValue'] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 4:
      return compareUtf8(a['stringValue'] as string, b['stringValue'] as string);
    case 5:
      return compareBytes(a['bytesValue'] as string, b['bytesValue'] as string);
    case 6:
      return compareNames(a['referenceValue'] as string, b['referenceValue'] as string);
    case 7: {
      const x = a['geoPointValue'] as JsonObject;
      const y = b['geoPointValue'] as JsonObject;
      return (
        cmp((x['latitude'] as number | undefined) ?? 0, (y['latitude'] as number | undefined) ?? 0) ||
        cmp((x['longitude'] as number | undefined) ?? 0, (y['longitude'] as number | undefined) ?? 0)
      );
    }
    case 8: {
      const x = arrayValues(a);
      const y = arrayValues(b);
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(x[i] as Value, y[i] as Value);
        if (c !== 0) return c;
      }
      return cmp(x.length, y.length);
    }
    case 9: {
      // Vectors: shorter first, then element by element.
      const x = arrayValues(mapFields(a)['value'] ?? NULL_VALUE);
      const y = arrayValues(mapFields(b)['value'] ?? NULL_VALUE);
      if (x.length !== y.length) return cmp(x.length, y.length);
      for (let i = 0; i < x.length; i++) {
        const c = compareValues(x[i] as Value, y[i] as Value);
        if (c !== 0) return c;
      }
      return 0;
    }
    default: {
      const x = mapFields(a);
      const y = mapFields(b);
      const kx = sortedKeys(x);
      const ky = sortedKeys(y);
      const n = Math.min(kx.length, ky.length);
      for (let i = 0; i < n; i++) {
        const c =
          compareUtf8(kx[i] as string, ky[i] as string) ||
          compareValues(x[kx[i] as string] as Value, y[ky[i] as string] as Value);
        if (c !== 0) return c;
      }
      return cmp(kx.length, ky.length);
    }
  }
}

/** Equality as Firestore queries and array transforms use it: 1 == 1.0, -0 == 0, NaN == NaN. */
export function valuesEqual(a: Value, b: Value): boolean {
  const as = a['stringValue'];
  if (as !== undefined) return as === b['stringValue'];
  const ab = a['booleanValue'];
  if (ab !== undefined) return ab === b['booleanValue'];
  return compareValues(a, b) === 0;
}

export function isNumber(v: Value): boolean {
  return 'integerValue' in v || 'doubleValue' in v;
}

export function isNaNValue(v: Value): boolean {
  return 'doubleValue' in v && Number.isNaN(doubleOf(v));
}

export function isArray(v: Value): boolean {
  return 'arrayValue' in v;
}

export function isNull(v: Value): boolean {
  return 'nullValue' in v;
}

// ---------------------------------------------------------------- field paths

const SIMPLE_SEGMENT = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

/** Parses a field path such as `a.b` or `a.\`x.y\`` into segments; INVALID_ARGUMENT if malformed. */
export function parseFieldPath(path: unknown): string[] {
  if (typeof path !== 'string' || path.length === 0) throw invalid('Invalid field path: empty.');
  const segments: string[] = [];
  let i = 0;
  while (i <= path.length) {
    let seg = '';
    if (path[i] === '`') {
      i++;
      let closed = false;
      while (i < path.length) {
        const ch = path[i] as string;
        if (ch === '\\') {
          const next = path[i + 1];
          if (next === undefined) break;
          seg += next;
          i += 2;
        } else if (ch === '`') {
          closed = true;
          i++;
          break;
        } else {
          seg += ch;
          i++;
        }
      }
      if (!closed) throw invalid(`Invalid field path: ${path.slice(0, 100)}`);
      if (i < path.length && path[i] !== '.') throw invalid(`Invalid field path: ${path.slice(0, 100)}`);
    } else {
      const end = path.indexOf('.', i);
      seg = end < 0 ? path.slice(i) : path.slice(i, end);
      i = end < 0 ? path.length : end;
      if (!SIMPLE_SEGMENT.test(seg) && seg !== '__name__') {
        // Firestore accepts unquoted segments that are not identifiers only when quoted.
        if (seg.length === 0 || /[`~*/[\]]/.test(seg)) throw invalid(`Invalid field path: ${path.slice(0, 100)}`);
      }
    }
    if (seg.length === 0) throw invalid(`Invalid field path: ${path.slice(0, 100)}`);
    segments.push(seg);
    if (i >= path.length) break;
    i++; // skip '.'
    if (i >= path.length) throw invalid(`Invalid field path: ${path.slice(0, 100)}`);
  }
  return segments;
}

export function formatFieldPath(segments: readonly string[]): string {
  return segments.map((s) => (SIMPLE_SEGMENT.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`')).join('.');
}

export function getField(fields: Fields, segments: readonly string[]): Value | undefined {
  let current: Fields = fields;
  for (let i = 0; i < segments.length; i++) {
    const v = current[segments[i] as string];
    if (v === undefined) return undefined;
    if (i === segments.length - 1) return v;
    if (!('mapValue' in v)) return undefined;
    current = mapFields(v);
  }
  return undefined;
}

/** Sets (or, with value undefined, deletes) a nested field, copying the maps on the way (fields is mutated at the top level only). */
export function setField(fields: Fields, segments: readonly string[], value: Value | undefined): void {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (rest.length === 0) {
    if (value === undefined) delete fields[head];
    else fields[head] = value;
    return;
  }
  const existing = fields[head];
  if (value === undefined && (existing === undefined || !('mapValue' in existing))) return;
  const child: Fields = existing !== undefined && 'mapValue' in existing ? { ...mapFields(existing) } : {};
  setField(child, rest, value);
  fields[head] = { mapValue: { fields: child } };
}

// ---------------------------------------------------------------- size

function stringSize(s: string): number {
  return Buffer.byteLength(s, 'utf8') + 1;
}

export function nameSize(name: string): number {
  // Resource name size: the path below /documents, each segment's bytes + 1, plus 16.
  const idx = name.indexOf('/documents/');
  const rel = idx >= 0 ? name.slice(idx + 11) : name;
  let size = 16;
  for (const seg of rel.split('/')) size += stringSize(seg);
  return size;
}

export function valueSize(v: Value): number {
  switch (typeOrder(v)) {
    case 0:
    case 1:
      return 1;
    case 2:
    case 3:
      return 8;
    case 4:
      return stringSize(v['stringValue'] as string);
    case 5:
      return Buffer.from(v['bytesValue'] as string, 'base64').length;
    case 6:
      return nameSize(v['referenceValue'] as string);
    case 7:
      return 16;
    case 8: {
      let n = 0;
      for (const e of arrayValues(v)) n += valueSize(e);
      return n;
    }
    default:
      return fieldsSize(mapFields(v));
  }
}

export function fieldsSize(fields: Fields): number {
  let n = 0;
  for (const [k, v] of Object.entries(fields)) n += stringSize(k) + valueSize(v);
  return n;
}

export const MAX_DOCUMENT_SIZE = 1_048_576;

export function documentSize(name: string, fields: Fields): number {
  return nameSize(name) + fieldsSize(fields) + 32;
}

export function checkDocumentSize(name: string, fields: Fields): void {
  const size = documentSize(name, fields);
  if (size > MAX_DOCUMENT_SIZE) {
    throw invalid(
      `Document '${name}' cannot be written because its size (${size} bytes) exceeds the maximum allowed size of ${MAX_DOCUMENT_SIZE} bytes.`,
    );
  }
}

/** Applies a projection (list of field paths) to a document's fields. */
export function projectFields(fields: Fields, paths: readonly (readonly string[])[]): Fields {
  const out: Fields = {};
  for (const p of paths) {
    if (p.length === 1 && p[0] === '__name__') continue;
    const v = getField(fields, p);
    if (v !== undefined) setField(out, p, v);
  }
  return out;
}
