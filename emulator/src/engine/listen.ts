/**
 * Listen streams: targets (documents or queries) indexed by document path, collection path and
 * collection id, incremental diffs after each commit (limit queries keep a sorted window), and a
 * global consistent-snapshot marker after every batch of changes sent to a stream.
 */
import type { BidiStream, Caller, JsonObject, StreamSink, Value } from '../contract';
import { Code, RpcError } from '../contract';
import { collectionOf, lastSegment, parseDocumentName, parseParent, validateDatabaseName } from './names';
import type { CompiledQuery } from './query';
import { compareKeys, compileQuery, inScope, matchKeys, runQuery, toDocumentJson } from './query';
import type { Change, Database, DocRecord, Store } from './store';
import { formatTimestamp } from './timestamps';
import { isObject } from './values';

export interface ReadCheck {
  method: 'get' | 'list';
  database: string;
  path: string;
  resource: DocRecord | null;
  query?: JsonObject;
  collectionGroup?: boolean;
  /**
   * The time the read is judged at (`request.time`): a change sent to a listener is judged at its commit's
   * time, the same for every listener of that commit. Absent: now.
   */
  time?: string;
}

export interface ListenHost {
  store: Store;
  /** The time of the latest commit (a consistent snapshot of everything). */
  snapshotNs(): bigint;
  /** Returns a denial message, or null when the read is allowed. */
  checkRead(caller: Caller, check: ReadCheck): string | null;
  epoch: string;
}

interface WindowEntry {
  path: string;
  keys: Value[];
}

interface Target {
  id: number;
  session: ListenSession;
  db: Database;
  docPaths: string[] | null;
  query: CompiledQuery | null;
  inResult: Set<string>;
  window: WindowEntry[] | null;
  wanted: number;
}

interface DbIndex {
  byDoc: Map<string, Set<Target>>;
  byCollection: Map<string, Set<Target>>;
  byGroup: Map<string, Set<Target>>;
  kindless: Set<Target>;
}

function addTo<K>(map: Map<K, Set<Target>>, key: K, t: Target): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(t);
}

function removeFrom<K>(map: Map<K, Set<Target>>, key: K, t: Target): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(t);
  if (set.size === 0) map.delete(key);
}

export function encodeResumeToken(epoch: string, ns: bigint): string {
  return Buffer.from(`${epoch}:${ns}`, 'utf8').toString('base64');
}

export function decodeResumeToken(epoch: string, token: unknown): bigint | null {
  if (typeof token !== 'string') return null;
  const text = Buffer.from(token, 'base64').toString('utf8');
  const [e, ns] = text.split(':');
  if (e !== epoch || ns === undefined || !/^\d+$/.test(ns)) return null;
  return BigInt(ns);
}

export class ListenManager {
  private readonly index = new Map<string, DbIndex>();
  private targetCount = 0;

  constructor(readonly host: ListenHost) {}

  get targets(): number {
    return this.targetCount;
  }

  open(caller: Caller, sink: StreamSink): BidiStream {
    return new ListenSession(this, caller, sink);
  }

  private dbIndex(db: string): DbIndex {
    let idx = this.index.get(db);
    if (!idx) {
      idx = { byDoc: new Map(), byCollection: new Map(), byGroup: new Map(), kindless: new Set() };
      this.index.set(db, idx);
    }
    return idx;
  }

  register(t: Target): void {
    const idx = this.dbIndex(t.db.name);
    this.targetCount++;
    if (t.docPaths) for (const p of t.docPaths) addTo(idx.byDoc, p, t);
    else if (t.query) {
      const q = t.query;
      if (!q.allDescendants)
        addTo(idx.byCollection, q.parentPath === '' ? q.collectionId : `${q.parentPath}/${q.collectionId}`, t);
      else if (q.collectionId !== '') addTo(idx.byGroup, q.collectionId, t);
      else idx.kindless.add(t);
    }
  }

  unregister(t: Target): void {
    const idx = this.index.get(t.db.name);
    if (!idx) return;
    this.targetCount--;
    if (t.docPaths) for (const p of t.docPaths) removeFrom(idx.byDoc, p, t);
    else if (t.query) {
      const q = t.query;
      if (!q.allDescendants)
        removeFrom(idx.byCollection, q.parentPath === '' ? q.collectionId : `${q.parentPath}/${q.collectionId}`, t);
      else if (q.collectionId !== '') removeFrom(idx.byGroup, q.collectionId, t);
      else idx.kindless.delete(t);
    }
  }

