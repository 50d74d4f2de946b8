/**
 * Transactions: read-only ones read at a fixed snapshot time; read-write ones take exclusive per-document
 * locks when they read (wound-wait: an older transaction aborts a younger holder, a younger one waits),
 * record the versions they read, and are validated at commit (a changed read -> ABORTED, so SDKs retry).
 */
import { randomBytes } from 'node:crypto';
import { Code, RpcError } from '../contract';

export interface Tx {
  id: string;
  database: string;
  readOnly: boolean;
  /** Snapshot time for read-only transactions. */
  readNs: bigint | undefined;
  /** Lower is older (higher priority). Kept across retries via retryTransaction. */
  priority: number;
  /** path -> version read (updateNs, or -1n when the document was missing). */
  reads: Map<string, bigint>;
  /** Re-runnable query checks: a signature of the query's result when it was read. */
  queryChecks: (() => boolean)[];
  locks: Set<string>;
  aborted: string | null;
  lastUsed: number;
  /** Milliseconds this transaction spent waiting for locks held by others (production-limits mode reads it). */
  lockWaitMs: number;
}

interface Waiter {
  tx: Tx;
  resolve: () => void;
  reject: (e: RpcError) => void;
  timer: NodeJS.Timeout;
  lease: NodeJS.Timeout;
}

const IDLE_EXPIRY_MS = 60_000;
const LOCK_WAIT_MS = 20_000;
/** A lock whose holder made no request for this long is broken when someone waits for it (holder: ABORTED). */
const LOCK_LEASE_MS = 2_000;

export interface TransactionOptions {
  /**
   * The message of every contention abort (wound-wait, lock lease, lock timeout) instead of the emulator's own
   * explanations: production-limits mode answers with production's.
   */
  contentionMessage?: string;
  /** How long a transaction waits for a lock before it is aborted (default 20 s). */
  lockWaitMs?: number;
}

export class TransactionManager {
  private readonly contentionMessage: string | undefined;
  private readonly lockWaitMs: number;
  private readonly txs = new Map<string, Tx>();
  private readonly retired = new Map<string, number>();
  private readonly holders = new Map<string, Tx>();
  private readonly waiters = new Map<string, Waiter[]>();
  private seq = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(options: TransactionOptions = {}) {
    this.contentionMessage = options.contentionMessage;
    this.lockWaitMs = options.lockWaitMs ?? LOCK_WAIT_MS;
    this.sweeper = setInterval(() => this.sweep(), 5_000);
    this.sweeper.unref();
  }

  get size(): number {
    return this.txs.size;
  }

  begin(database: string, readOnly: boolean, readNs: bigint | undefined, retryOf?: string): Tx {
    const id = randomBytes(16).toString('base64');
    let priority = ++this.seq;
    if (retryOf !== undefined) {
      const prev = this.txs.get(retryOf)?.priority ?? this.retired.get(retryOf);
      if (prev !== undefined) priority = prev;
    }
    const tx: Tx = {
      id,
      database,
      readOnly,
      readNs,
      priority,
      reads: new Map(),
      queryChecks: [],
      locks: new Set(),
      aborted: null,
      lastUsed: Date.now(),
      lockWaitMs: 0,
    };
    this.txs.set(id, tx);
    return tx;
  }

  /** The live transaction for an id sent by a client; INVALID_ARGUMENT / ABORTED if unusable. */
  get(id: unknown, database: string): Tx {
    if (typeof id !== 'string' || id.length === 0) throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid transaction.');
    const tx = this.txs.get(id);
    if (!tx || tx.database !== database) {
      throw new RpcError(Code.INVALID_ARGUMENT, 'The referenced transaction has expired or is no longer valid.');
    }
    if (tx.aborted !== null) throw new RpcError(Code.ABORTED, tx.aborted);
    tx.lastUsed = Date.now();
    return tx;
  }

  /** A transaction by id even if aborted (for Rollback), or undefined. */
  peek(id: unknown, database: string): Tx | undefined {
    const tx = typeof id === 'string' ? this.txs.get(id) : undefined;
    return tx && tx.database === database ? tx : undefined;
  }

