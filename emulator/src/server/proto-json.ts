/**
 * google.firestore.v1 protobuf <-> canonical proto3 JSON (see ../contract.ts).
 *
 * The descriptor is the protobufjs JSON that ships with @google-cloud/firestore. Conversion walks the
 * reflection types, so the well-known types get their proto3 JSON forms: Timestamp <-> RFC 3339 with
 * 9 fractional digits, Duration <-> '1.5s', wrappers <-> their bare value, Struct/Value/ListValue <->
 * plain JSON, int64 <-> decimal strings, bytes <-> base64, enums <-> names, NaN/Infinity <-> strings.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import protobuf from 'protobufjs';
import type { Json, JsonObject } from '../contract';

const NS_PER_SEC = 1_000_000_000n;

let cachedRoot: protobuf.Root | undefined;

/** The protobufjs root of google.firestore.v1 (loaded once). */
export function firestoreRoot(): protobuf.Root {
  if (cachedRoot) return cachedRoot;
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('@google-cloud/firestore')), '..', 'protos', 'v1.json');
  const root = protobuf.Root.fromJSON(JSON.parse(readFileSync(file, 'utf8')) as protobuf.INamespace);
  // @google-cloud/firestore's descriptor lacks Write.verify (field 5, in the `operation` oneof), which
  // the client SDKs send for documents a transaction read but did not write.
  const write = root.lookupType('google.firestore.v1.Write');
  if (!write.fields.verify) {
    const verify = new protobuf.Field('verify', 5, 'string');
    write.add(verify);
    write.oneofs?.operation?.add(verify);
  }
  root.resolveAll();
  cachedRoot = root;
  return root;
}

export function lookupType(name: string): protobuf.Type {
  return firestoreRoot().lookupType(name);
}

// ---------------------------------------------------------------------------------------------
// Timestamps and durations

/** Formats seconds + nanos as RFC 3339 with exactly 9 fractional digits. */
export function formatTimestamp(seconds: bigint, nanos: number): string {
  const ns = seconds * NS_PER_SEC + BigInt(nanos);
  let secs = ns / NS_PER_SEC;
  let frac = ns % NS_PER_SEC;
  if (frac < 0n) {
    frac += NS_PER_SEC;
    secs -= 1n;
  }
  const date = new Date(Number(secs) * 1000);
  const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ (years 0..9999)
  return `${iso.slice(0, 19)}.${frac.toString().padStart(9, '0')}Z`;
}

/** protobufjs computes `fullName` by walking the parents on every access: cache it per type. */
const fullNames = new WeakMap<protobuf.ReflectionObject, string>();
function fullNameOf(type: protobuf.ReflectionObject): string {
  let name = fullNames.get(type);
  if (name === undefined) {
    name = type.fullName;
    fullNames.set(type, name);
  }
  return name;
}

const CANONICAL_TS_RE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/;
const TIMESTAMP_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/** Parses an RFC 3339 timestamp; throws on anything else. */
export function parseTimestamp(text: string): { seconds: bigint; nanos: number } {
  // Fast path: the canonical form every layer of the emulator produces.
  if (text.length === 30 && Number(text.slice(0, 4)) >= 100 && CANONICAL_TS_RE.test(text)) {
    const ms = Date.parse(`${text.slice(0, 19)}Z`);
    if (!Number.isNaN(ms)) return { seconds: BigInt(ms / 1000), nanos: Number(text.slice(20, 29)) };
  }
  const m = TIMESTAMP_RE.exec(text);
  if (!m) throw new Error(`Invalid timestamp: ${JSON.stringify(text)}`);
  const [, y, mo, d, h, mi, s, frac, zone] = m as unknown as string[];
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(ms)) throw new Error(`Invalid timestamp: ${JSON.stringify(text)}`);
  let seconds = BigInt(Math.floor(ms / 1000));
  // Date.UTC maps years 0..99 to 1900..1999.
  if (Number(y) < 100) {
    const dt = new Date(0);
    dt.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
    dt.setUTCHours(Number(h), Number(mi), Number(s), 0);
    seconds = BigInt(Math.floor(dt.getTime() / 1000));
  }
  if (zone !== undefined && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1n : 1n;
    const offset = BigInt(Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
    seconds -= sign * offset;
  }
  const nanos = frac === undefined ? 0 : Number(frac.padEnd(9, '0'));
  return { seconds, nanos };
}

