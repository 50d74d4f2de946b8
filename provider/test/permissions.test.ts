/**
 * The permissions document (ADR 0004): every change of role, can_post_*, suspension or
 * must_change_password leaves `user_permissions/{id}` matching the account, written in the same
 * transaction as the account itself.
 */
import { permissionsSchema, type Permissions } from '@punter/core/permissions';
import { describe, expect, it } from 'vitest';
import { C, users } from '../src/collections';
import { writePermissions } from '../src/context';
import type { Data, Store, Tx } from '../src/store';
import { createMemoryStore } from '../src/store-memory';
import { client, makeProvider, onboardedUser } from './helpers';

const PERMISSION_FIELDS = ['role', 'can_post_signal', 'can_post_game', 'can_monetize_game', 'suspended', 'must_change_password'];

/** A memory store that records, for each write to an account's permission fields, whether the permissions document was written with it. */
function recordingStore() {
  const inner = createMemoryStore();
  const unpaired: string[] = [];
  const touchesPermissions = (data: Data) => Object.keys(data).some((k) => PERMISSION_FIELDS.includes(k));
  const store: Store = {
    ...inner,
    get: (c, id) => inner.get(c, id),
    query: (c, spec) => inner.query(c, spec),
    delete: (c, id) => inner.delete(c, id),
    close: () => inner.close(),
    async set(c, id, data) {
      if (c === C.users && touchesPermissions(data)) unpaired.push(`set ${id} outside a transaction`);
      await inner.set(c, id, data);
    },
    async update(c, id, data) {
      if (c === C.users && touchesPermissions(data)) unpaired.push(`update ${id} outside a transaction`);
      await inner.update(c, id, data);
    },
    runTransaction: (fn) =>
      inner.runTransaction(async (tx) => {
        const changedUsers = new Set<string>();
        const permissionWrites = new Set<string>();
        const watch = (c: string, id: string, data: Data) => {
          if (c === C.users && touchesPermissions(data)) changedUsers.add(id);
          if (c === C.permissions) permissionWrites.add(id);
        };
        const wrapped: Tx = {
          get: (c, id) => tx.get(c, id),
          create: (c, id, data) => (watch(c, id, data), tx.create(c, id, data)),
          set: (c, id, data) => (watch(c, id, data), tx.set(c, id, data)),
          update: (c, id, data) => (watch(c, id, data), tx.update(c, id, data)),
          delete: (c, id) => tx.delete(c, id),
        };
        const result = await fn(wrapped);
        for (const id of changedUsers)
          if (!permissionWrites.has(id)) unpaired.push(`transaction changed ${id} without its permissions`);
        return result;
      }),
  };
  return { store, unpaired };
}

async function setup() {
  const { store, unpaired } = recordingStore();
  const provider = makeProvider({ store });
  const c = client(provider);
  const admin = await onboardedUser(provider);
  // The first admin is made by hand, as an operator would; its document too.
  await store.runTransaction(async (tx) => {
    const account = await users.get(tx, admin.id);
    if (!account) throw new Error('admin missing');
    users.update(tx, admin.id, { role: 1 });
    writePermissions(provider.deps, tx, admin.id, { ...account, role: 1 });
  });
  const user = await onboardedUser(provider);
  /** The stored document, and what it should say for the account as stored now. */
  async function check(id: string): Promise<Permissions> {
    const account = await users.get(store, id);
    const doc = permissionsSchema.parse(await store.get(C.permissions, id));
    expect(account).not.toBeNull();
    expect(doc).toEqual({
      active: !account?.suspended && !account?.must_change_password,
      role: account?.role,
      can_post_signal: account?.can_post_signal,
      can_post_game: account?.can_post_game,
      can_monetize_game: account?.can_monetize_game,
      subscription_expires_at: account?.subscription_expires_at,
      paused_until: account?.paused_until ?? null,
      updated_at: expect.any(Number) as number,
    });
    return doc;
  }
  return { provider, c, admin, user, check, unpaired, store };
}

describe('user_permissions/{id} follows the account', () => {
  it('register writes an active document with no permissions', async () => {
    const { user, check, unpaired } = await setup();
    expect(await check(user.id)).toMatchObject({ active: true, role: 0, can_post_signal: false });
    expect(unpaired).toEqual([]);
  });

  it('users/update grants and revokes can_post_* in the same transaction', async () => {
    const { c, admin, user, check, unpaired } = await setup();
    await c.call(
      'PUT',
      '/api/v1/users/update',
      { user_id: user.id, can_post_signal: true, can_post_game: true, can_monetize_game: true },
      admin.token,
    );
    expect(await check(user.id)).toMatchObject({
      active: true,
      can_post_signal: true,
      can_post_game: true,
      can_monetize_game: true,
    });
    await c.call(
      'PUT',
      '/api/v1/users/update',
      { user_id: user.id, can_post_signal: false, can_monetize_game: false },
      admin.token,
    );
    expect(await check(user.id)).toMatchObject({ can_post_signal: false, can_post_game: true, can_monetize_game: false });
    expect(unpaired).toEqual([]);
  });

  it('a refused change leaves the document as it was', async () => {
    const { c, admin, user, check } = await setup();
    const refused = await c.call('PUT', '/api/v1/users/update', { user_id: user.id, can_monetize_game: true }, admin.token);
    expect(refused.status).toBe(400);
    expect(await check(user.id)).toMatchObject({ can_monetize_game: false, can_post_game: false });
  });

  it('suspend makes it inactive, activate active again', async () => {
    const { c, admin, user, check, unpaired } = await setup();
    expect((await c.call('PUT', '/api/v1/users/suspend-account', { user_id: user.id }, admin.token)).status).toBe(200);
    expect(await check(user.id)).toMatchObject({ active: false });
    expect((await c.call('PUT', '/api/v1/users/activate', { user_id: user.id }, admin.token)).status).toBe(200);
    expect(await check(user.id)).toMatchObject({ active: true });
    expect(unpaired).toEqual([]);
  });

  it('admin/create gives role 1, admin/delete takes it away', async () => {
    const { c, admin, user, check, unpaired } = await setup();
    expect((await c.call('POST', '/api/v1/admin/create', { email: user.email }, admin.token)).status).toBe(200);
    expect(await check(user.id)).toMatchObject({ role: 1, active: true });
    expect((await c.call('DELETE', '/api/v1/admin/delete', { user_id: user.id }, admin.token)).status).toBe(200);
    expect(await check(user.id)).toMatchObject({ role: 0, active: true });
    expect(unpaired).toEqual([]);
  });

  it('must_change_password makes it inactive until the password is reset', async () => {
    const { c, admin, user, check, unpaired } = await setup();
    expect(
      (await c.call('PUT', '/api/v1/users/update', { user_id: user.id, must_change_password: true }, admin.token)).status,
    ).toBe(200);
    expect(await check(user.id)).toMatchObject({ active: false });
    const login = await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password });
    expect(login.body.code).toBe(206);
    const otp = await c.latestSms(user.phone);
    const reset = await c.call('POST', '/api/v1/user/password/reset', {
      email: user.email,
      otp,
      password: 'a new password 2',
      confirm_password: 'a new password 2',
    });
    expect(reset.status).toBe(200);
    expect(await check(user.id)).toMatchObject({ active: true });
    expect(unpaired).toEqual([]);
  });
});
