/** Helpers for the engine's unit tests: JS <-> Value conversion, a collecting sink, shortcuts. */
import type { Caller, JsonObject, StreamSink, Value } from '../contract';
import { RpcError } from '../contract';
import type { EngineBackend } from './backend';

export const DB = 'projects/p/databases/(default)';
export const ROOT = `${DB}/documents`;
export const OWNER: Caller = { kind: 'owner' };
export const ALICE: Caller = { kind: 'user', uid: 'alice', token: { sub: 'alice' } };

export function docName(path: string): string {
  return `${ROOT}/${path}`;
}

/** Converts plain JS data to a Value: integers -> integerValue, other numbers -> doubleValue, Date -> timestamp. */
export function toValue(x: unknown): Value {
  if (x === null || x === undefined) return { nullValue: 'NULL_VALUE' };
  if (typeof x === 'boolean') return { booleanValue: x };
  if (typeof x === 'bigint') return { integerValue: x.toString() };
  if (typeof x === 'number') {
    if (Number.isInteger(x) && !Object.is(x, -0)) return { integerValue: String(x) };
    if (Number.isNaN(x)) return { doubleValue: 'NaN' };
    if (!Number.isFinite(x)) return { doubleValue: x > 0 ? 'Infinity' : '-Infinity' };
    return { doubleValue: x };
  }
  if (typeof x === 'string') return { stringValue: x };
  if (x instanceof Date) return { timestampValue: x.toISOString() };
  if (Array.isArray(x)) return { arrayValue: { values: x.map(toValue) } };
  if (typeof x === 'object') {
    const o = x as Record<string, unknown>;
    if ('__value' in o) return o['__value'] as Value;
    return { mapValue: { fields: toFields(o) } };
  }
  throw new Error(`cannot convert ${typeof x}`);
}

export function toFields(o: Record<string, unknown>): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [k, v] of Object.entries(o)) out[k] = toValue(v);
  return out;
}

/** Converts a Value back to plain JS (integers as numbers, doubles as numbers). */
export function fromValue(v: Value): unknown {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v['booleanValue'];
  if ('integerValue' in v) return Number(v['integerValue']);
  if ('doubleValue' in v) return Number(v['doubleValue']);
  if ('timestampValue' in v) return v['timestampValue'];
  if ('stringValue' in v) return v['stringValue'];
  if ('bytesValue' in v) return v['bytesValue'];
  if ('referenceValue' in v) return v['referenceValue'];
  if ('geoPointValue' in v) return v['geoPointValue'];
  if ('arrayValue' in v) {
    const a = v['arrayValue'] as JsonObject;
    return ((a['values'] ?? []) as Value[]).map(fromValue);
  }
  const m = v['mapValue'] as JsonObject;
  return fromFields((m['fields'] ?? {}) as Record<string, Value>);
}

export function fromFields(fields: Record<string, Value>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = fromValue(v);
  return out;
}

export async function commit(b: EngineBackend, writes: JsonObject[], caller: Caller = OWNER): Promise<JsonObject> {
  return b.unary('Commit', { database: DB, writes }, caller);
}

export async function setDoc(
  b: EngineBackend,
  path: string,
  data: Record<string, unknown>,
  caller: Caller = OWNER,
): Promise<JsonObject> {
  return commit(b, [{ update: { name: docName(path), fields: toFields(data) } }], caller);
}

export async function getDoc(b: EngineBackend, path: string, caller: Caller = OWNER): Promise<Record<string, unknown> | null> {
  const [r] = await b.serverStream('BatchGetDocuments', { database: DB, documents: [docName(path)] }, caller);
  const found = r?.['found'] as JsonObject | undefined;
  return found ? fromFields((found['fields'] ?? {}) as Record<string, Value>) : null;
}

export async function getRaw(b: EngineBackend, path: string): Promise<JsonObject | null> {
  const [r] = await b.serverStream('BatchGetDocuments', { database: DB, documents: [docName(path)] }, OWNER);
  return (r?.['found'] as JsonObject | undefined) ?? null;
}

/** Runs a structured query and returns the ids (paths below the root) of the results. */
export async function queryPaths(b: EngineBackend, sq: JsonObject, parent = ROOT, caller: Caller = OWNER): Promise<string[]> {
  const res = await b.serverStream('RunQuery', { parent, structuredQuery: sq }, caller);
  return res.filter((r) => r['document']).map((r) => ((r['document'] as JsonObject)['name'] as string).slice(ROOT.length + 1));
}

export function fieldFilter(field: string, op: string, value: unknown): JsonObject {
  return { fieldFilter: { field: { fieldPath: field }, op, value: toValue(value) } };
}

export interface Collector {
  sink: StreamSink;
  messages: JsonObject[];
  errors: RpcError[];
  ended: boolean;
  take(): JsonObject[];
}

export function collector(): Collector {
  const c: Collector = {
    messages: [],
    errors: [],
    ended: false,
    sink: {
      send: (m) => c.messages.push(m),
      fail: (e) => c.errors.push(e instanceof RpcError ? e : new RpcError(13, String(e))),
      end: () => {
        c.ended = true;
      },
    },
    take: () => c.messages.splice(0, c.messages.length),
  };
  return c;
}

/** Expects a promise to reject with an RpcError of the given code; returns the error. */
export async function rpcError(p: Promise<unknown>): Promise<RpcError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof RpcError) return e;
    throw new Error(`expected RpcError, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected the call to fail');
}