function formatDuration(seconds: bigint, nanos: number): string {
  if (nanos === 0) return `${seconds}s`;
  const negative = seconds < 0n || nanos < 0;
  const s = seconds < 0n ? -seconds : seconds;
  const n = Math.abs(nanos);
  return `${negative ? '-' : ''}${s}.${String(n).padStart(9, '0').replace(/0+$/, '')}s`;
}

function parseDuration(text: string): { seconds: string; nanos: number } {
  const m = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(text);
  if (!m) throw new Error(`Invalid duration: ${JSON.stringify(text)}`);
  const sign = m[1] ? -1 : 1;
  const nanos = m[3] === undefined ? 0 : Number(m[3].padEnd(9, '0'));
  return { seconds: `${m[1] ?? ''}${m[2]}`, nanos: sign * nanos };
}

// ---------------------------------------------------------------------------------------------
// protobuf -> JSON

interface LongLike {
  low: number;
  high: number;
  unsigned: boolean;
  toString(): string;
}

function isLong(v: unknown): v is LongLike {
  return typeof v === 'object' && v !== null && 'low' in v && 'high' in v;
}

function int64ToString(v: unknown): string {
  if (typeof v === 'number') return String(Math.trunc(v));
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint') return v.toString();
  if (isLong(v)) return v.toString();
  return '0';
}

function int64ToBigInt(v: unknown): bigint {
  return BigInt(int64ToString(v));
}

function bytesToBase64(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
  return '';
}

function doubleToJson(v: unknown): Json {
  const n = Number(v);
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  return n;
}

const INT64_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

function scalarToJson(type: string, v: unknown): Json {
  if (INT64_TYPES.has(type)) return int64ToString(v);
  switch (type) {
    case 'double':
    case 'float':
      return doubleToJson(v);
    case 'bytes':
      return bytesToBase64(v);
    case 'bool':
      return Boolean(v);
    case 'string':
      return typeof v === 'string' ? v : String(v);
    default:
      return typeof v === 'number' ? v : Number(v);
  }
}

type Msg = Record<string, unknown>;

function valueToJson(msg: Msg): Json {
  if (msg.nullValue != null && Object.hasOwn(msg, 'nullValue')) return null;
  if (msg.numberValue != null && Object.hasOwn(msg, 'numberValue')) return doubleToJson(msg.numberValue);
  if (msg.stringValue != null && Object.hasOwn(msg, 'stringValue'))
    return typeof msg.stringValue === 'string' ? msg.stringValue : '';
  if (msg.boolValue != null && Object.hasOwn(msg, 'boolValue')) return Boolean(msg.boolValue);
  if (msg.structValue != null && Object.hasOwn(msg, 'structValue')) return structToJson(msg.structValue as Msg);
  if (msg.listValue != null && Object.hasOwn(msg, 'listValue')) return listToJson(msg.listValue as Msg);
  return null;
}

function structToJson(msg: Msg): JsonObject {
  const out: JsonObject = {};
  const fields = (msg.fields ?? {}) as Record<string, Msg>;
  for (const [k, v] of Object.entries(fields)) out[k] = valueToJson(v);
  return out;
}

function listToJson(msg: Msg): Json[] {
  const values = (msg.values ?? []) as Msg[];
  return values.map(valueToJson);
}

