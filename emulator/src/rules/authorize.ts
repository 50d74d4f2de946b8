/**
 * From a parsed rules file to an Authorizer: flattens the match tree, matches request paths
 * (rules_version 2 recursive wildcards, collection groups), builds `request` and `resource`, enforces
 * the get()/exists() call limits, and decides list queries symbolically from their constraints.
 */
import type { AccessDecision, AccessRequest, Authorizer, JsonObject, StoredDocument, Value } from '../contract';
import { Compiler, type Ctx, type LookupKind, type Scope } from './compile';
import type { MatchBlock, MatchSeg, Pos, RulesFile } from './parser';
import {
  RMap,
  RPath,
  RTimestamp,
  RulesError,
  SymContains,
  SymDoc,
  SymNotIn,
  SymOneOf,
  SymRange,
  SymUnknown,
  fail,
  fromJson,
  fromValue,
  parseTimestamp,
  pathFromResourceName,
  typeName,
  type RVal,
} from './values';

type Method = AccessRequest['method'];
const METHODS: readonly Method[] = ['get', 'list', 'create', 'update', 'delete'];
const EXPAND: Readonly<Record<string, readonly Method[]>> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

interface Allow {
  line: number;
  cond: ((ctx: Ctx) => boolean) | null;
}

interface FlatBlock {
  pattern: readonly MatchSeg[];
  allows: Record<Method, Allow[]>;
}

export interface BuildIssue {
  pos: Pos;
  message: string;
}

/** Placeholders in a path being matched: the unknown document of a list, any collection-group parent. */
const UNKNOWN_ID = '\u0000unknown';
const ANY_PARENT = '\u0000any';

export function buildAuthorizer(file: RulesFile): { issues: BuildIssue[]; authorize: Authorizer | null } {
  const issues: BuildIssue[] = [];
  if (file.version !== null && file.version !== '2' && file.version !== '1')
    issues.push({ pos: { line: 1, col: 1 }, message: `Unsupported rules_version '${file.version}'.` });
  const v2 = file.version === '2';
  if (file.service !== 'cloud.firestore')
    issues.push({ pos: file.servicePos, message: `Unsupported service '${file.service}': expected cloud.firestore.` });

  const compiler = new Compiler();
  const blocks: FlatBlock[] = [];
  const root: Scope = { parent: null, wild: new Set(), functions: new Map() };
  compiler.declareFunctions(root, file.functions);
  const scopes: Scope[] = [root];

  const walk = (block: MatchBlock, parentPattern: readonly MatchSeg[], parent: Scope): void => {
    const pattern = [...parentPattern, ...block.path];
    const names = new Set<string>();
    for (const s of pattern) {
      if (s.kind === 'lit') continue;
      if (names.has(s.name)) issues.push({ pos: block, message: `Path variable '${s.name}' is bound twice.` });
      names.add(s.name);
    }
    const rests = pattern.filter((s) => s.kind === 'rest').length;
    if (rests > 1) issues.push({ pos: block, message: 'A path can hold at most one recursive wildcard {name=**}.' });
    if (!v2 && rests === 1 && pattern[pattern.length - 1]?.kind !== 'rest')
      issues.push({ pos: block, message: "A recursive wildcard must end the path unless rules_version = '2'." });
    const scope: Scope = {
      parent,
      wild: new Set(block.path.filter((s) => s.kind !== 'lit').map((s) => (s as { name: string }).name)),
      functions: new Map(),
    };
    compiler.declareFunctions(scope, block.functions);
    scopes.push(scope);
    const flat: FlatBlock = { pattern, allows: { get: [], list: [], create: [], update: [], delete: [] } };
    for (const a of block.allows) {
      const cond = a.cond ? compiler.condition(a.cond, scope) : null;
      for (const m of a.methods) {
        const expanded = EXPAND[m.name];
        if (expanded === undefined) {
          issues.push({
            pos: m.pos,
            message: `Unknown method '${m.name}': expected read, write, get, list, create, update or delete.`,
          });
          continue;
        }
        for (const x of expanded) flat.allows[x].push({ line: a.line, cond });
      }
    }
    if (METHODS.some((m) => flat.allows[m].length > 0)) blocks.push(flat);
    for (const child of block.matches) walk(child, pattern, scope);
  };
  for (const m of file.matches) walk(m, [], root);
  for (const s of scopes) compiler.compileFunctions(s);
  issues.push(...compiler.issues);
  if (issues.length > 0) return { issues, authorize: null };
  return { issues, authorize: makeAuthorizer(blocks, v2) };
}

