/**
 * StructuredQuery: validation and compilation into predicates, normalized ordering (explicit orderBy,
 * then inequality fields, then __name__ with the last direction), cursors, offset/limit and projection.
 */
import type { Json, JsonObject, Value } from '../contract';
import { Code, RpcError } from '../contract';
import type { Database, DocRecord } from './store';
import { equalityKey } from './store';
import {
  arrayValues,
  compareNames,
  doubleValue,
  compareUtf8,
  compareValues,
  formatFieldPath,
  getField,
  isArray,
  isNaNValue,
  isNull,
  isObject,
  isVector,
  normalizeValue,
  parseFieldPath,
  projectFields,
  setField,
  typeOrder,
  validateFieldName,
  valuesEqual,
  vectorValues,
} from './values';
import { validateCollectionId } from './names';

function invalid(message: string): RpcError {
  return new RpcError(Code.INVALID_ARGUMENT, message);
}

type Pred = (doc: DocRecord) => boolean;

export interface OrderSpec {
  path: string[];
  isName: boolean;
  desc: boolean;
}

export interface Cursor {
  values: Value[];
  before: boolean;
}

export type DistanceMeasure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';

/** StructuredQuery.findNearest: an exact nearest-neighbour search (Firestore's is approximate). */
export interface NearestSpec {
  path: string[];
  query: number[];
  measure: DistanceMeasure;
  limit: number;
  resultField: string[] | null;
  threshold: number | null;
}

export interface CompiledQuery {
  parentPath: string;
  collectionId: string;
  allDescendants: boolean;
  filter: Pred | null;
  orderBy: OrderSpec[];
  startAt: Cursor | null;
  endAt: Cursor | null;
  offset: number;
  limit: number | null;
  projection: string[][] | null;
  nearest: NearestSpec | null;
  raw: JsonObject;
}

const MEASURES: Readonly<Record<string, DistanceMeasure>> = {
  EUCLIDEAN: 'EUCLIDEAN',
  COSINE: 'COSINE',
  DOT_PRODUCT: 'DOT_PRODUCT',
  1: 'EUCLIDEAN',
  2: 'COSINE',
  3: 'DOT_PRODUCT',
};
const MAX_NEAREST_LIMIT = 1000;

function parseNearest(raw: Json | undefined): NearestSpec | null {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) throw invalid('Invalid findNearest.');
  const path = fieldRef(raw['vectorField']);
  const qv = normalizeValue(raw['queryVector']);
  if (!isVector(qv)) throw invalid('findNearest.queryVector must be a vector value.');
  const query = vectorValues(qv);
  if (query.length === 0) throw invalid('findNearest.queryVector must not be empty.');
  const rawMeasure = raw['distanceMeasure'];
  const measure = typeof rawMeasure === 'string' || typeof rawMeasure === 'number' ? MEASURES[rawMeasure] : undefined;
  if (measure === undefined) throw invalid('findNearest.distanceMeasure must be EUCLIDEAN, COSINE or DOT_PRODUCT.');
  const limit = parseInt32(raw['limit'], 'findNearest limit');
  if (limit === null || limit === 0 || limit > MAX_NEAREST_LIMIT) {
    throw invalid(`findNearest.limit must be a positive integer of no more than ${MAX_NEAREST_LIMIT}.`);
  }
  const rf = raw['distanceResultField'];
  let resultField: string[] | null = null;
  if (rf !== undefined && rf !== null && rf !== '') {
    resultField = parseFieldPath(rf);
    for (const seg of resultField) validateFieldName(seg, 'findNearest.distanceResultField');
  }
  const t = raw['distanceThreshold'];
  const tv = isObject(t) ? t['value'] : t;
  let threshold: number | null = null;
  if (tv !== undefined && tv !== null) {
    threshold = typeof tv === 'string' ? Number(tv) : typeof tv === 'number' ? tv : NaN;
    if (Number.isNaN(threshold)) throw invalid('findNearest.distanceThreshold must be a number.');
  }
  return { path, query, measure, limit, resultField, threshold };
}

