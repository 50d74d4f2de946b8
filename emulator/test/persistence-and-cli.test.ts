/**
 * Persistence (state survives stop() and a kill -9 of the CLI) and the CLI itself (ready line,
 * startup time, rules reload keeping the previous rules on error, clean exit on SIGTERM).
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../src/index';
import { DENY_ALL_RULES, sleep } from './helpers';

const EMULATOR_DIR = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(EMULATOR_DIR, 'bin', 'firestore-emulator.mjs');
const PROJECT = 'demo-persist';
const DB = `projects/${PROJECT}/databases/(default)`;
const ALLOW_ALL_RULES = DENY_ALL_RULES.replace('if false', 'if true');

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fs-emulator-'));
  dirs.push(dir);
  return dir;
}

beforeAll(() => {
  const built = spawnSync(process.execPath, [join(EMULATOR_DIR, 'build.mjs')], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
}, 60_000);

/** Every CLI a test started, killed after each test even when an assertion failed first. */
const children = new Set<ChildProcess>();

afterEach(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
});

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function commit(base: string, docs: Record<string, number>, db = DB): Promise<void> {
  const writes = Object.entries(docs).map(([path, n]) => ({
    update: { name: `${db}/documents/${path}`, fields: { n: { integerValue: String(n) } } },
  }));
  const res = await fetch(`${base}/v1/${db}/documents:commit`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner' },
    body: JSON.stringify({ writes }),
  });
  expect(res.status).toBe(200);
}

async function readN(
  base: string,
  path: string,
  authorization = 'Bearer owner',
  db = DB,
): Promise<{ status: number; n?: string }> {
  const res = await fetch(`${base}/v1/${db}/documents/${path}`, { headers: { authorization } });
  const body = (await res.json()) as { fields?: { n?: { integerValue?: string } } };
  return { status: res.status, ...(body.fields?.n?.integerValue === undefined ? {} : { n: body.fields.n.integerValue }) };
}

interface Cli {
  child: ChildProcess;
  base: string;
  stdout: () => string;
  stderr: () => string;
}

function runCli(args: string[]): Promise<Cli> {
  const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI not ready: ${out} ${err}`)), 10_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^ready on (\S+):(\d+)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: `http://${m[1]}:${m[2]}`, stdout: () => out, stderr: () => err });
      }
    });
    child.on('exit', (code) => reject(new Error(`CLI exited with ${code}: ${err}`)));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
}

describe('persistence', () => {
  it('keeps the data across stop() and start()', async () => {
    const data = tempDir();
    const first = await start({ port: 0, data });
    const base1 = `http://${first.host}:${first.port}`;
    await commit(base1, { 'c/a': 1, 'c/b': 2, 'c/b/sub/x': 3 });
    await commit(base1, { 'c/a': 10 });
    await first.stop();
    const second = await start({ port: 0, data });
    const base2 = `http://${second.host}:${second.port}`;
    expect(await readN(base2, 'c/a')).toEqual({ status: 200, n: '10' });
    expect(await readN(base2, 'c/b/sub/x')).toEqual({ status: 200, n: '3' });
    await second.stop();
  });

  it('keeps every acknowledged commit across a kill -9 of the CLI', async () => {
    const data = tempDir();
    const cli = await runCli(['--data', data]);
    for (let i = 0; i < 30; i++) await commit(cli.base, { [`k/d${i}`]: i });
    cli.child.kill('SIGKILL');
    await exited(cli.child);
    const again = await runCli(['--data', data]);
    for (const i of [0, 17, 29]) expect(await readN(again.base, `k/d${i}`)).toEqual({ status: 200, n: String(i) });
    again.child.kill('SIGTERM');
    expect(await exited(again.child)).toBe(0);
  }, 30_000);
});

describe('persistence under a kill -9 in the middle of a write storm', () => {
  it('restarts cleanly (no torn file) with every acknowledged commit', async () => {
    const data = tempDir();
    const cli = await runCli(['--data', data]);
    const acknowledged: number[] = [];
    let stop = false;
    const writer = async (w: number): Promise<void> => {
      for (let i = 0; !stop; i++) {
        const n = w * 100_000 + i;
        try {
          await commit(cli.base, { [`storm/d${n}`]: n });
          acknowledged.push(n);
        } catch {
          return; // the process died mid-request
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w).catch(() => undefined));
    while (acknowledged.length < 200) await sleep(5);
    cli.child.kill('SIGKILL');
    stop = true;
    await exited(cli.child);
    await Promise.all(writers);
    const again = await runCli(['--data', data]);
    const documents = acknowledged.map((n) => `${DB}/documents/storm/d${n}`);
    const res = await fetch(`${again.base}/v1/${DB}/documents:batchGet`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify({ documents }),
    });
    const found = ((await res.json()) as { found?: unknown }[]).filter((r) => r.found !== undefined).length;
    expect(found).toBe(acknowledged.length);
    again.child.kill('SIGTERM');
    expect(await exited(again.child)).toBe(0);
  }, 30_000);
});

