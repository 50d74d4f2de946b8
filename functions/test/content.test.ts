import { PERMISSIONS_COLLECTION, permissionsFor, type Permissions } from '@punter/core/permissions';
import { describe, expect, it } from 'vitest';
import { clearGames, clearSignals, joinPot, postSignal, type ContentStore } from '../src/content';
import { createProviderCall } from '../src/provider-call';
import { sessionLogin, sessionRegister, sessionVerifyOtp } from '../src/session';
import { entries } from '@punter/provider/collections';
import { GATEWAY, ledgerCheck, readAccount, transfer } from '@punter/provider/ledger';
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
  const docs: Record<'signal' | 'games', Array<Record<string, unknown>>> = {
    signal: [],
    games: [
      { id: 'g1', status: 'Active' },
      { id: 'g2', status: 'Cut' },
      { id: 'g3', status: 'Boom' },
      { id: 'g4', status: 'Ended' },
    ],
  };
  const table: Record<string, Permissions> = { u1: active({ can_post_signal: true }), u2: active({}), u3: active({ role: 1 }) };
  const audits: Array<{ admin_id: string; action: string; target: string | null }> = [];
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
    deleteGamesWithStatus: (statuses) => {
      const kept = docs.games.filter((g) => !statuses.some((s) => s === g.status));
      const n = docs.games.length - kept.length;
      docs.games = kept;
      return Promise.resolve(n);
    },
    audit: (entry) => {
      audits.push(entry);
      return Promise.resolve();
    },
  };
  return { store, docs, audits };
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

  it('clears signals (poster) and the settled or ended games (role 1 only); an Active code stays', async () => {
    const { store, docs, audits } = fakeStore();
    await postSignal(store, poster, { status: 'start', group: 'A' });
    expect((await rejection(clearSignals(store, reader, {}))).code).toBe('permission-denied');
    expect(await clearSignals(store, poster, {})).toEqual({ deleted: 1, message: 'All documents successfully deleted!' });
    expect((await rejection(clearGames(store, poster, {}))).code).toBe('permission-denied');
    expect((await rejection(clearGames(store, admin, { extra: 1 }))).code).toBe('invalid-argument');
    expect(docs.games).toHaveLength(4);
    expect(await clearGames(store, admin, null)).toEqual({ deleted: 3, message: 'All documents successfully deleted!' });
    expect(docs.games).toEqual([{ id: 'g1', status: 'Active' }]);
    // Only the clear that happened is in the audit log, with the operator who did it (issue 16).
    expect(audits).toEqual([{ admin_id: admin.uid, action: 'games.clear', target: '3 cleared' }]);
  });

  it('joinPot forwards to join-auto-trada with the idempotency key and the step-up PIN, and maps its refusals', async () => {
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
    // The step-up PIN goes through to the provider, which checks it before anything else.
    const withPin = await rejection(joinPot(providerCall, caller, { ...body, pin: '1357' }));
    expect([withPin.code, withPin.details.message]).toEqual(['invalid-argument', 'Please create your transaction PIN first']);
    const badPin = await rejection(joinPot(providerCall, caller, { ...body, pin: '12ab' }));
    expect(badPin.code).toBe('invalid-argument');
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
    expect(docs.games).toHaveLength(4);
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
    expect(docs.games).toHaveLength(4);
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

describe('Clear Games and the escrow of paid codes (ADR 0020)', () => {
  const HOUR = 60 * 60 * 1000;
  const START = Date.parse('2026-12-01T18:00:00.000Z');

  /** The games callable over the provider's own store, as firestoreContent runs it over Firestore. */
  function providerContent(h: ReturnType<typeof harness>): ContentStore {
    return {
      ...h.permissions,
      addSignal: () => Promise.reject(new Error('not used')),
      deleteAll: () => Promise.reject(new Error('not used')),
      async deleteGamesWithStatus(statuses) {
        let deleted = 0;
        for (const status of statuses) {
          for (const doc of await h.store.query('games', { where: [['status', '==', status]] })) {
            await h.store.delete('games', doc.id);
            deleted += 1;
          }
        }
        return deleted;
      },
      // As firestoreContent writes it: straight into the provider's audit collection.
      audit: (entry) =>
        h.store.set('provider_audit', `audit_${entry.action}_${Date.now()}`, {
          id: `a${Date.now()}`,
          ...entry,
          created_at: Date.now(),
        }),
    };
  }

  /** A registered, phone-verified account with `changes` applied, `naira` in its wallet and PIN 1234; its token. */
  async function account(h: ReturnType<typeof harness>, changes: Record<string, unknown>, naira: number) {
    const payload = registration();
    const reg = await sessionRegister(h.session, payload);
    const id = reg.profile!.data.id;
    await sessionVerifyOtp(h.session, {
      otp: await latestCode(h.provider, reg.profile!.data.phone_number),
      otpType: 'PHONE-VERIFICATION',
      email: payload.email,
    });
    // The provider's user and the permissions document the callables read (ADR 0004).
    await h.store.update('provider_users', id, changes);
    await h.store.update(PERMISSIONS_COLLECTION, id, changes);
    if (naira > 0) {
      await h.store.runTransaction(async (tx) => {
        const wallet = await readAccount(tx, { kind: 'wallet', id });
        transfer(h.provider.deps, tx, {
          from: GATEWAY,
          to: wallet,
          amountKobo: naira * 100,
          type: 'FUNDING',
          narration: 'Test top up',
          reference: `test-topup:${id}`,
        });
      });
    }
    const token = (await sessionLogin(h.session, { email: payload.email, password: payload.password })).profile!.token;
    const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      h.provider.handle({ method, path, body, headers: { authorization: `Bearer ${token}`, ...headers } });
    await call('POST', '/api/v1/user/pin/set', { pin: '1234' });
    return { id, call };
  }

  it('keeps an unsettled paid code through Clear Games, so its Cut still refunds the buyer, once; the ledger sums to zero', async () => {
    let now = START - 2 * HOUR;
    const h = harness(() => now);
    const content = providerContent(h);
    const admin = await account(h, { role: 1 }, 0);
    const punter = await account(h, { can_post_game: true, can_monetize_game: true }, 0);
    const buyer = await account(h, {}, 1_000);
    const adminCaller = { uid: admin.id, claims: { role: 1 } };

    const post = async (title: string) => {
      const res = await punter.call('POST', '/api/v1/puntershub/create-code', {
        odd: '3.00',
        title,
        game_code: title.toUpperCase().replace(/\W/g, ''),
        platform: 'bet9ja',
        amount: 200,
        startDate: new Date(START).toISOString(),
        endDate: new Date(START + 2 * HOUR).toISOString(),
      });
      expect(res.status).toBe(200);
      return (res.body as { data: { id: string } }).data.id;
    };
    const settled = await post('Settled first');
    const open = await post('Still open');
    for (const id of [settled, open]) {
      const res = await buyer.call(
        'POST',
        '/api/v1/puntershub/buy-or-get-game',
        { game_id: id, amount: 200, pin: '1234' },
        { 'idempotency-key': `buy-${id}` },
      );
      expect(res.status).toBe(200);
    }
    const balance = async () =>
      ((await buyer.call('GET', '/api/v1/user/naira-wallet', undefined)).body as { data: { balance: number } }).data.balance;
    expect(await balance()).toBe(600);

    now = START + 3 * HOUR;
    expect((await punter.call('POST', '/api/v1/puntershub/settle-game', { game_id: settled, status: 'Cut' })).status).toBe(200);
    expect(await balance()).toBe(800);

    // Clear Games removes the settled code only; the unsettled one keeps its document and its escrow.
    expect(await clearGames(content, adminCaller, {})).toEqual({ deleted: 1, message: 'All documents successfully deleted!' });
    expect((await h.store.query('games')).map((d) => d.id)).toEqual([open]);
    // The console's audit log reads the entry the callable wrote: who cleared, and how many.
    const logs = await admin.call('GET', '/api/v1/admin/all-logs', undefined);
    expect(logs.status).toBe(200);
    expect((logs.body as { data: Array<{ admin_id: string; action: string; target: string | null }> }).data).toContainEqual(
      expect.objectContaining({ admin_id: admin.id, action: 'games.clear', target: '1 cleared' }),
    );

    // So its punter can still settle it Cut after the clear, and the buyer gets the ₦200 back once.
    const cut = await punter.call('POST', '/api/v1/puntershub/settle-game', { game_id: open, status: 'Cut' });
    expect(cut.status).toBe(200);
    expect((cut.body as { data: { refunded: number } }).data.refunded).toBe(1);
    expect(await balance()).toBe(1_000);
    // A second clear and a raced repeat of the settlement move nothing more.
    expect(await clearGames(content, adminCaller, {})).toEqual({ deleted: 1, message: 'All documents successfully deleted!' });
    await admin.call('POST', '/api/v1/puntershub/settle-game', { game_id: settled, status: 'Cut' });
    expect(await balance()).toBe(1_000);
    const refunds = (await entries(buyer.id).query(h.store)).filter((e) => e.data.type === 'REFUND');
    expect(refunds.map((e) => e.data.amount_kobo)).toEqual([20_000, 20_000]);
    expect(await ledgerCheck(h.store)).toEqual({ sumKobo: 0, mismatches: [] });
  });
  it('an admin corrects a Boom after Clear Games removed it: the payout comes back, the buyer is refunded once (ADR 0027)', async () => {
    let now = START - 2 * HOUR;
    const h = harness(() => now);
    const content = providerContent(h);
    const admin = await account(h, { role: 1 }, 0);
    const punter = await account(h, { can_post_game: true, can_monetize_game: true }, 0);
    const buyer = await account(h, {}, 1_000);
    const adminCaller = { uid: admin.id, claims: { role: 1 } };
    const posted = await punter.call('POST', '/api/v1/puntershub/create-code', {
      odd: '4.50',
      title: 'Landed, then disputed',
      game_code: 'DISPUTED45',
      platform: 'bet9ja',
      amount: 500,
      startDate: new Date(START).toISOString(),
      endDate: new Date(START + 2 * HOUR).toISOString(),
    });
    const gameId = (posted.body as { data: { id: string } }).data.id;
    const bought = await buyer.call(
      'POST',
      '/api/v1/puntershub/buy-or-get-game',
      { game_id: gameId, amount: 500, pin: '1234' },
      { 'idempotency-key': `buy-${gameId}` },
    );
    expect(bought.status).toBe(200);
    const balance = async (who: typeof buyer) =>
      ((await who.call('GET', '/api/v1/user/naira-wallet', undefined)).body as { data: { balance: number } }).data.balance;

    now = START + 3 * HOUR;
    expect((await punter.call('POST', '/api/v1/puntershub/settle-game', { game_id: gameId, status: 'Boom' })).status).toBe(200);
    // The punter's own Boom holds the sales for disputes; the admin's confirmation pays them (ADR 0039).
    expect(await balance(punter)).toBe(0);
    expect((await admin.call('POST', '/api/v1/puntershub/settle-game', { game_id: gameId, status: 'Boom' })).status).toBe(200);
    expect(await balance(punter)).toBe(500);
    // Clear Games takes the settled code off the Hub and moves no money.
    expect(await clearGames(content, adminCaller, {})).toEqual({ deleted: 1, message: 'All documents successfully deleted!' });
    expect(await h.store.query('games')).toEqual([]);
    expect([await balance(punter), await balance(buyer)]).toEqual([500, 500]);

    // The buyer says it was Cut; the admin corrects the cleared code.
    const corrected = await admin.call('POST', '/api/v1/puntershub/settle-game', { game_id: gameId, status: 'Cut' });
    expect(corrected.status).toBe(200);
    expect((corrected.body as { data: { refunded: number } }).data.refunded).toBe(1);
    expect([await balance(punter), await balance(buyer)]).toEqual([0, 1_000]);
    // Corrected again: nothing moves, and the cleared code does not come back to the Hub.
    const again = await admin.call('POST', '/api/v1/puntershub/settle-game', { game_id: gameId, status: 'Cut' });
    expect((again.body as { data: { refunded: number } }).data.refunded).toBe(0);
    expect([await balance(punter), await balance(buyer)]).toEqual([0, 1_000]);
    expect(await h.store.query('games')).toEqual([]);
    const refunds = (await entries(buyer.id).query(h.store)).filter((e) => e.data.type === 'REFUND');
    expect(refunds.map((e) => e.data.amount_kobo)).toEqual([50_000]);
    expect(await ledgerCheck(h.store)).toEqual({ sumKobo: 0, mismatches: [] });
    // The punter's record follows the correction.
    const punters = await buyer.call('GET', '/api/v1/puntershub/punters', undefined);
    const rows = (punters.body as { data: Array<{ games: number; won: number; lost: number }> }).data;
    expect(rows).toEqual([expect.objectContaining({ games: 1, won: 0, lost: 1 })]);
  });
});