/** The distance of a document vector to the query vector; null when it has another dimension or no direction. */
function distance(spec: NearestSpec, v: number[]): number | null {
  const q = spec.query;
  if (v.length !== q.length) return null;
  let dot = 0;
  let vv = 0;
  let qq = 0;
  let sq = 0;
  for (let i = 0; i < q.length; i++) {
    const a = v[i] as number;
    const b = q[i] as number;
    dot += a * b;
    vv += a * a;
    qq += b * b;
    sq += (a - b) * (a - b);
  }
  switch (spec.measure) {
    case 'EUCLIDEAN':
      return Math.sqrt(sq);
    case 'DOT_PRODUCT':
      return dot;
    case 'COSINE':
      if (vv === 0 || qq === 0) return null;
      return 1 - dot / Math.sqrt(vv * qq);
  }
}

/**
 * findNearest over the documents that pass the query's filters, exactly: every candidate's distance is
 * computed. Nearest first (for DOT_PRODUCT the largest product), ties by document name; documents whose
 * field is not a vector of the query's dimension are left out, as are those beyond the threshold.
 */
function nearestOf(q: CompiledQuery, spec: NearestSpec, docs: Iterable<DocRecord>): DocRecord[] {
  const hits: { doc: DocRecord; d: number }[] = [];
  const larger = spec.measure === 'DOT_PRODUCT';
  for (const doc of docs) {
    if (q.filter && !q.filter(doc)) continue;
    const v = getField(doc.fields, spec.path);
    if (!v || !isVector(v)) continue;
    const d = distance(spec, vectorValues(v));
    if (d === null || Number.isNaN(d)) continue;
    if (spec.threshold !== null && (larger ? d < spec.threshold : d > spec.threshold)) continue;
    hits.push({ doc, d });
  }
  hits.sort((a, b) => (larger ? b.d - a.d : a.d - b.d) || compareNames(a.doc.name, b.doc.name));
  return hits.slice(0, spec.limit).map(({ doc, d }) => {
    if (!spec.resultField) return doc;
    const fields = { ...doc.fields };
    setField(fields, spec.resultField, doubleValue(d));
    return { ...doc, fields };
  });
}

export function parseInt32(v: Json | undefined, what: string): number | null {
  if (v === undefined || v === null) return null;
  const n = isObject(v) ? (v['value'] ?? 0) : v;
  const num = typeof n === 'string' && /^-?\d+$/.test(n) ? Number(n) : n;
  if (typeof num !== 'number' || !Number.isInteger(num) || num < 0 || num > 2_147_483_647) {
    throw invalid(`Invalid ${what}: must be a non-negative integer.`);
  }
  return num;
}

function fieldRef(v: Json | undefined): string[] {
  if (!isObject(v)) throw invalid('Invalid field reference.');
  return parseFieldPath(v['fieldPath']);
}

function isNamePath(p: readonly string[]): boolean {
  return p.length === 1 && p[0] === '__name__';
}

function docValue(doc: DocRecord, path: readonly string[], isName: boolean): Value | undefined {
  return isName ? { referenceValue: doc.name } : getField(doc.fields, path);
}

interface FilterCtx {
  inequality: Map<string, string[]>;
  /** An EQUAL filter on __name__ was seen. */
  nameEquality: boolean;
  notIn: number;
  notEqual: number;
  disjunctions: number;
}

const MAX_DISJUNCTION = 30;

