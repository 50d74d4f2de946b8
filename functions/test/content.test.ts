import { permissionsFor, type Permissions } from '@punter/core/permissions';
import { describe, expect, it } from 'vitest';
import { clearGames, clearSignals, joinPot, postSignal, type ContentStore } from '../src/content';
import { createProviderCall } from '../src/provider-call';
import { sessionLogin, sessionRegister, sessionVerifyOtp } from '../src/session';
import { harness, latestCode, registration, rejection } from './harness';

const active = (changes: Partial<Permissions>): Permissions => ({
  ...permissionsFor(
    {
      role: 0,
      can_post_signal: false,
      can_post_game: false,
      can_monetize_game: false,
      suspended: false,
      must_change_password: false,
      subscription_expires_at: null,
    },
    0,
  ),
  ...changes,
});

/** Signal and games collections in memory; permissions from `permissions` (a fixed table unless given). */
function fakeStore(permissions?: ContentStore['permissionsOf']) {
  const docs: Record<'signal' | 'games', Array<Record<string, unknown>>> = { signal: [], games: [{ id: 'g1' }, { id: 'g2' }] };
  const table: Record<string, Permissions> = { u1: active({ can_post_signal: true }), u2: active({}), u3: active({ role: 1 }) };
  const store: ContentStore = {
    permissionsOf: permissions ?? ((uid) => Promise.resolve(table[uid] ?? null)),
    addSignal: (doc) => {
      docs.signal.push(doc);
      return Promise.resolve(`s${docs.signal.length}`);
    },
    deleteAll: (collection) => {
      const n = docs[collection].length;
      docs[collection] = [];
      return Promise.resolve(n);
    },
  };
  return { store, docs };
}

const poster = { uid: 'u1', claims: { can_post_signal: true, role: 0 } };
const reader = { uid: 'u2', claims: { can_post_signal: false, role: 0 } };
const admin = { uid: 'u3', claims: { can_post_signal: false, role: 1 } };

