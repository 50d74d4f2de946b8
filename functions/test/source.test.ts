/**
 * The callable's client address reaches the provider's per-source abuse limits: in-process as the
 * request's `source`, over HTTP as X-Forwarded-For (which the provider trusts only from its proxies).
 */
import { describe, expect, it } from 'vitest';
import { createProvider } from '@punter/provider/provider';
import { createMemoryStore } from '@punter/provider/store-memory';
import type { ProviderRequest } from '@punter/provider/http';
import { sourceOf } from '../src/callable';
import { createProviderCall } from '../src/provider-call';
import { httpProviderClient, inProcessProviderClient, type FetchFn, type ProviderClient } from '../src/provider-client';
import { sessionLogin, sessionRegister, type SessionDeps } from '../src/session';
import { registration, rejection } from './harness';

function recordingClient(answer: { status: number; body: unknown }) {
  const seen: ProviderRequest[] = [];
  const client: ProviderClient = {
    mode: 'in-process',
    call: (req) => {
      seen.push(req);
      return Promise.resolve(answer);
    },
  };
  return { client, seen };
}

describe('the client address', () => {
  it("is the callable's rawRequest.ip, or nothing when the runtime gives none", () => {
    expect(sourceOf({ rawRequest: { ip: '203.0.113.5' } } as Parameters<typeof sourceOf>[0])).toBe('203.0.113.5');
    expect(sourceOf({ rawRequest: { ip: '' } } as Parameters<typeof sourceOf>[0])).toBeUndefined();
  });

  it('is passed on by the session callables and providerCall', async () => {
    const { client, seen } = recordingClient({
      status: 400,
      body: { status: false, message: 'Invalid email or password', error: [] },
    });
    const deps: SessionDeps = { provider: client, mintToken: () => Promise.resolve('t') };
    await rejection(sessionLogin(deps, { email: 'a@example.com', password: 'long enough pw' }, '203.0.113.6'));
    expect(seen.at(-1)?.source).toBe('203.0.113.6');

    const profile = { status: 200, body: { status: true, data: { id: 'uid-1' } } };
    const proxied = recordingClient(profile);
    // An active member: the permissions check passes, so the call reaches the provider.
    const member = {
      active: true,
      role: 0,
      can_post_signal: false,
      can_post_game: false,
      can_monetize_game: false,
      subscription_expires_at: null,
      paused_until: null,
      updated_at: 0,
    };
    const call = createProviderCall({ provider: proxied.client, permissions: { permissionsOf: () => Promise.resolve(member) } });
    await call(
      'uid-1',
      { method: 'GET', path: '/api/v1/user/naira-wallet', token: 'a-token-long-enough-for-the-schema' },
      '203.0.113.7',
    );
    expect(proxied.seen.at(-1)).toMatchObject({ path: '/api/v1/user/naira-wallet', source: '203.0.113.7' });
  });

  it('goes over HTTP as X-Forwarded-For', async () => {
    const headers: Array<Record<string, string>> = [];
    const fetchFn: FetchFn = (_url, init) => {
      headers.push({ ...(init?.headers as Record<string, string>) });
      return Promise.resolve(new Response('{"status":true}', { status: 200 }));
    };
    await httpProviderClient('http://127.0.0.1:1/api/v1', fetchFn).call({
      method: 'POST',
      path: '/api/v1/user/login',
      body: {},
      source: '203.0.113.8',
    });
    expect(headers[0]?.['x-forwarded-for']).toBe('203.0.113.8');
  });

  it('limits registrations per client address through the callables: another address is not slowed', async () => {
    // A clock that stands still: the hourly window cannot roll over mid-test.
    const at = Date.parse('2026-11-22T08:00:30Z');
    const provider = createProvider({
      store: createMemoryStore(),
      now: () => at,
      log: () => undefined,
      settings: { registrationsPerSourcePerHour: 1 },
    });
    const deps: SessionDeps = {
      provider: inProcessProviderClient(() => Promise.resolve(provider)),
      mintToken: () => Promise.resolve('t'),
    };
    expect((await sessionRegister(deps, registration(), '203.0.113.9')).profile?.code).toBe(201);
    const second = await rejection(sessionRegister(deps, registration(), '203.0.113.9'));
    expect([second.code, second.details.message]).toEqual([
      'resource-exhausted',
      'Too many accounts have been created from your network. Please try again in an hour.',
    ]);
    expect((await sessionRegister(deps, registration(), '198.51.100.9')).profile?.code).toBe(201);
  });
});