function compileFilter(f: Json | undefined, ctx: FilterCtx, depth: number): Pred | null {
  if (!isObject(f)) throw invalid('Invalid filter.');
  if (depth > 50) throw invalid('Filter is nested too deeply.');
  if (isObject(f['compositeFilter'])) {
    const c = f['compositeFilter'];
    const op = c['op'];
    const filters = c['filters'] ?? [];
    if (!Array.isArray(filters)) throw invalid('Invalid composite filter.');
    const preds = filters.map((x) => compileFilter(x, ctx, depth + 1)).filter((p): p is Pred => p !== null);
    if (op === 'AND' || op === 1) {
      if (preds.length === 0) return null;
      if (preds.length === 1) return preds[0] as Pred;
      return (doc) => {
        for (const p of preds) if (!p(doc)) return false;
        return true;
      };
    }
    if (op === 'OR' || op === 2) {
      if (preds.length === 0) return null;
      ctx.disjunctions += preds.length - 1;
      if (preds.length === 1) return preds[0] as Pred;
      return (doc) => {
        for (const p of preds) if (p(doc)) return true;
        return false;
      };
    }
    throw invalid('Invalid composite filter operator.');
  }
  if (isObject(f['fieldFilter'])) return compileFieldFilter(f['fieldFilter'], ctx);
  if (isObject(f['unaryFilter'])) {
    const u = f['unaryFilter'];
    const path = fieldRef(u['field']);
    const isName = isNamePath(path);
    const get = (doc: DocRecord): Value | undefined => docValue(doc, path, isName);
    switch (u['op']) {
      case 'IS_NAN':
        return (doc) => {
          const v = get(doc);
          return v !== undefined && isNaNValue(v);
        };
      case 'IS_NULL':
        return (doc) => {
          const v = get(doc);
          return v !== undefined && isNull(v);
        };
      case 'IS_NOT_NAN':
        ctx.inequality.set(formatFieldPath(path), path);
        ctx.notEqual++;
        return (doc) => {
          const v = get(doc);
          return v !== undefined && !isNull(v) && !isNaNValue(v);
        };
      case 'IS_NOT_NULL':
        ctx.inequality.set(formatFieldPath(path), path);
        ctx.notEqual++;
        return (doc) => {
          const v = get(doc);
          return v !== undefined && !isNull(v);
        };
      default:
        throw invalid('Invalid unary filter operator.');
    }
  }
  throw invalid('Invalid filter: expected compositeFilter, fieldFilter or unaryFilter.');
}

/** Whether a value in an IN / ARRAY_CONTAINS_ANY list can match at all: null and NaN never do. */
function equalityMatchable(v: Value): boolean {
  return !isNull(v) && !isNaNValue(v);
}

const LIST_OPS = new Set<Json | undefined>(['IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY']);

/** A field filter's operand; the list of IN / NOT_IN / ARRAY_CONTAINS_ANY may hold arrays (`in [[42], [99]]`). */
function filterOperand(ff: JsonObject): Value {
  const raw = ff['value'];
  if (!LIST_OPS.has(ff['op']) || !isObject(raw) || !isObject(raw['arrayValue'])) return normalizeValue(raw);
  const values = raw['arrayValue']['values'] ?? [];
  if (!Array.isArray(values)) return normalizeValue(raw);
  return { arrayValue: { values: values.map((v) => normalizeValue(v, 1)) } };
}