// ---------------------------------------------------------------------------------------------
// Path matching.

function matchPattern(pattern: readonly MatchSeg[], segs: readonly string[], v2: boolean): Record<string, RVal> | null {
  const wild: Record<string, RVal> = {};
  if (!pattern.some((p) => p.kind === 'rest')) {
    // Fast path: no recursive wildcard, one segment per pattern element.
    if (pattern.length !== segs.length) return null;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i] as MatchSeg;
      const s = segs[i] as string;
      if (s === ANY_PARENT) return null;
      if (p.kind === 'lit') {
        if (s !== p.text) return null;
      } else {
        wild[p.name] = s === UNKNOWN_ID ? new SymUnknown(`the document id ${p.name}`) : s;
      }
    }
    return wild;
  }
  const go = (pi: number, si: number): boolean => {
    if (pi === pattern.length) return si === segs.length;
    const p = pattern[pi] as MatchSeg;
    if (p.kind === 'rest') {
      const min = v2 ? 0 : 1;
      for (let end = segs.length; end >= si + min; end--) {
        if (go(pi + 1, end)) {
          const part = segs.slice(si, end);
          wild[p.name] = part.some((s) => s === UNKNOWN_ID || s === ANY_PARENT)
            ? new SymUnknown(`the path variable ${p.name}`)
            : new RPath(part);
          return true;
        }
      }
      return false;
    }
    const s = segs[si];
    if (s === undefined || s === ANY_PARENT) return false;
    if (p.kind === 'lit') {
      if (s !== p.text) return false;
      return go(pi + 1, si + 1);
    }
    if (!go(pi + 1, si + 1)) return false;
    wild[p.name] = s === UNKNOWN_ID ? new SymUnknown(`the document id ${p.name}`) : s;
    return true;
  };
  return go(0, 0) ? wild : null;
}

// ---------------------------------------------------------------------------------------------
// Values of request and resource.

const RESOURCE_KEYS = ['data', 'id', '__name__'] as const;

function docResource(doc: StoredDocument): RMap {
  return RMap.lazy(RESOURCE_KEYS, (key) => {
    if (key === 'data') return RMap.fromFields(doc.fields);
    if (key === 'id') return doc.name.slice(doc.name.lastIndexOf('/') + 1);
    return pathFromResourceName(doc.name);
  });
}

/** request.time at Firestore's precision (microseconds), so that it equals a serverTimestamp() of the same commit. */
function requestTime(time: string): RTimestamp {
  const t = parseTimestamp(time);
  return t.nanos % 1000 === 0 ? t : new RTimestamp(t.seconds, t.nanos - (t.nanos % 1000));
}

const authCache = new WeakMap<object, RVal>();

function authValue(caller: AccessRequest['caller']): RVal {
  if (caller.kind !== 'user') return null;
  let v = authCache.get(caller);
  if (v === undefined) {
    v = RMap.fromObject({ uid: caller.uid, token: fromJson(caller.token) });
    authCache.set(caller, v);
  }
  return v;
}

function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  if (v !== null && typeof v === 'object' && 'value' in v) return asNumber(v.value);
  return undefined;
}

function parseFieldPath(fp: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < fp.length) {
    if (fp[i] === '`') {
      let seg = '';
      i++;
      while (i < fp.length && fp[i] !== '`') {
        if (fp[i] === '\\') i++;
        seg += fp[i] ?? '';
        i++;
      }
      i++;
      out.push(seg);
    } else {
      let e = fp.indexOf('.', i);
      if (e < 0) e = fp.length;
      out.push(fp.slice(i, e));
      i = e;
    }
    if (fp[i] === '.') i++;
  }
  return out;
}

function fieldPathOf(f: unknown): string | null {
  if (f !== null && typeof f === 'object' && 'fieldPath' in f && typeof f.fieldPath === 'string') return f.fieldPath;
  return null;
}

