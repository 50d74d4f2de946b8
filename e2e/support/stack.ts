/**
 * The stack the browser tests run against: the whole stack of scripts/stack.mjs (startStack) on free
 * ports, serving the production build (E2E_WEB=dev for the Vite dev server), or an already running
 * stack (for example `npm start`) when E2E_WEB_URL and E2E_PROVIDER_ORIGIN are set (and E2E_FIRESTORE_HOST, when its
 * Firestore emulator is not npm start's 127.0.0.1:8080).
 */
import { join } from 'node:path';
import { DEFAULT_PORTS, freePort, root, startStack, startWeb, type StackPorts } from '../../scripts/stack.mjs';

export interface RunningStack {
  webUrl: string;
  providerOrigin: string;
  /** The Firestore emulator's host:port. */
  firestoreHost: string;
  /** What serves the web app: the production build (`vite preview`) or the Vite dev server. */
  web: 'preview' | 'dev';
  /** The stack's ports (a second web app for the same emulators needs them: e2e/tests/live-screens-direct.test.ts). */
  ports: StackPorts;
  stop(): Promise<void>;
}

export { root };

/** Eight well-formed YouTube links for the test stack's VITE_HOW_TO_VIDEOS (README, Environment). */
export const E2E_HOW_TO_VIDEOS = Array.from({ length: 8 }, (_, i) => `https://www.youtube.com/watch?v=E2EVIDEO00${i + 1}`).join(
  ',',
);

export async function startTestStack(): Promise<RunningStack> {
  const web = process.env.E2E_WEB === 'dev' ? 'dev' : 'preview';
  if (process.env.E2E_WEB_URL && process.env.E2E_PROVIDER_ORIGIN) {
    // npm start's stack: its fixed ports, its Firestore wherever E2E_FIRESTORE_HOST says.
    const firestoreHost = process.env.E2E_FIRESTORE_HOST ?? `127.0.0.1:${DEFAULT_PORTS.firestore}`;
    return {
      webUrl: process.env.E2E_WEB_URL,
      providerOrigin: process.env.E2E_PROVIDER_ORIGIN,
      firestoreHost,
      web,
      ports: { ...DEFAULT_PORTS, firestore: Number(firestoreHost.split(':')[1] ?? DEFAULT_PORTS.firestore) },
      stop: () => Promise.resolve(),
    };
  }
  const logDir = process.env.E2E_LOG_DIR ?? join(root, 'e2e', 'artifacts', 'stack-logs');
  // The /how-to players are tried with links of their own (the page answers them locally): a deployment sets its own.
  process.env.VITE_HOW_TO_VIDEOS ??= E2E_HOW_TO_VIDEOS;
  const stack = await startStack({ ports: 'free', quiet: true, logDir, web });
  if (stack.webUrl === null) throw new Error('the stack started without its web app');
  return {
    webUrl: stack.webUrl,
    providerOrigin: stack.providerOrigin,
    firestoreHost: `127.0.0.1:${stack.ports.firestore}`,
    web,
    ports: stack.ports,
    stop: () => stack.stop(),
  };
}

/**
 * The web app of the other kind than the stack's own (the dev server beside the production build, or the other way
 * round), on a free port, for the stack's emulators: a browser test can then run the same screens on both.
 */
export async function startOtherWeb(
  stack: Pick<RunningStack, 'web' | 'ports'>,
): Promise<{ web: 'preview' | 'dev'; url: string; log: string; stop(): Promise<void> }> {
  const web = stack.web === 'preview' ? 'dev' : 'preview';
  const logDir = process.env.E2E_LOG_DIR ?? join(root, 'e2e', 'artifacts', 'stack-logs');
  const server = await startWeb({
    web,
    ports: { ...stack.ports, web: await freePort() },
    logDir,
    build: true,
    name: `web-${web}`,
  });
  return { web, url: server.url, log: join(logDir, `web-${web}.log`), stop: () => server.stop() };
}