function compileFieldFilter(ff: JsonObject, ctx: FilterCtx): Pred {
  const path = fieldRef(ff['field']);
  const isName = isNamePath(path);
  const op = ff['op'];
  const value = filterOperand(ff);
  const get = (doc: DocRecord): Value | undefined => docValue(doc, path, isName);
  const key = formatFieldPath(path);
  const listOp = op === 'IN' || op === 'NOT_IN' || op === 'ARRAY_CONTAINS_ANY';
  if (listOp) {
    if (!isArray(value)) throw invalid(`A non-empty array is required for '${String(op)}' filters.`);
    const n = arrayValues(value).length;
    if (n === 0) throw invalid(`A non-empty array is required for '${String(op)}' filters.`);
    if (op === 'NOT_IN' && n > 10) throw invalid(`'NOT_IN' supports up to 10 comparison values.`);
    if (n > MAX_DISJUNCTION) throw invalid(`'${String(op)}' supports up to ${MAX_DISJUNCTION} comparison values.`);
    if (op !== 'NOT_IN') ctx.disjunctions += n - 1;
  }
  if (isName && !listOp && !('referenceValue' in value)) {
    throw invalid(`__name__ filters must be of type 'referenceValue'.`);
  }
  if (isName && listOp) {
    for (const v of arrayValues(value))
      if (!('referenceValue' in v)) throw invalid(`__name__ filters must be of type 'referenceValue'.`);
  }
  const order = typeOrder(value);
  const comparison = (test: (c: number) => boolean): Pred => {
    ctx.inequality.set(key, path);
    // NaN is in no range, and a range bounded by NaN holds nothing (only IS_NAN / == NaN match NaN).
    if (isNaNValue(value)) return () => false;
    return (doc) => {
      const v = get(doc);
      return v !== undefined && typeOrder(v) === order && !isNaNValue(v) && test(compareValues(v, value));
    };
  };
  switch (op) {
    case 'LESS_THAN':
      return comparison((c) => c < 0);
    case 'LESS_THAN_OR_EQUAL':
      return comparison((c) => c <= 0);
    case 'GREATER_THAN':
      return comparison((c) => c > 0);
    case 'GREATER_THAN_OR_EQUAL':
      return comparison((c) => c >= 0);
    case 'EQUAL':
      if (isName) ctx.nameEquality = true;
      return (doc) => {
        const v = get(doc);
        return v !== undefined && valuesEqual(v, value);
      };
    case 'NOT_EQUAL':
      ctx.inequality.set(key, path);
      ctx.notEqual++;
      return (doc) => {
        const v = get(doc);
        return v !== undefined && !isNull(v) && !valuesEqual(v, value);
      };
    case 'ARRAY_CONTAINS':
      // Like IN and ARRAY_CONTAINS_ANY below, NaN is never found (only IS_NAN matches NaN).
      if (isNaNValue(value)) return () => false;
      return (doc) => {
        const v = get(doc);
        return v !== undefined && isArray(v) && arrayValues(v).some((e) => valuesEqual(e, value));
      };
    case 'IN': {
      // Firestore: a null or NaN in the list matches nothing (`in [null]` and `in [NaN]` return no documents;
      // only the IS_NULL / IS_NAN filters match those values).
      const list = arrayValues(value).filter(equalityMatchable);
      return (doc) => {
        const v = get(doc);
        return v !== undefined && list.some((e) => valuesEqual(e, v));
      };
    }
    case 'NOT_IN': {
      ctx.inequality.set(key, path);
      ctx.notIn++;
      const list = arrayValues(value);
      // Firestore: `not-in` with a null in the list returns no documents.
      if (list.some(isNull)) return () => false;
      return (doc) => {
        const v = get(doc);
        return v !== undefined && !isNull(v) && !list.some((e) => valuesEqual(e, v));
      };
    }
    case 'ARRAY_CONTAINS_ANY': {
      const list = arrayValues(value).filter(equalityMatchable);
      return (doc) => {
        const v = get(doc);
        return v !== undefined && isArray(v) && arrayValues(v).some((e) => list.some((x) => valuesEqual(x, e)));
      };
    }
    default:
      throw invalid('Invalid field filter operator.');
  }
}