  /** Acquires exclusive locks on paths (sorted) for a read-write transaction. */
  async lock(tx: Tx, paths: Iterable<string>): Promise<void> {
    const sorted = [...new Set(paths)].sort();
    for (const path of sorted) {
      if (tx.aborted !== null) throw new RpcError(Code.ABORTED, tx.aborted);
      await this.acquire(tx, path);
      tx.lastUsed = Date.now();
    }
    if (tx.aborted !== null) throw new RpcError(Code.ABORTED, tx.aborted);
  }

  private acquire(tx: Tx, path: string): Promise<void> {
    const holder = this.holders.get(path);
    if (!holder || holder === tx) {
      this.holders.set(path, tx);
      tx.locks.add(path);
      return Promise.resolve();
    }
    if (tx.priority < holder.priority) {
      // Wound-wait: the older transaction takes the lock; the younger holder is aborted.
      this.abort(
        holder,
        this.contentionMessage ?? 'Transaction was aborted because an older transaction needed the same document. Please retry.',
      );
      return this.acquire(tx, path);
    }
    const waitFrom = Date.now();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        tx,
        resolve: () => {
          clearInterval(waiter.lease);
          tx.lockWaitMs += Date.now() - waitFrom;
          resolve();
        },
        reject: (e) => {
          clearInterval(waiter.lease);
          reject(e);
        },
        timer: setTimeout(() => {
          this.removeWaiter(path, waiter);
          const message = this.contentionMessage ?? 'Transaction lock timeout. Please retry.';
          this.abort(tx, message);
          waiter.reject(new RpcError(Code.ABORTED, message));
        }, this.lockWaitMs),
        lease: setInterval(() => {
          const h = this.holders.get(path);
          if (h && h !== tx && Date.now() - h.lastUsed > LOCK_LEASE_MS && !this.isWaiting(h)) {
            this.abort(
              h,
              this.contentionMessage ??
                'Transaction aborted: it held a lock without activity while another transaction waited. Please retry.',
            );
          }
        }, 250),
      };
      waiter.timer.unref();
      waiter.lease.unref();
      const list = this.waiters.get(path) ?? [];
      list.push(waiter);
      list.sort((a, b) => a.tx.priority - b.tx.priority);
      this.waiters.set(path, list);
    });
  }

  private isWaiting(tx: Tx): boolean {
    for (const list of this.waiters.values()) for (const w of list) if (w.tx === tx) return true;
    return false;
  }

  private removeWaiter(path: string, waiter: Waiter): void {
    const list = this.waiters.get(path);
    if (!list) return;
    const i = list.indexOf(waiter);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.waiters.delete(path);
  }

  private release(tx: Tx): void {
    for (const path of tx.locks) {
      if (this.holders.get(path) !== tx) continue;
      this.holders.delete(path);
      const list = this.waiters.get(path);
      const next = list?.shift();
      if (list && list.length === 0) this.waiters.delete(path);
      if (next) {
        clearTimeout(next.timer);
        this.holders.set(path, next.tx);
        next.tx.locks.add(path);
        next.resolve();
      }
    }
    tx.locks.clear();
    // Waits of this transaction are cancelled.
    for (const [path, list] of this.waiters) {
      for (const w of [...list]) {
        if (w.tx === tx) {
          clearTimeout(w.timer);
          this.removeWaiter(path, w);
          w.reject(new RpcError(Code.ABORTED, tx.aborted ?? 'Transaction ended.'));
        }
      }
    }
  }

  abort(tx: Tx, reason: string): void {
    if (tx.aborted !== null) return;
    tx.aborted = reason;
    this.release(tx);
  }

  /** Ends a transaction (commit or rollback) and releases its locks. */
  finish(tx: Tx): void {
    this.release(tx);
    this.txs.delete(tx.id);
    this.retired.set(tx.id, tx.priority);
    if (this.retired.size > 10_000) {
      const first = this.retired.keys().next().value;
      if (first !== undefined) this.retired.delete(first);
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const tx of this.txs.values()) {
      if (now - tx.lastUsed > IDLE_EXPIRY_MS) {
        this.abort(tx, 'Transaction expired.');
        this.txs.delete(tx.id);
      }
    }
  }

  clearDatabase(database: string): void {
    for (const tx of [...this.txs.values()]) {
      if (tx.database === database) this.abort(tx, 'Transaction aborted: the database was cleared.');
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const tx of [...this.txs.values()]) this.abort(tx, 'The emulator is shutting down.');
    this.txs.clear();
  }
}
