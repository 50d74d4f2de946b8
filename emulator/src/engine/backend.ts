/**
 * The emulator's database engine: createBackend() returns a FirestoreBackend (see ../contract.ts)
 * plus close() and stats(). Transports (server/) call it with canonical proto3-JSON messages.
 */
import { randomBytes } from 'node:crypto';
import type {
  AccessRequest,
  Authorizer,
  BidiMethod,
  BidiStream,
  Caller,
  FirestoreBackend,
  Json,
  JsonObject,
  ServerStreamMethod,
  StoredDocument,
  StreamSink,
  UnaryMethod,
} from '../contract';
import { Code, RpcError } from '../contract';
import { aggregate } from './aggregation';
import type { LimitsReport, ProductionLimitsConfig } from './limits';
import { CONTENTION_MESSAGE, ProductionLimits } from './limits';
import type { ReadCheck } from './listen';
import { ListenManager } from './listen';
import type { DocName } from './names';
import { autoId, fullName, parseDocumentName, parseParent, validateCollectionId, validateDatabaseName } from './names';
import type { LogRecord } from './persistence';
import { Persistence } from './persistence';
import type { CompiledQuery } from './query';
import { compileQuery, parseInt32, runQuery, toDocumentJson } from './query';
import type { Change, Database, DocRecord } from './store';
import { Store } from './store';
import { defaultClock, formatTimestamp, parseTimestamp } from './timestamps';
import type { Tx } from './transactions';
import { TransactionManager } from './transactions';
import type { Fields } from './values';
import { compareNames, compareValues, formatFieldPath, getField, isObject, parseFieldPath } from './values';
import type { BatchOutcome, ParsedWrite } from './writes';
import { applyBatch, parseWrite } from './writes';

export interface BackendOptions {
  /** Directory for the write-ahead log and snapshots; without it the state lives in memory only. */
  dataDir?: string;
  /** Commit clock in nanoseconds since the epoch (tests); commit times stay strictly increasing. */
  clock?: () => bigint;
  /** Production-limits mode (see limits.ts); null or absent: off. */
  productionLimits?: ProductionLimitsConfig | null;
  /** Where production-limits warnings go (default: stderr lines). */
  limitsWarn?: (line: string) => void;
}

export interface BackendStats {
  documents: number;
  databases: number;
  listenTargets: number;
  openTransactions: number;
  commits: number;
}

export interface EngineBackend extends FirestoreBackend {
  /** Flushes persistence and releases timers and files. */
  close(): Promise<void>;
  stats(): BackendStats;
  /** Production-limits mode: the report (the hottest documents and collections); null when the mode is off. */
  productionLimitsReport(top?: number): LimitsReport | null;
}

const DENIED = 'Missing or insufficient permissions.';
const MAX_WRITES = 500;

function invalid(message: string): RpcError {
  return new RpcError(Code.INVALID_ARGUMENT, message);
}

function requestObject(request: unknown): JsonObject {
  if (!isObject(request)) throw invalid('The request must be an object.');
  return request;
}

/** RunQueryRequest / RunAggregationQueryRequest.explainOptions; null when absent. */
function parseExplainOptions(request: JsonObject): { analyze: boolean } | null {
  const o = request['explainOptions'];
  if (o === undefined || o === null) return null;
  if (!isObject(o)) throw invalid('Invalid explainOptions.');
  const analyze = o['analyze'] ?? false;
  if (typeof analyze !== 'boolean') throw invalid('Invalid explainOptions.analyze: expected a boolean.');
  return { analyze };
}

/**
 * The index a query would use, in Firestore's shape (`{ query_scope, properties: '(a ASC, __name__ ASC)' }`):
 * equality and array-membership fields first, then the query's order. The emulator needs no index; this says
 * which one Firestore would look for.
 */
function planSummary(q: CompiledQuery): JsonObject {
  const props: string[] = [];
  const seen = new Set<string>();
  const add = (path: string, how: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    props.push(`${path} ${how}`);
  };
  const where = q.raw['where'];
  const conjuncts: Json[] = [];
  if (isObject(where)) {
    const c = where['compositeFilter'];
    if (isObject(c) && c['op'] === 'AND' && Array.isArray(c['filters'])) conjuncts.push(...c['filters']);
    else conjuncts.push(where);
  }
  for (const f of conjuncts) {
    const ff = isObject(f) ? f['fieldFilter'] : undefined;
    if (!isObject(ff) || !isObject(ff['field']) || typeof ff['field']['fieldPath'] !== 'string') continue;
    const op = ff['op'];
    if (op === 'EQUAL' || op === 'IN') add(ff['field']['fieldPath'], 'ASC');
    else if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') add(ff['field']['fieldPath'], 'CONTAINS');
  }
  for (const o of q.orderBy) add(o.isName ? '__name__' : formatFieldPath(o.path), o.desc ? 'DESC' : 'ASC');
  return {
    indexesUsed: [{ query_scope: q.allDescendants ? 'Collection group' : 'Collection', properties: `(${props.join(', ')})` }],
  };
}

/** ExplainMetrics with the execution stats of a query that read `read` documents. */
function explainMetrics(q: CompiledQuery, read: number, started: bigint, results = read): JsonObject {
  const ns = process.hrtime.bigint() - started;
  const duration = `${ns / 1_000_000_000n}.${(ns % 1_000_000_000n).toString().padStart(9, '0')}s`;
  // Firestore bills at least one read per query, one per document otherwise.
  const reads = String(Math.max(1, read));
  return {
    planSummary: planSummary(q),
    executionStats: {
      resultsReturned: String(results),
      executionDuration: duration,
      readOperations: reads,
      debugStats: {
        documents_scanned: String(read),
        index_entries_scanned: String(read),
        billing_details: {
          documents_billable: String(read),
          index_entries_billable: '0',
          small_ops: '0',
          min_query_cost: read === 0 ? '1' : '0',
        },
      },
    },
  };
}