function compareSegments(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareUtf8(a[i] as string, b[i] as string);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

function parseCursor(c: Json | undefined, orderCount: number): Cursor | null {
  if (c === undefined || c === null) return null;
  if (!isObject(c)) throw invalid('Invalid cursor.');
  const values = c['values'] ?? [];
  if (!Array.isArray(values)) throw invalid('Invalid cursor values.');
  if (values.length > orderCount)
    throw invalid('Too many cursor values specified. The specified values must match the orderBy() constraints of the query.');
  const before = c['before'] ?? false;
  if (typeof before !== 'boolean') throw invalid('Invalid cursor.');
  return { values: values.map((v) => normalizeValue(v)), before };
}

/** Compiles a StructuredQuery below parentPath; INVALID_ARGUMENT for anything Firestore rejects. */
export function compileQuery(sq: unknown, parentPath: string): CompiledQuery {
  if (!isObject(sq)) throw invalid('Missing or invalid structured query.');
  const from = sq['from'];
  if (!Array.isArray(from) || from.length !== 1 || !isObject(from[0])) {
    throw invalid('The query must have exactly one collection selector in "from".');
  }
  const sel = from[0];
  const allDescendants = sel['allDescendants'] ?? false;
  if (typeof allDescendants !== 'boolean') throw invalid('Invalid collection selector.');
  const rawId = sel['collectionId'] ?? '';
  const collectionId = allDescendants && rawId === '' ? '' : validateCollectionId(rawId);

  const ctx: FilterCtx = { inequality: new Map(), nameEquality: false, notIn: 0, notEqual: 0, disjunctions: 0 };
  const filter = sq['where'] === undefined || sq['where'] === null ? null : compileFilter(sq['where'], ctx, 0);
  if (ctx.notIn > 1) throw invalid("Invalid query. You cannot use more than one 'not-in' filter.");
  if (ctx.notIn > 0 && ctx.notEqual > 0) throw invalid("Invalid query. You cannot use 'not-in' filters with '!=' filters.");
  if (ctx.disjunctions + 1 > MAX_DISJUNCTION)
    throw invalid('Invalid Query. The number of disjunctions exceeds the maximum of 30.');

  const orderBy: OrderSpec[] = [];
  const seen = new Set<string>();
  const rawOrder = sq['orderBy'] ?? [];
  if (!Array.isArray(rawOrder)) throw invalid('Invalid orderBy.');
  for (const o of rawOrder) {
    if (!isObject(o)) throw invalid('Invalid orderBy.');
    const path = fieldRef(o['field']);
    const dir = o['direction'] ?? 'ASCENDING';
    if (dir !== 'ASCENDING' && dir !== 'DESCENDING' && dir !== 'DIRECTION_UNSPECIFIED' && dir !== 0 && dir !== 1 && dir !== 2) {
      throw invalid('Invalid orderBy direction.');
    }
    const key = formatFieldPath(path);
    if (seen.has(key)) throw invalid(`Invalid query: orderBy "${key}" is specified more than once.`);
    seen.add(key);
    orderBy.push({ path, isName: isNamePath(path), desc: dir === 'DESCENDING' || dir === 2 });
  }
  const lastDesc = orderBy.length > 0 ? (orderBy[orderBy.length - 1] as OrderSpec).desc : false;
  const inequalities = [...ctx.inequality.values()].sort(compareSegments);
  if (ctx.nameEquality && inequalities.length > 0 && !ctx.inequality.has('__name__')) {
    throw invalid('Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.');
  }
  // The document key orders last: nothing may follow an explicit orderBy on it, neither another explicit
  // field nor an inequality field ordered implicitly after the explicit ones.
  const keyAt = orderBy.findIndex((o) => o.isName);
  if (keyAt >= 0) {
    const after = orderBy.slice(keyAt + 1).map((o) => o.path);
    for (const path of inequalities) if (!seen.has(formatFieldPath(path)) && !isNamePath(path)) after.push(path);
    if (after.length > 0) {
      throw invalid(`order by clause cannot contain more fields after the key ${formatFieldPath(after[0] as string[])}`);
    }
  }
  for (const path of inequalities) {
    const key = formatFieldPath(path);
    if (seen.has(key) || isNamePath(path)) continue;
    seen.add(key);
    orderBy.push({ path, isName: false, desc: lastDesc });
  }
  if (!seen.has('__name__')) orderBy.push({ path: ['__name__'], isName: true, desc: lastDesc });

  let projection: string[][] | null = null;
  if (sq['select'] !== undefined && sq['select'] !== null) {
    const s = sq['select'];
    if (!isObject(s)) throw invalid('Invalid projection.');
    const fields = s['fields'] ?? [];
    if (!Array.isArray(fields)) throw invalid('Invalid projection.');
    projection = fields.map((f) => fieldRef(f));
  }
  const startAt = parseCursor(sq['startAt'], orderBy.length);
  const endAt = parseCursor(sq['endAt'], orderBy.length);
  for (const c of [startAt, endAt]) {
    if (!c) continue;
    c.values.forEach((v, i) => {
      if ((orderBy[i] as OrderSpec).isName && !('referenceValue' in v)) {
        throw invalid('When ordering by __name__, the cursor value must be a document reference.');
      }
    });
  }
  return {
    parentPath,
    collectionId,
    allDescendants,
    filter,
    orderBy,
    startAt,
    endAt,
    offset: parseInt32(sq['offset'], 'offset') ?? 0,
    limit: parseInt32(sq['limit'], 'limit'),
    projection,
    nearest: parseNearest(sq['findNearest']),
    raw: sq,
  };
}

interface Row {
  doc: DocRecord;
  keys: Value[];
}

export function compareKeys(q: CompiledQuery, a: Value[], b: Value[]): number {
  for (let i = 0; i < q.orderBy.length; i++) {
    const c = compareValues(a[i] as Value, b[i] as Value);
    if (c !== 0) return (q.orderBy[i] as OrderSpec).desc ? -c : c;
  }
  return 0;
}

/** Compares a row's keys to a cursor prefix, in query order. */
function compareToCursor(q: CompiledQuery, keys: Value[], cursor: Cursor): number {
  for (let i = 0; i < cursor.values.length; i++) {
    const spec = q.orderBy[i] as OrderSpec;
    const cv = cursor.values[i] as Value;
    const c = spec.isName
      ? compareNames(keys[i]!['referenceValue'] as string, cv['referenceValue'] as string)
      : compareValues(keys[i] as Value, cv);
    if (c !== 0) return spec.desc ? -c : c;
  }
  return 0;
}

/** Whether a document is in the scope (collection / collection group below parent) of the query. */
export function inScope(q: CompiledQuery, path: string): boolean {
  const slash = path.lastIndexOf('/');
  const cpath = path.slice(0, slash);
  const cid = cpath.slice(cpath.lastIndexOf('/') + 1);
  if (!q.allDescendants) {
    const expected = q.parentPath === '' ? q.collectionId : `${q.parentPath}/${q.collectionId}`;
    return cpath === expected;
  }
  if (q.collectionId !== '' && cid !== q.collectionId) return false;
  return q.parentPath === '' || path.startsWith(`${q.parentPath}/`);
}

/** The sort keys of a document if it matches the filter, orderBy fields and cursors; otherwise null. */
export function matchKeys(q: CompiledQuery, doc: DocRecord): Value[] | null {
  if (q.filter && !q.filter(doc)) return null;
  const keys: Value[] = [];
  for (const o of q.orderBy) {
    const v = docValue(doc, o.path, o.isName);
    if (v === undefined) return null;
    keys.push(v);
  }
  if (q.startAt) {
    const c = compareToCursor(q, keys, q.startAt);
    if (q.startAt.before ? c < 0 : c <= 0) return null;
  }
  if (q.endAt) {
    const c = compareToCursor(q, keys, q.endAt);
    if (q.endAt.before ? c >= 0 : c > 0) return null;
  }
  return keys;
}

export function matches(q: CompiledQuery, doc: DocRecord): boolean {
  return inScope(q, doc.name.slice(doc.name.indexOf('/documents/') + 11)) && matchKeys(q, doc) !== null;
}

interface EqualityLookup {
  path: string[];
  keys: string[];
}

const lookups = new WeakMap<CompiledQuery, EqualityLookup | null>();

function equalityLookupOf(ff: Json | undefined): EqualityLookup | null {
  if (!isObject(ff)) return null;
  const op = ff['op'];
  if (op !== 'EQUAL' && op !== 'IN') return null;
  const path = fieldRef(ff['field']);
  if (isNamePath(path)) return null;
  const value = filterOperand(ff);
  const values = op === 'IN' ? arrayValues(value) : [value];
  const keys: string[] = [];
  for (const v of values) {
    const k = equalityKey(v);
    if (k === null) return null;
    keys.push(k);
  }
  return { path, keys };
}

/**
 * An EQUAL / IN field filter that every result must satisfy (the whole filter, or a direct conjunct of a
 * top-level AND) on a value type the equality index covers; null when the query has none.
 */
function equalityLookup(q: CompiledQuery): EqualityLookup | null {
  const hit = lookups.get(q);
  if (hit !== undefined) return hit;
  let found: EqualityLookup | null = null;
  const where = q.raw['where'];
  if (isObject(where)) {
    if (isObject(where['fieldFilter'])) found = equalityLookupOf(where['fieldFilter']);
    else if (isObject(where['compositeFilter'])) {
      const c = where['compositeFilter'];
      const filters = c['filters'];
      if ((c['op'] === 'AND' || c['op'] === 1) && Array.isArray(filters)) {
        for (const f of filters) {
          if (!isObject(f)) continue;
          found = equalityLookupOf(f['fieldFilter']);
          if (found) break;
        }
      }
    }
  }
  lookups.set(q, found);
  return found;
}

/**
 * The documents a query examines in one collection: with an EQUAL / IN filter and a current read, the
 * equality index's candidates (a superset of the matches); otherwise every document (the scan).
 */
function candidates(
  q: CompiledQuery,
  db: Database,
  cpath: string,
  readNs: bigint | undefined,
  useIndex: boolean,
): Iterable<DocRecord> {
  if (useIndex && (readNs === undefined || readNs >= db.lastCommitNs)) {
    const eq = equalityLookup(q);
    if (eq) return db.equalityCandidates(cpath, eq.path, eq.keys);
  }
  return db.collection(cpath, readNs);
}

/** Runs a compiled query against a database (optionally as of readNs); documents in result order. */
export function runQuery(q: CompiledQuery, db: Database, readNs?: bigint): DocRecord[] {
  return runQueryWith(q, db, readNs, true);
}

/** runQuery without the equality index (every document of the collections is examined): the reference for tests. */
export function runQueryScan(q: CompiledQuery, db: Database, readNs?: bigint): DocRecord[] {
  return runQueryWith(q, db, readNs, false);
}

function runQueryWith(q: CompiledQuery, db: Database, readNs: bigint | undefined, useIndex: boolean): DocRecord[] {
  if (q.nearest) {
    const spec = q.nearest;
    const all = [...db.collectionPaths(q.parentPath, q.collectionId, q.allDescendants)].flatMap((cpath) => [
      ...candidates(q, db, cpath, readNs, useIndex),
    ]);
    return nearestOf(q, spec, all);
  }
  const wanted = q.limit === null ? Infinity : q.offset + q.limit;
  if (wanted === 0) return [];
  const rows: Row[] = [];
  const bounded = Number.isFinite(wanted);
  const cmpRows = (a: Row, b: Row): number => compareKeys(q, a.keys, b.keys);
  for (const cpath of db.collectionPaths(q.parentPath, q.collectionId, q.allDescendants)) {
    for (const doc of candidates(q, db, cpath, readNs, useIndex)) {
      const keys = matchKeys(q, doc);
      if (!keys) continue;
      const row = { doc, keys };
      if (!bounded) {
        rows.push(row);
        continue;
      }
      if (rows.length >= wanted && cmpRows(row, rows[rows.length - 1] as Row) >= 0) continue;
      // Binary insertion into the bounded, sorted buffer.
      let lo = 0;
      let hi = rows.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cmpRows(rows[mid] as Row, row) <= 0) lo = mid + 1;
        else hi = mid;
      }
      rows.splice(lo, 0, row);
      if (rows.length > wanted) rows.pop();
    }
  }
  if (!bounded) rows.sort(cmpRows);
  const end = q.limit === null ? rows.length : q.offset + q.limit;
  return rows.slice(q.offset, end).map((r) => r.doc);
}

export function toDocumentJson(doc: DocRecord, projection: string[][] | null): JsonObject {
  return {
    name: doc.name,
    fields: projection ? projectFields(doc.fields, projection) : doc.fields,
    createTime: doc.createTime,
    updateTime: doc.updateTime,
  };
}