function wellKnownToJson(fullName: string, msg: Msg): Json | undefined {
  switch (fullName) {
    case '.google.protobuf.Timestamp':
      return formatTimestamp(int64ToBigInt(msg.seconds ?? 0), Number(msg.nanos ?? 0));
    case '.google.protobuf.Duration':
      return formatDuration(int64ToBigInt(msg.seconds ?? 0), Number(msg.nanos ?? 0));
    case '.google.protobuf.Int32Value':
    case '.google.protobuf.UInt32Value':
      return Number(msg.value ?? 0);
    case '.google.protobuf.Int64Value':
    case '.google.protobuf.UInt64Value':
      return int64ToString(msg.value ?? 0);
    case '.google.protobuf.DoubleValue':
    case '.google.protobuf.FloatValue':
      return doubleToJson(msg.value ?? 0);
    case '.google.protobuf.BoolValue':
      return Boolean(msg.value);
    case '.google.protobuf.StringValue':
      return String((msg.value as string | undefined) ?? '');
    case '.google.protobuf.BytesValue':
      return bytesToBase64(msg.value);
    case '.google.protobuf.Struct':
      return structToJson(msg);
    case '.google.protobuf.Value':
      return valueToJson(msg);
    case '.google.protobuf.ListValue':
      return listToJson(msg);
    case '.google.protobuf.Empty':
      return {};
    case '.google.protobuf.Any':
      return { '@type': String((msg.type_url as string | undefined) ?? ''), value: bytesToBase64(msg.value) };
    default:
      return undefined;
  }
}

function fieldValueToJson(field: protobuf.Field, v: unknown): Json {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Type) return messageToJson(rt, v as Msg);
  if (rt instanceof protobuf.Enum) {
    const name = rt.valuesById[Number(v)];
    return name ?? Number(v);
  }
  return scalarToJson(field.type, v);
}