function pathOf(doc: StoredDocument): string {
  return doc.name.slice(doc.name.indexOf('/documents/') + 11);
}

/** Accepts 'projects/p/databases/d/documents/a/b', '/databases/d/documents/a/b' or 'a/b'. */
function lookupPath(path: string): string {
  const i = path.indexOf('/documents/');
  if (i >= 0) return path.slice(i + 11);
  return path.replace(/^\/+/, '');
}

function maskPaths(mask: Json | undefined): string[][] | null {
  if (mask === undefined || mask === null) return null;
  if (!isObject(mask)) throw invalid('Invalid mask.');
  const paths = mask['fieldPaths'] ?? [];
  if (!Array.isArray(paths)) throw invalid('Invalid mask.');
  return paths.map((p) => parseFieldPath(p));
}

interface ReadContext {
  readNs: bigint | undefined;
  tx: Tx | null;
  newTx: Tx | null;
}

class Engine implements EngineBackend {
  private readonly store = new Store();
  private readonly clock: () => bigint;
  private lastNs = 0n;
  private commits = 0;
  private authorizer: Authorizer | null = null;
  private readonly txs: TransactionManager;
  /** Production-limits mode; null (off) costs the commit path one null check. */
  private readonly limits: ProductionLimits | null;
  private readonly listen: ListenManager;
  private persistence: Persistence | null = null;
  private readonly epoch = randomBytes(6).toString('hex');
  private writeStreamSeq = 0;

  constructor(options: BackendOptions) {
    this.clock = options.clock ?? defaultClock();
    const limits = options.productionLimits ?? null;
    this.limits = limits === null ? null : new ProductionLimits(limits, options.limitsWarn ? { warn: options.limitsWarn } : {});
    // In the mode a transaction waits for a lock no longer than it may wait at commit: then it is contention.
    this.txs = new TransactionManager(
      limits === null ? {} : { contentionMessage: CONTENTION_MESSAGE, lockWaitMs: Math.max(limits.transactionMaxWaitMs, 1) },
    );
    this.listen = new ListenManager({
      store: this.store,
      // Before the first commit lastNs is 0 (1970): the SDKs drop a global snapshot at version 0
      // (remote_store.ts raises one only when its version is not SnapshotVersion.min()), so a listener on a
      // fresh emulator would never get its first snapshot. Such a snapshot is read now, as reads are.
      snapshotNs: () => (this.lastNs > 0n ? this.lastNs : this.readNow()),
      checkRead: (caller, check) => this.checkRead(caller, check),
      epoch: this.epoch,
    });
    if (options.dataDir !== undefined) {
      const { persistence, records } = Persistence.open(options.dataDir);
      for (const r of records) this.replay(r);
      this.persistence = persistence;
    }
  }

  // ------------------------------------------------------------ time

  private nextNs(): bigint {
    const now = this.clock();
    this.lastNs = now > this.lastNs ? now : this.lastNs + 1n;
    return this.lastNs;
  }

  // ------------------------------------------------------------ persistence

  private replay(r: LogRecord): void {
    const ns = BigInt(r.ns);
    if (ns > this.lastNs) this.lastNs = ns;
    const db = this.store.db(r.db);
    if (r.t === 'x') {
      db.clear(ns);
      return;
    }
    const changes: Change[] = [];
    for (const [path, fields, createTime, updateTime] of r.puts) {
      const name = fullName(r.db, path);
      changes.push({ path, before: null, after: { name, fields, createTime, updateTime, updateNs: parseTimestamp(updateTime) } });
    }
    for (const path of r.dels) changes.push({ path, before: null, after: null });
    db.apply(changes, ns, false);
  }

  private *snapshotRecords(): Generator<LogRecord> {
    for (const db of this.store.databases.values()) {
      const ns = (db.lastCommitNs > 0n ? db.lastCommitNs : this.lastNs).toString();
      yield { t: 'x', db: db.name, ns: db.clearedNs.toString() };
      let puts: [string, Fields, string, string][] = [];
      for (const [path, doc] of db.docs) {
        puts.push([path, doc.fields, doc.createTime, doc.updateTime]);
        if (puts.length >= 1000) {
          yield { t: 'c', db: db.name, ns, puts, dels: [] };
          puts = [];
        }
      }
      yield { t: 'c', db: db.name, ns, puts, dels: [] };
    }
  }

  private persist(record: LogRecord): void {
    const p = this.persistence;
    if (!p) return;
    p.append(record);
    if (p.needsCompaction()) p.compact(this.snapshotRecords());
  }

  // ------------------------------------------------------------ authorization

  private checkRead(caller: Caller, check: ReadCheck): string | null {
    const authorize = this.authorizer;
    if (!authorize || caller.kind === 'owner') return null;
    const db = this.store.db(check.database);
    const request: AccessRequest = {
      caller,
      method: check.method,
      database: check.database,
      path: check.path,
      resource: check.resource ? publicDoc(check.resource) : null,
      requestResource: null,
      time: check.time ?? formatTimestamp(this.clock() > this.lastNs ? this.clock() : this.lastNs),
      lookup: (p) => nullablePublic(db.get(lookupPath(p))),
      lookupAfter: (p) => nullablePublic(db.get(lookupPath(p))),
      ...(check.query ? { query: check.query } : {}),
      ...(check.collectionGroup ? { collectionGroup: true } : {}),
    };
    const decision = safeAuthorize(authorize, request);
    return decision ? null : DENIED;
  }

