/** Helpers for the rules unit tests: build AccessRequests and documents in canonical form. */
import type { AccessRequest, Authorizer, JsonObject, StoredDocument, Value } from '../contract';
import { compileRules } from './index';

export const DB = 'projects/demo/databases/(default)';
export const TIME = '2026-11-22T07:00:00.123456789Z';

/** Plain JS -> canonical Value (ints as integerValue, other numbers as doubleValue). */
export function val(v: unknown): Value {
  if (v === null) return { nullValue: 'NULL_VALUE' };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'bigint') return { integerValue: String(v) };
  if (typeof v === 'number') return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(val) } };
  if (typeof v === 'object' && 'timestampValue' in v) return v as Value;
  if (typeof v === 'object' && 'geoPointValue' in v) return v as Value;
  if (typeof v === 'object' && 'referenceValue' in v) return v as Value;
  if (typeof v === 'object' && 'bytesValue' in v) return v as Value;
  return { mapValue: { fields: fields(v as Record<string, unknown>) } };
}

export function fields(o: Record<string, unknown>): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [k, v] of Object.entries(o)) out[k] = val(v);
  return out;
}

export function doc(path: string, data: Record<string, unknown>): StoredDocument {
  return { name: `${DB}/documents/${path}`, fields: fields(data), createTime: TIME, updateTime: TIME };
}

export type Caller = AccessRequest['caller'];
export const anon: Caller = { kind: 'anonymous' };
export function user(uid: string, claims: Record<string, unknown> = {}): Caller {
  return {
    kind: 'user',
    uid,
    token: { sub: uid, user_id: uid, firebase: { sign_in_provider: 'custom', identities: {} }, ...claims },
  };
}

export interface ReqOptions {
  caller?: Caller;
  resource?: StoredDocument | null;
  requestResource?: StoredDocument | null;
  query?: AccessRequest['query'];
  collectionGroup?: boolean;
  store?: Record<string, Record<string, unknown>>;
  storeAfter?: Record<string, Record<string, unknown>>;
  batchSize?: number;
  /** Another request of the same commit: shares its lookupAfter, as the engine does for one batch. */
  sameBatchAs?: AccessRequest;
  time?: string;
}

export function req(method: AccessRequest['method'], path: string, o: ReqOptions = {}): AccessRequest & { lookups: string[] } {
  const lookups: string[] = [];
  const find = (store: Record<string, Record<string, unknown>> | undefined, p: string): StoredDocument | null => {
    lookups.push(p);
    const d = store?.[p];
    return d ? doc(p, d) : null;
  };
  const r: AccessRequest & { lookups: string[] } = {
    caller: o.caller ?? anon,
    method,
    database: DB,
    path,
    resource: o.resource ?? null,
    requestResource: o.requestResource ?? null,
    time: o.time ?? TIME,
    lookup: (p) => find(o.store, p),
    lookupAfter: (p) => find(o.storeAfter ?? o.store, p),
    lookups,
  };
  if (o.query) r.query = o.query;
  if (o.collectionGroup) r.collectionGroup = true;
  if (o.batchSize !== undefined) r.batchSize = o.batchSize;
  if (o.sameBatchAs) r.lookupAfter = o.sameBatchAs.lookupAfter;
  return r;
}

export function compile(src: string): Authorizer {
  const r = compileRules(src, 'test.rules');
  if (!r.ok) throw new Error('rules did not compile: ' + JSON.stringify(r.issues));
  return r.authorize;
}

/** Wraps one condition in a rules file allowing `get` on /t/{id}. */
export function condRules(cond: string, functions = ''): string {
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${functions}
    match /t/{id} {
      allow get: if ${cond};
    }
  }
}`;
}

/**
 * Evaluates a condition for a get of /t/doc1 and answers true, false, or 'error: <message>'
 * (an error in a condition denies, like false, but the message tells them apart).
 */
export function cond(expr: string, o: ReqOptions & { functions?: string } = {}): true | false | string {
  const authorize = compile(condRules(expr, o.functions ?? ''));
  const d = authorize(req('get', 't/doc1', o));
  if (d.allowed) return true;
  if (/^false for 'get'/.test(d.message)) return false;
  return 'error: ' + d.message;
}

/** Like cond but expects the file not to compile; returns its issues. */
export function issuesOf(src: string): { line: number; column: number; description: string }[] {
  const r = compileRules(src, 'test.rules');
  if (r.ok) return [];
  return r.issues.map((i) => ({ line: i.sourcePosition.line, column: i.sourcePosition.column, description: i.description }));
}

export function eq(field: string, value: unknown): JsonObject {
  return { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: val(value) } };
}
export function filter(field: string, op: string, value: unknown): JsonObject {
  return { fieldFilter: { field: { fieldPath: field }, op, value: val(value) } };
}
export function and(...filters: JsonObject[]): JsonObject {
  return { compositeFilter: { op: 'AND', filters } };
}
export function or(...filters: JsonObject[]): JsonObject {
  return { compositeFilter: { op: 'OR', filters } };
}
