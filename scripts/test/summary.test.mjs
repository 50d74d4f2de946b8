// npm start's summary (scripts/summary.mjs) and the provider's start line: one `Web app: URL` line,
// one `Provider API: URL` line, and the demo accounts' credentials. Run by scripts/test.mjs with
// `node --import tsx --test` (tsx loads the provider's TypeScript).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, credentialsTable } from '../../provider/src/seed.ts';
import { PROVIDER_READY_LINE, root } from '../stack.mjs';
import { demoCredentials, howToVideosLinked, stackSummary } from '../summary.mjs';

const seedOutput = `${credentialsTable(DEMO_ACCOUNTS.map((account) => ({ account, outcome: 'created' })))}\n`;
const stack = {
  webUrl: 'http://127.0.0.1:5173',
  providerUrl: 'http://127.0.0.1:8787/api/v1',
  providerOrigin: 'http://127.0.0.1:8787',
  ports: { firestore: 8080, auth: 9099, functions: 5001, hub: 4400, logging: 4500, provider: 8787, web: 5173 },
  logDir: '/tmp/stack-logs',
  seedOutput,
};
const matching = (lines, re) => lines.filter((line) => re.test(line));

test('the summary has exactly one Web app line and one Provider API line ending in /api/v1', () => {
  const lines = stackSummary(stack);
  assert.deepEqual(matching(lines, /Web app:/), ['Web app: http://127.0.0.1:5173']);
  assert.deepEqual(matching(lines, /Provider API:/), ['Provider API: http://127.0.0.1:8787/api/v1']);
});

test("the summary prints every demo account's email and the password the seed gave it", () => {
  const text = stackSummary(stack).join('\n');
  assert.equal(DEMO_ACCOUNTS.length, 4);
  for (const account of DEMO_ACCOUNTS) {
    const line = text.split('\n').find((l) => l.includes(account.email));
    assert.ok(line, `${account.email} missing from the summary`);
    assert.ok(line.includes(DEMO_PASSWORD), `${account.email} printed without its password`);
  }
  assert.match(text, /PIN 1234/);
});

test('the credentials are found among other seed output, and their absence is said', () => {
  const noisy = `a warning\n${seedOutput}trailing note\n`;
  const table = demoCredentials(noisy);
  assert.ok(table);
  assert.equal(table.split('\n').length, 1 + DEMO_ACCOUNTS.length);
  assert.ok(!table.includes('a warning') && !table.includes('trailing note'));
  assert.equal(demoCredentials(''), null);
  const unseeded = stackSummary({ ...stack, seedOutput: '' });
  assert.deepEqual(matching(unseeded, /^Demo accounts/), ['Demo accounts: not seeded here; see /tmp/stack-logs/seed.log']);
});

test('the summary says when the how-to videos are still placeholders, and when all eight are linked', () => {
  const line = (env) => matching(stackSummary(stack, env), /^How-to videos:/);
  assert.deepEqual(line({}), [
    "How-to videos: 8 of 8 are still placeholders ('Video not available yet'); set VITE_HOW_TO_VIDEOS to the eight YouTube links, comma-separated (README, Environment)",
  ]);
  const placeholders = Array.from({ length: 8 }, (_, i) => `https://www.youtube.com/watch?v=PLCHLDR000${i + 1}`).join(',');
  assert.match(line({ VITE_HOW_TO_VIDEOS: placeholders })[0], /8 of 8 are still placeholders/);
  const three =
    'https://youtu.be/dQw4w9WgXcQ, ,https://www.youtube.com/watch?v=9bZkp7q19f0&t=3,https://www.youtube.com/shorts/kJQP7kiw5Fk';
  assert.equal(howToVideosLinked(three), 3);
  assert.match(line({ VITE_HOW_TO_VIDEOS: three })[0], /5 of 8 are still placeholders/);
  const eight = Array.from({ length: 8 }, (_, i) => `https://youtu.be/VIDEO00000${i + 1}`).join(',');
  assert.deepEqual(line({ VITE_HOW_TO_VIDEOS: eight }), ['How-to videos: all 8 linked (VITE_HOW_TO_VIDEOS)']);
});

test("the provider's start line is what the stack waits for, and is no second Provider API line", async (t) => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'provider', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PROVIDER_PORT: '0',
      PROVIDER_HOST: '127.0.0.1',
      // Never used (nothing is called), but never a real Firestore either.
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:9',
      GCLOUD_PROJECT: 'demo-punter',
      METADATA_SERVER_DETECTION: 'none',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  t.after(() => child.kill('SIGKILL'));
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the provider exited (${code}) before printing its start line`);
  });
  const firstLine = (async () => {
    for await (const line of createInterface({ input: child.stdout })) return line;
    throw new Error('no output');
  })();
  const line = await Promise.race([firstLine, exited]);
  assert.match(line, PROVIDER_READY_LINE);
  // What npm start shows without --quiet: the child's lines, prefixed, then the summary.
  const printed = [`[provider] ${line}`, ...stackSummary(stack)];
  assert.equal(matching(printed, /Provider API:/).length, 1);
  assert.equal(matching(printed, /Web app:/).length, 1);
});
