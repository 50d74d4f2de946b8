/**
 * Counters that take bursts (ADR 0048). Production Firestore takes about one sustained write a second on one
 * document, so no request path rewrites a shared document per user action:
 * - money that many users pay into one place at once (a code's escrow, a pot) is kept in shards, accounts of
 *   their own (`escrow:{gameId}~{k}`, `pot:{potId}~{k}`), gathered into the main account once the payments
 *   have stopped (sales closed, raising ended);
 * - the figures a screen shows (a code's buyers_count, a pot's raised_amount and investors_count) are folded
 *   into the public document by a debounced folder: after a payment, at most one write a second per document
 *   and instance, from the buyers' and participants' own documents or the shards, so the figure converges
 *   within about a second of the last payment.
 */
import { createHash } from 'node:crypto';

/** How many shards a code's escrow has: 300 buyers a minute is 5 a second, a third of a write a second a shard. */
export const ESCROW_SHARDS = 16;
/** How many shards a new pot's capacity and money have: 200 joins in 10 s is 20 a second (ADR 0048). */
export const POT_SHARDS = 32;

/** How many time shards the journal's created_at is indexed in: 500 writes a second each (ADR 0048). */
export const JOURNAL_TIME_SHARDS = 10;

/** The shard `key` (a user id) falls in, stable and spread evenly. */
export function shardOf(key: string, shards: number): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % shards;
}

/** A shard's id: the owner's id and the shard number (an account key may not hold ':' or '/'). */
export function shardId(ownerId: string, shard: number): string {
  return `${ownerId}~${shard}`;
}

/** The owner's id of a shard id (the id itself when it is not a shard's). */
export function ownerOfShard(id: string): string {
  const at = id.indexOf('~');
  return at === -1 ? id : id.slice(0, at);
}

export interface Folder {
  /** Asks for `id` to be folded soon: at most one fold per id is waiting, one runs at a time per id. */
  schedule(id: string): void;
  /** Resolves once no fold is waiting or running (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * A debounced folder: `schedule(id)` runs `fold(id)` `delayMs` later, once for however many calls came in
 * meanwhile; a call during a fold runs it again after it (so the last payment is always counted). A failed
 * fold is logged and tried again once, later; the next payment or the scheduler's pass folds it anyway.
 */
export function createFolder(
  fold: (id: string) => Promise<void>,
  options: { delayMs: number; log: (message: string, fields: Record<string, unknown>) => void },
): Folder {
  const waiting = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const running = new Set<string>();

  function run(id: string, delayMs: number, retry: boolean): Promise<void> {
    const done = new Promise<void>((resolve) => {
      setTimeout(() => {
        waiting.delete(id);
        running.add(id);
        fold(id)
          .catch((error: unknown) => {
            options.log('a count could not be folded', { id, error: String(error) });
            if (retry) again.add(id);
          })
          .finally(() => {
            running.delete(id);
            if (again.delete(id) && !waiting.has(id)) waiting.set(id, run(id, options.delayMs, false));
            resolve();
          });
      }, delayMs);
    });
    return done;
  }

  return {
    schedule(id) {
      if (waiting.has(id)) return;
      if (running.has(id)) {
        again.add(id);
        return;
      }
      waiting.set(id, run(id, options.delayMs, true));
    },
    async idle() {
      while (waiting.size > 0 || running.size > 0) {
        await Promise.all([...waiting.values()]);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}

/**
 * At most `width` runs at a time per key in this instance, the others queued in order: a code's purchases (or a
 * pot's joins) run side by side on their shards, but not so many at once that they queue on the same shard's lock
 * in the database instead (ADR 0048).
 */
export class KeyedLimiter {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  async run<T>(key: string, width: number, fn: () => Promise<T>): Promise<T> {
    if ((this.running.get(key) ?? 0) >= width) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(key) ?? [];
        queue.push(resolve);
        this.waiting.set(key, queue);
      });
    } else {
      this.running.set(key, (this.running.get(key) ?? 0) + 1);
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.get(key)?.shift();
      if (next) next();
      else {
        const left = (this.running.get(key) ?? 1) - 1;
        if (left > 0) this.running.set(key, left);
        else this.running.delete(key);
        if (this.waiting.get(key)?.length === 0) this.waiting.delete(key);
      }
    }
  }
}
