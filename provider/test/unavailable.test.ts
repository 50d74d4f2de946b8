/**
 * While Firestore is unreachable the provider answers 503 within a few seconds (issue 10 section 5)
 * instead of hanging while firebase-admin retries for about a minute: a real Firestore store pointed
 * at a port nobody listens on, behind the real HTTP server.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '../src/provider';
import { createHttpServer } from '../src/server';
import { createFirestoreStore } from '../src/store-firestore';
import type { Store } from '../src/store';
import { makeProvider, registrationPayload } from './helpers';

/** A port that was free a moment ago and is closed now. */
async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

let store: Store;
let provider: Provider;
const server = () => createHttpServer(provider);
let http: ReturnType<typeof server>;
let base = '';

beforeAll(async () => {
  store = createFirestoreStore({
    projectId: 'demo-punter',
    emulatorHost: `127.0.0.1:${await deadPort()}`,
    appName: `dead-${process.pid}`,
  });
  provider = makeProvider({ store });
  http = server();
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
// The store is not closed: firebase-admin is still retrying the abandoned reads, and terminating the
// client under them rejects promises inside the SDK that nothing awaits. The test process ends anyway.
afterAll(() => new Promise<void>((r) => http.close(() => r())));

const unavailable = {
  status: false,
  message: 'The service is temporarily unavailable. Please try again.',
  error: [{ message: 'The service is temporarily unavailable. Please try again.' }],
};

describe('Firestore unreachable', () => {
  it.each([
    ['login (a read)', 'POST', '/api/v1/user/login', { email: 'ada@example.com', password: 'correct horse 1' }, {}],
    ['register (a transaction)', 'POST', '/api/v1/user/register', registrationPayload(), {}],
    ['the wallet (a token check)', 'GET', '/api/v1/user/naira-wallet', undefined, { authorization: 'Bearer some-token' }],
  ] as const)(
    '%s answers 503 within 10 s',
    async (_name, method, path, body, headers) => {
      const started = Date.now();
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(unavailable);
      expect(elapsed).toBeLessThan(10_000);
    },
    60_000,
  );
});
