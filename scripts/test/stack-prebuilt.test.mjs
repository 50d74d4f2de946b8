// PUNTER_STACK_PREBUILT (ADR 0056): scripts/test.mjs builds the emulator and functions bundles once, then runs e2e
// beside the other suites; a stack started then must not rebuild them under another suite's running stack.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildStack } from '../stack.mjs';

test('with PUNTER_STACK_PREBUILT=1 buildStack leaves the emulator and functions bundles alone', async () => {
  const logDir = mkdtempSync(join(tmpdir(), 'punter-prebuilt-'));
  try {
    await buildStack({ web: 'none', logDir, env: { PUNTER_STACK_PREBUILT: '1' } });
    // Each build writes its log there (build-emulator.log, build-functions.log): none ran.
    assert.deepEqual(readdirSync(logDir), []);
    assert.equal(existsSync(join(logDir, 'build-functions.log')), false);
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
});