/** Converts a decoded protobuf message (or a plain object of the same shape) to canonical JSON. */
export function messageToJson(type: protobuf.Type, msg: Msg): JsonObject {
  const wk = wellKnownToJson(fullNameOf(type), msg);
  if (wk !== undefined) return wk as JsonObject; // callers of well-known types at the top level are rare
  const out: JsonObject = {};
  for (const field of type.fieldsArray) {
    const name = field.name;
    if (!Object.hasOwn(msg, name)) continue;
    const v = msg[name];
    if (v == null) continue;
    if (field.map) {
      const entries = Object.entries(v as Record<string, unknown>);
      if (entries.length === 0) continue;
      const obj: JsonObject = {};
      for (const [k, mv] of entries) obj[k] = fieldValueToJson(field, mv);
      out[name] = obj;
    } else if (field.repeated) {
      const arr = v as unknown[];
      if (arr.length === 0) continue;
      out[name] = arr.map((item) => fieldValueToJson(field, item));
    } else {
      out[name] = fieldValueToJson(field, v);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON -> protobuf

function jsonToValue(v: unknown): Msg {
  if (v === null || v === undefined) return { nullValue: 0 };
  if (typeof v === 'number') return { numberValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  if (Array.isArray(v)) return { listValue: { values: v.map(jsonToValue) } };
  if (typeof v === 'object') return { structValue: jsonToStruct(v as Record<string, unknown>) };
  return { nullValue: 0 };
}

function jsonToStruct(v: Record<string, unknown>): Msg {
  const fields: Record<string, Msg> = {};
  for (const [k, x] of Object.entries(v)) fields[k] = jsonToValue(x);
  return { fields };
}

function jsonDouble(v: unknown): number {
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  return Number(v);
}

function wellKnownFromJson(fullName: string, v: unknown): Msg | undefined {
  switch (fullName) {
    case '.google.protobuf.Timestamp': {
      if (typeof v !== 'string') return v as Msg;
      const t = parseTimestamp(v);
      return { seconds: t.seconds.toString(), nanos: t.nanos };
    }
    case '.google.protobuf.Duration':
      return typeof v === 'string' ? parseDuration(v) : (v as Msg);
    case '.google.protobuf.Int32Value':
    case '.google.protobuf.UInt32Value':
    case '.google.protobuf.Int64Value':
    case '.google.protobuf.UInt64Value':
    case '.google.protobuf.BoolValue':
    case '.google.protobuf.StringValue':
    case '.google.protobuf.BytesValue':
      return typeof v === 'object' && v !== null ? (v as Msg) : { value: v };
    case '.google.protobuf.DoubleValue':
    case '.google.protobuf.FloatValue':
      return typeof v === 'object' && v !== null ? (v as Msg) : { value: jsonDouble(v) };
    case '.google.protobuf.Struct':
      return jsonToStruct((v ?? {}) as Record<string, unknown>);
    case '.google.protobuf.Value':
      return jsonToValue(v);
    case '.google.protobuf.ListValue':
      return { values: (Array.isArray(v) ? v : []).map(jsonToValue) };
    case '.google.protobuf.Empty':
      return {};
    case '.google.protobuf.Any': {
      const o = (v ?? {}) as Record<string, unknown>;
      return { type_url: o['@type'], value: o.value };
    }
    default:
      return undefined;
  }
}

function fieldFromJson(field: protobuf.Field, v: unknown): unknown {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Type) return jsonToPlain(rt, v);
  if (rt instanceof protobuf.Enum) return v; // fromObject accepts names and numbers
  if (field.type === 'double' || field.type === 'float') return jsonDouble(v);
  return v;
}

/** Canonical JSON -> a plain object protobufjs' fromObject understands. */
function jsonToPlain(type: protobuf.Type, json: unknown): Msg {
  const wk = wellKnownFromJson(fullNameOf(type), json);
  if (wk !== undefined) return wk;
  if (typeof json !== 'object' || json === null) return {};
  const src = json as Record<string, unknown>;
  const out: Msg = {};
  for (const [key, v] of Object.entries(src)) {
    const field = type.fields[key];
    if (!field || v === undefined) continue;
    if (field.map) {
      const obj: Record<string, unknown> = {};
      for (const [k, mv] of Object.entries((v ?? {}) as Record<string, unknown>)) obj[k] = fieldFromJson(field, mv);
      out[key] = obj;
    } else if (field.repeated) {
      out[key] = (Array.isArray(v) ? v : []).map((item) => fieldFromJson(field, item));
    } else {
      out[key] = fieldFromJson(field, v);
    }
  }
  return out;
}

/** Canonical JSON -> a protobufjs message of `type`. */
export function jsonToMessage(type: protobuf.Type, json: JsonObject): protobuf.Message {
  return type.fromObject(jsonToPlain(type, json));
}

export function encodeJson(type: protobuf.Type, json: JsonObject): Buffer {
  const bytes = type.encode(jsonToMessage(type, json)).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function decodeToJson(type: protobuf.Type, buf: Uint8Array): JsonObject {
  return messageToJson(type, type.decode(buf) as unknown as Msg);
}

// ---------------------------------------------------------------------------------------------
// Responses carrying documents: each document version is encoded once.
//
// A query answer repeats the same stored documents over and over, and converting a document from canonical
// JSON to protobuf (parsing timestamps and int64 strings, building protobufjs messages) is most of the cost
// of answering. The engine never changes a stored document's `fields` object (writes copy it), so the object
// identifies the version's fields; name and times are checked too. Other documents (projections, documents
// built by hand) are simply encoded each time.

interface EncodedDocument {
  name: unknown;
  createTime: unknown;
  updateTime: unknown;
  bytes: Buffer;
}

const encodedDocuments = new WeakMap<object, EncodedDocument>();
const DOCUMENT_KEYS = new Set(['name', 'fields', 'createTime', 'updateTime']);

function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The protobuf bytes of a google.firestore.v1.Document given as canonical JSON, from the cache when it can. */
export function encodeDocument(documentType: protobuf.Type, doc: JsonObject): Buffer {
  const fields = doc['fields'];
  if (!isJsonObject(fields) || !Object.keys(doc).every((k) => DOCUMENT_KEYS.has(k))) return encodeJson(documentType, doc);
  const hit = encodedDocuments.get(fields);
  if (hit && hit.name === doc['name'] && hit.createTime === doc['createTime'] && hit.updateTime === doc['updateTime'])
    return hit.bytes;
  const bytes = encodeJson(documentType, doc);
  encodedDocuments.set(fields, { name: doc['name'], createTime: doc['createTime'], updateTime: doc['updateTime'], bytes });
  return bytes;
}

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n >>> 0;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
  return out;
}

/** A length-delimited field (wire type 2): tag, length, bytes. */
function lengthDelimited(fieldId: number, bytes: Buffer): Buffer[] {
  return [Buffer.from([...varint((fieldId << 3) | 2), ...varint(bytes.length)]), bytes];
}

/** The message `type` with its Document field `docField` (a direct field) encoded from the cache. */
function withDocument(
  type: protobuf.Type,
  json: JsonObject,
  docField: string,
  documentType: protobuf.Type,
  rest: Map<string, Buffer>,
): Buffer {
  const doc = json[docField];
  if (!isJsonObject(doc)) return encodeJson(type, json);
  const others: JsonObject = {};
  for (const [k, v] of Object.entries(json)) if (k !== docField) others[k] = v;
  // The other fields of a stream's answers repeat (the same readTime for every document): memoized by value.
  const key = JSON.stringify(others);
  let head = rest.get(key);
  if (head === undefined) {
    head = encodeJson(type, others);
    if (rest.size >= 64) rest.clear();
    rest.set(key, head);
  }
  const field = type.fields[docField];
  if (!field) return encodeJson(type, json);
  // Protobuf fields may come in any order; parsers merge them.
  return Buffer.concat([head, ...lengthDelimited(field.id, encodeDocument(documentType, doc))]);
}

/**
 * An encoder for response messages of `type` that encodes their documents once per version
 * (RunQueryResponse.document, BatchGetDocumentsResponse.found, ListenResponse.documentChange.document); any
 * other type is encoded as `encodeJson` does.
 */
export function responseEncoder(type: protobuf.Type): (json: JsonObject) => Buffer {
  const name = fullNameOf(type);
  const root = type.root;
  const documentType = root.lookupType('google.firestore.v1.Document');
  const rest = new Map<string, Buffer>();
  if (name === '.google.firestore.v1.RunQueryResponse') return (json) => withDocument(type, json, 'document', documentType, rest);
  if (name === '.google.firestore.v1.BatchGetDocumentsResponse')
    return (json) => withDocument(type, json, 'found', documentType, rest);
  if (name === '.google.firestore.v1.ListenResponse') {
    const changeType = root.lookupType('google.firestore.v1.DocumentChange');
    const changeField = type.fields['documentChange'];
    return (json) => {
      const change = json['documentChange'];
      if (!changeField || !isJsonObject(change) || Object.keys(json).length !== 1) return encodeJson(type, json);
      return Buffer.concat(lengthDelimited(changeField.id, withDocument(changeType, change, 'document', documentType, rest)));
    };
  }
  return (json) => encodeJson(type, json);
}

// ---------------------------------------------------------------------------------------------
// Requests arriving as JSON (REST): enums by number

const NULL_VALUE_ENUM = '.google.protobuf.NullValue';

function canonicalEnum(en: protobuf.Enum, v: unknown): unknown {
  if (fullNameOf(en) === NULL_VALUE_ENUM && (v === null || v === 0)) return 'NULL_VALUE';
  // Unknown numbers stay numbers: the engine refuses them with its own message.
  if (typeof v === 'number') return en.valuesById[v] ?? v;
  return v;
}

/**
 * Rewrites, in place, the enums of a request given as proto3 JSON to their names. proto3 JSON allows an
 * enum as its number too (`"op": 5`, `"direction": 2`, `"nullValue": null`), and the Node SDK's REST
 * transport sends numbers; the engine speaks the canonical form (see ../contract.ts). Only enum fields
 * change; anything malformed is left for the engine to refuse.
 */
export function canonicalizeEnums(type: protobuf.Type, json: unknown, depth = 0): void {
  if (typeof json !== 'object' || json === null || Array.isArray(json) || depth > 64) return;
  const obj = json as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const field = type.fields[key];
    if (!field) continue;
    const rt = field.resolvedType;
    const v = obj[key];
    if (rt instanceof protobuf.Enum) {
      if (field.repeated && Array.isArray(v)) obj[key] = v.map((x) => canonicalEnum(rt, x));
      else if (!field.map) obj[key] = canonicalEnum(rt, v);
    } else if (rt instanceof protobuf.Type && !fullNameOf(rt).startsWith('.google.protobuf.')) {
      if (field.map) {
        if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) canonicalizeEnums(rt, x, depth + 1);
      } else if (field.repeated) {
        if (Array.isArray(v)) for (const x of v) canonicalizeEnums(rt, x, depth + 1);
      } else canonicalizeEnums(rt, v, depth + 1);
    }
  }
}