  private requireRead(caller: Caller, check: ReadCheck): void {
    if (this.checkRead(caller, check) !== null) throw new RpcError(Code.PERMISSION_DENIED, DENIED);
  }

  private authorizeWrites(caller: Caller, db: Database, outcome: BatchOutcome, commitTime: string, batchSize: number): void {
    const authorize = this.authorizer;
    if (!authorize || caller.kind === 'owner') return;
    const lookupAfter = (p: string): StoredDocument | null => {
      const path = lookupPath(p);
      return nullablePublic(outcome.overlay.has(path) ? (outcome.overlay.get(path) ?? null) : db.get(path));
    };
    for (const { write, before, after } of outcome.accesses) {
      let method: AccessRequest['method'];
      if (write.kind === 'verify') method = 'get';
      else if (write.kind === 'delete') method = 'delete';
      else if (before) method = 'update';
      else if (write.precondition?.exists === true || write.precondition?.updateNs !== undefined) method = 'update';
      else method = 'create';
      const request: AccessRequest = {
        caller,
        method,
        database: db.name,
        path: write.doc.path,
        resource: nullablePublic(before),
        requestResource: method === 'delete' || method === 'get' ? null : nullablePublic(after),
        // request.time equals the value serverTimestamp() stores (microsecond precision).
        time: commitTime.slice(0, 26) + '000Z',
        lookup: (p) => nullablePublic(db.get(lookupPath(p))),
        lookupAfter,
        batchSize,
      };
      if (!safeAuthorize(authorize, request)) throw new RpcError(Code.PERMISSION_DENIED, DENIED);
    }
  }

  // ------------------------------------------------------------ commits

  /**
   * Validates, authorizes and applies a batch atomically; returns the CommitResponse. In production-limits mode
   * the batch may first wait for its documents' write slots (then the answer is a promise) or fail with ABORTED.
   */
  private commitBatch(
    database: string,
    rawWrites: Json | undefined,
    caller: Caller,
    tx: Tx | null,
    acknowledge?: (response: JsonObject) => void,
  ): JsonObject | Promise<JsonObject> {
    if (rawWrites !== undefined && rawWrites !== null && !Array.isArray(rawWrites)) throw invalid('Invalid writes.');
    const list = rawWrites ?? [];
    if (list.length > MAX_WRITES) throw invalid(`A maximum of ${MAX_WRITES} writes is allowed per request.`);
    const writes = list.map((w) => parseWrite(w, database));
    if (this.limits !== null) return this.commitLimited(this.limits, database, writes, caller, tx, acknowledge);
    return this.applyCommit(database, writes, caller, tx, acknowledge);
  }

  /** Production-limits mode: reserves the written documents' slots, then commits now or after the wait. */
  private commitLimited(
    limits: ProductionLimits,
    database: string,
    writes: ParsedWrite[],
    caller: Caller,
    tx: Tx | null,
    acknowledge?: (response: JsonObject) => void,
  ): JsonObject | Promise<JsonObject> {
    const paths = [...new Set(writes.filter((w) => w.kind !== 'verify').map((w) => w.doc.path))];
    // Nothing to write, or a transaction that fails anyway: no slot taken.
    if (paths.length === 0 || (tx !== null && (tx.readOnly || tx.aborted !== null))) {
      return this.applyCommit(database, writes, caller, tx, acknowledge);
    }
    const delay = limits.admit(database, paths, tx === null ? null : tx.lockWaitMs);
    if (delay <= 0) return this.applyCommit(database, writes, caller, tx, acknowledge);
    // Still in use while it waits: no lock lease expires under it.
    if (tx) tx.lastUsed = Date.now() + delay;
    return new Promise<JsonObject>((resolve, reject) => {
      // unref: a waiting commit does not keep a stopped emulator's process alive (a running server does).
      setTimeout(() => {
        try {
          resolve(this.applyCommit(database, writes, caller, tx, acknowledge));
        } catch (e) {
          reject(toRpcError(e));
        }
      }, Math.ceil(delay)).unref();
    });
  }

  private applyCommit(
    database: string,
    writes: ParsedWrite[],
    caller: Caller,
    tx: Tx | null,
    acknowledge?: (response: JsonObject) => void,
  ): JsonObject {
    const db = this.store.db(database);
    if (tx) {
      if (tx.readOnly && writes.length > 0) throw invalid('Cannot modify entities in a read-only transaction.');
      this.validateTransaction(tx, db);
    }
    const ns = this.nextNs();
    const commitTime = formatTimestamp(ns);
    const outcome = this.applyWithAuth(db, writes, ns, commitTime, caller);
    if (tx) this.txs.finish(tx);
    this.publish(db, outcome.changes, ns);
    if (this.limits !== null) this.limits.committed(db.name, outcome.changes);
    const response = { writeResults: outcome.writeResults, commitTime };
    // The writer's acknowledgement goes out before listeners hear of the commit.
    acknowledge?.(response);
    this.listen.onCommit(db.name, outcome.changes, ns);
    return response;
  }

  private applyWithAuth(db: Database, writes: ParsedWrite[], ns: bigint, commitTime: string, caller: Caller): BatchOutcome {
    const outcome = applyBatch(db, writes, ns, commitTime, (e) => {
      // Rules are evaluated before preconditions: a denied write reports PERMISSION_DENIED.
      if (this.authorizer && caller.kind !== 'owner') return;
      throw e;
    });
    this.authorizeWrites(caller, db, outcome, commitTime, writes.length);
    if (outcome.error) throw outcome.error;
    return outcome;
  }