  /** Called after changes were applied to the store. */
  onCommit(db: string, changes: readonly Change[], ns: bigint): void {
    const idx = this.index.get(db);
    if (!idx || changes.length === 0) return;
    const affected = new Map<ListenSession, Set<Target>>();
    const add = (set: Set<Target> | undefined): void => {
      if (!set) return;
      for (const t of set) {
        let s = affected.get(t.session);
        if (!s) {
          s = new Set();
          affected.set(t.session, s);
        }
        s.add(t);
      }
    };
    for (const ch of changes) {
      const cpath = collectionOf(ch.path);
      add(idx.byDoc.get(ch.path));
      add(idx.byCollection.get(cpath));
      if (idx.byGroup.size > 0) add(idx.byGroup.get(lastSegment(cpath)));
      if (idx.kindless.size > 0) add(idx.kindless);
    }
    for (const [session, targets] of affected) session.applyCommit(targets, changes, ns);
  }
}

/** A target's end, with why: the REMOVE target change a listener gets. */
function removal(id: number, code: Code, message: string): JsonObject {
  return { targetChange: { targetChangeType: 'REMOVE', targetIds: [id], cause: { code, message } } };
}

class ListenSession implements BidiStream {
  private database: string | null = null;
  private readonly targets = new Map<number, Target>();
  private closed = false;

  constructor(
    private readonly manager: ListenManager,
    private readonly caller: Caller,
    private readonly sink: StreamSink,
  ) {}

  private get host(): ListenHost {
    return this.manager.host;
  }

  private send(message: JsonObject): void {
    if (!this.closed) this.sink.send(message);
  }

  receive(message: JsonObject): void {
    if (this.closed) return;
    try {
      this.handle(message);
    } catch (e) {
      const err = e instanceof RpcError ? e : new RpcError(Code.INTERNAL, 'Internal error.');
      this.close();
      this.sink.fail(err);
    }
  }

