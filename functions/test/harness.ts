/** An in-process reference provider on the in-memory store, and fakes for the Firebase parts. */
import { expect } from 'vitest';
import type { CustomClaims } from '@punter/core/bridge-schemas';
import { PERMISSIONS_COLLECTION, parsePermissions } from '@punter/core/permissions';
import { createProvider, type Provider } from '@punter/provider/provider';
import { createMemoryStore } from '@punter/provider/store-memory';
import { BridgeError } from '../src/errors';
import type { PermissionsReader } from '../src/permissions';
import { inProcessProviderClient, type ProviderClient } from '../src/provider-client';
import type { SessionDeps } from '../src/session';

export function harness(now?: () => number) {
  const store = createMemoryStore();
  const provider: Provider = createProvider({ store, log: () => undefined, ...(now ? { now } : {}) });
  const client: ProviderClient = inProcessProviderClient(() => Promise.resolve(provider));
  const minted: Array<{ uid: string; claims: CustomClaims }> = [];
  const session: SessionDeps = {
    provider: client,
    mintToken: (uid, claims) => {
      minted.push({ uid, claims });
      return Promise.resolve(`custom-token-for-${uid}`);
    },
    log: () => undefined,
  };
  // The permissions documents the provider itself writes to its store (as the functions read them from Firestore).
  const permissions: PermissionsReader = {
    permissionsOf: async (uid) => parsePermissions(await store.get(PERMISSIONS_COLLECTION, uid)),
  };
  return { store, provider, client, session, minted, permissions };
}

let n = 0;
export function registration(overrides: Record<string, unknown> = {}) {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return {
    email: `bridge${tag}@example.com`,
    password: 'long enough pw',
    first_name: 'Bola',
    last_name: 'Ade',
    username: `bola${tag}`.slice(0, 30),
    phone_number: `0805${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    device_type: 'WEB',
    device_token: 'web-device-token',
    referral_code: '',
    marketing_channel: 'Others',
    gender: 'male',
    country: 'Nigeria',
    avatar_url: 'https://example.com/male.png',
    ...overrides,
  };
}

export async function latestCode(provider: Provider, phone: string): Promise<string> {
  const res = await provider.handle({ method: 'GET', path: '/sandbox/sms', query: { phone } });
  const code = (res.body as { messages: Array<{ code: string }> }).messages[0]?.code;
  if (!code) throw new Error('no sms');
  return code;
}

/**
 * A session callable refused bad input before reaching the provider: invalid-argument in SPEC section 8's shape
 * (status false, a message, the field named when given) and nothing stored.
 */
export async function expectBadInput(
  h: { store: { dump(): Map<string, unknown> } },
  promise: Promise<unknown>,
  field: string | undefined,
): Promise<void> {
  const error = await rejection(promise);
  expect(error.code).toBe('invalid-argument');
  expect(error.details.status).toBe(false);
  expect(error.details.message.length).toBeGreaterThan(0);
  if (field) expect(error.details.error.some((e) => e.field === field)).toBe(true);
  expect(h.store.dump().size).toBe(0);
}

/** The BridgeError a call rejects with; fails the test when it resolves or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<BridgeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BridgeError) return error;
    throw error;
  }
  throw new Error('expected a BridgeError');
}
