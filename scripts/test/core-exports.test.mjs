// scripts/core-exports.mjs on a small made-up repository: which exports of core/src count as used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { analyse } from '../core-exports.mjs';

function repo(files) {
  const root = mkdtempSync(join(tmpdir(), 'core-exports-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

test('an export counts as used when another non-test file imports it, directly, through a barrel or dynamically', () => {
  const root = repo({
    'core/src/area/money.ts': [
      'export const viaBarrel = 1;',
      'export const direct = 2;',
      'export const onlyTested = 3;',
      'export const onlyHere = 4;',
      'export const lazy = 5;',
      'export type Amount = number;',
      'const local = onlyHere;',
      'export { local as renamed };',
    ].join('\n'),
    'core/src/barrel.ts': "export * from './area/money';\n",
    'core/src/user.ts': "import { direct } from './area/money';\nexport const twice = direct * 2;\n",
    'web/src/page.ts':
      "import { viaBarrel, type Amount } from '@punter/core/barrel';\nconst a: Amount = viaBarrel;\nexport const load = () => import('@punter/core/area/money').then((m) => m.lazy + a);\n",
    'web/src/page.test.ts': "import { onlyTested } from '@punter/core/area/money';\nconsole.log(onlyTested);\n",
    'functions/lib/built.js': "import { renamed } from '../../core/src/area/money';\nconsole.log(renamed);\n",
  });
  try {
    const result = analyse(root);
    const unused = Object.fromEntries(result.modules.map((m) => [m.module, m.unused]));
    assert.deepEqual(unused['core/src/area/money.ts'], ['onlyHere', 'onlyTested', 'renamed']);
    assert.deepEqual(unused['core/src/user.ts'], ['twice']);
    // The barrel declares nothing of its own.
    assert.deepEqual(unused['core/src/barrel.ts'], []);
    assert.deepEqual([result.used, result.total], [4, 8]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
