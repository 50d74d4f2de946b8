/**
 * Rules through the browser firebase SDK in Debian's Chromium (playwright-core): reads, queries,
 * listeners (removed with permission-denied) and writes, judged by conformance.rules.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteEmulator } from '../helpers';
import { startBrowserHarness, type BrowserHarness } from '../browser/harness';

const RULES = readFileSync(fileURLToPath(new URL('./conformance.rules', import.meta.url)), 'utf8');
const PROJECT = 'demo-rules-browser';

let emulator: Awaited<ReturnType<typeof suiteEmulator>> | null = null;
let host = '127.0.0.1';
let port = 0;
let harness: BrowserHarness | undefined;

async function seed(docs: Record<string, Record<string, string | number>>): Promise<void> {
  const writes = Object.entries(docs).map(([path, data]) => ({
    update: {
      name: `projects/${PROJECT}/databases/(default)/documents/${path}`,
      fields: Object.fromEntries(
        Object.entries(data).map(([k, v]) => [k, typeof v === 'number' ? { integerValue: String(v) } : { stringValue: v }]),
      ),
    },
  }));
  const res = await fetch(`http://${host}:${port}/v1/projects/${PROJECT}/databases/(default)/documents:commit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ writes }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  emulator = await suiteEmulator();
  ({ host, port } = emulator);
  // Rules are kept per project: this suite's project gets conformance.rules, here or on another emulator.
  const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${PROJECT}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ content: RULES }] } }),
  });
  expect(res.ok).toBe(true);
  harness = await startBrowserHarness(new URL('./browser-rules-entry.ts', import.meta.url), 'runRulesCases');
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await emulator?.stop();
});

describe('browser SDK (Chromium) under rules', () => {
  it('allows and denies reads, queries, listeners and writes like Firestore', async () => {
    await seed({ 'orders/a1': { owner: 'alice', amount: 5 }, 'orders/b1': { owner: 'bob', amount: 9 } });
    const consoleLines: string[] = [];
    const tab = await harness!.newPage((page) => page.on('console', (m) => consoleLines.push(m.text())));
    try {
      const result = await tab.evaluate(
        (cfg) =>
          (globalThis as unknown as { runRulesCases: (c: typeof cfg) => Promise<Record<string, string>> }).runRulesCases(cfg),
        { host, port, projectId: PROJECT, uid: 'alice' },
      );
      expect(result).toEqual({
        getOwnOrder: 'ok',
        getOtherOrder: 'permission-denied',
        queryOwn: 'ok',
        queryAll: 'permission-denied',
        listenOwn: 'docs:1',
        listenAll: 'permission-denied',
        listenOwnOrder: 'exists:true',
        listenOtherOrder: 'permission-denied',
        createValidUser: 'ok',
        createOtherUser: 'permission-denied',
      });
    } catch (e) {
      process.stderr.write(consoleLines.join('\n') + '\n');
      throw e;
    } finally {
      await tab.close();
    }
  });
});
