/**
 * The typed collection layer: what is read is parsed, and a stored document that does not match its
 * schema is a clear error naming the collection and the id (never its values), at the read.
 */
import { describe, expect, it } from 'vitest';
import { StoredDocumentError, entries, tokens, users, wallets } from '../src/collections';
import { createMemoryStore } from '../src/store-memory';
import { client, makeProvider, onboardedUser, topUp } from './helpers';

const wellFormedUser = {
  id: 'u1',
  first_name: 'Ada',
  last_name: 'Obi',
  email: 'ada@example.com',
  username: 'ada',
  phone_number: '+2348031234567',
  country: 'Nigeria',
  gender: 'female',
  avatar_url: 'https://example.com/a.png',
  device_type: 'WEB',
  marketing_channel: 'Others',
  referral_code: 'ABCDEFGH',
  referred_by: null,
  role: 0,
  can_post_signal: false,
  can_post_game: false,
  can_monetize_game: false,
  password_hash: 'scrypt$secret-hash-value',
  phone_verified: true,
  must_change_password: false,
  pin_hash: null,
  pin_failed: 0,
  pin_locked_until: 0,
  suspended: false,
  subscription_expires_at: null,
  created_at: 1_700_000_000_000,
};

describe('typed collections', () => {
  it('reads a well-formed document as stored, and a missing one as null', async () => {
    const store = createMemoryStore();
    await store.set(users.path, 'u1', wellFormedUser);
    expect(await users.get(store, 'u1')).toEqual(wellFormedUser);
    expect(await users.get(store, 'nobody')).toBeNull();
  });

  it('a malformed document is a StoredDocumentError naming the collection, the id and the field, not the values', async () => {
    const store = createMemoryStore();
    await store.set(users.path, 'u1', { ...wellFormedUser, role: 'admin' });
    const read = users.get(store, 'u1');
    await expect(read).rejects.toBeInstanceOf(StoredDocumentError);
    await expect(read).rejects.toThrow(/^Stored document provider_users\/u1 does not match its schema \(role: /);
    const error = await users.get(store, 'u1').catch((e: unknown) => e);
    expect(String(error)).not.toContain('scrypt$secret-hash-value');
    expect(String(error)).not.toContain('admin');
  });

  it('the same inside a transaction: the transaction fails and writes nothing', async () => {
    const store = createMemoryStore();
    await store.set(wallets.path, 'u1', { user_id: 'u1', balance_kobo: 12.5, seq: 1, updated_at: 0 });
    const run = store.runTransaction(async (tx) => {
      await wallets.get(tx, 'u1');
      wallets.set(tx, 'u1', { user_id: 'u1', balance_kobo: 0, seq: 2, updated_at: 1 });
    });
    await expect(run).rejects.toThrow(/provider_wallets\/u1 .*balance_kobo/);
    expect(await store.get(wallets.path, 'u1')).toEqual({ user_id: 'u1', balance_kobo: 12.5, seq: 1, updated_at: 0 });
  });

  it('a query names the one malformed document among good ones; ids() lists them all unparsed', async () => {
    const store = createMemoryStore();
    await store.set(tokens.path, 'good', { user_id: 'u1', created_at: 1, expires_at: 2 });
    await store.set(tokens.path, 'bad', { user_id: 'u1', created_at: 1 });
    await expect(tokens.query(store)).rejects.toThrow(/provider_tokens\/bad .*expires_at/);
    expect((await tokens.ids(store, { where: [['user_id', '==', 'u1']] })).sort()).toEqual(['bad', 'good']);
  });

  it('subcollections carry their full path in the error', async () => {
    const store = createMemoryStore();
    await store.set(entries('u1').path, 'e1', { id: 'e1', type: 'LOTTERY' });
    await expect(entries('u1').get(store, 'e1')).rejects.toThrow(
      /^Stored document provider_wallets\/u1\/entries\/e1 does not match/,
    );
  });

  it('over HTTP a malformed wallet answers the generic 500, logs which document, and moves no money', async () => {
    const lines: string[] = [];
    const store = createMemoryStore();
    const provider = makeProvider({ store, log: (message, fields) => lines.push(JSON.stringify({ message, ...fields })) });
    const user = await onboardedUser(provider);
    await topUp(provider, user.token, user.email, 1000);
    await store.update(wallets.path, user.id, { balance_kobo: '100000' });
    const c = client(provider);
    const balance = await c.call('GET', '/api/v1/user/naira-wallet', undefined, user.token);
    expect(balance.status).toBe(500);
    expect(balance.body.message).toBe('Something went wrong. Please try again.');
    const withdraw = await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: user.bankId, amount: 500, pin: '1234' },
      user.token,
      {
        'idempotency-key': 'malformed-wallet-0001',
      },
    );
    expect(withdraw.status).toBe(500);
    expect(await store.get(wallets.path, user.id)).toMatchObject({ balance_kobo: '100000', seq: 1 });
    expect((await entries(user.id).query(store)).map((e) => e.data.type)).toEqual(['FUNDING']);
    expect(lines.some((l) => l.includes(`provider_wallets/${user.id} does not match its schema (balance_kobo:`))).toBe(true);
  });
});
