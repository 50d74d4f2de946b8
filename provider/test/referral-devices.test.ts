/**
 * Issue 31 item 2, devices (ADR 0051): no referral bonus between accounts used on one device. The web sends
 * its per-install device id as `device_token` at registration and at the PIN check; the provider keeps only
 * an HMAC of it and refuses the bonus, audited, when the referrer and the referred share a device. On the
 * in-memory store and on Firestore through the project's own emulator (two provider instances).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, userDevices } from '../src/collections';
import { deviceHash } from '../src/devices';
import { HOUSE, accountBalanceKobo, ledgerCheck } from '../src/ledger';
import type { Provider } from '../src/provider';
import type { Store } from '../src/store';
import { createMemoryStore } from '../src/store-memory';
import { client, makeProvider, onboardedUser, registrationPayload, topUp } from './helpers';
import { expectLedgerMatchesBalance, firestoreEnv, memoryEnv, type StoreEnv } from './stores';

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

type User = Awaited<ReturnType<typeof onboardedUser>>;

const codeOf = async (store: Store, user: User) => String((await store.get(C.users, user.id))?.referral_code);

async function subscribedUser(provider: Provider, funds: number, overrides: Record<string, unknown> = {}): Promise<User> {
  const user = await onboardedUser(provider, overrides);
  await topUp(provider, user.token, user.email, funds + 2_000);
  const sub = await client(provider).call('POST', '/api/v1/user/subscribe', {}, user.token, {
    'idempotency-key': `sub-${user.id}`,
  });
  if (sub.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(sub.body)}`);
  return user;
}

/** A join, answered once its referrer's bonus is in the wallet (paid a second after the join, ADR 0055). */
async function join(provider: Provider, user: User, potId: string, key: string) {
  const res = await client(provider).call(
    'POST',
    '/api/v1/user/join-auto-trada',
    { amount: 10_000, pot_id: potId, acceptRisk: true },
    user.token,
    { 'idempotency-key': key },
  );
  await provider.countsFolded();
  return res;
}

async function refusals(store: Store, userId: string) {
  const docs = await store.query('provider_audit', { where: [['admin_id', '==', userId]] });
  return docs
    .map((d) => d.data as { action: string; target: string | null })
    .filter((a) => a.action.startsWith('referral.bonus.refused.'))
    .map((a) => [a.action, a.target]);
}

const balance = async (store: Store, user: User) => (await expectLedgerMatchesBalance(store, user.id)).balanceKobo;