  private validateTransaction(tx: Tx, db: Database): void {
    if (tx.aborted !== null) throw new RpcError(Code.ABORTED, tx.aborted);
    for (const [path, version] of tx.reads) {
      const doc = db.get(path);
      const now = doc ? doc.updateNs : -1n;
      if (now !== version) {
        const message = this.limits
          ? CONTENTION_MESSAGE
          : 'Transaction aborted: a document read in it was changed concurrently. Please retry.';
        this.txs.abort(tx, message);
        this.txs.finish(tx);
        throw new RpcError(Code.ABORTED, message);
      }
    }
    for (const check of tx.queryChecks) {
      if (!check()) {
        const message = this.limits
          ? CONTENTION_MESSAGE
          : 'Transaction aborted: a query read in it changed concurrently. Please retry.';
        this.txs.abort(tx, message);
        this.txs.finish(tx);
        throw new RpcError(Code.ABORTED, message);
      }
    }
  }

  /** Applies changes to the store and logs them (listeners are notified by the caller). */
  private publish(db: Database, changes: Change[], ns: bigint): void {
    if (changes.length === 0) return;
    db.apply(changes, ns);
    this.commits++;
    if (this.persistence) {
      const puts: [string, Fields, string, string][] = [];
      const dels: string[] = [];
      for (const ch of changes) {
        if (ch.after) puts.push([ch.path, ch.after.fields, ch.after.createTime, ch.after.updateTime]);
        else dels.push(ch.path);
      }
      this.persist({ t: 'c', db: db.name, ns: ns.toString(), puts, dels });
    }
  }

  // ------------------------------------------------------------ reads

  private readContext(request: JsonObject, database: string): ReadContext {
    const t = request['transaction'];
    const nt = request['newTransaction'];
    const rt = request['readTime'];
    const set = [t, nt, rt].filter((x) => x !== undefined && x !== null && x !== '').length;
    if (set > 1) throw invalid('Only one of transaction, newTransaction and readTime may be set.');
    if (t !== undefined && t !== null && t !== '') {
      const tx = this.txs.get(t, database);
      return { readNs: tx.readOnly ? tx.readNs : undefined, tx, newTx: null };
    }
    if (nt !== undefined && nt !== null) {
      const tx = this.beginFromOptions(database, nt);
      return { readNs: tx.readOnly ? tx.readNs : undefined, tx, newTx: tx };
    }
    if (rt !== undefined && rt !== null) return { readNs: parseTimestamp(rt, 'read time'), tx: null, newTx: null };
    return { readNs: undefined, tx: null, newTx: null };
  }

  private beginFromOptions(database: string, options: Json | undefined): Tx {
    const o = options ?? {};
    if (!isObject(o)) throw invalid('Invalid transaction options.');
    if (isObject(o['readOnly'])) {
      const rt = o['readOnly']['readTime'];
      const readNs = rt !== undefined && rt !== null ? parseTimestamp(rt, 'read time') : this.lastNs;
      return this.txs.begin(database, true, readNs);
    }
    const rw = o['readWrite'];
    let retry: string | undefined;
    if (isObject(rw) && typeof rw['retryTransaction'] === 'string') retry = rw['retryTransaction'];
    return this.txs.begin(database, false, undefined, retry);
  }

  private async lockForRead(ctx: ReadContext, paths: string[]): Promise<void> {
    if (ctx.tx && !ctx.tx.readOnly) await this.txs.lock(ctx.tx, paths);
  }

  private recordReads(ctx: ReadContext, db: Database, paths: Iterable<string>): void {
    const tx = ctx.tx;
    if (!tx || tx.readOnly) return;
    for (const p of paths) {
      if (tx.reads.has(p)) continue;
      const doc = db.get(p);
      tx.reads.set(p, doc ? doc.updateNs : -1n);
    }
  }

  private snapshotTime(ctx: ReadContext): string {
    return formatTimestamp(ctx.readNs ?? this.readNow());
  }

  /**
   * The read time of a current read: about now, like Firestore (not the last commit's time, which is 1970 before
   * the first commit). Later commits get later times, so a read at this time sees exactly what this read saw.
   * It moves at most once a second while nothing is committed: a read time that changes on every read would
   * defeat the caching of the answers' encoded read time (see responseEncoder in ../server/proto-json.ts).
   */
  private readNow(): bigint {
    const now = this.clock();
    if (now - this.lastNs > 1_000_000_000n) this.lastNs = now;
    return this.lastNs;
  }

  private async batchGet(request: JsonObject, caller: Caller): Promise<JsonObject[]> {
    const database = validateDatabaseName(request['database']);
    const docsRaw = request['documents'] ?? [];
    if (!Array.isArray(docsRaw)) throw invalid('Invalid documents.');
    const names = docsRaw.map((n) => {
      const d = parseDocumentName(n);
      if (d.database !== database) throw invalid(`Document "${d.name}" is not in database "${database}".`);
      return d;
    });
    const mask = maskPaths(request['mask']);
    const ctx = this.readContext(request, database);
    const db = this.store.db(database);
    try {
      await this.lockForRead(
        ctx,
        names.map((n) => n.path),
      );
      const readTime = this.snapshotTime(ctx);
      const out: JsonObject[] = [];
      for (const n of names) {
        const doc = db.get(n.path, ctx.readNs);
        this.requireRead(caller, { method: 'get', database, path: n.path, resource: doc });
        out.push(doc ? { found: toDocumentJson(doc, mask), readTime } : { missing: n.name, readTime });
      }
      this.recordReads(
        ctx,
        db,
        names.map((n) => n.path),
      );
      if (ctx.newTx) {
        if (out.length === 0) out.push({ readTime });
        (out[0] as JsonObject)['transaction'] = ctx.newTx.id;
      }
      return out;
    } catch (e) {
      if (ctx.newTx) this.txs.finish(ctx.newTx);
      throw e;
    }
  }

