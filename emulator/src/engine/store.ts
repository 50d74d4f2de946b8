/**
 * The in-memory document store: databases keyed by name, documents keyed by path, per-collection maps
 * (for queries and listings) and a bounded history of before-images for reads at a past readTime.
 */
import type { StoredDocument, Value } from '../contract';
import { collectionOf, fullName, lastSegment } from './names';
import type { Fields } from './values';
import { doubleOf, getField } from './values';

/**
 * Key of a value in an equality index, or null for types the index does not cover. Values that are equal
 * (valuesEqual) always get the same key, so an index lookup returns a superset of the EQUAL matches;
 * the query still applies its full filter to every candidate.
 */
export function equalityKey(v: Value): string | null {
  const s = v['stringValue'];
  if (typeof s === 'string') return `s:${s}`;
  const b = v['booleanValue'];
  if (typeof b === 'boolean') return b ? 'b:1' : 'b:0';
  if ('nullValue' in v) return 'z';
  const i = v['integerValue'];
  if (i !== undefined) return `n:${String(Number(i) + 0)}`;
  if ('doubleValue' in v) return `n:${String(doubleOf(v) + 0)}`;
  return null;
}

interface EqIndex {
  path: readonly string[];
  buckets: Map<string, Set<string>>;
}

function indexAdd(idx: EqIndex, doc: DocRecord, path: string): void {
  const v = getField(doc.fields, idx.path);
  const k = v === undefined ? null : equalityKey(v);
  if (k === null) return;
  let set = idx.buckets.get(k);
  if (!set) {
    set = new Set();
    idx.buckets.set(k, set);
  }
  set.add(path);
}

function indexRemove(idx: EqIndex, doc: DocRecord, path: string): void {
  const v = getField(doc.fields, idx.path);
  const k = v === undefined ? null : equalityKey(v);
  if (k === null) return;
  const set = idx.buckets.get(k);
  if (!set) return;
  set.delete(path);
  if (set.size === 0) idx.buckets.delete(k);
}

export interface DocRecord extends StoredDocument {
  fields: Fields;
  updateNs: bigint;
}

export interface Change {
  path: string;
  before: DocRecord | null;
  after: DocRecord | null;
}

interface HistoryEntry {
  ns: bigint;
  path: string;
  before: DocRecord | null;
}

const HISTORY_MAX_ENTRIES = 50_000;
const HISTORY_MAX_AGE_NS = 5n * 60n * 1_000_000_000n;

export class Database {
  readonly docs = new Map<string, DocRecord>();
  readonly collections = new Map<string, Map<string, DocRecord>>();
  /** collection id -> collection paths with that id (non-empty ones). */
  readonly byCollectionId = new Map<string, Set<string>>();
  readonly history = new Map<string, HistoryEntry[]>();
  private readonly historyQueue: HistoryEntry[] = [];
  private historyHead = 0;
  lastCommitNs = 0n;
  /** Bumped on every change: per collection path, and for the whole database (query result caching). */
  readonly collectionVersions = new Map<string, number>();
  version = 0;
  /** History is complete for commits after this time (pruning, clear() and replay move it forward). */
  historyFloorNs = 0n;
  /** Time of the last clear(): reads at an earlier readTime see nothing older than it. */
  clearedNs = 0n;

  /** Equality indexes built lazily on first use: collection path -> field path key -> index (kept up to date by put/remove). */
  private readonly eqIndexes = new Map<string, Map<string, EqIndex>>();

  constructor(readonly name: string) {}

