// The whole local stack, started as child processes in dependency order:
//   1. the project's Firestore emulator (emulator/, with firestore.rules)
//   2. the reference provider API with its sandboxes (provider/)
//   3. the demo seed (accounts, wallet history, pots, games, signals)
//   4. firebase-tools' Auth and Functions emulators (functions/ built to functions/lib)
//   5. the web app (Vite dev server, or `vite preview` of the production build)
// `npm start` (scripts/start.mjs) and the browser tests (e2e/) both use startStack().
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, readFileSync, createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
export const PROJECT_ID = 'demo-punter';

/**
 * What provider/src/main.ts prints once it listens. Deliberately not `Provider API: `: that line is
 * `npm start`'s own (scripts/summary.mjs), printed once.
 */
export const PROVIDER_READY_LINE = /^Provider listening on http:\/\/\S+\/api\/v1\b/m;

export const DEFAULT_PORTS = Object.freeze({
  firestore: 8080,
  auth: 9099,
  functions: 5001,
  hub: 4400,
  logging: 4500,
  eventarc: 9299,
  tasks: 9499,
  provider: 8787,
  web: 5173,
});

/**
 * firebase-tools' lines that `npm start` does not echo (they stay in the log): the Emulator UI notice
 * (the UI is off on purpose: it would be downloaded) and the functions SDK's internal discovery port.
 */
export const FIREBASE_NOISE = Object.freeze([
  /The Emulator UI is not starting because none of the running emulators have a UI component/,
  /^Serving at port \d+$/,
]);

/**
 * The `emulators` section of the firebase.json the stack runs firebase-tools with: a port for every
 * emulator `emulators:start --only auth,functions` starts (the Functions emulator brings the hub,
 * logging, Eventarc and Cloud Tasks ones), so none is moved to another port with a warning.
 */
export function emulatorsConfig(ports) {
  const at = (port) => ({ host: '127.0.0.1', port });
  return {
    auth: at(ports.auth),
    functions: at(ports.functions),
    hub: at(ports.hub),
    logging: at(ports.logging),
    eventarc: at(ports.eventarc),
    tasks: at(ports.tasks),
    ui: { enabled: false },
    singleProjectMode: true,
  };
}

/** A free TCP port on 127.0.0.1, chosen by the OS. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function portsFor(choice) {
  if (choice === 'free') {
    const entries = await Promise.all(Object.keys(DEFAULT_PORTS).map(async (k) => [k, await freePort()]));
    return Object.fromEntries(entries);
  }
  return { ...DEFAULT_PORTS, ...(choice ?? {}) };
}

/**
 * The Firestore emulator's flags in the stack: host, port, project, the repository's rules, `--data` when
 * given, then FIRESTORE_EMULATOR_ARGS split on whitespace, e.g. `FIRESTORE_EMULATOR_ARGS=--production-limits`
 * (emulator/README.md: production-limits mode). The emulator checks them; a bad flag stops the stack's start.
 */
export function firestoreEmulatorArgs({ port, dataDir, env = process.env }) {
  const args = ['--host', '127.0.0.1', '--port', String(port), '--project', PROJECT_ID, '--rules', join(root, 'firestore.rules')];
  if (dataDir) args.push('--data', dataDir);
  const extra = (env.FIRESTORE_EMULATOR_ARGS ?? '').split(/\s+/).filter((a) => a !== '');
  return [...args, ...extra];
}

