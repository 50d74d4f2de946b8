// FIRESTORE_EMULATOR_ARGS: the stack (npm start, the e2e and functions stacks) adds its words to the Firestore
// emulator's command line. Run by scripts/test.mjs with `node --import tsx --test`, so the emulator's CLI runs
// from its TypeScript source (no build needed).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROJECT_ID, firestoreEmulatorArgs, root } from '../stack.mjs';

const base = ['--host', '127.0.0.1', '--port', '8080', '--project', PROJECT_ID, '--rules', join(root, 'firestore.rules')];

test('without FIRESTORE_EMULATOR_ARGS the emulator gets only the stack flags', () => {
  assert.deepEqual(firestoreEmulatorArgs({ port: 8080, env: {} }), base);
  assert.deepEqual(firestoreEmulatorArgs({ port: 8080, env: { FIRESTORE_EMULATOR_ARGS: '  ' } }), base);
  assert.deepEqual(firestoreEmulatorArgs({ port: 8080, dataDir: '/tmp/d', env: {} }), [...base, '--data', '/tmp/d']);
});

test('FIRESTORE_EMULATOR_ARGS is split on whitespace and added last', () => {
  const env = { FIRESTORE_EMULATOR_ARGS: ' --production-limits\t--limits-doc-rate  10\n' };
  assert.deepEqual(firestoreEmulatorArgs({ port: 8080, dataDir: '/tmp/d', env }), [
    ...base,
    '--data',
    '/tmp/d',
    '--production-limits',
    '--limits-doc-rate',
    '10',
  ]);
});

/** Starts the emulator's CLI with the stack's flags for `env`; resolves with its port and a stop(). */
async function startEmulator(env) {
  const args = firestoreEmulatorArgs({ port: 0, env });
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'emulator', 'src', 'cli.ts'), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const ready = new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      const m = /^ready on 127\.0\.0\.1:(\d+)$/.exec(line);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(([code]) => reject(new Error(`the emulator exited (${code}): ${stderr}`)));
  });
  const port = await ready;
  return {
    port,
    stderr: () => stderr,
    async stop() {
      child.kill('SIGTERM');
      const [code] = await exited;
      return code;
    },
  };
}

test('the emulator started with FIRESTORE_EMULATOR_ARGS=--production-limits runs in that mode', async () => {
  const emulator = await startEmulator({ FIRESTORE_EMULATOR_ARGS: '--production-limits --limits-doc-rate 10' });
  try {
    const res = await fetch(`http://127.0.0.1:${emulator.port}/emulator/v1/production-limits`);
    assert.equal(res.status, 200);
    const report = await res.json();
    assert.equal(report.enabled, true);
    assert.equal(report.limits.documentWritesPerSecond, 10);
    assert.equal(report.limits.documentBurst, 5);
  } finally {
    assert.equal(await emulator.stop(), 0);
  }
  // Stopped by SIGTERM, it prints the report.
  assert.match(emulator.stderr(), /production limits report \(/);
});

test('without it the same emulator runs with the mode off', async () => {
  const emulator = await startEmulator({});
  try {
    const res = await fetch(`http://127.0.0.1:${emulator.port}/emulator/v1/production-limits`);
    assert.deepEqual(await res.json(), { enabled: false });
  } finally {
    assert.equal(await emulator.stop(), 0);
  }
});

test('a bad word in FIRESTORE_EMULATOR_ARGS stops the emulator with a message', async () => {
  await assert.rejects(
    startEmulator({ FIRESTORE_EMULATOR_ARGS: '--limits-doc-rate 10' }),
    /--limits-doc-rate: needs --production-limits/,
  );
});