  /**
   * Current documents of the collection whose field at fieldPath has one of the given equality keys
   * (a superset of the documents whose field equals one of the values). Builds the index on first use.
   */
  equalityCandidates(collectionPath: string, fieldPath: readonly string[], keys: readonly string[]): DocRecord[] {
    const coll = this.collections.get(collectionPath);
    if (!coll) return [];
    let byField = this.eqIndexes.get(collectionPath);
    if (!byField) {
      byField = new Map();
      this.eqIndexes.set(collectionPath, byField);
    }
    const fkey = fieldPath.join('\u0000');
    let idx = byField.get(fkey);
    if (!idx) {
      idx = { path: [...fieldPath], buckets: new Map() };
      for (const [path, doc] of coll) indexAdd(idx, doc, path);
      byField.set(fkey, idx);
    }
    const out: DocRecord[] = [];
    const seen = keys.length > 1 ? new Set<string>() : null;
    for (const k of keys) {
      const set = idx.buckets.get(k);
      if (!set) continue;
      for (const path of set) {
        if (seen) {
          if (seen.has(path)) continue;
          seen.add(path);
        }
        const doc = coll.get(path);
        if (doc) out.push(doc);
      }
    }
    return out;
  }

  get(path: string, readNs?: bigint): DocRecord | null {
    if (readNs !== undefined && readNs < this.lastCommitNs) {
      const hist = this.history.get(path);
      if (hist) {
        for (const e of hist) if (e.ns > readNs) return e.before;
      }
    }
    return this.docs.get(path) ?? null;
  }

  /** Documents directly in the collection at `collectionPath` (or, with readNs, as they were then). */
  *collection(collectionPath: string, readNs?: bigint): Generator<DocRecord> {
    const current = this.collections.get(collectionPath);
    if (readNs === undefined || readNs >= this.lastCommitNs) {
      if (current) yield* current.values();
      return;
    }
    const changed = new Set<string>();
    for (let i = this.historyQueue.length - 1; i >= this.historyHead; i--) {
      const e = this.historyQueue[i] as HistoryEntry;
      if (e.ns <= readNs) break;
      if (collectionOf(e.path) === collectionPath) changed.add(e.path);
    }
    if (current) {
      for (const [path, doc] of current) if (!changed.has(path)) yield doc;
    }
    for (const path of changed) {
      const doc = this.get(path, readNs);
      if (doc) yield doc;
    }
  }

  /** Paths changed by commits after ns, or null when the history does not reach back that far. */
  changedSince(ns: bigint): string[] | null {
    if (ns < this.historyFloorNs) return null;
    const out: string[] = [];
    for (let i = this.historyQueue.length - 1; i >= this.historyHead; i--) {
      const e = this.historyQueue[i] as HistoryEntry;
      if (e.ns <= ns) break;
      out.push(e.path);
    }
    return out;
  }

  /** Collection paths a query over (parent, collectionId, allDescendants) scans. */
  collectionPaths(parentPath: string, collectionId: string, allDescendants: boolean): string[] {
    if (!allDescendants) return [parentPath === '' ? collectionId : `${parentPath}/${collectionId}`];
    const prefix = parentPath === '' ? '' : `${parentPath}/`;
    const out: string[] = [];
    const candidates =
      collectionId === '' ? this.collections.keys() : (this.byCollectionId.get(collectionId) ?? new Set<string>()).values();
    for (const c of candidates) if (c.startsWith(prefix)) out.push(c);
    return out;
  }

  /** Applies committed changes (after-images; null deletes) at commit time ns. */
  apply(changes: readonly Change[], ns: bigint, keepHistory = true): void {
    for (const ch of changes) {
      if (keepHistory) {
        const entry: HistoryEntry = { ns, path: ch.path, before: ch.before };
        let hist = this.history.get(ch.path);
        if (!hist) {
          hist = [];
          this.history.set(ch.path, hist);
        }
        hist.push(entry);
        this.historyQueue.push(entry);
      }
      if (ch.after) this.put(ch.after, ch.path);
      else this.remove(ch.path);
      const cpath = collectionOf(ch.path);
      this.collectionVersions.set(cpath, (this.collectionVersions.get(cpath) ?? 0) + 1);
    }
    this.version++;
    if (ns > this.lastCommitNs) this.lastCommitNs = ns;
    if (keepHistory) this.pruneHistory(ns);
    else if (ns > this.historyFloorNs) this.historyFloorNs = ns;
  }

