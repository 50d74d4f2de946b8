/**
 * Issue 31 item 7 through the callables: an id that is no Firestore document id ('/', '.', '..', '__x__', a
 * broken Unicode character, too long) is invalid-argument naming its field, in joinPot's payload and in a
 * providerCall's path (a URL's `:id`), before anything reaches the provider.
 */
import { describe, expect, it } from 'vitest';
import { joinPot } from '../src/content';
import { createProviderCall } from '../src/provider-call';
import { sessionRegister, sessionVerifyOtp } from '../src/session';
import { harness, latestCode, registration, rejection } from './harness';

/** A registered, phone-verified account with its provider token. */
async function signedIn(h: ReturnType<typeof harness>) {
  const payload = registration();
  const reg = await sessionRegister(h.session, payload);
  const otp = await latestCode(h.provider, reg.profile!.data.phone_number);
  const verified = await sessionVerifyOtp(h.session, { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
  return { uid: verified.profile!.data.id, token: verified.profile!.token };
}

const BAD_IDS = ['pot/1', '.', '..', '__x__', 'pot\uD800', 'x'.repeat(1501)];

describe('odd ids are invalid-argument naming the field (issue 31 item 7)', () => {
  it.each(BAD_IDS.map((id) => [JSON.stringify(id).slice(0, 24), id]))('joinPot pot_id %s', async (_name, id) => {
    const h = harness();
    const call = createProviderCall({ provider: h.client, permissions: h.permissions });
    const me = await signedIn(h);
    const error = await rejection(
      joinPot(
        call,
        { uid: me.uid, claims: {} },
        { pot_id: id, amount: 10_000, idempotencyKey: 'join-pot-odd-id', token: me.token },
      ),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.details.message).toMatch(/^pot_id: Id /);
    expect(error.details.error[0]).toMatchObject({ field: 'pot_id' });
  });

  it.each([
    ['%2F', 'a slash'],
    ['..', 'two dots'],
    ['__x__', '__x__'],
    ['pot%ED%A0%80', 'a broken character'],
  ])("providerCall's path with :id %s (%s)", async (segment) => {
    const h = harness();
    const call = createProviderCall({ provider: h.client, permissions: h.permissions });
    const me = await signedIn(h);
    const error = await rejection(
      call(me.uid, { method: 'GET', path: `/api/v1/admin/users/${segment}/ledger`, token: me.token }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.details.error[0]?.field).toBe('path');
    expect(error.details.error[0]?.message).toMatch(/^id: Id /);
  });
});