  private compileFor(
    request: JsonObject,
    caller: Caller,
    sq: Json | undefined,
  ): { database: string; db: Database; q: CompiledQuery } {
    const parent = parseParent(request['parent']);
    const q = compileQuery(sq, parent.path);
    const db = this.store.db(parent.database);
    this.requireRead(caller, {
      method: 'list',
      database: parent.database,
      path: q.allDescendants ? q.collectionId : parent.path === '' ? q.collectionId : `${parent.path}/${q.collectionId}`,
      resource: null,
      query: q.raw,
      ...(q.allDescendants ? { collectionGroup: true } : {}),
    });
    return { database: parent.database, db, q };
  }

  /** Runs a query inside a read context; locks and records results for read-write transactions. */
  private readonly queryCache = new Map<string, { db: Database; version: number; docs: DocRecord[] }>();

  /** Runs a query at the current state, reusing the last result while the scanned collections are unchanged. */
  private cachedQuery(db: Database, q: CompiledQuery): DocRecord[] {
    const version = q.allDescendants
      ? db.version
      : (db.collectionVersions.get(q.parentPath === '' ? q.collectionId : `${q.parentPath}/${q.collectionId}`) ?? 0);
    const key = `${db.name}|${q.parentPath}|${JSON.stringify(q.raw)}`;
    const hit = this.queryCache.get(key);
    if (hit && hit.db === db && hit.version === version) {
      this.queryCache.delete(key);
      this.queryCache.set(key, hit); // most recently used last
      return hit.docs;
    }
    const docs = runQuery(q, db);
    this.queryCache.set(key, { db, version, docs });
    if (this.queryCache.size > 512) {
      const oldest = this.queryCache.keys().next().value;
      if (oldest !== undefined) this.queryCache.delete(oldest);
    }
    return docs;
  }

  private async queryInContext(ctx: ReadContext, db: Database, q: CompiledQuery): Promise<DocRecord[]> {
    let docs = ctx.readNs === undefined ? this.cachedQuery(db, q) : runQuery(q, db, ctx.readNs);
    const tx = ctx.tx;
    if (tx && !tx.readOnly) {
      await this.txs.lock(tx, docs.map(pathOf));
      docs = runQuery(q, db);
      const signature = docs.map((d) => `${d.name}@${d.updateTime}`).join('\n');
      tx.queryChecks.push(
        () =>
          runQuery(q, db)
            .map((d) => `${d.name}@${d.updateTime}`)
            .join('\n') === signature,
      );
      this.recordReads(ctx, db, docs.map(pathOf));
    }
    return docs;
  }

  private async runQueryRpc(request: JsonObject, caller: Caller): Promise<JsonObject[]> {
    const explain = parseExplainOptions(request);
    const { database, db, q } = this.compileFor(request, caller, request['structuredQuery']);
    // Explain without analyze plans the query and runs nothing: no documents, no read time.
    if (explain && !explain.analyze) return [{ explainMetrics: { planSummary: planSummary(q) } }];
    const ctx = this.readContext(request, database);
    try {
      const started = process.hrtime.bigint();
      const docs = await this.queryInContext(ctx, db, q);
      const readTime = this.snapshotTime(ctx);
      const out: JsonObject[] = docs.map((d) => ({ document: toDocumentJson(d, q.projection), readTime }));
      if (out.length === 0) out.push({ readTime });
      if (ctx.newTx) (out[0] as JsonObject)['transaction'] = ctx.newTx.id;
      if (explain) (out[out.length - 1] as JsonObject)['explainMetrics'] = explainMetrics(q, docs.length, started);
      return out;
    } catch (e) {
      if (ctx.newTx) this.txs.finish(ctx.newTx);
      throw e;
    }
  }

  private async runAggregation(request: JsonObject, caller: Caller): Promise<JsonObject[]> {
    const saq = request['structuredAggregationQuery'];
    if (!isObject(saq)) throw invalid('Missing structuredAggregationQuery.');
    const explain = parseExplainOptions(request);
    const { database, db, q } = this.compileFor(request, caller, saq['structuredQuery']);
    const specs = saq['aggregations'];
    if (explain && !explain.analyze) {
      aggregate(specs, []); // the aggregations are validated all the same
      return [{ explainMetrics: { planSummary: planSummary(q) } }];
    }
    const ctx = this.readContext(request, database);
    try {
      const started = process.hrtime.bigint();
      const docs = await this.queryInContext(ctx, db, q);
      const readTime = this.snapshotTime(ctx);
      const result: JsonObject = { result: { aggregateFields: aggregate(specs, docs) }, readTime };
      if (ctx.newTx) result['transaction'] = ctx.newTx.id;
      // An aggregation returns one result, whatever number of documents it read.
      if (explain) result['explainMetrics'] = explainMetrics(q, docs.length, started, 1);
      return [result];
    } catch (e) {
      if (ctx.newTx) this.txs.finish(ctx.newTx);
      throw e;
    }
  }

  // ------------------------------------------------------------ unary RPCs

  private getDocument(request: JsonObject, caller: Caller): JsonObject {
    const n = parseDocumentName(request['name']);
    const mask = maskPaths(request['mask']);
    const ctx = this.readContext(request, n.database);
    if (ctx.newTx) throw invalid('GetDocument does not accept newTransaction.');
    const db = this.store.db(n.database);
    const doc = db.get(n.path, ctx.readNs);
    this.requireRead(caller, { method: 'get', database: n.database, path: n.path, resource: doc });
    this.recordReads(ctx, db, [n.path]);
    if (!doc) throw new RpcError(Code.NOT_FOUND, `Document "${n.name}" not found.`);
    return toDocumentJson(doc, mask);
  }

