/**
 * The stack the browser tests run against: the whole stack of scripts/stack.mjs (startStack) on free
 * ports, serving the production build (E2E_WEB=dev for the Vite dev server), or an already running
 * stack (for example `npm start`) when E2E_WEB_URL and E2E_PROVIDER_ORIGIN are set.
 */
import { join } from 'node:path';
import { root, startStack } from '../../scripts/stack.mjs';

export interface RunningStack {
  webUrl: string;
  providerOrigin: string;
  stop(): Promise<void>;
}

export { root };

export async function startTestStack(): Promise<RunningStack> {
  if (process.env.E2E_WEB_URL && process.env.E2E_PROVIDER_ORIGIN) {
    return { webUrl: process.env.E2E_WEB_URL, providerOrigin: process.env.E2E_PROVIDER_ORIGIN, stop: () => Promise.resolve() };
  }
  const logDir = process.env.E2E_LOG_DIR ?? join(root, 'e2e', 'artifacts', 'stack-logs');
  const stack = await startStack({ ports: 'free', quiet: true, logDir, web: process.env.E2E_WEB === 'dev' ? 'dev' : 'preview' });
  if (stack.webUrl === null) throw new Error('the stack started without its web app');
  return { webUrl: stack.webUrl, providerOrigin: stack.providerOrigin, stop: () => stack.stop() };
}