describe.each(envs)('referral bonuses and devices on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  let potSeq = 0;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  async function newPot(store: Store): Promise<string> {
    potSeq += 1;
    const id = `dev-pot-${Date.now().toString(36)}-${potSeq}`;
    await store.set('trading_pots', id, {
      id,
      pot_volume: 1_000_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 10,
      duration: 1,
      status: 'Raising',
      type: 'Over 1.5',
      manager: 'Musa',
    });
    return id;
  }

  it('two accounts registered from one device: no bonus at the join or when due, audited; the join goes through', async () => {
    const [store] = env.clients(1);
    const lines: string[] = [];
    const provider = makeProvider({ store: store!, log: (m, f) => lines.push(JSON.stringify({ m, ...f })) });
    const device = crypto.randomUUID();
    const referrer = await onboardedUser(provider, { device_token: device });
    const joiner = await subscribedUser(provider, 10_000, {
      device_token: device,
      referral_code: await codeOf(store!, referrer),
    });
    const pot = await newPot(store!);
    const houseBefore = await accountBalanceKobo(store!, HOUSE.ref);
    expect((await join(provider, joiner, pot, 'join-shared-device')).status).toBe(200);
    expect(await balance(store!, referrer)).toBe(0);
    expect(await accountBalanceKobo(store!, { kind: 'pot', id: pot })).toBe(1_000_000);
    await store!.update('trading_pots', pot, { status: 'Due' });
    await provider.tickPots();
    expect(await balance(store!, referrer)).toBe(0);
    expect(await accountBalanceKobo(store!, HOUSE.ref)).toBe(houseBefore);
    expect(await refusals(store!, joiner.id)).toEqual([['referral.bonus.refused.shared-device', referrer.id]]);

    // Only a keyed hash is kept: the raw token is in no device record and no log line.
    const kept = await userDevices.query(store!, { where: [['user_id', '==', joiner.id]] });
    expect(kept.map((d) => d.data.device_hash)).toEqual([deviceHash('demo-device-key: local development only', device)]);
    expect(JSON.stringify(kept)).not.toContain(device);
    expect(lines.join('\n')).not.toContain(device);
    expect(await ledgerCheck(store!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('accounts on different devices: the referrer earns both bonuses', async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const referrer = await onboardedUser(provider, { device_token: crypto.randomUUID() });
    const joiner = await subscribedUser(provider, 10_000, {
      device_token: crypto.randomUUID(),
      referral_code: await codeOf(store!, referrer),
    });
    const pot = await newPot(store!);
    expect((await join(provider, joiner, pot, 'join-own-devices')).status).toBe(200);
    expect(await balance(store!, referrer)).toBe(25_000);
    await store!.update('trading_pots', pot, { status: 'Due' });
    await provider.tickPots();
    expect(await balance(store!, referrer)).toBe(50_000);
    expect(await refusals(store!, joiner.id)).toEqual([]);
    expect(await ledgerCheck(store!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it("the referred account's PIN checked on the referrer's device after the join stops the second bonus", async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const referrerDevice = crypto.randomUUID();
    const referrer = await onboardedUser(provider, { device_token: referrerDevice });
    const joiner = await subscribedUser(provider, 10_000, {
      device_token: crypto.randomUUID(),
      referral_code: await codeOf(store!, referrer),
    });
    const pot = await newPot(store!);
    expect((await join(provider, joiner, pot, 'join-pin-later')).status).toBe(200);
    expect(await balance(store!, referrer)).toBe(25_000);
    // A wrong PIN records nothing; the right one records the device.
    const c = client(provider);
    const wrong = await c.call('POST', '/api/v1/user/pin/verify', { pin: '9999', device_token: referrerDevice }, joiner.token);
    expect(wrong.status).not.toBe(200);
    expect(await userDevices.query(store!, { where: [['user_id', '==', joiner.id]] })).toHaveLength(1);
    const right = await c.call('POST', '/api/v1/user/pin/verify', { pin: '1234', device_token: referrerDevice }, joiner.token);
    expect(right.status).toBe(200);
    await store!.update('trading_pots', pot, { status: 'Due' });
    await provider.tickPots();
    expect(await balance(store!, referrer)).toBe(25_000);
    expect(await refusals(store!, joiner.id)).toEqual([['referral.bonus.refused.shared-device', referrer.id]]);
    expect(await ledgerCheck(store!)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it("SPEC's fixed placeholder names no device: two accounts that send it still earn bonuses", async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store! });
    const referrer = await onboardedUser(provider, { device_token: 'web-device-token' });
    const joiner = await subscribedUser(provider, 10_000, {
      device_token: 'web-device-token',
      referral_code: await codeOf(store!, referrer),
    });
    const pot = await newPot(store!);
    expect((await join(provider, joiner, pot, 'join-placeholder')).status).toBe(200);
    expect(await balance(store!, referrer)).toBe(25_000);
    expect(await userDevices.query(store!, { where: [['user_id', '==', joiner.id]] })).toEqual([]);
  });

  it("20 joins at once on two provider instances by a user on his referrer's device pay no bonus; 20 refusals audited; the ledger sums to zero", async () => {
    const [s1, s2] = env.clients(2);
    const a = makeProvider({ store: s1! });
    const b = makeProvider({ store: s2! });
    const device = crypto.randomUUID();
    const referrer = await onboardedUser(a, { device_token: device });
    const joiner = await subscribedUser(a, 200_000, { device_token: device, referral_code: await codeOf(s1!, referrer) });
    const pot = await newPot(s1!);
    const houseBefore = await accountBalanceKobo(s1!, HOUSE.ref);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => join(i % 2 === 0 ? a : b, joiner, pot, `join-race-device-${i}`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await balance(s1!, referrer)).toBe(0);
    expect(await balance(s1!, joiner)).toBe(0);
    expect(await accountBalanceKobo(s1!, { kind: 'pot', id: pot })).toBe(20_000_000);
    expect(await accountBalanceKobo(s1!, HOUSE.ref)).toBe(houseBefore);
    expect(await refusals(s1!, joiner.id)).toHaveLength(20);
    expect(await ledgerCheck(s1!)).toEqual({ sumKobo: 0, mismatches: [] });
  });
});

describe('device tokens at registration and the PIN check', () => {
  it('refuses a device token that is too long or has other characters, with a 400 that names it', async () => {
    const provider = makeProvider();
    const c = client(provider, 'test-device-bad');
    for (const bad of ['x'.repeat(129), 'a b', 'dev/ice', '', 'tok\u0000en']) {
      const res = await c.call('POST', '/api/v1/user/register', registrationPayload({ device_token: bad }));
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/Device token/);
    }
    const user = await onboardedUser(provider);
    const res = await c.call('POST', '/api/v1/user/pin/verify', { pin: '1234', device_token: 'a'.repeat(129) }, user.token);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/Device token must not be more than 128 characters/);
  });

  it('hashes with the configured key: the record holds HMAC(key, token), another key gives another hash', async () => {
    const device = crypto.randomUUID();
    const store = createMemoryStore();
    const key = 'k'.repeat(40);
    const provider = makeProvider({ store, settings: { deviceKey: key } });
    const user = await onboardedUser(provider, { device_token: device });
    const kept = await userDevices.query(store, { where: [['user_id', '==', user.id]] });
    expect(kept.map((d) => d.data.device_hash)).toEqual([deviceHash(key, device)]);
    expect(deviceHash(key, device)).not.toBe(deviceHash('demo-device-key: local development only', device));
  });
});