function queryValue(q: JsonObject | undefined): RVal {
  const m = new Map<string, RVal>();
  if (q) {
    const limit = asNumber(q['limit']);
    if (limit !== undefined) m.set('limit', BigInt(limit));
    const offset = asNumber(q['offset']);
    if (offset !== undefined) m.set('offset', BigInt(offset));
    const orders = Array.isArray(q['orderBy']) ? q['orderBy'] : [];
    const orderBy = new Map<string, RVal>();
    for (const o of orders) {
      if (o === null || typeof o !== 'object' || Array.isArray(o)) continue;
      const fp = fieldPathOf(o['field']);
      if (fp !== null) orderBy.set(fp, o['direction'] === 'DESCENDING' ? 'DESC' : 'ASC');
    }
    if (orderBy.size > 0) m.set('orderBy', RMap.of(orderBy));
  }
  return RMap.of(m);
}

type FieldFilter = { path: string; op: string; value: Value | null };

const MAX_DISJUNCTS = 32;

/** The query's filter in disjunctive normal form: a list of conjunctions of field filters. */
function disjuncts(filter: unknown): FieldFilter[][] {
  if (filter === null || typeof filter !== 'object') return [[]];
  const f = filter as Record<string, unknown>;
  if (f['fieldFilter']) {
    const ff = f['fieldFilter'] as { field?: unknown; op?: string; value?: Value };
    const fp = fieldPathOf(ff.field);
    if (fp === null) return [[]];
    return [[{ path: fp, op: ff.op ?? '', value: ff.value ?? null }]];
  }
  if (f['unaryFilter']) {
    const uf = f['unaryFilter'] as { field?: unknown; op?: string };
    const fp = fieldPathOf(uf.field);
    if (fp === null) return [[]];
    if (uf.op === 'IS_NULL') return [[{ path: fp, op: 'EQUAL', value: { nullValue: 'NULL_VALUE' } }]];
    if (uf.op === 'IS_NOT_NULL') return [[{ path: fp, op: 'NOT_EQUAL', value: { nullValue: 'NULL_VALUE' } }]];
    if (uf.op === 'IS_NAN') return [[{ path: fp, op: 'EQUAL', value: { doubleValue: 'NaN' } }]];
    return [[]];
  }
  if (f['compositeFilter']) {
    const cf = f['compositeFilter'] as { op?: string; filters?: unknown[] };
    const parts = (cf.filters ?? []).map(disjuncts);
    if (cf.op === 'OR') {
      const out = parts.flat();
      if (out.length > MAX_DISJUNCTS) fail('The query has too many disjunctions to decide.');
      return out;
    }
    let acc: FieldFilter[][] = [[]];
    for (const p of parts) {
      const next: FieldFilter[][] = [];
      for (const a of acc) for (const b of p) next.push([...a, ...b]);
      if (next.length > MAX_DISJUNCTS) fail('The query has too many disjunctions to decide.');
      acc = next;
    }
    return acc;
  }
  return [[]];
}

function constraintsOf(conj: readonly FieldFilter[]): Map<string, RVal> {
  const out = new Map<string, RVal>();
  for (const f of conj) {
    if (f.value === null) continue;
    const segments = parseFieldPath(f.path);
    const key = segments.join('\u0000');
    const what = `resource.data.${segments.join('.')}`;
    const v = fromValue(f.value);
    const prev = out.get(key);
    const isConcrete =
      prev !== undefined &&
      !(prev instanceof SymRange) &&
      !(prev instanceof SymNotIn) &&
      !(prev instanceof SymContains) &&
      !(prev instanceof SymOneOf);
    if (isConcrete) continue; // an equality already pins the field
    switch (f.op) {
      case 'EQUAL':
        out.set(key, v);
        break;
      case 'IN':
        if (Array.isArray(v)) out.set(key, v.length === 1 ? (v[0] as RVal) : new SymOneOf(v));
        break;
      case 'ARRAY_CONTAINS':
        out.set(key, new SymContains([v], what));
        break;
      case 'ARRAY_CONTAINS_ANY':
        if (Array.isArray(v)) out.set(key, new SymOneOf(v.map((x) => new SymContains([x], what))));
        break;
      case 'NOT_EQUAL':
      case 'NOT_IN': {
        const ex = f.op === 'NOT_IN' && Array.isArray(v) ? v : [v];
        const before = prev instanceof SymNotIn ? prev.excluded : [];
        if (prev === undefined || prev instanceof SymNotIn) out.set(key, new SymNotIn([...before, ...ex], what));
        break;
      }
      case 'LESS_THAN':
      case 'LESS_THAN_OR_EQUAL':
      case 'GREATER_THAN':
      case 'GREATER_THAN_OR_EQUAL': {
        const r = prev instanceof SymRange ? prev : new SymRange(undefined, false, undefined, false);
        if (prev !== undefined && !(prev instanceof SymRange)) break;
        const upper = f.op.startsWith('LESS');
        const incl = f.op.endsWith('OR_EQUAL');
        out.set(key, upper ? new SymRange(r.lo, r.loInclusive, v, incl, what) : new SymRange(v, incl, r.hi, r.hiInclusive, what));
        break;
      }
    }
  }
  return out;
}