function run(name, command, args, { env, cwd = root, logDir, readyLine, quiet, hide = [] }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  const log = createWriteStream(join(logDir, `${name}.log`));
  let buffered = '';
  let output = '';
  let resolveReady;
  let rejectReady;
  const ready = new Promise((res, rej) => {
    resolveReady = res;
    rejectReady = rej;
  });
  const onData = (chunk) => {
    const text = chunk.toString();
    log.write(text);
    if (!quiet) {
      for (const line of text.split('\n')) {
        if (line.trim() && !hide.some((re) => re.test(line))) process.stdout.write(`[${name}] ${line}\n`);
      }
    }
    buffered = (buffered + text).slice(-8192);
    if (output.length < 65_536) output += text;
    if (readyLine && readyLine.test(buffered)) resolveReady(buffered);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.on('exit', (code, signal) => {
    log.end();
    rejectReady(new Error(`${name} exited (${code ?? signal}) before it was ready; see ${join(logDir, `${name}.log`)}`));
  });
  if (!readyLine) resolveReady('');
  return { name, child, ready, output: () => output };
}

/**
 * Runs a command to its end; resolves with everything it printed (stdout and stderr). With
 * options.output, it waits for 'close' (after the output streams ended, so the output is complete;
 * for commands that leave no grandchild holding them), else for 'exit'.
 */
function runToEnd(name, command, args, options) {
  const proc = run(name, command, args, options);
  return new Promise((res, rej) => {
    proc.child.on(options.output ? 'close' : 'exit', (code) =>
      code === 0
        ? res(proc.output())
        : rej(new Error(`${name} failed with exit code ${code}; see ${options.logDir}/${name}.log`)),
    );
  });
}

/** The callables the first screens use: login and register, then every provider call of the dashboard. */
export const WARM_FUNCTIONS = Object.freeze(['sessionLogin', 'sessionRegister', 'providerCall', 'postSignal', 'clearSignals']);

/**
 * Calls each of `names` once with an empty payload, which it refuses at once (before any provider
 * call, so no abuse limit counts it). The Functions emulator starts a function's worker on its first
 * call, which took 9 to 13 s on a cold start: without this, the first login after `npm start` waited
 * for it on 'Logging in...'. Resolves with how long each took; a failure only costs the warm-up.
 */
export async function warmFunctions(functionsPort, names, region = 'us-central1') {
  return Object.fromEntries(
    await Promise.all(
      names.map(async (name) => {
        const started = Date.now();
        try {
          await fetch(`http://127.0.0.1:${functionsPort}/${PROJECT_ID}/${region}/${name}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ data: {} }),
            // As long as firebase-tools gives the worker to load (FUNCTIONS_DISCOVERY_TIMEOUT in startStack).
            signal: AbortSignal.timeout(120_000),
          });
        } catch {
          // Not warmed: the first real call pays the start-up instead.
        }
        return [name, Date.now() - started];
      }),
    ),
  );
}

async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
      lastError = new Error(`HTTP ${res.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${lastError?.message ?? 'no answer'}`);
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, rej) => {
      timer = setTimeout(() => rej(new Error(`${what} was not ready within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function stopProcess(proc) {
  return new Promise((res) => {
    const { child } = proc;
    if (child.exitCode !== null || child.signalCode !== null) return res();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      res();
    });
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  });
}

/** The environment the web app is built and served with: every emulator of the stack at `ports`. */
export function webEnvFor(ports) {
  return {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    VITE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    VITE_FUNCTIONS_EMULATOR_HOST: `127.0.0.1:${ports.functions}`,
    VITE_PROVIDER_ORIGIN: `http://127.0.0.1:${ports.provider}`,
  };
}

/**
 * Serves the web app on `ports.web` for the emulators at `ports`: the Vite dev server, or `vite preview` of the
 * production build (built first when `build` is set). Resolves once it answers; `stop()` ends it. startStack's
 * own web app, and a second one beside it (the browser test that opens the live screens on both).
 */
export async function startWeb({ web, ports, logDir, quiet = true, build = false, name = 'web' }) {
  const env = webEnvFor(ports);
  if (build && web === 'preview')
    await runToEnd(`build-${name}`, 'npm', ['run', 'build', '-w', '@punter/web'], { logDir, quiet: true, env });
  const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const server = ['--configLoader', 'runner', '--host', '127.0.0.1', '--port', String(ports.web), '--strictPort'];
  const args = web === 'preview' ? [viteBin, 'preview', ...server] : [viteBin, ...server];
  const proc = run(name, process.execPath, args, { cwd: join(root, 'web'), env, logDir, quiet });
  const url = `http://127.0.0.1:${ports.web}`;
  try {
    await waitForHttp(url, 60_000);
  } catch (error) {
    await stopProcess(proc);
    throw error;
  }
  return { url, proc, stop: () => stopProcess(proc) };
}

/**
 * Builds what the stack runs from (emulator and functions bundles; the web production build
 * when web === 'preview'). Idempotent and quick when nothing changed. With PUNTER_STACK_PREBUILT=1 in the
 * environment (scripts/test.mjs sets it after building them once, ADR 0056) the emulator and functions bundles
 * are left as they are: another suite's stack may be running from them, and the Functions emulator reloads
 * when its bundle is rewritten.
 */
export async function buildStack({ web = 'dev', logDir, webEnv = {}, env = process.env }) {
  const opts = { logDir, quiet: true };
  if (env.PUNTER_STACK_PREBUILT !== '1') {
    await runToEnd('build-emulator', 'npm', ['run', 'build', '-w', '@punter/emulator', '--if-present'], opts);
    await runToEnd('build-functions', 'npm', ['run', 'build', '-w', '@punter/functions', '--if-present'], opts);
  }
  if (web === 'preview') await buildWeb({ logDir, webEnv });
}

/** The web app's production build (web/dist) for the emulators `webEnv` names (webEnvFor). */
function buildWeb({ logDir, webEnv }) {
  return runToEnd('build-web', 'npm', ['run', 'build', '-w', '@punter/web'], { logDir, quiet: true, env: webEnv });
}

/** `promise`, whose failure is kept until awaited (no unhandled rejection while other steps run). */
function settle(promise) {
  const kept = promise.then(
    (value) => ({ value }),
    (error) => ({ error }),
  );
  return async () => {
    const outcome = await kept;
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  };
}

/**
 * Starts everything. Options:
 *   ports: 'free' | partial DEFAULT_PORTS   (default: the fixed ports of DEFAULT_PORTS)
 *   web: 'dev' | 'preview' | 'none'         (Vite dev server, a production build served by vite preview, or no web app)
 *   dataDir: string                         (keep Firestore data across restarts)
 *   quiet: boolean                          (do not echo child output; it is always in logDir)
 *   seed: boolean                           (default true)
 * Returns { webUrl, providerUrl, providerOrigin, ports, logDir, seedOutput, stop() }; seedOutput is what
 * the seed printed (the demo accounts' credentials), '' without a seed.
 */
export async function startStack(options = {}) {
  const { web = 'dev', quiet = false, seed = true, dataDir } = options;
  const ports = await portsFor(options.ports);
  const logDir = options.logDir ?? join(root, 'artifacts', 'stack-logs');
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });

  const procs = [];
  const stop = async () => {
    for (const proc of procs.reverse()) await stopProcess(proc);
    rmSync(configPath, { force: true });
  };
  const configPath = join(root, `.firebase-stack-${process.pid}.json`);
  // Steps that run beside the start-up (the web build, the seed): on a failure they end before the stack stops.
  let webBuilt = async () => undefined;
  let seeded = async () => '';
  try {
    const firestoreHost = `127.0.0.1:${ports.firestore}`;
    const providerOrigin = `http://127.0.0.1:${ports.provider}`;
    const providerUrl = `${providerOrigin}/api/v1`;
    const shared = {
      GCLOUD_PROJECT: PROJECT_ID,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      // No Google metadata server here: stop the admin SDK from probing for one.
      METADATA_SERVER_DETECTION: 'none',
    };
    const webEnv = webEnvFor(ports);
    // The web app's production build runs while the emulators start (it needs only their ports), ADR 0056.
    if (options.build !== false) {
      await buildStack({ web: 'none', logDir });
      if (web === 'preview') webBuilt = settle(buildWeb({ logDir, webEnv }));
    }

    // 1. Firestore
    const firestoreArgs = [
      join(root, 'emulator', 'bin', 'firestore-emulator.mjs'),
      ...firestoreEmulatorArgs({ port: ports.firestore, dataDir }),
    ];
    const firestore = run('firestore', process.execPath, firestoreArgs, { env: shared, logDir, quiet, readyLine: /ready on /i });
    procs.push(firestore);
    await withTimeout(firestore.ready, 20_000, 'Firestore emulator');

    // 2. Provider (sandbox adapters unless keys are configured in the environment)
    const provider = run('provider', process.execPath, ['--import', 'tsx', join(root, 'provider', 'src', 'main.ts')], {
      env: {
        ...shared,
        PROVIDER_PORT: String(ports.provider),
        PROVIDER_PUBLIC_ORIGIN: providerOrigin,
        WEB_APP_URL: `http://127.0.0.1:${ports.web}`,
      },
      logDir,
      quiet,
      readyLine: PROVIDER_READY_LINE,
    });
    procs.push(provider);
    await withTimeout(provider.ready, 30_000, 'Provider API');

    // 3. Seed demo data (idempotent). Its credentials table is returned as seedOutput for the caller
    // to print (npm start's summary), not echoed here.
    // It runs while the Auth and Functions emulators start (they do not read the data until called), ADR 0056.
    if (seed)
      seeded = settle(
        runToEnd('seed', process.execPath, ['--import', 'tsx', join(root, 'provider', 'src', 'seed.ts')], {
          env: { ...shared },
          logDir,
          quiet: true,
          output: true,
        }),
      );

    // 4. Auth + Functions emulators (firebase-tools), configured for the chosen ports.
    const base = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
    base.emulators = emulatorsConfig(ports);
    delete base.firestore; // our own emulator serves Firestore
    writeFileSync(configPath, JSON.stringify(base, null, 2));
    const firebaseBin = join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
    const functionsEnv = {
      ...shared,
      PROVIDER_API_URL: providerUrl,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      // firebase-tools gives a function's worker 30 s to load, then answers 'Failed to load function.': on two
      // busy cores (e2e beside the other suites, ADR 0056) a cold worker can take longer. 120 s, as the benches.
      FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
      // firebase-tools fetches its message of the day from the network unless CI is set; offline that
      // fetch fails with a warning on every start.
      CI: 'true',
    };
    delete functionsEnv.FIREBASE_AUTH_EMULATOR_HOST; // firebase-tools sets it for the functions it runs
    const emulators = run(
      'firebase',
      process.execPath,
      [firebaseBin, 'emulators:start', '--only', 'auth,functions', '--project', PROJECT_ID, '--config', configPath],
      { env: functionsEnv, logDir, quiet, readyLine: /All emulators ready/, hide: FIREBASE_NOISE },
    );
    procs.push(emulators);
    await withTimeout(emulators.ready, 90_000, 'Auth and Functions emulators');
    await warmFunctions(ports.functions, WARM_FUNCTIONS);
    const seedOutput = await seeded();

    // 5. Web app
    await webBuilt();
    if (web === 'none') return { webUrl: null, providerUrl, providerOrigin, ports, logDir, seedOutput, stop };
    const webServer = await startWeb({ web, ports, logDir, quiet });
    procs.push(webServer.proc);

    return { webUrl: webServer.url, providerUrl, providerOrigin, ports, logDir, seedOutput, stop };
  } catch (error) {
    await Promise.allSettled([webBuilt(), seeded()]);
    await stop();
    throw error;
  }
}
