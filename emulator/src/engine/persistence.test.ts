import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../contract';
import { createBackend } from './backend';
import { DB, docName, getDoc, getRaw, OWNER, queryPaths, setDoc, toFields } from './test-support';

const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-persist-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('persistence', () => {
  it('survives close and reopen with documents, times, deletes and clears', async () => {
    const dir = tempDir();
    const b1 = createBackend({ dataDir: dir });
    await setDoc(b1, 'c/a', { n: 1, m: { x: [1, 'two'] } });
    await setDoc(b1, 'c/b', { n: 2 });
    await b1.unary('Commit', { database: DB, writes: [{ delete: docName('c/b') }] }, OWNER);
    await b1.unary(
      'Commit',
      {
        database: 'projects/q/databases/(default)',
        writes: [{ update: { name: 'projects/q/databases/(default)/documents/x/y', fields: {} } }],
      },
      OWNER,
    );
    b1.clear('projects/q/databases/(default)');
    const before = await getRaw(b1, 'c/a');
    await b1.close();
    const b2 = createBackend({ dataDir: dir });
    expect(await getRaw(b2, 'c/a')).toEqual(before);
    expect(await getDoc(b2, 'c/b')).toBeNull();
    expect(b2.stats().documents).toBe(1);
    // Commit times keep increasing after a restart.
    const r = await setDoc(b2, 'c/c', {});
    expect((r['commitTime'] as string) > (before?.['updateTime'] as string)).toBe(true);
    await b2.close();
  });

  it('replays the log without a clean close and ignores a torn final record', async () => {
    const dir = tempDir();
    const b1 = createBackend({ dataDir: dir });
    for (let i = 0; i < 20; i++) await setDoc(b1, `c/d${i}`, { i });
    // No close(): simulate a crash, then a torn half-written record at the end of the log.
    const log = path.join(dir, 'firestore.log');
    const full = fs.readFileSync(log);
    fs.appendFileSync(log, Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 123, 34]));
    const b2 = createBackend({ dataDir: dir });
    expect((await queryPaths(b2, { from: [{ collectionId: 'c' }] })).length).toBe(20);
    expect(fs.readFileSync(log).length).toBe(full.length); // the torn tail was cut off
    await setDoc(b2, 'c/after', { ok: true });
    await b2.close();
    const b3 = createBackend({ dataDir: dir });
    expect(await getDoc(b3, 'c/after')).toEqual({ ok: true });
    expect((await queryPaths(b3, { from: [{ collectionId: 'c' }] })).length).toBe(21);
    await b3.close();
  });

  it('stops at a corrupt record (bad checksum) and keeps everything before it', async () => {
    const dir = tempDir();
    const b1 = createBackend({ dataDir: dir });
    await setDoc(b1, 'c/a', { n: 1 });
    const good = fs.statSync(path.join(dir, 'firestore.log')).size;
    await setDoc(b1, 'c/b', { n: 2 });
    const fd = fs.openSync(path.join(dir, 'firestore.log'), 'r+');
    fs.writeSync(fd, Buffer.from('X'), 0, 1, good + 20);
    fs.closeSync(fd);
    const b2 = createBackend({ dataDir: dir });
    expect(await getDoc(b2, 'c/a')).toEqual({ n: 1 });
    expect(await getDoc(b2, 'c/b')).toBeNull();
    await b2.close();
  });

  it('keeps every acknowledged commit across a real kill -9', async () => {
    const dir = tempDir();
    const child = spawn('npx', ['tsx', path.join(path.dirname(fileURLToPath(import.meta.url)), 'persistence-child.ts'), dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: false,
    });
    let lastAcked = -1;
    let buffer = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('child did not commit in time')), 25_000);
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          const m = /^acked (\d+)$/.exec(line);
          if (m) lastAcked = Number(m[1]);
        }
        if (lastAcked >= 300) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', () => reject(new Error('child exited early')));
    });
    // npx runs tsx which runs node: kill the whole process tree at once with SIGKILL.
    const pids = findDescendants(child.pid ?? 0);
    for (const pid of [child.pid ?? 0, ...pids]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 200));
    const b = createBackend({ dataDir: dir });
    const docs = await b.serverStream(
      'RunQuery',
      { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'c' }] } },
      OWNER,
    );
    const ids = new Set(
      docs.map((r) => Number(((r['document'] as JsonObject)['fields'] as Record<string, JsonObject>)['i']?.['integerValue'])),
    );
    for (let i = 0; i <= lastAcked; i++) expect(ids.has(i)).toBe(true);
    // The restarted engine accepts writes and persists them.
    await b.unary(
      'Commit',
      { database: DB, writes: [{ update: { name: docName('c/after'), fields: toFields({ ok: true }) } }] },
      OWNER,
    );
    await b.close();
  }, 40_000);
});

function findDescendants(pid: number): number[] {
  const out: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    let children: string[];
    try {
      children = fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    } catch {
      children = [];
    }
    for (const c of children) {
      out.push(Number(c));
      stack.push(Number(c));
    }
  }
  return out;
}