describe('signal and games callables', () => {
  it('posts a signal with SPEC title and message for a poster only', async () => {
    const { store, docs } = fakeStore();
    const at = new Date('2026-11-22T08:00:00Z');
    expect(await postSignal(store, poster, { status: 'boom', group: 'C sub' }, at)).toEqual({
      id: 's1',
      message: 'Message sent successfully',
    });
    expect(docs.signal[0]).toEqual({
      title: 'Boom',
      details: 'Boom, game played',
      group: 'C sub',
      status: 'Active',
      created_at: '2026-11-22T08:00:00.000Z',
    });
    expect((await rejection(postSignal(store, reader, { status: 'boom', group: 'A' }))).code).toBe('permission-denied');
    expect((await rejection(postSignal(store, null, { status: 'boom', group: 'A' }))).code).toBe('unauthenticated');
    expect((await rejection(postSignal(store, poster, { status: 'nope', group: 'A' }))).code).toBe('invalid-argument');
    expect((await rejection(postSignal(store, poster, { status: 'start', group: 'Z' }))).code).toBe('invalid-argument');
    expect(docs.signal).toHaveLength(1);
  });

  it('clears signals (poster) and games (role 1 only)', async () => {
    const { store, docs } = fakeStore();
    await postSignal(store, poster, { status: 'start', group: 'A' });
    expect((await rejection(clearSignals(store, reader, {}))).code).toBe('permission-denied');
    expect(await clearSignals(store, poster, {})).toEqual({ deleted: 1, message: 'All documents successfully deleted!' });
    expect((await rejection(clearGames(store, poster, {}))).code).toBe('permission-denied');
    expect((await rejection(clearGames(store, admin, { extra: 1 }))).code).toBe('invalid-argument');
    expect(docs.games).toHaveLength(2);
    expect(await clearGames(store, admin, null)).toEqual({ deleted: 2, message: 'All documents successfully deleted!' });
  });

  it('joinPot forwards to join-auto-trada with the idempotency key and maps its refusals', async () => {
    const h = harness();
    const providerCall = createProviderCall({ provider: h.client, permissions: h.permissions });
    const payload = registration();
    const reg = await sessionRegister(h.session, payload);
    const otp = await latestCode(h.provider, reg.profile!.data.phone_number);
    const v = await sessionVerifyOtp(h.session, { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
    const caller = { uid: v.profile!.data.id, claims: {} };
    await h.store.set('trading_pots', 'p1', {
      id: 'p1',
      pot_volume: 100_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 5,
      duration: 1,
      status: 'Raising',
    });
    const body = {
      pot_id: 'p1',
      amount: 10_000,
      acceptRisk: true as const,
      idempotencyKey: 'join-pot-key-1',
      token: v.profile!.token,
    };
    const noSub = await rejection(joinPot(providerCall, caller, body));
    expect([noSub.code, noSub.details.message]).toEqual([
      'permission-denied',
      'Your subscription has expired. Please subscribe to join a pot.',
    ]);
    const fractional = await rejection(joinPot(providerCall, caller, { ...body, amount: 10_000.123 }));
    expect(fractional.code).toBe('invalid-argument');
    const noToken = await rejection(joinPot(providerCall, caller, { ...body, token: undefined }));
    expect(noToken.code).toBe('invalid-argument');
    expect((await rejection(joinPot(providerCall, null, body))).code).toBe('unauthenticated');
    // A uid with no permissions document is no session of the app's; another user's token is covered in provider-call.test.ts.
    expect((await rejection(joinPot(providerCall, { uid: 'someone-else', claims: {} }, body))).code).toBe('unauthenticated');
  });
});

describe('a permission taken away stops working at once (ADR 0004)', () => {
  /** A provider with an admin, a user signed in through the session callables, and the callables on the provider's own permissions documents. */
  async function setup() {
    const h = harness();
    const adminPayload = registration();
    const adminReg = await sessionRegister(h.session, adminPayload);
    await sessionVerifyOtp(h.session, {
      otp: await latestCode(h.provider, adminReg.profile!.data.phone_number),
      otpType: 'PHONE-VERIFICATION',
      email: adminPayload.email,
    });
    await h.store.update('provider_users', adminReg.profile!.data.id, { role: 1 });
    const adminToken = (await sessionLogin(h.session, { email: adminPayload.email, password: adminPayload.password })).profile!
      .token;
    const userPayload = registration();
    const userReg = await sessionRegister(h.session, userPayload);
    await sessionVerifyOtp(h.session, {
      otp: await latestCode(h.provider, userReg.profile!.data.phone_number),
      otpType: 'PHONE-VERIFICATION',
      email: userPayload.email,
    });
    const uid = userReg.profile!.data.id;
    const asAdmin = async (method: string, path: string, body: unknown) => {
      const res = await h.provider.handle({ method, path, body, headers: { authorization: `Bearer ${adminToken}` } });
      expect(res.status).toBe(200);
    };
    /** Logs the user in; the caller carries the claims minted at that moment (as the Firebase ID token would). */
    const login = async () => {
      const result = await sessionLogin(h.session, { email: userPayload.email, password: userPayload.password });
      const minted = h.minted.at(-1)!;
      expect(minted.uid).toBe(uid);
      return { caller: { uid, claims: { ...minted.claims } }, token: result.profile!.token };
    };
    const { store, docs } = fakeStore(h.permissions.permissionsOf);
    return { h, uid, asAdmin, login, store, docs };
  }

  it('grant -> login -> revoke: postSignal and clearSignals are refused at once, with the claim still in the token', async () => {
    const { uid, asAdmin, login, store, docs } = await setup();
    await asAdmin('PUT', '/api/v1/users/update', { user_id: uid, can_post_signal: true });
    const { caller } = await login();
    expect(caller.claims.can_post_signal).toBe(true);
    await postSignal(store, caller, { status: 'start', group: 'A' });
    await asAdmin('PUT', '/api/v1/users/update', { user_id: uid, can_post_signal: false });
    expect(caller.claims.can_post_signal).toBe(true);
    expect((await rejection(postSignal(store, caller, { status: 'boom', group: 'A' }))).code).toBe('permission-denied');
    expect((await rejection(clearSignals(store, caller, {}))).code).toBe('permission-denied');
    expect(docs.signal).toHaveLength(1);
  });

  it("a demoted admin's clearGames is refused at once", async () => {
    const { h, uid, asAdmin, login, store, docs } = await setup();
    const user = await h.store.get('provider_users', uid);
    await asAdmin('POST', '/api/v1/admin/create', { email: String(user?.email) });
    const { caller } = await login();
    expect(caller.claims.role).toBe(1);
    await asAdmin('DELETE', '/api/v1/admin/delete', { user_id: uid });
    expect((await rejection(clearGames(store, caller, {}))).code).toBe('permission-denied');
    expect(docs.games).toHaveLength(2);
  });

  it("a suspended user's callables are all refused at once (unauthenticated: the session is over)", async () => {
    const { h, uid, asAdmin, login, store, docs } = await setup();
    await asAdmin('PUT', '/api/v1/users/update', { user_id: uid, can_post_signal: true });
    const { caller, token } = await login();
    const providerCall = createProviderCall({ provider: h.client, permissions: h.permissions });
    await h.store.set('trading_pots', 'p1', {
      id: 'p1',
      pot_volume: 100_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 5,
      duration: 1,
      status: 'Raising',
    });
    expect((await providerCall(uid, { method: 'GET', path: '/api/v1/user/naira-wallet', token })).status).toBe(200);
    await asAdmin('PUT', '/api/v1/users/suspend-account', { user_id: uid });
    const refusals = await Promise.all([
      rejection(postSignal(store, caller, { status: 'boom', group: 'A' })),
      rejection(clearSignals(store, caller, {})),
      rejection(clearGames(store, { ...caller, claims: { role: 1 } }, {})),
      rejection(providerCall(uid, { method: 'GET', path: '/api/v1/user/naira-wallet', token })),
      rejection(joinPot(providerCall, caller, { pot_id: 'p1', amount: 10_000, idempotencyKey: 'join-after-suspension', token })),
    ]);
    expect(refusals.map((r) => [r.code, r.message])).toEqual(
      Array(5).fill(['unauthenticated', 'Your session has ended. Please log in again.']),
    );
    expect(docs.signal).toHaveLength(0);
    expect(docs.games).toHaveLength(2);
  });

  it('a Firebase user with no permissions document (not a session the app created) is refused before the provider is asked', async () => {
    const { h, uid, login } = await setup();
    const { token } = await login();
    await h.store.delete('user_permissions', uid);
    const providerCall = createProviderCall({ provider: h.client, permissions: h.permissions });
    const refused = await rejection(providerCall(uid, { method: 'GET', path: '/api/v1/user/naira-wallet', token }));
    expect(refused.code).toBe('unauthenticated');
  });
});
