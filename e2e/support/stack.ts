/**
 * The stack the browser tests run against: the whole stack of scripts/stack.mjs (startStack) on free
 * ports, serving the production build (E2E_WEB=dev for the Vite dev server), or an already running
 * stack (for example `npm start`) when E2E_WEB_URL and E2E_PROVIDER_ORIGIN are set (and E2E_FIRESTORE_HOST, when its
 * Firestore emulator is not npm start's 127.0.0.1:8080).
 */
import { join } from 'node:path';
import { root, startStack } from '../../scripts/stack.mjs';

export interface RunningStack {
  webUrl: string;
  providerOrigin: string;
  /** The Firestore emulator's host:port. */
  firestoreHost: string;
  stop(): Promise<void>;
}

export { root };

export async function startTestStack(): Promise<RunningStack> {
  if (process.env.E2E_WEB_URL && process.env.E2E_PROVIDER_ORIGIN) {
    return {
      webUrl: process.env.E2E_WEB_URL,
      providerOrigin: process.env.E2E_PROVIDER_ORIGIN,
      firestoreHost: process.env.E2E_FIRESTORE_HOST ?? '127.0.0.1:8080',
      stop: () => Promise.resolve(),
    };
  }
  const logDir = process.env.E2E_LOG_DIR ?? join(root, 'e2e', 'artifacts', 'stack-logs');
  const stack = await startStack({ ports: 'free', quiet: true, logDir, web: process.env.E2E_WEB === 'dev' ? 'dev' : 'preview' });
  if (stack.webUrl === null) throw new Error('the stack started without its web app');
  return {
    webUrl: stack.webUrl,
    providerOrigin: stack.providerOrigin,
    firestoreHost: `127.0.0.1:${stack.ports.firestore}`,
    stop: () => stack.stop(),
  };
}