  private listDocuments(request: JsonObject, caller: Caller): JsonObject {
    const parent = parseParent(request['parent']);
    const showMissing = request['showMissing'] === true;
    const rawId = request['collectionId'] ?? '';
    // An empty collection id lists the documents of every collection directly below the parent.
    const collectionId = rawId === '' ? '' : validateCollectionId(rawId);
    const cpath = parent.path === '' ? collectionId : `${parent.path}/${collectionId}`;
    const cpaths =
      collectionId !== ''
        ? [cpath]
        : this.store
            .db(parent.database)
            .collectionIds(parent.path)
            .map((id) => (parent.path === '' ? id : `${parent.path}/${id}`));
    const mask = maskPaths(request['mask']);
    const pageSize = parseInt32(request['pageSize'], 'page size') ?? 0;
    const pageToken = request['pageToken'] ?? '';
    if (typeof pageToken !== 'string') throw invalid('Invalid page token.');
    const ctx = this.readContext(request, parent.database);
    if (ctx.newTx) throw invalid('ListDocuments does not accept newTransaction.');
    const db = this.store.db(parent.database);
    this.requireRead(caller, {
      method: 'list',
      database: parent.database,
      path: cpath,
      resource: null,
      query: { from: [{ collectionId }] },
    });
    const order = parseListOrder(request['orderBy']);
    type Entry = { name: string; doc: DocRecord | null };
    const entries: Entry[] = [];
    for (const c of cpaths) {
      for (const d of db.collection(c, ctx.readNs)) entries.push({ name: d.name, doc: d });
      if (showMissing) for (const p of db.missingParents(c)) entries.push({ name: fullName(parent.database, p), doc: null });
    }
    entries.sort((a, b) => {
      for (const o of order) {
        if (o.path.length === 1 && o.path[0] === '__name__') {
          const c = compareNames(a.name, b.name);
          if (c !== 0) return o.desc ? -c : c;
          continue;
        }
        const va = a.doc ? getField(a.doc.fields, o.path) : undefined;
        const vb = b.doc ? getField(b.doc.fields, o.path) : undefined;
        const c = va === undefined ? (vb === undefined ? 0 : -1) : vb === undefined ? 1 : compareValues(va, vb);
        if (c !== 0) return o.desc ? -c : c;
      }
      return compareNames(a.name, b.name);
    });
    let start = 0;
    if (pageToken !== '') {
      const n = Number(Buffer.from(pageToken, 'base64').toString('utf8'));
      if (!Number.isInteger(n) || n < 0) throw invalid('Invalid page token.');
      start = n;
    }
    const end = pageSize > 0 ? start + pageSize : entries.length;
    const page = entries.slice(start, end);
    const documents = page.map((e) => (e.doc ? toDocumentJson(e.doc, mask) : { name: e.name }));
    const out: JsonObject = { documents };
    if (end < entries.length) out['nextPageToken'] = Buffer.from(String(end), 'utf8').toString('base64');
    return out;
  }

  private listCollectionIds(request: JsonObject): JsonObject {
    const parent = parseParent(request['parent']);
    const pageSize = parseInt32(request['pageSize'], 'page size') ?? 0;
    const pageToken = request['pageToken'] ?? '';
    if (typeof pageToken !== 'string') throw invalid('Invalid page token.');
    const ids = this.store
      .db(parent.database)
      .collectionIds(parent.path)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const after = pageToken === '' ? null : Buffer.from(pageToken, 'base64').toString('utf8');
    const rest = after === null ? ids : ids.filter((id) => id > after);
    const page = pageSize > 0 ? rest.slice(0, pageSize) : rest;
    const out: JsonObject = { collectionIds: page };
    if (page.length < rest.length && page.length > 0) {
      out['nextPageToken'] = Buffer.from(page[page.length - 1] as string, 'utf8').toString('base64');
    }
    return out;
  }

  /** Commits one write and answers with `then(stored document)`, after the commit (a promise if it waited). */
  private commitOne<T>(doc: DocName, write: JsonObject, caller: Caller, then: (stored: DocRecord | null) => T): T | Promise<T> {
    const response = this.commitBatch(doc.database, [write], caller, null);
    const stored = (): T => then(this.store.db(doc.database).get(doc.path));
    return response instanceof Promise ? response.then(stored) : stored();
  }

  private createDocument(request: JsonObject, caller: Caller): JsonObject | Promise<JsonObject> {
    const parent = parseParent(request['parent']);
    const collectionId = validateCollectionId(request['collectionId']);
    const rawId = request['documentId'];
    const id = rawId === undefined || rawId === null || rawId === '' ? autoId() : rawId;
    if (typeof id !== 'string') throw invalid('Invalid document id.');
    const name = fullName(parent.database, parent.path === '' ? `${collectionId}/${id}` : `${parent.path}/${collectionId}/${id}`);
    const doc = parseDocumentName(name);
    const body = request['document'] ?? {};
    if (!isObject(body)) throw invalid('Invalid document.');
    const mask = maskPaths(request['mask']);
    return this.commitOne(
      doc,
      { update: { name, fields: body['fields'] ?? {} }, currentDocument: { exists: false } },
      caller,
      (stored) => {
        if (!stored) throw new RpcError(Code.INTERNAL, 'Document was not stored.');
        return toDocumentJson(stored, mask);
      },
    );
  }

