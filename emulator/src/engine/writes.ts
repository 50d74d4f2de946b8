/**
 * google.firestore.v1.Write: parsing/validation, preconditions, masks, field transforms and the
 * application of an atomic batch onto an overlay of the current state.
 */
import type { Json, JsonObject, Value } from '../contract';
import { Code, RpcError } from '../contract';
import type { DocName } from './names';
import { parseDocumentName } from './names';
import type { Change, Database, DocRecord } from './store';
import { parseTimestamp } from './timestamps';
import type { Fields } from './values';
import {
  arrayValues,
  checkDocumentSize,
  compareValues,
  doubleOf,
  doubleValue,
  formatFieldPath,
  getField,
  isNumber,
  isObject,
  NULL_VALUE,
  normalizeFields,
  normalizeValue,
  parseFieldPath,
  setField,
  validateFieldName,
  valuesEqual,
} from './values';

function invalid(message: string): RpcError {
  return new RpcError(Code.INVALID_ARGUMENT, message);
}

export interface Precondition {
  exists?: boolean;
  updateNs?: bigint;
}

export type TransformKind = 'serverTime' | 'increment' | 'maximum' | 'minimum' | 'union' | 'remove';

export interface Transform {
  path: string[];
  kind: TransformKind;
  operand: Value | null;
  elements: Value[];
}

export interface ParsedWrite {
  kind: 'update' | 'delete' | 'transform' | 'verify';
  doc: DocName;
  fields: Fields;
  mask: string[][] | null;
  transforms: Transform[];
  precondition: Precondition | null;
}

function parsePrecondition(p: Json | undefined): Precondition | null {
  if (p === undefined || p === null) return null;
  if (!isObject(p)) throw invalid('Invalid precondition.');
  const out: Precondition = {};
  if (p['exists'] !== undefined && p['exists'] !== null) {
    if (typeof p['exists'] !== 'boolean') throw invalid('Invalid precondition.');
    out.exists = p['exists'];
  }
  if (p['updateTime'] !== undefined && p['updateTime'] !== null)
    out.updateNs = parseTimestamp(p['updateTime'], 'precondition update time');
  if (out.exists !== undefined && out.updateNs !== undefined)
    throw invalid('A precondition can set only one of exists and updateTime.');
  return out;
}

function parseTransforms(list: Json | undefined): Transform[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw invalid('Invalid field transforms.');
  const seen = new Set<string>();
  return list.map((t) => {
    if (!isObject(t)) throw invalid('Invalid field transform.');
    const path = parseFieldPath(t['fieldPath']);
    for (const seg of path) validateFieldName(seg, 'field transform');
    const key = formatFieldPath(path);
    if (seen.has(key)) throw invalid(`Field transform for "${key}" specified more than once.`);
    seen.add(key);
    const kinds = ['setToServerValue', 'increment', 'maximum', 'minimum', 'appendMissingElements', 'removeAllFromArray'].filter(
      (k) => t[k] !== undefined && t[k] !== null,
    );
    if (kinds.length !== 1) throw invalid('A field transform must set exactly one transform type.');
    const k = kinds[0] as string;
    if (k === 'setToServerValue') {
      if (t[k] !== 'REQUEST_TIME' && t[k] !== 1) throw invalid('Invalid server value.');
      return { path, kind: 'serverTime', operand: null, elements: [] };
    }
    if (k === 'increment' || k === 'maximum' || k === 'minimum') {
      const operand = normalizeValue(t[k]);
      if (!isNumber(operand)) throw invalid(`The ${k} transform requires a numeric value.`);
      return { path, kind: k, operand, elements: [] };
    }
    const arr = t[k];
    if (!isObject(arr)) throw invalid('Invalid array transform.');
    const values = arr['values'] ?? [];
    if (!Array.isArray(values)) throw invalid('Invalid array transform.');
    return {
      path,
      kind: k === 'appendMissingElements' ? 'union' : 'remove',
      operand: null,
      elements: values.map((v) => normalizeValue(v, 1, true)),
    };
  });
}

