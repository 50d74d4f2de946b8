/**
 * A local stack for the benchmark and the Functions-emulator round trip: the project's Firestore
 * emulator, the provider over HTTP, and (optionally) firebase-tools' Auth and Functions emulators
 * running the built functions/lib bundle, everything on free ports. stop() ends what it started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync, readFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { optionsFromEnv, readEnv } from '../src/config';
import { createProvider, type Provider } from '../src/provider';
import { createHttpServer } from '../src/server';
import { createFirestoreStore } from '../src/store-firestore';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const PROJECT_ID = 'demo-punter';

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createNetServer();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => res(port));
    });
  });
}

export interface LocalStack {
  firestoreHost: string;
  providerOrigin: string;
  providerUrl: string;
  provider: Provider;
  functionsBase: string | null;
  authHost: string | null;
  stop(): Promise<void>;
}

export interface StackOptions {
  functions?: boolean;
  /** 'http': the functions call the provider at PROVIDER_API_URL (default); 'in-process': they run it themselves. */
  providerMode?: 'http' | 'in-process';
  log?: (line: string) => void;
}

export async function startLocalStack(options: StackOptions = {}): Promise<LocalStack> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const cleanups: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const { start } = await import('@punter/emulator');
    const emulator = await start({ port: 0, project: PROJECT_ID });
    cleanups.push(() => emulator.stop());
    const firestoreHost = `${emulator.host}:${emulator.port}`;
    process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;

    const providerPort = await freePort();
    const providerOrigin = `http://127.0.0.1:${providerPort}`;
    const store = createFirestoreStore({ projectId: PROJECT_ID, emulatorHost: firestoreHost, appName: `stack-${process.pid}-${providerPort}` });
    cleanups.push(() => store.close());
    const provider = createProvider({
      ...optionsFromEnv(readEnv({ PROVIDER_PORT: String(providerPort), PROVIDER_PUBLIC_ORIGIN: providerOrigin }), store),
      log: () => undefined,
    });
    const server = createHttpServer(provider);
    await new Promise<void>((r) => server.listen(providerPort, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    const stack: LocalStack = {
      firestoreHost,
      providerOrigin,
      providerUrl: `${providerOrigin}/api/v1`,
      provider,
      functionsBase: null,
      authHost: null,
      stop,
    };
    if (!options.functions) return stack;

    const build = spawnSync(process.execPath, [join(ROOT, 'functions', 'build.mjs')], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`functions build failed: ${build.stderr}`);
    const [auth, functions, hub, logging] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as Record<string, unknown>;
    delete config.firestore;
    delete config.hosting;
    config.emulators = {
      auth: { host: '127.0.0.1', port: auth },
      functions: { host: '127.0.0.1', port: functions },
      hub: { host: '127.0.0.1', port: hub },
      logging: { host: '127.0.0.1', port: logging },
      ui: { enabled: false },
      singleProjectMode: true,
    };
    const configPath = join(ROOT, `.firebase-stack-${process.pid}-${functions}.json`);
    writeFileSync(configPath, JSON.stringify(config, null, 2));
    cleanups.push(() => rmSync(configPath, { force: true }));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      GCLOUD_PROJECT: PROJECT_ID,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      METADATA_SERVER_DETECTION: 'none',
    };
    delete env.FIREBASE_AUTH_EMULATOR_HOST;
    if (options.providerMode === 'in-process') delete env.PROVIDER_API_URL;
    else env.PROVIDER_API_URL = stack.providerUrl;
    const child: ChildProcess = spawn(
      process.execPath,
      [join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'), 'emulators:start', '--only', 'auth,functions', '--project', PROJECT_ID, '--config', configPath],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    let output = '';
    const ready = new Promise<void>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`Functions emulator not ready in 120 s:\n${output.slice(-2000)}`)), 120_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        options.log?.(chunk.toString());
        if (output.includes('All emulators ready')) {
          clearTimeout(timer);
          res();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.on('exit', (code) => {
        clearTimeout(timer);
        rej(new Error(`firebase emulators exited (${code}):\n${output.slice(-2000)}`));
      });
    });
    cleanups.push(
      () =>
        new Promise<void>((res) => {
          if (child.exitCode !== null || child.pid === undefined) return res();
          const pid = child.pid;
          const timer = setTimeout(() => {
            try {
              process.kill(-pid, 'SIGKILL');
            } catch {
              /* already gone */
            }
          }, 8000);
          child.once('exit', () => {
            clearTimeout(timer);
            res();
          });
          try {
            process.kill(-pid, 'SIGTERM');
          } catch {
            res();
          }
        }),
    );
    await ready;
    stack.functionsBase = `http://127.0.0.1:${functions}/${PROJECT_ID}/us-central1`;
    stack.authHost = `127.0.0.1:${auth}`;
    return stack;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Calls a callable over the callable protocol: { data } in, { result } or { error } out. */
export async function callFunction(stack: LocalStack, name: string, data: unknown, idToken?: string) {
  const res = await fetch(`${stack.functionsBase}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return (await res.json()) as { result?: unknown; error?: { status: string; message: string; details?: unknown } };
}

/** Exchanges a custom token for an ID token at the Auth emulator. */
export async function signInWithCustomToken(stack: LocalStack, token: string): Promise<string> {
  const res = await fetch(`http://${stack.authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}