  private put(doc: DocRecord, path: string): void {
    const cpath = collectionOf(path);
    const indexes = this.eqIndexes.get(cpath);
    if (indexes) {
      const old = this.docs.get(path);
      for (const idx of indexes.values()) {
        if (old) indexRemove(idx, old, path);
        indexAdd(idx, doc, path);
      }
    }
    this.docs.set(path, doc);
    let coll = this.collections.get(cpath);
    if (!coll) {
      coll = new Map();
      this.collections.set(cpath, coll);
      const id = lastSegment(cpath);
      let set = this.byCollectionId.get(id);
      if (!set) {
        set = new Set();
        this.byCollectionId.set(id, set);
      }
      set.add(cpath);
    }
    coll.set(path, doc);
  }

  private remove(path: string): void {
    const old = this.docs.get(path);
    if (!old) return;
    this.docs.delete(path);
    const cpath = collectionOf(path);
    const indexes = this.eqIndexes.get(cpath);
    if (indexes) for (const idx of indexes.values()) indexRemove(idx, old, path);
    const coll = this.collections.get(cpath);
    if (!coll) return;
    coll.delete(path);
    if (coll.size === 0) {
      this.collections.delete(cpath);
      this.eqIndexes.delete(cpath);
      const id = lastSegment(cpath);
      const set = this.byCollectionId.get(id);
      set?.delete(cpath);
      if (set?.size === 0) this.byCollectionId.delete(id);
    }
  }

  private pruneHistory(now: bigint): void {
    const q = this.historyQueue;
    while (this.historyHead < q.length) {
      const e = q[this.historyHead] as HistoryEntry;
      if (q.length - this.historyHead <= HISTORY_MAX_ENTRIES && now - e.ns <= HISTORY_MAX_AGE_NS) break;
      const hist = this.history.get(e.path);
      if (hist) {
        hist.shift();
        if (hist.length === 0) this.history.delete(e.path);
      }
      this.historyHead++;
      if (e.ns > this.historyFloorNs) this.historyFloorNs = e.ns;
    }
    if (this.historyHead > 4096 && this.historyHead * 2 > q.length) {
      q.splice(0, this.historyHead);
      this.historyHead = 0;
    }
  }

  clear(ns: bigint): void {
    this.version++;
    for (const c of this.collections.keys()) this.collectionVersions.set(c, (this.collectionVersions.get(c) ?? 0) + 1);
    this.docs.clear();
    this.collections.clear();
    this.byCollectionId.clear();
    this.eqIndexes.clear();
    this.history.clear();
    this.historyQueue.length = 0;
    this.historyHead = 0;
    this.clearedNs = ns;
    this.historyFloorNs = ns;
    if (ns > this.lastCommitNs) this.lastCommitNs = ns;
  }

  /** Ids of the collections directly below parentPath ('' = root) that contain documents at any depth. */
  collectionIds(parentPath: string): string[] {
    const prefix = parentPath === '' ? '' : `${parentPath}/`;
    const ids = new Set<string>();
    for (const c of this.collections.keys()) {
      if (!c.startsWith(prefix)) continue;
      const rest = c.slice(prefix.length);
      const slash = rest.indexOf('/');
      ids.add(slash < 0 ? rest : rest.slice(0, slash));
    }
    return [...ids];
  }

  /** Paths of documents in collectionPath that do not exist but have subcollections with documents. */
  missingParents(collectionPath: string): string[] {
    const prefix = `${collectionPath}/`;
    const out = new Set<string>();
    for (const c of this.collections.keys()) {
      if (!c.startsWith(prefix)) continue;
      const rest = c.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) continue;
      const path = prefix + rest.slice(0, slash);
      if (!this.docs.has(path)) out.add(path);
    }
    return [...out];
  }

  docName(path: string): string {
    return fullName(this.name, path);
  }
}

export class Store {
  readonly databases = new Map<string, Database>();

  db(name: string): Database {
    let db = this.databases.get(name);
    if (!db) {
      db = new Database(name);
      this.databases.set(name, db);
    }
    return db;
  }

  peek(name: string): Database | undefined {
    return this.databases.get(name);
  }

  documentCount(): number {
    let n = 0;
    for (const db of this.databases.values()) n += db.docs.size;
    return n;
  }
}