/** Parses and validates one Write of a request to `database`. */
export function parseWrite(w: unknown, database: string): ParsedWrite {
  if (!isObject(w)) throw invalid('Invalid write.');
  const precondition = parsePrecondition(w['currentDocument']);
  const ops = ['update', 'delete', 'transform', 'verify'].filter((k) => w[k] !== undefined && w[k] !== null);
  if (ops.length !== 1) throw invalid('A write must set exactly one of update, delete, transform or verify.');
  const op = ops[0] as 'update' | 'delete' | 'transform' | 'verify';
  const check = (doc: DocName): DocName => {
    if (doc.database !== database) throw invalid(`Document "${doc.name}" is not in database "${database}".`);
    return doc;
  };
  if (op === 'update') {
    const u = w['update'];
    if (!isObject(u)) throw invalid('Invalid update.');
    const doc = check(parseDocumentName(u['name']));
    const fields = normalizeFields(u['fields']);
    let mask: string[][] | null = null;
    const m = w['updateMask'];
    if (m !== undefined && m !== null) {
      if (!isObject(m)) throw invalid('Invalid update mask.');
      const paths = m['fieldPaths'] ?? [];
      if (!Array.isArray(paths)) throw invalid('Invalid update mask.');
      mask = paths.map((p) => {
        const segs = parseFieldPath(p);
        for (const s of segs) validateFieldName(s, 'update mask');
        return segs;
      });
    }
    // A field may be both in the mask and transformed (set(..., { mergeFields: ['at'] }) with at: serverTimestamp()
    // sends exactly that): the mask applies first, then the transform, as in Firestore.
    const transforms = parseTransforms(w['updateTransforms']);
    return { kind: 'update', doc, fields, mask, transforms, precondition };
  }
  if (op === 'transform') {
    const t = w['transform'];
    if (!isObject(t)) throw invalid('Invalid transform.');
    const doc = check(parseDocumentName(t['document']));
    return { kind: 'transform', doc, fields: {}, mask: [], transforms: parseTransforms(t['fieldTransforms']), precondition };
  }
  const doc = check(parseDocumentName(w[op]));
  if (w['updateTransforms'] !== undefined || w['updateMask'] !== undefined) {
    throw invalid(`A ${op} cannot have an update mask or transforms.`);
  }
  return { kind: op, doc, fields: {}, mask: null, transforms: [], precondition };
}

