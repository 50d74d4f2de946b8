/**
 * Durable state for --data: an append-only write-ahead log of committed batches (each record framed as
 * [u32 length][u32 crc32][JSON]) written synchronously to the OS per commit (so a kill -9 loses nothing
 * that was acknowledged) and fdatasync'ed in groups; periodic compaction into a snapshot file written
 * to a temporary name, fsync'ed and renamed. On start: load the snapshot, replay the log, and cut off a
 * torn or corrupt final record.
 */
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Fields } from './values';

export interface PutRecord {
  path: string;
  fields: Fields;
  createTime: string;
  updateTime: string;
}

export type LogRecord =
  | { t: 'c'; db: string; ns: string; puts: [string, Fields, string, string][]; dels: string[] }
  | { t: 'x'; db: string; ns: string };

const LOG_FILE = 'firestore.log';
const SNAPSHOT_FILE = 'firestore.snapshot';
const COMPACT_BYTES = 64 * 1024 * 1024;
const SYNC_INTERVAL_MS = 50;

function frame(record: LogRecord): Buffer {
  const payload = Buffer.from(JSON.stringify(record), 'utf8');
  const header = Buffer.allocUnsafe(8);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}

/** Reads framed records; returns them and the byte offset where the valid prefix ends. */
export function readRecords(buf: Buffer): { records: LogRecord[]; validBytes: number } {
  const records: LogRecord[] = [];
  let off = 0;
  while (off + 8 <= buf.length) {
    const len = buf.readUInt32LE(off);
    const sum = buf.readUInt32LE(off + 4);
    if (off + 8 + len > buf.length) break;
    const payload = buf.subarray(off + 8, off + 8 + len);
    if (crc32(payload) !== sum) break;
    try {
      records.push(JSON.parse(payload.toString('utf8')) as LogRecord);
    } catch {
      break;
    }
    off += 8 + len;
  }
  return { records, validBytes: off };
}

export class Persistence {
  private fd: number;
  private logBytes: number;
  private dirty = false;
  private syncing = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(
    private readonly dir: string,
    fd: number,
    logBytes: number,
  ) {
    this.fd = fd;
    this.logBytes = logBytes;
  }

  /** Opens (creating) the data directory and returns the persisted records to replay, in order. */
  static open(dir: string): { persistence: Persistence; records: LogRecord[] } {
    fs.mkdirSync(dir, { recursive: true });
    const records: LogRecord[] = [];
    const snapPath = path.join(dir, SNAPSHOT_FILE);
    if (fs.existsSync(snapPath)) records.push(...readRecords(fs.readFileSync(snapPath)).records);
    const logPath = path.join(dir, LOG_FILE);
    let validBytes = 0;
    if (fs.existsSync(logPath)) {
      const buf = fs.readFileSync(logPath);
      const r = readRecords(buf);
      records.push(...r.records);
      validBytes = r.validBytes;
      if (validBytes < buf.length) fs.truncateSync(logPath, validBytes); // cut a torn tail
    }
    const fd = fs.openSync(logPath, 'a');
    try {
      fs.rmSync(path.join(dir, `${SNAPSHOT_FILE}.tmp`), { force: true });
    } catch {
      // a leftover temp file is harmless
    }
    return { persistence: new Persistence(dir, fd, validBytes), records };
  }

  append(record: LogRecord): void {
    if (this.closed) return;
    const buf = frame(record);
    fs.writeSync(this.fd, buf);
    this.logBytes += buf.length;
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.sync();
    }, SYNC_INTERVAL_MS);
  }

  private sync(): void {
    if (!this.dirty || this.syncing || this.closed) return;
    this.dirty = false;
    this.syncing = true;
    fs.fdatasync(this.fd, () => {
      this.syncing = false;
      if (this.dirty && !this.closed) {
        this.timer ??= setTimeout(() => {
          this.timer = null;
          this.sync();
        }, SYNC_INTERVAL_MS);
      }
    });
  }

  /** Whether the log holds records not yet folded into the snapshot. */
  hasLog(): boolean {
    return this.logBytes > 0;
  }

  needsCompaction(): boolean {
    return this.logBytes > COMPACT_BYTES;
  }

  /** Writes the full state (as records) to a snapshot and starts an empty log. */
  compact(state: Iterable<LogRecord>): void {
    if (this.closed) return;
    const tmp = path.join(this.dir, `${SNAPSHOT_FILE}.tmp`);
    const fd = fs.openSync(tmp, 'w');
    try {
      let chunk: Buffer[] = [];
      let size = 0;
      for (const rec of state) {
        const b = frame(rec);
        chunk.push(b);
        size += b.length;
        if (size > 4 * 1024 * 1024) {
          fs.writeSync(fd, Buffer.concat(chunk));
          chunk = [];
          size = 0;
        }
      }
      if (chunk.length > 0) fs.writeSync(fd, Buffer.concat(chunk));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, path.join(this.dir, SNAPSHOT_FILE));
    try {
      const dfd = fs.openSync(this.dir, 'r');
      fs.fsyncSync(dfd);
      fs.closeSync(dfd);
    } catch {
      // directory fsync is best effort
    }
    fs.ftruncateSync(this.fd, 0);
    this.logBytes = 0;
  }

  close(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      fs.fdatasyncSync(this.fd);
    } catch {
      // ignore
    }
    this.closed = true;
    fs.closeSync(this.fd);
  }
}
