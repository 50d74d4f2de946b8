/**
 * The stack the browser tests run against.
 * - default: the whole stack of scripts/stack.mjs (startStack) on free ports;
 * - E2E_STACK=memory: the provider on an in-memory store + firebase-tools' Auth and Functions
 *   emulators + Vite, for when the Firestore emulator is unavailable (the screens of the first
 *   half of the web app do not read Firestore).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface RunningStack {
  webUrl: string;
  providerOrigin: string;
  stop(): Promise<void>;
}

export const root = resolve(import.meta.dirname, '..', '..');
const PROJECT_ID = 'demo-punter';

interface StackModule {
  startStack(options: Record<string, unknown>): Promise<{ webUrl: string; providerOrigin: string; stop(): Promise<void> }>;
  freePort(): Promise<number>;
}

async function stackModule(): Promise<StackModule> {
  return (await import(join(root, 'scripts', 'stack.mjs'))) as StackModule;
}

export async function startTestStack(): Promise<RunningStack> {
  const logDir = process.env.E2E_LOG_DIR ?? join(root, 'e2e', 'artifacts', 'stack-logs');
  // An already running stack (for example `npm start`): E2E_WEB_URL and E2E_PROVIDER_ORIGIN.
  if (process.env.E2E_WEB_URL && process.env.E2E_PROVIDER_ORIGIN) {
    return { webUrl: process.env.E2E_WEB_URL, providerOrigin: process.env.E2E_PROVIDER_ORIGIN, stop: () => Promise.resolve() };
  }
  if (process.env.E2E_STACK === 'memory') return startMemoryStack(logDir);
  const { startStack } = await stackModule();
  // The production build by default (what users get); E2E_WEB=dev for the Vite dev server.
  const stack = await startStack({ ports: 'free', quiet: true, logDir, web: process.env.E2E_WEB === 'dev' ? 'dev' : 'preview' });
  return { webUrl: stack.webUrl, providerOrigin: stack.providerOrigin, stop: () => stack.stop() };
}

function run(name: string, args: string[], env: NodeJS.ProcessEnv, logDir: string, ready: RegExp, cwd = root) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const log = createWriteStream(join(logDir, `${name}.log`));
  let seen = '';
  const isReady = new Promise<void>((res, rej) => {
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      seen = (seen + chunk.toString()).slice(-8192);
      if (ready.test(seen)) res();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => rej(new Error(`${name} exited (${code}) before it was ready; see ${logDir}/${name}.log`)));
  });
  return { child, isReady };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      res();
      return;
    }
    const pid = child.pid;
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      res();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      res();
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, rej) => setTimeout(() => rej(new Error(`${what} not ready within ${ms} ms`)), ms))]);
}

async function startMemoryStack(logDir: string): Promise<RunningStack> {
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const { freePort } = await stackModule();
  const ports = {
    provider: await freePort(),
    auth: await freePort(),
    functions: await freePort(),
    hub: await freePort(),
    logging: await freePort(),
    web: await freePort(),
    firestore: await freePort(),
  };
  const children: ChildProcess[] = [];
  const configPath = join(root, `.firebase-e2e-${process.pid}.json`);
  // The emulator runs a snapshot of the functions bundle: a rebuild of functions/lib while the
  // tests run (someone working on functions/) must not reload the functions under the tests.
  const snapshot = `e2e/artifacts/functions-snapshot-${process.pid}`;
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    rmSync(configPath, { force: true });
    rmSync(join(root, snapshot), { recursive: true, force: true });
  };
  try {
    const providerOrigin = `http://127.0.0.1:${ports.provider}`;
    const build = spawn('npm', ['run', 'build', '-w', '@punter/functions'], { cwd: root, stdio: 'ignore' });
    await new Promise<void>((res, rej) => build.on('exit', (code) => (code === 0 ? res() : rej(new Error('functions build failed')))));

    const provider = run(
      'provider',
      ['--import', 'tsx', join(root, 'e2e', 'support', 'memory-provider.ts')],
      { PROVIDER_PORT: String(ports.provider), PROVIDER_PUBLIC_ORIGIN: providerOrigin, GCLOUD_PROJECT: PROJECT_ID },
      logDir,
      /Provider API: /,
    );
    children.push(provider.child);
    await withTimeout(provider.isReady, 60_000, 'provider');

    mkdirSync(join(root, snapshot, 'lib'), { recursive: true });
    copyFileSync(join(root, 'functions', 'package.json'), join(root, snapshot, 'package.json'));
    copyFileSync(join(root, 'functions', 'lib', 'index.js'), join(root, snapshot, 'lib', 'index.js'));
    const base = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as Record<string, unknown>;
    base.functions = [{ source: snapshot, codebase: 'default', runtime: 'nodejs20' }];
    base.emulators = {
      auth: { host: '127.0.0.1', port: ports.auth },
      functions: { host: '127.0.0.1', port: ports.functions },
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
      ui: { enabled: false },
      singleProjectMode: true,
    };
    delete base.firestore;
    writeFileSync(configPath, JSON.stringify(base, null, 2));
    const firebase = run(
      'firebase',
      [join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'), 'emulators:start', '--only', 'auth,functions', '--project', PROJECT_ID, '--config', configPath],
      {
        GCLOUD_PROJECT: PROJECT_ID,
        FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
        PROVIDER_API_URL: `${providerOrigin}/api/v1`,
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      },
      logDir,
      /All emulators ready/,
    );
    children.push(firebase.child);
    await withTimeout(firebase.isReady, 120_000, 'Auth and Functions emulators');

    const webEnv = {
      VITE_USE_EMULATORS: 'true',
      VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
      VITE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      VITE_FUNCTIONS_EMULATOR_HOST: `127.0.0.1:${ports.functions}`,
      VITE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
      VITE_PROVIDER_ORIGIN: providerOrigin,
    };
    const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const dev = process.env.E2E_WEB === 'dev';
    if (!dev) {
      // The production build, into its own folder so a parallel `npm run build -w web` cannot clash.
      const outDir = join(root, snapshot, 'web-dist');
      const build = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
        cwd: join(root, 'web'),
        env: { ...process.env, ...webEnv },
        stdio: 'ignore',
      });
      await new Promise<void>((res, rej) => build.on('exit', (code) => (code === 0 ? res() : rej(new Error('web build failed')))));
    }
    const webArgs = dev
      ? [vite, '--host', '127.0.0.1', '--port', String(ports.web), '--strictPort']
      : [vite, 'preview', '--outDir', join(root, snapshot, 'web-dist'), '--host', '127.0.0.1', '--port', String(ports.web), '--strictPort'];
    const web = run('web', webArgs, webEnv, logDir, /ready in|Local:|http:\/\//, join(root, 'web'));
    children.push(web.child);
    await withTimeout(web.isReady, 60_000, 'web');
    return { webUrl: `http://127.0.0.1:${ports.web}`, providerOrigin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
