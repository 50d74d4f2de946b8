/**
 * The parts under the abuse limits: Store.increment on both stores (atomic under a burst), the
 * client address server.ts derives (X-Forwarded-For only from trusted proxies), and PROVIDER_LIMITS.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv, readEnv } from '../src/config';
import { clientAddress, createHttpServer } from '../src/server';
import { client, makeProvider } from './helpers';
import { firestoreEnv, memoryEnv, type StoreEnv } from './stores';

describe.each([
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
] as Array<[string, () => Promise<StoreEnv>]>)('Store.increment on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it('creates the document with its fields, adds atomically from two clients, and every caller sees at least its own count', async () => {
    const [a, b] = env.clients(2);
    const id = `counter-${Date.now()}-${Math.random()}`;
    const expireAt = new Date(Date.UTC(2030, 0, 1));
    const seen = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a! : b!).increment('provider_limits', id, 'count', 1, { bucket: 'test', expire_at: expireAt }),
      ),
    );
    const doc = await a!.get('provider_limits', id);
    expect(doc?.count).toBe(40);
    expect(doc?.bucket).toBe('test');
    // At most L callers ever see a value <= L: the values seen, sorted, never fall below 1..40.
    [...seen].sort((x, y) => x - y).forEach((value, i) => expect(value).toBeGreaterThanOrEqual(i + 1));
    expect(await a!.increment('provider_limits', id, 'count', 5)).toBe(45);
  });
});

describe('the client address', () => {
  const loopback = ['127.0.0.1', '::1'];
  it('is the socket address unless the socket is a trusted proxy; then the right-most hop the proxies did not add', () => {
    expect(clientAddress('203.0.113.1', '198.51.100.1', loopback)).toBe('203.0.113.1');
    expect(clientAddress('127.0.0.1', '198.51.100.1', loopback)).toBe('198.51.100.1');
    // A client writing its own X-Forwarded-For only adds hops further left: they are ignored.
    expect(clientAddress('127.0.0.1', 'spoofed, 198.51.100.2', loopback)).toBe('198.51.100.2');
    expect(clientAddress('127.0.0.1', undefined, loopback)).toBe('127.0.0.1');
    expect(clientAddress(undefined, undefined, loopback)).toBe('unknown');
  });

  it('over HTTP: a client that is not a trusted proxy cannot pick its source with X-Forwarded-For', async () => {
    // A fixed clock: the three logins fall in one minute's window however slow the machine is.
    const at = Date.parse('2026-11-22T08:00:30Z');
    const provider = makeProvider({ now: () => at, settings: { loginsPerSourcePerMinute: 2 } });
    // Loopback is not trusted here: this server takes only the socket address.
    const server = createHttpServer(provider, { trustedProxies: ['192.0.2.1'] });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const login = (forwardedFor: string) =>
        fetch(`${base}/api/v1/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: JSON.stringify({ email: 'someone@example.com', password: 'wrong-password' }),
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await login(`198.51.100.${i}`)).status);
      expect(statuses).toEqual([400, 400, 429]);
      // In-process callers that name a source are counted by it.
      expect(
        (
          await client(provider, '198.51.100.99').call('POST', '/api/v1/user/login', {
            email: 'someone@example.com',
            password: 'wrong-password',
          })
        ).status,
      ).toBe(400);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('PROVIDER_LIMITS and PROVIDER_TRUSTED_PROXIES', () => {
  it('override the limit settings; unknown keys and bad values are refused at start-up', () => {
    const env = readEnv({
      PROVIDER_LIMITS: '{"smsPerSourcePerHour":7,"pinMaxTries":3}',
      PROVIDER_TRUSTED_PROXIES: '192.0.2.10, 192.0.2.11',
    });
    expect(env.PROVIDER_TRUSTED_PROXIES).toEqual(['192.0.2.10', '192.0.2.11']);
    const { store } = makeProvider().deps;
    const options = optionsFromEnv(env, store);
    expect(options.settings).toMatchObject({ smsPerSourcePerHour: 7, pinMaxTries: 3 });
    expect(makeProvider(options).deps.settings.loginsPerSourcePerMinute).toBe(60);
    expect(() => readEnv({ PROVIDER_LIMITS: '{"smsPerSourcePerHour":0}' })).toThrow(/PROVIDER_LIMITS/);
    expect(() => readEnv({ PROVIDER_LIMITS: '{"noSuchLimit":5}' })).toThrow(/PROVIDER_LIMITS/);
    expect(() => readEnv({ PROVIDER_LIMITS: 'not json' })).toThrow(/PROVIDER_LIMITS: must be a JSON object/);
  });
});