  private updateDocument(request: JsonObject, caller: Caller): JsonObject | Promise<JsonObject> {
    const body = request['document'];
    if (!isObject(body)) throw invalid('Missing document.');
    const doc = parseDocumentName(body['name']);
    const mask = maskPaths(request['mask']);
    const write: JsonObject = { update: { name: doc.name, fields: body['fields'] ?? {} } };
    if (request['updateMask'] !== undefined && request['updateMask'] !== null) write['updateMask'] = request['updateMask'];
    if (request['currentDocument'] !== undefined && request['currentDocument'] !== null)
      write['currentDocument'] = request['currentDocument'];
    return this.commitOne(doc, write, caller, (stored) => {
      if (!stored) throw new RpcError(Code.INTERNAL, 'Document was not stored.');
      return toDocumentJson(stored, mask);
    });
  }

  private deleteDocument(request: JsonObject, caller: Caller): JsonObject | Promise<JsonObject> {
    const doc = parseDocumentName(request['name']);
    const write: JsonObject = { delete: doc.name };
    if (request['currentDocument'] !== undefined && request['currentDocument'] !== null)
      write['currentDocument'] = request['currentDocument'];
    return this.commitOne(doc, write, caller, () => ({}));
  }

  private batchWrite(request: JsonObject, caller: Caller): JsonObject | Promise<JsonObject> {
    const database = validateDatabaseName(request['database']);
    const raw = request['writes'] ?? [];
    if (!Array.isArray(raw)) throw invalid('Invalid writes.');
    if (raw.length > MAX_WRITES) throw invalid(`A maximum of ${MAX_WRITES} writes is allowed per request.`);
    const writeResults: JsonObject[] = [];
    const status: JsonObject[] = [];
    const ok = (i: number, r: JsonObject): void => {
      const results = r['writeResults'] as JsonObject[];
      writeResults[i] = results[0] ?? {};
      status[i] = { code: 0 };
    };
    const failed = (i: number, e: unknown): void => {
      const err = e instanceof RpcError ? e : new RpcError(Code.INTERNAL, 'Internal error.');
      writeResults[i] = {};
      status[i] = { code: err.code, message: err.message };
    };
    // Each write commits on its own; in production-limits mode some wait for their documents' slots.
    const waits: Promise<void>[] = [];
    raw.forEach((w, i) => {
      try {
        const r = this.commitBatch(database, [w], caller, null);
        if (r instanceof Promise)
          waits.push(
            r.then(
              (v) => ok(i, v),
              (e: unknown) => failed(i, e),
            ),
          );
        else ok(i, r);
      } catch (e) {
        failed(i, e);
      }
    });
    if (waits.length === 0) return { writeResults, status };
    return Promise.all(waits).then(() => ({ writeResults, status }));
  }

  private commit(request: JsonObject, caller: Caller): JsonObject | Promise<JsonObject> {
    const database = validateDatabaseName(request['database']);
    const t = request['transaction'];
    let tx: Tx | null = null;
    if (t !== undefined && t !== null && t !== '') {
      const stale = this.txs.peek(t, database);
      try {
        tx = this.txs.get(t, database);
      } catch (e) {
        if (stale) this.txs.finish(stale); // an aborted transaction ends here
        throw e;
      }
    }
    // A failed commit ends its transaction (Firestore: the transaction is no longer valid).
    const failed = (e: unknown): never => {
      if (tx) this.txs.finish(tx);
      throw e;
    };
    try {
      const response = this.commitBatch(database, request['writes'], caller, tx);
      return response instanceof Promise ? response.catch(failed) : response;
    } catch (e) {
      return failed(e);
    }
  }

  private beginTransaction(request: JsonObject): JsonObject {
    const database = validateDatabaseName(request['database']);
    const tx = this.beginFromOptions(database, request['options']);
    return { transaction: tx.id };
  }

  private rollback(request: JsonObject): JsonObject {
    const database = validateDatabaseName(request['database']);
    const aborted = this.txs.peek(request['transaction'], database);
    // Rolling back an aborted transaction succeeds (the SDKs roll back before they retry).
    const tx = aborted?.aborted !== null && aborted !== undefined ? aborted : this.txs.get(request['transaction'], database);
    this.txs.finish(tx);
    return {};
  }

  // ------------------------------------------------------------ FirestoreBackend

  unary(method: UnaryMethod, request: JsonObject, caller: Caller): Promise<JsonObject> {
    try {
      const r = requestObject(request);
      switch (method) {
        case 'GetDocument':
          return Promise.resolve(this.getDocument(r, caller));
        case 'ListDocuments':
          return Promise.resolve(this.listDocuments(r, caller));
        case 'CreateDocument':
          return Promise.resolve(this.createDocument(r, caller));
        case 'UpdateDocument':
          return Promise.resolve(this.updateDocument(r, caller));
        case 'DeleteDocument':
          return Promise.resolve(this.deleteDocument(r, caller));
        case 'BeginTransaction':
          return Promise.resolve(this.beginTransaction(r));
        case 'Commit':
          return Promise.resolve(this.commit(r, caller));
        case 'Rollback':
          return Promise.resolve(this.rollback(r));
        case 'ListCollectionIds':
          return Promise.resolve(this.listCollectionIds(r));
        case 'BatchWrite':
          return Promise.resolve(this.batchWrite(r, caller));
        case 'PartitionQuery':
          parseParent(r['parent']);
          return Promise.resolve({ partitions: [] });
        default:
          throw new RpcError(Code.UNIMPLEMENTED, `Method ${String(method)} is not implemented.`);
      }
    } catch (e) {
      return Promise.reject(toRpcError(e));
    }
  }