  private handle(message: JsonObject): void {
    if (!isObject(message)) throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid ListenRequest.');
    const database = message['database'];
    if (database !== undefined && database !== '') {
      validateDatabaseName(database);
      if (this.database === null) this.database = database as string;
      else if (this.database !== database)
        throw new RpcError(Code.INVALID_ARGUMENT, 'The database of a Listen stream cannot change.');
    }
    if (this.database === null) throw new RpcError(Code.INVALID_ARGUMENT, 'Missing database in ListenRequest.');
    const add = message['addTarget'];
    const remove = message['removeTarget'];
    if (add !== undefined && add !== null) this.addTarget(add);
    else if (remove !== undefined && remove !== null) {
      if (typeof remove !== 'number' || !Number.isInteger(remove))
        throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid removeTarget.');
      this.removeTarget(remove);
      this.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [remove] } });
    } else if (message['labels'] === undefined) {
      throw new RpcError(Code.INVALID_ARGUMENT, 'A ListenRequest must set addTarget or removeTarget.');
    }
  }

  private removeTarget(id: number): void {
    const t = this.targets.get(id);
    if (!t) return;
    this.targets.delete(id);
    this.manager.unregister(t);
  }

  private rejectTarget(id: number, code: Code, message: string): void {
    this.send(removal(id, code, message));
  }

  private addTarget(spec: unknown): void {
    if (!isObject(spec)) throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid target.');
    const id = spec['targetId'] ?? 0;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < -2147483648 || id > 2147483647) {
      throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid target id.');
    }
    this.removeTarget(id);
    const dbName = this.database as string;
    const db = this.host.store.db(dbName);
    let target: Target;
    try {
      target = this.buildTarget(id, spec, db);
    } catch (e) {
      if (e instanceof RpcError) {
        this.rejectTarget(id, e.code, e.message);
        return;
      }
      throw e;
    }
    // Authorization.
    if (this.caller.kind !== 'owner') {
      const denied = this.checkTarget(target);
      if (denied !== null) {
        this.rejectTarget(id, Code.PERMISSION_DENIED, denied);
        return;
      }
    }
    let resumeNs: bigint | null = null;
    if (spec['resumeToken'] !== undefined && spec['resumeToken'] !== null && spec['resumeToken'] !== '') {
      resumeNs = decodeResumeToken(this.host.epoch, spec['resumeToken']);
      if (resumeNs === null) resumeNs = -1n;
    } else if (typeof spec['readTime'] === 'string') {
      resumeNs = -1n;
    }
    const snapshot = this.host.snapshotNs();
    const docs = this.initialDocs(target);
    this.targets.set(id, target);
    this.manager.register(target);
    this.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    const unchanged = resumeNs !== null && resumeNs >= 0n && resumeNs <= snapshot && this.unchangedSince(target, resumeNs);
    if (!unchanged) {
      if (resumeNs !== null) this.send({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
      for (const d of docs) this.send({ documentChange: { document: toDocumentJson(d, null), targetIds: [id] } });
    }
    // The snapshot is the latest commit: without a commit since, it equals the last marker this stream sent. The
    // SDK accepts an equal read time (remote_store.ts applies a global snapshot whose version is >= the last one)
    // but silently drops an older one, so markers must never go back.
    const token = encodeResumeToken(this.host.epoch, snapshot);
    const readTime = formatTimestamp(snapshot);
    this.send({ targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken: token, readTime } });
    this.send({ targetChange: { targetIds: [], resumeToken: token, readTime } });
  }

  /** Whether no commit after ns touched a document the target covers (so the client's cache is current). */
  private unchangedSince(t: Target, ns: bigint): boolean {
    if (ns >= t.db.lastCommitNs) return true;
    const changed = t.db.changedSince(ns);
    if (changed === null) return false;
    if (t.docPaths) return !changed.some((p) => (t.docPaths as string[]).includes(p));
    const q = t.query as CompiledQuery;
    return !changed.some((p) => inScope(q, p));
  }

  private buildTarget(id: number, spec: JsonObject, db: Database): Target {
    const base = { id, session: this, db, inResult: new Set<string>(), window: null, wanted: Infinity };
    if (isObject(spec['documents'])) {
      const list = spec['documents']['documents'] ?? [];
      if (!Array.isArray(list)) throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid documents target.');
      const docPaths = list.map((n) => {
        const d = parseDocumentName(n);
        if (d.database !== db.name)
          throw new RpcError(Code.INVALID_ARGUMENT, `Document "${d.name}" is not in database "${db.name}".`);
        return d.path;
      });
      return { ...base, docPaths, query: null };
    }
    if (isObject(spec['query'])) {
      const qt = spec['query'];
      const parent = parseParent(qt['parent']);
      if (parent.database !== db.name)
        throw new RpcError(Code.INVALID_ARGUMENT, 'The query parent is not in the stream database.');
      const query = compileQuery(qt['structuredQuery'], parent.path);
      // As in Firestore, vector search answers one-off queries only.
      if (query.nearest) throw new RpcError(Code.INVALID_ARGUMENT, 'findNearest queries cannot be listened to.');
      const wanted = query.limit === null ? Infinity : query.offset + query.limit;
      return { ...base, docPaths: null, query, wanted, window: query.limit !== null && query.offset === 0 ? [] : null };
    }
    throw new RpcError(Code.INVALID_ARGUMENT, 'A target must be a documents or a query target.');
  }

  /** Whether the caller may listen to `t` (at `time`, a commit's, or now). */
  private checkTarget(t: Target, time?: string): string | null {
    const dbName = t.db.name;
    const at = time === undefined ? {} : { time };
    if (t.docPaths) {
      for (const p of t.docPaths) {
        const denied = this.host.checkRead(this.caller, {
          method: 'get',
          database: dbName,
          path: p,
          resource: t.db.get(p),
          ...at,
        });
        if (denied !== null) return denied;
      }
      return null;
    }
    const q = t.query as CompiledQuery;
    return this.host.checkRead(this.caller, {
      method: 'list',
      database: dbName,
      path: q.allDescendants ? q.collectionId : q.parentPath === '' ? q.collectionId : `${q.parentPath}/${q.collectionId}`,
      resource: null,
      query: q.raw,
      ...(q.allDescendants ? { collectionGroup: true } : {}),
      ...at,
    });
  }

  private initialDocs(t: Target): DocRecord[] {
    if (t.docPaths) {
      const out: DocRecord[] = [];
      for (const p of t.docPaths) {
        const d = t.db.get(p);
        if (d) {
          out.push(d);
          t.inResult.add(p);
        }
      }
      return out;
    }
    const q = t.query as CompiledQuery;
    const docs = runQuery(q, t.db);
    for (const d of docs) t.inResult.add(pathOf(d));
    if (t.window) t.window = docs.map((d) => ({ path: pathOf(d), keys: matchKeys(q, d) as Value[] }));
    return docs;
  }

  applyCommit(targets: Set<Target>, changes: readonly Change[], ns: bigint): void {
    if (this.closed) return;
    const out: JsonObject[] = [];
    const readTime = formatTimestamp(ns);
    for (const t of targets) {
      if (!this.targets.has(t.id) || this.targets.get(t.id) !== t) continue;
      if (t.docPaths) {
        this.applyToDocTarget(t, changes, readTime, out);
        continue;
      }
      const changed: JsonObject[] = [];
      this.applyToQueryTarget(t, changes, readTime, changed);
      // As Firestore does: a change about to be sent to a query target has its rules checked again, at the
      // time of the change; when they no longer allow the listen, the target ends with PERMISSION_DENIED and
      // the change is not sent (README, "Listeners that lose access").
      const denied = changed.length > 0 && this.caller.kind !== 'owner' ? this.checkTarget(t, readTime) : null;
      if (denied !== null) {
        this.endDenied(t, denied, out);
        continue;
      }
      out.push(...changed);
    }
    if (out.length === 0) return;
    for (const m of mergeByDocument(out)) this.send(m);
    const token = encodeResumeToken(this.host.epoch, ns);
    this.send({ targetChange: { targetIds: [], resumeToken: token, readTime } });
  }

  /** Ends a target whose rules no longer allow the listen: removed, with PERMISSION_DENIED as its cause. */
  private endDenied(t: Target, denied: string, out: JsonObject[]): void {
    this.removeTarget(t.id);
    out.push(removal(t.id, Code.PERMISSION_DENIED, denied));
  }

  private applyToDocTarget(t: Target, changes: readonly Change[], readTime: string, out: JsonObject[]): void {
    const paths = t.docPaths as string[];
    for (const ch of changes) {
      if (!paths.includes(ch.path)) continue;
      // As for query targets, every change about to be sent is checked at the time of the change, deletions
      // included: production judges the `get` of a deleted document with `resource == null` and ends the
      // listener when that is denied (README, "Listeners that lose access").
      if (this.caller.kind !== 'owner') {
        const denied = this.host.checkRead(this.caller, {
          method: 'get',
          database: t.db.name,
          path: ch.path,
          resource: ch.after,
          time: readTime,
        });
        if (denied !== null) {
          this.endDenied(t, denied, out);
          return;
        }
      }
      if (ch.after) {
        t.inResult.add(ch.path);
        out.push({ documentChange: { document: toDocumentJson(ch.after, null), targetIds: [t.id] } });
      } else {
        t.inResult.delete(ch.path);
        out.push({ documentDelete: { document: t.db.docName(ch.path), removedTargetIds: [t.id], readTime } });
      }
    }
  }

  private applyToQueryTarget(t: Target, changes: readonly Change[], readTime: string, out: JsonObject[]): void {
    const q = t.query as CompiledQuery;
    let relevant: Change[] | null = null;
    for (const ch of changes) {
      if (inScope(q, ch.path)) (relevant ??= []).push(ch);
    }
    if (relevant === null) return;
    if (q.limit === null && q.offset === 0) {
      for (const ch of relevant) {
        const keys = ch.after ? matchKeys(q, ch.after) : null;
        if (keys && ch.after) {
          t.inResult.add(ch.path);
          out.push({ documentChange: { document: toDocumentJson(ch.after, null), targetIds: [t.id] } });
        } else if (t.inResult.has(ch.path)) {
          t.inResult.delete(ch.path);
          const kind = ch.after ? 'documentRemove' : 'documentDelete';
          out.push({ [kind]: { document: t.db.docName(ch.path), removedTargetIds: [t.id], readTime } });
        }
      }
      return;
    }
    // Bounded queries: keep a sorted window (limit without offset) or recompute (offset).
    const changed = new Map<string, Change>();
    let touched = false;
    let recompute = t.window === null;
    const window = t.window ?? [];
    for (const ch of relevant) {
      changed.set(ch.path, ch);
      const keys = ch.after ? matchKeys(q, ch.after) : null;
      if (recompute) {
        if (keys || t.inResult.has(ch.path)) touched = true;
        continue;
      }
      const full = window.length >= t.wanted;
      let i = -1;
      for (let k = 0; k < window.length; k++) {
        if ((window[k] as WindowEntry).path === ch.path) {
          i = k;
          break;
        }
      }
      if (i >= 0) {
        touched = true;
        window.splice(i, 1);
        if (!keys) {
          if (full) recompute = true;
        } else {
          const pos = insertSorted(q, window, { path: ch.path, keys });
          if (full && pos === window.length - 1) recompute = true;
        }
      } else if (keys) {
        const last = window[window.length - 1];
        if (!full || (last && compareKeys(q, keys, last.keys) < 0)) {
          touched = true;
          insertSorted(q, window, { path: ch.path, keys });
          if (window.length > t.wanted) window.pop();
        }
      }
    }
    if (!touched) return;
    let newPaths: string[];
    if (recompute) {
      const docs = runQuery(q, t.db);
      newPaths = docs.map(pathOf);
      if (t.window) t.window = docs.map((d) => ({ path: pathOf(d), keys: matchKeys(q, d) as Value[] }));
    } else {
      newPaths = [];
      for (const e of window) newPaths.push(e.path);
    }
    const newSet = new Set(newPaths);
    for (const p of newPaths) {
      if (!t.inResult.has(p) || changed.has(p)) {
        const doc = t.db.get(p);
        if (doc) out.push({ documentChange: { document: toDocumentJson(doc, null), targetIds: [t.id] } });
      }
    }
    for (const p of t.inResult) {
      if (newSet.has(p)) continue;
      const ch = changed.get(p);
      const kind = ch && !ch.after ? 'documentDelete' : 'documentRemove';
      out.push({ [kind]: { document: t.db.docName(p), removedTargetIds: [t.id], readTime } });
    }
    t.inResult = newSet;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.targets.values()) this.manager.unregister(t);
    this.targets.clear();
  }
}