describe('start()', () => {
  it('accepts a rules file path as well as rules source, and reports its project and host', async () => {
    const dir = tempDir();
    const rulesFile = join(dir, 'firestore.rules');
    writeFileSync(rulesFile, DENY_ALL_RULES.replace('allow read, write: if false;', 'allow read: if resource.data.n == 1;'));
    const fromPath = await start({ port: 0, host: '127.0.0.1', project: 'demo-other', rules: rulesFile });
    try {
      expect(fromPath.project).toBe('demo-other');
      expect(fromPath.host).toBe('127.0.0.1');
      const base = `http://${fromPath.host}:${fromPath.port}`;
      await commit(base, { 'r/one': 1, 'r/two': 2 });
      expect((await readN(base, 'r/one', '')).status).toBe(200);
      expect((await readN(base, 'r/two', '')).status).toBe(403);
    } finally {
      await fromPath.stop();
    }
    // The same option given the source text behaves the same.
    const fromSource = await start({ port: 0, rules: DENY_ALL_RULES });
    try {
      const base = `http://${fromSource.host}:${fromSource.port}`;
      await commit(base, { 'r/one': 1 });
      expect((await readN(base, 'r/one', '')).status).toBe(403);
      expect((await readN(base, 'r/one')).status).toBe(200);
    } finally {
      await fromSource.stop();
    }
    // A path to a file that does not exist is not silently "no rules": it does not compile, so all is denied.
    const missing = await start({ port: 0, rules: join(dir, 'missing.rules') });
    try {
      const base = `http://${missing.host}:${missing.port}`;
      await commit(base, { 'r/one': 1 });
      expect((await readN(base, 'r/one', '')).status).toBe(403);
    } finally {
      await missing.stop();
    }
  });
});

describe('CLI', () => {
  it('prints exactly "ready on HOST:PORT" once it serves, and exits cleanly on SIGINT', async () => {
    // How fast it gets ready (goal < 1 s) is measured by the benchmark, not asserted here.
    const cli = await runCli([]);
    expect(cli.stdout()).toMatch(/^ready on 127\.0\.0\.1:\d+\n$/);
    expect(await (await fetch(`${cli.base}/`)).text()).toBe('Ok');
    cli.child.kill('SIGINT');
    expect(await exited(cli.child)).toBe(0);
  });

  it('rejects bad flags with a usage message', () => {
    const run = spawnSync(process.execPath, [BIN, '--port', 'eighty'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: firestore-emulator');
    const badProject = spawnSync(process.execPath, [BIN, '--port', '0', '--project', 'Not_A_Project'], { encoding: 'utf8' });
    expect(badProject.status).toBe(2);
    expect(badProject.stderr).toContain('--project');
  });

  it("serves on --host with --project, keeping each project's documents apart (and persisted per project)", async () => {
    // The project id names the default project (like the official emulator, every project id is served;
    // requests name theirs): documents written under demo-other are only visible under demo-other.
    const data = tempDir();
    const other = 'projects/demo-other/databases/(default)';
    const cli = await runCli(['--host', '127.0.0.1', '--project', 'demo-other', '--data', data]);
    expect(cli.stdout()).toMatch(/^ready on 127\.0\.0\.1:\d+\n$/);
    await commit(cli.base, { 'p/doc': 1, 'p/only-other': 5 }, other);
    await commit(cli.base, { 'p/doc': 2 });
    expect(await readN(cli.base, 'p/doc', 'Bearer owner', other)).toEqual({ status: 200, n: '1' });
    expect(await readN(cli.base, 'p/doc')).toEqual({ status: 200, n: '2' });
    expect((await readN(cli.base, 'p/only-other')).status).toBe(404);
    // Clearing the default project clears only it.
    const cleared = await fetch(`${cli.base}/emulator/v1/projects/demo-other/databases/(default)/documents`, {
      method: 'DELETE',
    });
    expect(cleared.status).toBe(200);
    expect((await readN(cli.base, 'p/doc', 'Bearer owner', other)).status).toBe(404);
    expect(await readN(cli.base, 'p/doc')).toEqual({ status: 200, n: '2' });
    await commit(cli.base, { 'p/after': 3 }, other);
    cli.child.kill('SIGTERM');
    expect(await exited(cli.child)).toBe(0);
    // After a restart each project has exactly its own documents back.
    const again = await runCli(['--host', '127.0.0.1', '--project', 'demo-other', '--data', data]);
    expect(await readN(again.base, 'p/after', 'Bearer owner', other)).toEqual({ status: 200, n: '3' });
    expect((await readN(again.base, 'p/doc', 'Bearer owner', other)).status).toBe(404);
    expect(await readN(again.base, 'p/doc')).toEqual({ status: 200, n: '2' });
    expect((await readN(again.base, 'p/after')).status).toBe(404);
    again.child.kill('SIGTERM');
    expect(await exited(again.child)).toBe(0);
  }, 30_000);

  it('reloads --rules on change and keeps the previous rules when the new file does not compile', async () => {
    const dir = tempDir();
    const rulesFile = join(dir, 'firestore.rules');
    writeFileSync(rulesFile, DENY_ALL_RULES);
    const cli = await runCli(['--rules', rulesFile]);
    await commit(cli.base, { 'r/doc': 1 });
    expect((await readN(cli.base, 'r/doc', '')).status).toBe(403);

    writeFileSync(rulesFile, 'rules_version = "2"; service cloud.firestore { match /{x} { allow read: if ( } }');
    for (let i = 0; i < 100 && !cli.stderr().includes('keeping the previous rules'); i++) await sleep(20);
    expect(cli.stderr()).toContain('keeping the previous rules');
    expect((await readN(cli.base, 'r/doc', '')).status).toBe(403);

    writeFileSync(rulesFile, ALLOW_ALL_RULES);
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      await sleep(20);
      status = (await readN(cli.base, 'r/doc', '')).status;
    }
    expect(status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await exited(cli.child)).toBe(0);
  }, 20_000);
});