export function checkPrecondition(
  p: Precondition | null,
  current: DocRecord | null,
  name: string,
  kind: ParsedWrite['kind'],
): void {
  if (!p) return;
  if (p.exists === true && !current) {
    throw new RpcError(Code.NOT_FOUND, `No document to ${kind === 'delete' ? 'delete' : 'update'}: ${name}`);
  }
  if (p.exists === false && current) throw new RpcError(Code.ALREADY_EXISTS, `Document already exists: ${name}`);
  if (p.updateNs !== undefined && (!current || current.updateNs !== p.updateNs)) {
    throw new RpcError(
      Code.FAILED_PRECONDITION,
      current ? `The document ${name} was updated since the required update time.` : `The document ${name} does not exist.`,
    );
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function applyTransform(t: Transform, current: Value | undefined, requestTime: string): { value: Value; result: Value } {
  switch (t.kind) {
    case 'serverTime': {
      // Stored timestamps have microsecond precision.
      const v = { timestampValue: requestTime.slice(0, 26) + '000Z' };
      return { value: v, result: v };
    }
    case 'increment': {
      const op = t.operand as Value;
      if (!current || !isNumber(current)) return { value: op, result: op };
      let v: Value;
      if ('integerValue' in current && 'integerValue' in op) {
        let sum = BigInt(current['integerValue'] as string) + BigInt(op['integerValue'] as string);
        if (sum > INT64_MAX) sum = INT64_MAX;
        if (sum < INT64_MIN) sum = INT64_MIN;
        v = { integerValue: sum.toString() };
      } else {
        const a = 'integerValue' in current ? Number(current['integerValue']) : doubleOf(current);
        const b = 'integerValue' in op ? Number(op['integerValue']) : doubleOf(op);
        v = doubleValue(a + b);
      }
      return { value: v, result: v };
    }
    case 'maximum':
    case 'minimum': {
      const op = t.operand as Value;
      if (!current || !isNumber(current)) return { value: op, result: op };
      const curNaN = 'doubleValue' in current && Number.isNaN(doubleOf(current));
      const opNaN = 'doubleValue' in op && Number.isNaN(doubleOf(op));
      let v: Value;
      if (curNaN || opNaN) v = doubleValue(NaN);
      else {
        const c = compareValues(op, current);
        v = (t.kind === 'maximum' ? c > 0 : c < 0) ? op : current;
      }
      return { value: v, result: v };
    }
    case 'union': {
      const base = current && 'arrayValue' in current ? [...arrayValues(current)] : [];
      for (const e of t.elements) if (!base.some((x) => valuesEqual(x, e))) base.push(e);
      return { value: { arrayValue: { values: base } }, result: NULL_VALUE };
    }
    case 'remove': {
      const base = current && 'arrayValue' in current ? arrayValues(current) : [];
      const kept = base.filter((x) => !t.elements.some((e) => valuesEqual(x, e)));
      return { value: { arrayValue: { values: kept } }, result: NULL_VALUE };
    }
  }
}

/** Strict structural equality of two JSON trees (key order independent). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ob = b as Record<string, unknown>;
  for (const k of ka) if (!(k in ob) || !jsonEqual((a as Record<string, unknown>)[k], ob[k])) return false;
  return true;
}

export interface BatchOutcome {
  changes: Change[];
  writeResults: JsonObject[];
  /** Final state of every touched path (for lookupAfter). */
  overlay: Map<string, DocRecord | null>;
  /** Per write: the document before the batch and after it. */
  accesses: { write: ParsedWrite; before: DocRecord | null; after: DocRecord | null }[];
  /** The first failed precondition when the caller chose to defer it (see applyBatch). */
  error: RpcError | null;
}

/**
 * Applies writes atomically against db's current state at commit time ns (formatted commitTime).
 * Throws on the first failing precondition or invalid result; nothing is changed in db.
 */
export function applyBatch(
  db: Database,
  writes: ParsedWrite[],
  ns: bigint,
  commitTime: string,
  onPreconditionFailure?: (e: RpcError) => void,
): BatchOutcome {
  let error: RpcError | null = null;
  const overlay = new Map<string, DocRecord | null>();
  const original = new Map<string, DocRecord | null>();
  const current = (path: string): DocRecord | null => (overlay.has(path) ? (overlay.get(path) ?? null) : db.get(path));
  const writeResults: JsonObject[] = [];
  for (const w of writes) {
    const path = w.doc.path;
    const before = current(path);
    if (!original.has(path)) original.set(path, db.get(path));
    try {
      // Firestore refuses a batch that deletes a document and then requires it to exist (a transaction's
      // delete followed by update): the request contradicts itself, so INVALID_ARGUMENT, not NOT_FOUND.
      if (w.precondition?.exists === true && overlay.has(path) && overlay.get(path) === null) {
        throw invalid(
          `Cannot ${w.kind === 'delete' ? 'delete' : 'update'} document ${w.doc.name}: it is deleted earlier in the same request.`,
        );
      }
      checkPrecondition(w.precondition, before, w.doc.name, w.kind);
    } catch (e) {
      if (!(e instanceof RpcError) || !onPreconditionFailure) throw e;
      onPreconditionFailure(e); // may throw; otherwise the failure is reported after authorization
      error ??= e;
    }
    if (w.kind === 'verify') {
      writeResults.push({});
      continue;
    }
    if (w.kind === 'delete') {
      overlay.set(path, null);
      writeResults.push({});
      continue;
    }
    let fields: Fields;
    if (w.kind === 'update' && w.mask === null) fields = { ...w.fields };
    else {
      fields = before ? { ...before.fields } : {};
      for (const m of w.mask ?? []) setField(fields, m, getField(w.fields, m));
    }
    const transformResults: Value[] = [];
    for (const t of w.transforms) {
      const { value, result } = applyTransform(t, getField(fields, t.path), commitTime);
      setField(fields, t.path, value);
      transformResults.push(result);
    }
    checkDocumentSize(w.doc.name, fields);
    let after: DocRecord;
    if (before && jsonEqual(before.fields, fields)) after = before;
    else {
      after = {
        name: w.doc.name,
        fields,
        createTime: before ? before.createTime : commitTime,
        updateTime: commitTime,
        updateNs: ns,
      };
    }
    overlay.set(path, after);
    const result: JsonObject = { updateTime: after.updateTime };
    if (w.transforms.length > 0) result['transformResults'] = transformResults;
    writeResults.push(result);
  }
  const changes: Change[] = [];
  for (const [path, after] of overlay) {
    const before = original.get(path) ?? null;
    if (before === after) continue;
    changes.push({ path, before, after });
  }
  const accesses = writes.map((write) => ({
    write,
    before: original.get(write.doc.path) ?? null,
    after: overlay.has(write.doc.path) ? (overlay.get(write.doc.path) ?? null) : (original.get(write.doc.path) ?? null),
  }));
  return { changes, writeResults, overlay, accesses, error };
}
