/**
 * Production-limits mode (off unless asked for): production Firestore's write limits, which no emulator shows.
 *
 * - One document takes about one sustained write per second ("Distributed counters", the Distributed Counter
 *   extension). Each document has a token bucket (GCRA): `documentWritesPerSecond` sustained, `documentBurst`
 *   writes at once. A write above it is delayed until its slot; a non-transactional write whose wait would exceed
 *   `maxWriteDelayMs`, and a read-write transaction whose commit has to wait for a slot after it already waited
 *   for locks (lock waits + slot wait > `transactionMaxWaitMs`), fail with ABORTED and production's message.
 * - A collection written with a field that keeps increasing (or decreasing), such as a timestamp, takes about
 *   500 writes per second before its index is a hot spot ("Best practices"), and new traffic should follow the
 *   500/50/5 rule: these are warnings (stderr, once per collection per kind per minute), never failures.
 * - report(): the hottest documents and collections, their peak rates (1 s sliding window), delays and aborts.
 *
 * The engine calls admit() before a commit (a delay in ms, or an ABORTED RpcError) and committed() after it.
 */
import { z } from 'zod';
import type { Value } from '../contract';
import { Code, RpcError } from '../contract';
import type { Change } from './store';
import { compareValues } from './values';

/** The message production Firestore answers contended writes and transactions with ("Understand error codes"). */
export const CONTENTION_MESSAGE = 'Too much contention on these documents. Please try again.';

export const productionLimitsSchema = z
  .object({
    /** Sustained writes per second one document takes (production: about 1). */
    documentWritesPerSecond: z.number().positive().max(1_000_000).default(1),
    /** Writes one document takes at once before the sustained rate applies (the emulator's choice). */
    documentBurst: z.number().int().min(1).max(1_000_000).default(5),
    /** Longest wait of a non-transactional write for its document's slot; a longer one fails with ABORTED. */
    maxWriteDelayMs: z.number().int().min(0).max(600_000).default(10_000),
    /** Longest wait (lock waits + slot wait) of a read-write transaction's commit on a document past its rate. */
    transactionMaxWaitMs: z.number().int().min(0).max(600_000).default(5_000),
    /** Writes per second into one collection with a sequential indexed field before the index is a hot spot. */
    sequentialWritesPerSecond: z.number().positive().max(1_000_000).default(500),
    /** 500/50/5: the rate a collection may start at ... */
    rampStartWritesPerSecond: z.number().positive().max(1_000_000).default(500),
    /** ... growing by this fraction ... */
    rampIncrease: z.number().positive().max(100).default(0.5),
    /** ... every this many milliseconds. */
    rampIntervalMs: z.number().int().positive().max(86_400_000).default(300_000),
    /** One warning per collection and kind per this interval. */
    warningIntervalMs: z.number().int().min(0).max(86_400_000).default(60_000),
    /** Print the report to stderr when the emulator stops. */
    reportOnStop: z.boolean().default(true),
  })
  .strict();

/** The options of start({ productionLimits }) (every field optional). */
export type ProductionLimitsOptions = z.input<typeof productionLimitsSchema>;
export type ProductionLimitsConfig = z.output<typeof productionLimitsSchema>;

