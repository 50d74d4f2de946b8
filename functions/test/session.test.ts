import { describe, expect, it } from 'vitest';
import {
  sessionLogin,
  sessionRegister,
  sessionRequestOtp,
  sessionResetPassword,
  sessionSendResetOtp,
  sessionVerifyOtp,
} from '../src/session';
import { expectBadInput, harness, latestCode, registration, rejection } from './harness';

describe('session callables', () => {
  it('register -> 201 profile without tokens; verify -> 203 with a custom token carrying the claims', async () => {
    const h = harness();
    const payload = registration();
    const reg = await sessionRegister(h.session, payload);
    expect(reg.profile?.code).toBe(201);
    expect(reg.profile?.token).toBe('');
    expect(reg.firebaseToken).toBeNull();
    const phone = reg.profile!.data.phone_number;
    const resend = await sessionRequestOtp(h.session, {
      email: payload.email,
      phone_number: payload.phone_number,
      otpType: 'PHONE-VERIFICATION',
    });
    expect(resend).toEqual({
      profile: null,
      firebaseToken: null,
      message: 'If the details match an account, a code has been sent to its phone number',
    });
    const otp = await latestCode(h.provider, phone);
    const verified = await sessionVerifyOtp(h.session, { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
    expect(verified.profile?.code).toBe(203);
    expect(verified.profile?.token.length).toBeGreaterThan(20);
    expect(verified.firebaseToken).toBe(`custom-token-for-${verified.profile!.data.id}`);
    expect(h.minted.at(-1)).toEqual({
      uid: verified.profile!.data.id,
      claims: { role: 0, can_post_signal: false, can_post_game: false, can_monetize_game: false },
    });
    const login = await sessionLogin(h.session, { email: payload.email, password: payload.password });
    expect(login.profile?.code).toBe(203);
    expect(login.firebaseToken).not.toBeNull();
  });

  it('password reset by code, then the new password logs in and the old one does not', async () => {
    const h = harness();
    const payload = registration();
    const reg = await sessionRegister(h.session, payload);
    const sent = await sessionSendResetOtp(h.session, { email: payload.email });
    expect(sent.profile).toBeNull();
    const otp = await latestCode(h.provider, reg.profile!.data.phone_number);
    const reset = await sessionResetPassword(h.session, { email: payload.email, otp, password: 'a brand new pw' });
    expect(reset.message).toBe('Your password has been changed successfully');
    const old = await rejection(sessionLogin(h.session, { email: payload.email, password: payload.password }));
    expect(old.code).toBe('invalid-argument');
    const fresh = await sessionLogin(h.session, { email: payload.email, password: 'a brand new pw' });
    expect(fresh.profile?.code).toBe(201);
    expect(fresh.firebaseToken).toBeNull();
  });

  it("the custom token carries the profile's non-default claims, read afresh at each login", async () => {
    const h = harness();
    const flags = {
      admin: { role: 1, can_post_signal: true, can_post_game: true, can_monetize_game: true },
      signal: { role: 0, can_post_signal: true, can_post_game: false, can_monetize_game: false },
      punter: { role: 0, can_post_signal: false, can_post_game: true, can_monetize_game: true },
    } as const;
    for (const [who, claims] of Object.entries(flags)) {
      const payload = registration();
      const reg = await sessionRegister(h.session, payload);
      const otp = await latestCode(h.provider, reg.profile!.data.phone_number);
      const verified = await sessionVerifyOtp(h.session, { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
      const uid = verified.profile!.data.id;
      expect(h.minted.at(-1)).toEqual({
        uid,
        claims: { role: 0, can_post_signal: false, can_post_game: false, can_monetize_game: false },
      });
      // An admin grants the permissions in the provider's store; the next login's token carries them.
      await h.store.update('provider_users', uid, claims);
      const login = await sessionLogin(h.session, { email: payload.email, password: payload.password });
      expect([who, login.profile?.data]).toEqual([who, expect.objectContaining(claims)]);
      expect(login.firebaseToken).toBe(`custom-token-for-${uid}`);
      expect([who, h.minted.at(-1)]).toEqual([who, { uid, claims }]);
    }
  });

  it.each([
    ['missing email', sessionLogin, { password: 'x' }, 'email'],
    ['wrong type', sessionLogin, { email: 42, password: 'x' }, 'email'],
    ['not an object', sessionLogin, 'hello', undefined],
    ['register without username', sessionRegister, registration({ username: undefined }), 'username'],
    ['register with a bad phone', sessionRegister, registration({ phone_number: '12345' }), 'phone_number'],
    ['verify with a 3-char code', sessionVerifyOtp, { otp: '123', otpType: 'PHONE-VERIFICATION', email: 'a@b.co' }, 'otp'],
    ['verify with another otpType', sessionVerifyOtp, { otp: '1234', otpType: 'EMAIL', email: 'a@b.co' }, 'otpType'],
    ['reset with a short password', sessionResetPassword, { email: 'a@b.co', otp: '1234', password: 'short' }, 'password'],
  ] as const)('refuses bad input: %s', async (_name, fn, data, field) => {
    const h = harness();
    await expectBadInput(h, fn(h.session, data), field);
  });

  it('maps provider errors faithfully: duplicate email -> already-exists with the provider body', async () => {
    const h = harness();
    const payload = registration();
    await sessionRegister(h.session, payload);
    const error = await rejection(
      sessionRegister(h.session, { ...payload, username: 'other_name', phone_number: '08051234567' }),
    );
    expect(error.code).toBe('already-exists');
    expect(error.details).toEqual({
      status: false,
      message: 'An account with this email already exists',
      error: [{ message: 'An account with this email already exists' }],
    });
  });
});