function listResource(conj: readonly FieldFilter[]): RVal {
  const name = conj.find((f) => f.path === '__name__' && f.op === 'EQUAL' && f.value && 'referenceValue' in f.value);
  const data = new SymDoc(constraintsOf(conj.filter((f) => f.path !== '__name__')), '', 'resource.data');
  if (name?.value) {
    const p = pathFromResourceName(name.value['referenceValue'] as string);
    return RMap.fromObject({ data, id: p.segments[p.segments.length - 1] ?? '', __name__: p });
  }
  return RMap.fromObject({ data, id: new SymUnknown('resource.id'), __name__: new SymUnknown('resource.__name__') });
}

// ---------------------------------------------------------------------------------------------
// The authorizer.

/** Exceeding the document access limit denies the whole request (not absorbed by || / &&). */
class LimitExceeded extends Error {
  override readonly name = 'LimitExceeded';
}

/** Firestore's access-call limits: 10 distinct documents per operation, 20 per multi-document request. */
const LIMIT_OPERATION = 10;
const LIMIT_BATCH = 20;

/**
 * The distinct documents a whole batch has read, keyed by the batch's shared lookupAfter function
 * (contract: every AccessRequest of one commit carries the same lookupAfter).
 */
const batchReads = new WeakMap<AccessRequest['lookupAfter'], Set<string>>();

function batchReadsOf(req: AccessRequest): Set<string> | undefined {
  if (req.batchSize === undefined || req.batchSize <= 1) return undefined;
  let reads = batchReads.get(req.lookupAfter);
  if (!reads) {
    reads = new Set();
    batchReads.set(req.lookupAfter, reads);
  }
  return reads;
}

const REQUEST_KEYS = ['auth', 'method', 'path', 'time', 'resource'];
const LIST_REQUEST_KEYS = [...REQUEST_KEYS, 'query'];

class RequestContext implements Ctx {
  depth = 0;
  wild: Record<string, RVal> = {};
  private readonly cache = new Map<string, StoredDocument | null>();
  private requestValue: RVal | undefined;

  constructor(
    private readonly req: AccessRequest,
    private readonly dbId: string,
    readonly resource: RVal,
    private readonly query: RVal | undefined,
    private readonly batch: Set<string> | undefined,
  ) {}

  get request(): RVal {
    if (this.requestValue === undefined) {
      const r = this.req;
      this.requestValue = RMap.lazy(this.query === undefined ? REQUEST_KEYS : LIST_REQUEST_KEYS, (key) => {
        switch (key) {
          case 'auth':
            return authValue(r.caller);
          case 'method':
            return r.method;
          case 'path':
            return new RPath(['databases', this.dbId, 'documents', ...r.path.split('/')]);
          case 'time':
            return requestTime(r.time);
          case 'resource':
            return r.requestResource ? docResource(r.requestResource) : null;
          default:
            return this.query ?? null;
        }
      });
    }
    return this.requestValue;
  }