/** Parses production-limits options (true = the defaults); throws an Error naming the bad fields. */
export function parseProductionLimits(input: true | ProductionLimitsOptions): ProductionLimitsConfig {
  const parsed = productionLimitsSchema.safeParse(input === true ? {} : input);
  if (!parsed.success) {
    throw new Error(
      `Invalid productionLimits: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

const WINDOW_MS = 1000;
/** Writes in a row that must mostly move one way before a field counts as sequential. */
const SEQUENTIAL_MIN_WRITES = 10;
/** Share of recent changes (exponentially weighted) that moved the same way for a field to count as sequential. */
const SEQUENTIAL_SHARE = 0.8;
/** A second's rate may exceed the 500/50/5 allowance by this much (second-to-second jitter) before a warning. */
const RAMP_TOLERANCE = 1.1;
const MAX_WARNINGS_KEPT = 50;
/** Beyond this many tracked documents, quiet ones (full bucket, never delayed or aborted) are forgotten. */
const MAX_TRACKED_DOCUMENTS = 100_000;

/** Events in the last second: a queue of timestamps (ms). */
class SlidingWindow {
  private times: number[] = [];
  private head = 0;
  peak = 0;

  add(t: number): number {
    this.times.push(t);
    const n = this.count(t);
    if (n > this.peak) this.peak = n;
    return n;
  }

  count(t: number): number {
    const from = t - WINDOW_MS;
    const times = this.times;
    while (this.head < times.length && (times[this.head] as number) <= from) this.head++;
    if (this.head > 1024 && this.head * 2 > times.length) {
      this.times = times.slice(this.head);
      this.head = 0;
    }
    return this.times.length - this.head;
  }
}

interface DocState {
  database: string;
  path: string;
  /** GCRA theoretical arrival time (ms): the document's next slot is at tat - (burst - 1) * interval. */
  tat: number;
  attempts: SlidingWindow;
  commits: SlidingWindow;
  writes: number;
  delayed: number;
  delayMs: number;
  maxDelayMs: number;
  aborts: number;
}

interface FieldTrack {
  last: Value;
  changes: number;
  /** Exponentially weighted share of changes that increased / decreased the value. */
  up: number;
  down: number;
}

interface CollectionState {
  database: string;
  path: string;
  commits: SlidingWindow;
  writes: number;
  delayed: number;
  aborts: number;
  fields: Map<string, FieldTrack>;
  /** Peak rate (1 s sliding) while a field was sequential. */
  sequentialPeak: number;
  /** 500/50/5: the current whole second, its count, and max over closed seconds of ln(count) - k * second. */
  second: number;
  secondCount: number;
  rampLog: number;
  hotSpotWarnings: number;
  rampWarnings: number;
  lastHotSpotWarning: number;
  lastRampWarning: number;
}

// Type aliases (not interfaces), so that a report is a JsonObject too.
export type LimitsWarning = {
  at: string;
  kind: 'sequential-index' | 'ramp';
  database: string;
  collection: string;
  message: string;
};

export type DocumentReport = {
  database: string;
  /** Relative to the database: 'counters/likes'. */
  path: string;
  writes: number;
  /** Most writes committed in any 1 s (sliding window). */
  peakWritesPerSecond: number;
  /** Most writes attempted in any 1 s, including the delayed and the aborted. */
  peakAttemptsPerSecond: number;
  delayedWrites: number;
  totalDelayMs: number;
  maxDelayMs: number;
  aborts: number;
};

export type CollectionReport = {
  database: string;
  path: string;
  writes: number;
  peakWritesPerSecond: number;
  delayedWrites: number;
  aborts: number;
  /** Fields whose values keep increasing (or decreasing) in new writes. */
  sequentialFields: string[];
  /** Peak rate while above sequentialWritesPerSecond with a sequential field (0: never). */
  peakSequentialWritesPerSecond: number;
  hotSpotWarnings: number;
  rampWarnings: number;
};

export type LimitsReport = {
  enabled: true;
  since: string;
  at: string;
  limits: {
    documentWritesPerSecond: number;
    documentBurst: number;
    maxWriteDelayMs: number;
    transactionMaxWaitMs: number;
    sequentialWritesPerSecond: number;
    rampStartWritesPerSecond: number;
    rampIncrease: number;
    rampIntervalMs: number;
  };
  totals: { writes: number; delayedWrites: number; totalDelayMs: number; aborts: number };
  documents: DocumentReport[];
  collections: CollectionReport[];
  /** The last 50 warnings. */
  warnings: LimitsWarning[];
};

export interface LimitsEnvironment {
  /** Milliseconds (default Date.now). */
  now?: () => number;
  /** Where warnings go (default: a stderr line). */
  warn?: (line: string) => void;
}

function collectionOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

function isSequentialCandidate(v: Value): boolean {
  return 'timestampValue' in v || 'integerValue' in v || 'doubleValue' in v;
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export class ProductionLimits {
  readonly config: ProductionLimitsConfig;
  private readonly now: () => number;
  private readonly warnLine: (line: string) => void;
  private readonly intervalMs: number;
  private readonly toleranceMs: number;
  private readonly rampK: number;
  private readonly docs = new Map<string, DocState>();
  private readonly collections = new Map<string, CollectionState>();
  private readonly warnings: LimitsWarning[] = [];
  private readonly since: number;
  private totals = { writes: 0, delayed: 0, delayMs: 0, aborts: 0 };

  constructor(config: ProductionLimitsConfig, env: LimitsEnvironment = {}) {
    this.config = config;
    this.now = env.now ?? Date.now;
    this.warnLine = env.warn ?? ((line) => void process.stderr.write(`${line}\n`));
    this.intervalMs = 1000 / config.documentWritesPerSecond;
    this.toleranceMs = (config.documentBurst - 1) * this.intervalMs;
    this.rampK = Math.log(1 + config.rampIncrease) / (config.rampIntervalMs / 1000);
    this.since = this.now();
  }

  private doc(database: string, path: string, now: number): DocState {
    const key = `${database}\u0000${path}`;
    let st = this.docs.get(key);
    if (!st) {
      if (this.docs.size >= MAX_TRACKED_DOCUMENTS) this.forgetQuietDocuments(now);
      st = {
        database,
        path,
        tat: now,
        attempts: new SlidingWindow(),
        commits: new SlidingWindow(),
        writes: 0,
        delayed: 0,
        delayMs: 0,
        maxDelayMs: 0,
        aborts: 0,
      };
      this.docs.set(key, st);
    }
    return st;
  }

  private forgetQuietDocuments(now: number): void {
    for (const [key, st] of this.docs) {
      if (st.tat <= now && st.delayed === 0 && st.aborts === 0 && st.attempts.peak <= 1) this.docs.delete(key);
    }
    // Still full: forget the oldest tracked, so that this scan runs at most once per tenth of the cap.
    const keep = Math.floor(MAX_TRACKED_DOCUMENTS * 0.9);
    for (const key of this.docs.keys()) {
      if (this.docs.size <= keep) break;
      this.docs.delete(key);
    }
  }

  private collection(database: string, path: string): CollectionState {
    const key = `${database}\u0000${path}`;
    let st = this.collections.get(key);
    if (!st) {
      st = {
        database,
        path,
        commits: new SlidingWindow(),
        writes: 0,
        delayed: 0,
        aborts: 0,
        fields: new Map(),
        sequentialPeak: 0,
        second: -1,
        secondCount: 0,
        rampLog: Number.NEGATIVE_INFINITY,
        hotSpotWarnings: 0,
        rampWarnings: 0,
        lastHotSpotWarning: Number.NEGATIVE_INFINITY,
        lastRampWarning: Number.NEGATIVE_INFINITY,
      };
      this.collections.set(key, st);
    }
    return st;
  }

  /**
   * Reserves a slot on every written document (paths relative to the database) for one commit. Returns how long
   * the commit must wait (ms, 0 = now), or throws ABORTED when that wait would exceed the bound: for a
   * transaction (`waitedMs` = the time it already spent waiting for locks) transactionMaxWaitMs counting that
   * wait, for other writes maxWriteDelayMs. An aborted commit reserves nothing.
   */
  admit(database: string, paths: readonly string[], waitedMs: number | null): number {
    const now = this.now();
    const states = paths.map((p) => this.doc(database, p, now));
    let start = now;
    for (const st of states) {
      st.attempts.add(now);
      const slot = st.tat - this.toleranceMs;
      if (slot > start) start = slot;
    }
    const delay = start - now;
    if (delay > 0) {
      const bound = waitedMs === null ? this.config.maxWriteDelayMs : this.config.transactionMaxWaitMs;
      if ((waitedMs ?? 0) + delay > bound) {
        this.totals.aborts++;
        const hit = new Set<CollectionState>();
        for (const st of states) {
          if (st.tat - this.toleranceMs <= now) continue; // this document had a slot: not the contended one
          st.aborts++;
          hit.add(this.collection(database, collectionOf(st.path)));
        }
        for (const c of hit) c.aborts++;
        throw new RpcError(Code.ABORTED, CONTENTION_MESSAGE);
      }
      this.totals.delayed++;
      this.totals.delayMs += delay;
      const hit = new Set<CollectionState>();
      for (const st of states) {
        const own = st.tat - this.toleranceMs - now;
        if (own <= 0) continue;
        st.delayed++;
        st.delayMs += own;
        if (own > st.maxDelayMs) st.maxDelayMs = own;
        hit.add(this.collection(database, collectionOf(st.path)));
      }
      for (const c of hit) c.delayed++;
    }
    for (const st of states) st.tat = Math.max(st.tat, start) + this.intervalMs;
    return delay;
  }

  /** Records a committed batch: rates, sequential fields, and the hot-spot and ramp warnings. */
  committed(database: string, changes: readonly Change[]): void {
    const now = this.now();
    const touched = new Set<CollectionState>();
    for (const ch of changes) {
      this.totals.writes++;
      const st = this.doc(database, ch.path, now);
      st.writes++;
      st.commits.add(now);
      const c = this.collection(database, collectionOf(ch.path));
      c.writes++;
      c.commits.add(now);
      this.countSecond(c, now);
      if (ch.after) this.trackFields(c, ch.before?.fields, ch.after.fields);
      touched.add(c);
    }
    for (const c of touched) this.checkCollection(c, now);
  }

  private trackFields(c: CollectionState, before: Record<string, Value> | undefined, after: Record<string, Value>): void {
    for (const name of Object.keys(after)) {
      const v = after[name] as Value;
      if (!isSequentialCandidate(v)) continue;
      const old = before?.[name];
      if (old !== undefined && compareValues(old, v) === 0) continue; // unchanged: no new index entry
      const t = c.fields.get(name);
      if (!t) {
        c.fields.set(name, { last: v, changes: 1, up: 0, down: 0 });
        continue;
      }
      const cmp = compareValues(v, t.last);
      t.up = t.up * 0.9 + (cmp > 0 ? 0.1 : 0);
      t.down = t.down * 0.9 + (cmp < 0 ? 0.1 : 0);
      t.changes++;
      t.last = v;
    }
  }

  private sequentialFields(c: CollectionState): string[] {
    const out: string[] = [];
    for (const [name, t] of c.fields) {
      // The weighted share starts at 0: after n changes all in one direction it is 1 - 0.9^(n-1).
      const share = Math.max(t.up, t.down) / (1 - 0.9 ** Math.max(1, t.changes - 1));
      if (t.changes >= SEQUENTIAL_MIN_WRITES && share >= SEQUENTIAL_SHARE) out.push(name);
    }
    return out;
  }

  private countSecond(c: CollectionState, now: number): void {
    const second = Math.floor(now / 1000);
    if (second !== c.second) {
      if (c.secondCount > 0) c.rampLog = Math.max(c.rampLog, Math.log(c.secondCount) - this.rampK * c.second);
      c.second = second;
      c.secondCount = 0;
    }
    c.secondCount++;
  }

  /** 500/50/5: the rate this collection may take now, from the rates of the seconds before this one. */
  private rampAllowance(c: CollectionState, now: number): number {
    const grown = Math.exp(c.rampLog + (this.rampK * now) / 1000);
    return Math.max(this.config.rampStartWritesPerSecond, grown);
  }

  private checkCollection(c: CollectionState, now: number): void {
    const rate = c.commits.count(now);
    const cfg = this.config;
    if (rate > cfg.sequentialWritesPerSecond) {
      const fields = this.sequentialFields(c);
      if (fields.length > 0) {
        if (rate > c.sequentialPeak) c.sequentialPeak = rate;
        if (now - c.lastHotSpotWarning >= cfg.warningIntervalMs) {
          c.lastHotSpotWarning = now;
          c.hotSpotWarnings++;
          this.warn(
            c,
            'sequential-index',
            `${rate} writes/s into ${c.path} with sequential field(s) ${fields.join(', ')}: above ~${cfg.sequentialWritesPerSecond}/s ` +
              `the index on a field that keeps increasing is a hot spot (exempt the field from indexing, or shard it)`,
          );
        }
      }
    }
    const allowed = this.rampAllowance(c, now);
    if (rate > allowed * RAMP_TOLERANCE && now - c.lastRampWarning >= cfg.warningIntervalMs) {
      c.lastRampWarning = now;
      c.rampWarnings++;
      this.warn(
        c,
        'ramp',
        `${rate} writes/s into ${c.path} ramps faster than the 500/50/5 rule allows (${Math.floor(allowed)}/s now: ` +
          `start at ${cfg.rampStartWritesPerSecond}/s, then +${round(cfg.rampIncrease * 100, 0)}% every ${round(cfg.rampIntervalMs / 60_000, 2)} min)`,
      );
    }
  }

  private warn(c: CollectionState, kind: LimitsWarning['kind'], message: string): void {
    const w: LimitsWarning = { at: new Date(this.now()).toISOString(), kind, database: c.database, collection: c.path, message };
    this.warnings.push(w);
    if (this.warnings.length > MAX_WARNINGS_KEPT) this.warnings.shift();
    this.warnLine(`firestore-emulator: production limits: ${kind}: ${c.database}: ${message}`);
  }

  /** The hottest documents and collections (at most `top` of each), their peak rates, delays and aborts. */
  report(top = 10): LimitsReport {
    const now = this.now();
    const cfg = this.config;
    const docs = [...this.docs.values()]
      .filter((d) => d.writes > 0 || d.aborts > 0)
      .sort((a, b) => b.attempts.peak - a.attempts.peak || b.aborts - a.aborts || b.delayed - a.delayed || b.writes - a.writes)
      .slice(0, top)
      .map((d): DocumentReport => ({
        database: d.database,
        path: d.path,
        writes: d.writes,
        peakWritesPerSecond: d.commits.peak,
        peakAttemptsPerSecond: d.attempts.peak,
        delayedWrites: d.delayed,
        totalDelayMs: Math.round(d.delayMs),
        maxDelayMs: Math.round(d.maxDelayMs),
        aborts: d.aborts,
      }));
    const collections = [...this.collections.values()]
      .sort((a, b) => b.commits.peak - a.commits.peak || b.aborts - a.aborts || b.writes - a.writes)
      .slice(0, top)
      .map((c): CollectionReport => ({
        database: c.database,
        path: c.path,
        writes: c.writes,
        peakWritesPerSecond: c.commits.peak,
        delayedWrites: c.delayed,
        aborts: c.aborts,
        sequentialFields: this.sequentialFields(c),
        peakSequentialWritesPerSecond: c.sequentialPeak,
        hotSpotWarnings: c.hotSpotWarnings,
        rampWarnings: c.rampWarnings,
      }));
    return {
      enabled: true,
      since: new Date(this.since).toISOString(),
      at: new Date(now).toISOString(),
      limits: {
        documentWritesPerSecond: cfg.documentWritesPerSecond,
        documentBurst: cfg.documentBurst,
        maxWriteDelayMs: cfg.maxWriteDelayMs,
        transactionMaxWaitMs: cfg.transactionMaxWaitMs,
        sequentialWritesPerSecond: cfg.sequentialWritesPerSecond,
        rampStartWritesPerSecond: cfg.rampStartWritesPerSecond,
        rampIncrease: cfg.rampIncrease,
        rampIntervalMs: cfg.rampIntervalMs,
      },
      totals: {
        writes: this.totals.writes,
        delayedWrites: this.totals.delayed,
        totalDelayMs: Math.round(this.totals.delayMs),
        aborts: this.totals.aborts,
      },
      documents: docs,
      collections,
      warnings: this.warnings.map((w) => ({ ...w })),
    };
  }
}

/** The report as lines of text (the emulator prints it to stderr when it stops). */
export function formatLimitsReport(report: LimitsReport): string {
  const { totals } = report;
  const lines = [
    `production limits report (${report.since} .. ${report.at}): ${totals.writes} writes, ` +
      `${totals.delayedWrites} delayed (${totals.totalDelayMs} ms in all), ${totals.aborts} aborted`,
  ];
  if (report.documents.length > 0) {
    lines.push('  hottest documents: peak writes/s (attempted), writes, delayed, max delay ms, aborts');
    for (const d of report.documents) {
      lines.push(
        `    ${d.path}  ${d.peakWritesPerSecond} (${d.peakAttemptsPerSecond})  ${d.writes}  ${d.delayedWrites}  ` +
          `${d.maxDelayMs}  ${d.aborts}   [${d.database}]`,
      );
    }
  }
  if (report.collections.length > 0) {
    lines.push('  hottest collections: peak writes/s, writes, delayed, aborts, sequential fields, warnings (hot spot / ramp)');
    for (const c of report.collections) {
      lines.push(
        `    ${c.path}  ${c.peakWritesPerSecond}  ${c.writes}  ${c.delayedWrites}  ${c.aborts}  ` +
          `${c.sequentialFields.join(',') || '-'}  ${c.hotSpotWarnings}/${c.rampWarnings}   [${c.database}]`,
      );
    }
  }
  return lines.join('\n');
}