/**
 * Merges per-target document messages into one per document, as Firestore sends them: a documentChange
 * with all targetIds it is in (and removedTargetIds it left), or one documentDelete / documentRemove.
 */
function mergeByDocument(out: JsonObject[]): JsonObject[] {
  if (out.length <= 1) return out;
  const result: JsonObject[] = [];
  const changes = new Map<string, { document: JsonObject; targetIds: number[] }>();
  const removals = new Map<string, { kind: string; removed: number[]; readTime: unknown }>();
  for (const m of out) {
    const dc = m['documentChange'] as JsonObject | undefined;
    if (dc) {
      const document = dc['document'] as JsonObject;
      const name = document['name'] as string;
      const entry = changes.get(name);
      if (entry) entry.targetIds.push(...(dc['targetIds'] as number[]));
      else changes.set(name, { document, targetIds: [...(dc['targetIds'] as number[])] });
      continue;
    }
    const kind = m['documentDelete'] ? 'documentDelete' : m['documentRemove'] ? 'documentRemove' : null;
    if (kind) {
      const body = m[kind] as JsonObject;
      const name = body['document'] as string;
      const entry = removals.get(name);
      if (entry) entry.removed.push(...(body['removedTargetIds'] as number[]));
      else removals.set(name, { kind, removed: [...(body['removedTargetIds'] as number[])], readTime: body['readTime'] });
      continue;
    }
    result.push(m);
  }
  for (const [name, c] of changes) {
    const r = removals.get(name);
    removals.delete(name);
    const body: JsonObject = { document: c.document, targetIds: c.targetIds.sort((x, y) => x - y) };
    if (r) body['removedTargetIds'] = r.removed.sort((x, y) => x - y);
    result.push({ documentChange: body });
  }
  for (const [name, r] of removals) {
    result.push({
      [r.kind]: { document: name, removedTargetIds: r.removed.sort((x, y) => x - y), readTime: r.readTime as string },
    });
  }
  return result;
}

function insertSorted(q: CompiledQuery, window: WindowEntry[], e: WindowEntry): number {
  let lo = 0;
  let hi = window.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(q, (window[mid] as WindowEntry).keys, e.keys) <= 0) lo = mid + 1;
    else hi = mid;
  }
  window.splice(lo, 0, e);
  return lo;
}

function pathOf(doc: DocRecord): string {
  return doc.name.slice(doc.name.indexOf('/documents/') + 11);
}