  async serverStream(method: ServerStreamMethod, request: JsonObject, caller: Caller): Promise<JsonObject[]> {
    try {
      const r = requestObject(request);
      switch (method) {
        case 'BatchGetDocuments':
          return await this.batchGet(r, caller);
        case 'RunQuery':
          return await this.runQueryRpc(r, caller);
        case 'RunAggregationQuery':
          return await this.runAggregation(r, caller);
        default:
          throw new RpcError(Code.UNIMPLEMENTED, `Method ${String(method)} is not implemented.`);
      }
    } catch (e) {
      throw toRpcError(e);
    }
  }

  openStream(method: BidiMethod, caller: Caller, sink: StreamSink): BidiStream {
    if (method === 'Listen') return this.listen.open(caller, sink);
    if (method === 'Write') return this.openWriteStream(caller, sink);
    throw new RpcError(Code.UNIMPLEMENTED, `Method ${String(method)} is not implemented.`);
  }

  private openWriteStream(caller: Caller, sink: StreamSink): BidiStream {
    let database: string | null = null;
    let closed = false;
    let counter = 0;
    /** Production-limits mode: a commit waiting for its slots; later batches of the stream wait behind it (in order). */
    let pending: Promise<void> | null = null;
    const streamId = `${this.epoch}-${++this.writeStreamSeq}`;
    const token = (): string => Buffer.from(`${streamId}:${++counter}`, 'utf8').toString('base64');
    const fail = (e: unknown): void => {
      if (closed) return;
      closed = true;
      sink.fail(toRpcError(e));
    };
    return {
      receive: (message: JsonObject): void => {
        if (closed) return;
        try {
          if (!isObject(message)) throw invalid('Invalid WriteRequest.');
          if (database === null) {
            database = validateDatabaseName(message['database']);
            if (message['writes'] !== undefined && Array.isArray(message['writes']) && message['writes'].length > 0) {
              throw invalid('The first WriteRequest must not contain writes.');
            }
            sink.send({ streamId, streamToken: token() });
            return;
          }
          if (message['database'] !== undefined && message['database'] !== '' && message['database'] !== database) {
            throw invalid('The database of a Write stream cannot change.');
          }
          const writes = message['writes'];
          if (writes === undefined || writes === null || (Array.isArray(writes) && writes.length === 0)) return;
          const db = database;
          const send = (response: JsonObject): void => {
            if (!closed) sink.send({ streamToken: token(), ...response });
          };
          if (pending === null) {
            const r = this.commitBatch(db, writes, caller, null, send);
            if (!(r instanceof Promise)) return;
            pending = r.then(() => undefined);
          } else {
            pending = pending.then(() => {
              if (closed) return undefined;
              const r = this.commitBatch(db, writes, caller, null, send);
              return r instanceof Promise ? r.then(() => undefined) : undefined;
            });
          }
          const mine: Promise<void> = pending.then(
            () => {
              if (pending === mine) pending = null;
            },
            (e: unknown) => {
              if (pending === mine) pending = null;
              fail(e);
            },
          );
          pending = mine;
        } catch (e) {
          fail(e);
        }
      },
      close: (): void => {
        closed = true;
      },
    };
  }

  clear(database: string): void {
    const name = validateDatabaseName(database);
    const db = this.store.peek(name);
    this.txs.clearDatabase(name);
    const ns = this.nextNs();
    if (!db) {
      this.persist({ t: 'x', db: name, ns: ns.toString() });
      return;
    }
    const changes: Change[] = [...db.docs.entries()].map(([path, before]) => ({ path, before, after: null }));
    db.clear(ns);
    this.persist({ t: 'x', db: name, ns: ns.toString() });
    this.listen.onCommit(name, changes, ns);
  }

  setAuthorizer(authorize: Authorizer | null): void {
    this.authorizer = authorize;
  }

  close(): Promise<void> {
    this.txs.close();
    const p = this.persistence;
    if (p) {
      try {
        if (p.hasLog()) p.compact(this.snapshotRecords());
      } finally {
        p.close();
      }
      this.persistence = null;
    }
    return Promise.resolve();
  }

  productionLimitsReport(top?: number): LimitsReport | null {
    return this.limits === null ? null : this.limits.report(top);
  }

  stats(): BackendStats {
    return {
      documents: this.store.documentCount(),
      databases: this.store.databases.size,
      listenTargets: this.listen.targets,
      openTransactions: this.txs.size,
      commits: this.commits,
    };
  }
}

function publicDoc(d: DocRecord): StoredDocument {
  return { name: d.name, fields: d.fields, createTime: d.createTime, updateTime: d.updateTime };
}

function nullablePublic(d: DocRecord | null): StoredDocument | null {
  return d ? publicDoc(d) : null;
}

function safeAuthorize(authorize: Authorizer, request: AccessRequest): boolean {
  try {
    return authorize(request).allowed;
  } catch {
    return false;
  }
}

function toRpcError(e: unknown): RpcError {
  if (e instanceof RpcError) return e;
  return new RpcError(Code.INTERNAL, e instanceof Error ? `Internal error: ${e.message}` : 'Internal error.');
}

function parseListOrder(raw: Json | undefined): { path: string[]; desc: boolean }[] {
  if (raw === undefined || raw === null || raw === '') return [{ path: ['__name__'], desc: false }];
  if (typeof raw !== 'string') throw invalid('Invalid orderBy.');
  return raw.split(',').map((part) => {
    const [field, dir, extra] = part.trim().split(/\s+/);
    if (!field || extra !== undefined || (dir !== undefined && !/^(asc|desc)$/i.test(dir))) throw invalid('Invalid orderBy.');
    return { path: parseFieldPath(field), desc: dir !== undefined && dir.toLowerCase() === 'desc' };
  });
}

/** Creates the engine. With dataDir, state is loaded from and persisted to that directory. */
export function createBackend(options: BackendOptions = {}): EngineBackend {
  return new Engine(options);
}