  lookup(kind: LookupKind, p: RVal): RVal {
    if (!(p instanceof RPath)) fail(`${kind}() takes a path, not ${typeName(p)}.`);
    const s = p.segments;
    if (s.length < 5 || s[0] !== 'databases' || s[2] !== 'documents' || (s.length - 3) % 2 !== 0)
      fail(`${kind}() needs a document path /databases/{database}/documents/..., not ${p.toString()}.`);
    if (s[1] !== this.dbId && s[1] !== '(default)') fail(`${kind}() cannot read another database.`);
    const rel = s.slice(3).join('/');
    const after = kind === 'getAfter' || kind === 'existsAfter';
    const key = (after ? 'A' : 'B') + rel;
    let doc = this.cache.get(key);
    if (doc === undefined && !this.cache.has(key)) {
      if (this.cache.size >= LIMIT_OPERATION)
        throw new LimitExceeded(`Exceeded the maximum of ${LIMIT_OPERATION} document access calls.`);
      if (this.batch && !this.batch.has(key)) {
        if (this.batch.size >= LIMIT_BATCH)
          throw new LimitExceeded(`Exceeded the maximum of ${LIMIT_BATCH} document access calls in a batch.`);
        this.batch.add(key);
      }
      doc = after ? this.req.lookupAfter(rel) : this.req.lookup(rel);
      this.cache.set(key, doc);
    }
    const d = doc ?? null;
    if (kind === 'exists' || kind === 'existsAfter') return d !== null;
    return d === null ? null : docResource(d);
  }
}

function makeAuthorizer(blocks: readonly FlatBlock[], v2: boolean): Authorizer {
  const authorize = (req: AccessRequest): AccessDecision => {
    try {
      return decide(blocks, v2, req);
    } catch (e) {
      if (e instanceof RulesError || e instanceof LimitExceeded) return { allowed: false, message: e.message };
      throw e;
    }
  };
  if (!process.env['FIRESTORE_RULES_DEBUG']) return authorize;
  // FIRESTORE_RULES_DEBUG=1: every denial and its reasons on stderr (developers debugging their rules).
  return (req) => {
    const d = authorize(req);
    if (!d.allowed) process.stderr.write(`rules: denied ${req.method} ${req.path}: ${d.message}\n`);
    return d;
  };
}

function decide(blocks: readonly FlatBlock[], v2: boolean, req: AccessRequest): AccessDecision {
  const method = req.method;
  const dbId = req.database.split('/')[3] ?? '(default)';
  let segs: string[];
  if (method === 'list') {
    segs = req.collectionGroup
      ? ['databases', dbId, 'documents', ANY_PARENT, req.path, UNKNOWN_ID]
      : ['databases', dbId, 'documents', ...req.path.split('/'), UNKNOWN_ID];
    if (req.collectionGroup && !v2) return { allowed: false, message: "Collection group queries need rules_version = '2'." };
  } else {
    segs = ['databases', dbId, 'documents', ...req.path.split('/')];
  }
  const matched: { allow: Allow; wild: Record<string, RVal> }[] = [];
  for (const b of blocks) {
    const allows = b.allows[method];
    if (allows.length === 0) continue;
    const wild = matchPattern(b.pattern, segs, v2);
    if (wild === null) continue;
    for (const allow of allows) matched.push({ allow, wild });
  }
  if (matched.length === 0) return { allowed: false, message: `No matching allow statements for '${method}'.` };
  const batch = batchReadsOf(req);

  if (method !== 'list') {
    const ctx = new RequestContext(req, dbId, req.resource ? docResource(req.resource) : null, undefined, batch);
    return evaluate(matched, ctx, method);
  }
  const query = queryValue(req.query);
  const parts = disjuncts(req.query?.['where']);
  for (const conj of parts) {
    const ctx = new RequestContext(req, dbId, listResource(conj), query, batch);
    const d = evaluate(matched, ctx, method);
    if (!d.allowed) return d;
  }
  return { allowed: true };
}

function evaluate(
  matched: readonly { allow: Allow; wild: Record<string, RVal> }[],
  ctx: RequestContext,
  method: Method,
): AccessDecision {
  const reasons: string[] = [];
  for (const { allow, wild } of matched) {
    if (allow.cond === null) return { allowed: true };
    ctx.wild = wild;
    ctx.depth = 0;
    try {
      if (allow.cond(ctx)) return { allowed: true };
      reasons.push(`false for '${method}' @ L${allow.line}`);
    } catch (e) {
      if (!(e instanceof RulesError)) throw e;
      reasons.push(`${e.message} for '${method}' @ L${allow.line}`);
    }
  }
  return { allowed: false, message: reasons.join(', ') };
}
