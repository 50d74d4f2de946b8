import { describe, expect, it } from 'vitest';
import { clearGames, clearSignals, joinPot, postSignal, type ContentStore } from '../src/content';
import { createProviderCall } from '../src/provider-call';
import { sessionRegister, sessionVerifyOtp } from '../src/session';
import { harness, latestCode, registration, rejection } from './harness';

function fakeStore() {
  const docs: Record<'signal' | 'games', Array<Record<string, unknown>>> = { signal: [], games: [{ id: 'g1' }, { id: 'g2' }] };
  const store: ContentStore = {
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
    expect(await postSignal(store, poster, { status: 'boom', group: 'C sub' }, at)).toEqual({ id: 's1', message: 'Message sent successfully' });
    expect(docs.signal[0]).toEqual({ title: 'Boom', details: 'Boom, game played', group: 'C sub', status: 'Active', created_at: '2026-11-22T08:00:00.000Z' });
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
    const providerCall = createProviderCall({ provider: h.client });
    const payload = registration();
    const reg = await sessionRegister(h.session, payload);
    const otp = await latestCode(h.provider, reg.profile!.data.phone_number);
    const v = await sessionVerifyOtp(h.session, { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
    const caller = { uid: v.profile!.data.id, claims: {} };
    await h.store.set('trading_pots', 'p1', { id: 'p1', pot_volume: 100_000, raised_amount: 0, investors_count: 0, percentage: 5, duration: 1, status: 'Raising' });
    const body = { pot_id: 'p1', amount: 10_000, idempotencyKey: 'join-pot-key-1', token: v.profile!.token };
    const noSub = await rejection(joinPot(providerCall, caller, body));
    expect([noSub.code, noSub.details.message]).toEqual(['permission-denied', 'Your subscription has expired. Please subscribe to join a pot.']);
    const fractional = await rejection(joinPot(providerCall, caller, { ...body, amount: 10_000.123 }));
    expect(fractional.code).toBe('invalid-argument');
    const noToken = await rejection(joinPot(providerCall, caller, { ...body, token: undefined }));
    expect(noToken.code).toBe('invalid-argument');
    expect((await rejection(joinPot(providerCall, null, body))).code).toBe('unauthenticated');
    expect((await rejection(joinPot(providerCall, { uid: 'someone-else', claims: {} }, body))).code).toBe('permission-denied');
  });
});
