import { describe, expect, it } from 'vitest';
import {
  bridgeErrorCode,
  claimsFromProfile,
  clearResultSchema,
  customClaimsSchema,
  emptyPayloadSchema,
  joinPotResultSchema,
  joinPotSchema,
  postSignalSchema,
} from './bridge-schemas';
import {
  sessionLoginSchema,
  sessionRegisterSchema,
  sessionRequestOtpSchema,
  sessionResetPasswordSchema,
  sessionResultSchema,
  sessionSendResetOtpSchema,
  sessionVerifyOtpSchema,
} from './session-callables';
import { FORBIDDEN_PROXY_HEADERS, providerCallRequestSchema, providerCallResultSchema } from './provider-call-schemas';

const profileData = {
  id: 'u_123',
  first_name: 'Ada',
  last_name: 'Obi',
  name: 'Ada Obi',
  country: 'Nigeria',
  email: 'ada@example.com',
  phone_number: '08012345678',
  gender: 'female',
  createdAt: '2026-11-22T07:30:00.000Z',
  username: 'ada_o',
  referral_code: 'ADA123',
  referral_link: 'https://punter.example/referral/ADA123',
  referred_by: 'u_9',
  role: 1,
  can_post_signal: true,
  can_post_game: false,
  can_monetize_game: false,
};
const profile = (code: number, token = 'tok_abc') => ({ code, token, data: profileData });

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  return result.success ? 'ok' : (result.error?.issues[0]?.message ?? 'no message');
}

describe('session callables', () => {
  it('payloads are the provider bodies of SPEC section 7', () => {
    expect(sessionLoginSchema.parse({ email: 'Ada@Example.com', password: 'p' })).toEqual({
      email: 'ada@example.com',
      password: 'p',
    });
    expect(sessionLoginSchema.safeParse({ email: 'ada@example.com' }).success).toBe(false);
    expect(sessionLoginSchema.safeParse({ email: 'ada@example.com', password: '' }).success).toBe(false);
    expect(
      sessionRequestOtpSchema.safeParse({ email: 'ada@example.com', phone_number: '08012345678', otpType: 'PHONE-VERIFICATION' })
        .success,
    ).toBe(true);
    expect(
      sessionRequestOtpSchema.safeParse({ email: 'ada@example.com', phone_number: '08012345678', otpType: 'EMAIL' }).success,
    ).toBe(false);
    expect(
      sessionVerifyOtpSchema.safeParse({ otp: '1234', otpType: 'PHONE-VERIFICATION', email: 'ada@example.com' }).success,
    ).toBe(true);
    expect(
      firstMessage(sessionVerifyOtpSchema.safeParse({ otp: '123', otpType: 'PHONE-VERIFICATION', email: 'ada@example.com' })),
    ).toBe('Code must be 4 characters');
    expect(sessionSendResetOtpSchema.safeParse({ email: 'ada@example.com' }).success).toBe(true);
    expect(sessionSendResetOtpSchema.safeParse({}).success).toBe(false);
    expect(sessionResetPasswordSchema.safeParse({ email: 'ada@example.com', otp: 'AB12', password: 'newsecret1' }).success).toBe(
      true,
    );
    expect(firstMessage(sessionResetPasswordSchema.safeParse({ email: 'ada@example.com', otp: 'AB12', password: 'short' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(sessionRegisterSchema.safeParse({ email: 'ada@example.com' }).success).toBe(false);
  });

  it('a Firebase token comes exactly with a logged-in profile (200 or 203)', () => {
    expect(
      sessionResultSchema.safeParse({ profile: profile(200), firebaseToken: 'ft', message: 'Login successful' }).success,
    ).toBe(true);
    expect(sessionResultSchema.safeParse({ profile: profile(203), firebaseToken: 'ft', message: 'ok' }).success).toBe(true);
    expect(
      sessionResultSchema.safeParse({ profile: profile(201, ''), firebaseToken: null, message: 'Verify phone' }).success,
    ).toBe(true);
    expect(
      sessionResultSchema.safeParse({ profile: null, firebaseToken: null, message: 'Code has been sent successfully' }).success,
    ).toBe(true);
    expect(firstMessage(sessionResultSchema.safeParse({ profile: profile(200), firebaseToken: null, message: 'x' }))).toBe(
      'A logged-in profile needs a Firebase token',
    );
    expect(firstMessage(sessionResultSchema.safeParse({ profile: profile(206), firebaseToken: 'ft', message: 'x' }))).toBe(
      'Only a logged-in profile gets a Firebase token',
    );
    expect(firstMessage(sessionResultSchema.safeParse({ profile: null, firebaseToken: 'ft', message: 'x' }))).toBe(
      'Only a logged-in profile gets a Firebase token',
    );
    expect(sessionResultSchema.safeParse({ profile: profile(200), firebaseToken: '', message: 'x' }).success).toBe(false);
    expect(sessionResultSchema.safeParse({ profile: profile(200), firebaseToken: 'ft' }).success).toBe(false);
  });
});

describe('custom claims', () => {
  it('mirror the four permission fields of the profile and nothing else', () => {
    expect(claimsFromProfile(profileData)).toEqual({
      role: 1,
      can_post_signal: true,
      can_post_game: false,
      can_monetize_game: false,
    });
    expect(
      customClaimsSchema.safeParse({ role: '1', can_post_signal: true, can_post_game: false, can_monetize_game: false }).success,
    ).toBe(false);
    expect(customClaimsSchema.safeParse({ role: 0, can_post_signal: true, can_post_game: false }).success).toBe(false);
  });
});

describe('providerCall', () => {
  const call = { method: 'GET', path: '/api/v1/user/naira-wallet', token: 'tok_abc' };

  it('accepts allow-listed user and admin calls, with query, body and headers', () => {
    expect(providerCallRequestSchema.parse(call)).toEqual(call);
    expect(providerCallRequestSchema.safeParse({ ...call, path: '/games?country=England&team=ARS' }).success).toBe(true);
    expect(providerCallRequestSchema.safeParse({ ...call, path: '/api/v1/admin/admins' }).success).toBe(true);
    const withdraw = providerCallRequestSchema.parse({
      method: 'POST',
      path: '/api/v1/user/wallet/withdraw',
      body: { destination_account: 'bank_1', amount: 2500, pin: '1234' },
      headers: { 'Idempotency-Key': 'c0ffee-1234-abcd' },
      token: 'tok_abc',
    });
    expect(withdraw.headers).toEqual({ 'idempotency-key': 'c0ffee-1234-abcd' });
    expect(providerCallRequestSchema.safeParse({ ...call, path: '/api/v1/giftcards/categories/cat_1' }).success).toBe(true);
  });

  it("refuses calls that are not allow-listed, and the session calls: 'This call is not allowed'", () => {
    for (const [method, path] of [
      ['POST', '/api/v1/user/login'],
      ['POST', '/api/v1/user/register'],
      ['POST', '/api/v1/otp/verify'],
      ['POST', '/api/v1/users/all'],
      ['GET', '/api/v1/users/everyone'],
      ['DELETE', '/api/v1/user/naira-wallet'],
      ['GET', '/api/v1/user/../admin/admins'],
    ]) {
      expect(firstMessage(providerCallRequestSchema.safeParse({ method, path, token: 't' }))).toBe('This call is not allowed');
    }
  });

  it('refuses bad methods, paths, tokens and bodies', () => {
    expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, method: 'PATCH' }))).toBe(
      'Method must be GET, POST, PUT or DELETE',
    );
    expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, path: 'https://evil.example/api/v1/banks' }))).toBe(
      'Path is not valid',
    );
    expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, path: '/api/v1/banks#x' }))).toBe('Path is not valid');
    expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, path: '' }))).toBe('Path is required');
    expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, path: `/${'a'.repeat(1024)}` }))).toBe('Path is too long');
    expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, token: '' }))).toBe('Token is required');
    expect(firstMessage(providerCallRequestSchema.safeParse({ method: 'GET', path: call.path }))).toBe('Token is required');
    expect(providerCallRequestSchema.safeParse({ ...call, body: ['a'] }).success).toBe(false);
    expect(providerCallRequestSchema.safeParse({ ...call, body: 'text' }).success).toBe(false);
    expect(providerCallRequestSchema.safeParse(null).success).toBe(false);
  });

  it('refuses headers the proxy sets itself, bad names, CR/LF values and too many headers', () => {
    for (const name of FORBIDDEN_PROXY_HEADERS) {
      expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, headers: { [name.toUpperCase()]: 'x' } }))).toBe(
        'This header may not be set',
      );
    }
    expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, headers: { 'bad name': 'x' } }))).toBe(
      'Header name is not valid',
    );
    expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, headers: { id: 'a\r\nX-Evil: 1' } }))).toBe(
      'Header value is not valid',
    );
    expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, headers: { id: 'x'.repeat(513) } }))).toBe(
      'Header value is too long',
    );
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`x-h${i}`, 'v']));
    expect(firstMessage(providerCallRequestSchema.safeParse({ ...call, headers: many }))).toBe('Too many headers');
  });

  it('result carries the HTTP status and the untouched body', () => {
    const body = { status: true, message: 'ok', data: { balance: 5 } };
    expect(providerCallResultSchema.parse({ status: 200, data: body })).toEqual({ status: 200, data: body });
    expect(providerCallResultSchema.safeParse({ status: 99, data: null }).success).toBe(false);
    expect(providerCallResultSchema.safeParse({ status: 200.5, data: null }).success).toBe(false);
  });

  it('maps provider error statuses to callable error codes', () => {
    expect(bridgeErrorCode(400)).toBe('invalid-argument');
    expect(bridgeErrorCode(422)).toBe('invalid-argument');
    expect(bridgeErrorCode(401)).toBe('unauthenticated');
    expect(bridgeErrorCode(403)).toBe('permission-denied');
    expect(bridgeErrorCode(404)).toBe('not-found');
    expect(bridgeErrorCode(409)).toBe('already-exists');
    expect(bridgeErrorCode(409, true)).toBe('failed-precondition');
    expect(bridgeErrorCode(500)).toBe('internal');
    expect(bridgeErrorCode(502)).toBe('internal');
  });
});

describe('other callables', () => {
  const join = { pot_id: 'pot_1', amount: 10_000, referalCode: 'BOLA12', idempotencyKey: 'join-0001-abcd' };

  it('joinPot: pot, amount, optional referral code and an idempotency key', () => {
    expect(joinPotSchema.parse(join)).toEqual(join);
    const { referalCode: _r, ...withoutReferral } = join;
    expect(joinPotSchema.safeParse(withoutReferral).success).toBe(true);
    expect(firstMessage(joinPotSchema.safeParse({ ...join, amount: 0 }))).toBe('Amount must be greater than 0');
    expect(firstMessage(joinPotSchema.safeParse({ ...join, amount: -10_000 }))).toBe('Amount must be greater than 0');
    expect(firstMessage(joinPotSchema.safeParse({ ...join, amount: 10_000.001 }))).toBe(
      'Amount can have at most 2 decimal places',
    );
    expect(firstMessage(joinPotSchema.safeParse({ ...join, amount: 5e9 }))).toBe('Amount must not be more than ₦1,000,000,000');
    expect(firstMessage(joinPotSchema.safeParse({ ...join, amount: '10000' }))).toBe('Amount must be a number');
    expect(firstMessage(joinPotSchema.safeParse({ ...join, idempotencyKey: undefined }))).toBe(
      'Idempotency-Key header is required',
    );
    expect(firstMessage(joinPotSchema.safeParse({ ...join, pot_id: '' }))).toBe('Id is required');
    expect(joinPotResultSchema.parse({ message: 'Pot joined' })).toEqual({ message: 'Pot joined' });
  });

  it('postSignal: a known status (id or label) and a target group', () => {
    expect(postSignalSchema.parse({ status: 'start', group: 'A' })).toEqual({ status: 'start', group: 'A' });
    expect(postSignalSchema.safeParse({ status: 'Boom', group: 'C sub' }).success).toBe(true);
    expect(firstMessage(postSignalSchema.safeParse({ status: 'Go', group: 'A' }))).toBe('Unknown signal status');
    expect(firstMessage(postSignalSchema.safeParse({ status: 'start', group: 'D' }))).toBe('Unknown signal group');
  });

  it('clearSignals / clearGames take nothing and report how many documents went', () => {
    expect(emptyPayloadSchema.safeParse({}).success).toBe(true);
    expect(emptyPayloadSchema.safeParse(null).success).toBe(true);
    expect(emptyPayloadSchema.safeParse(undefined).success).toBe(true);
    expect(emptyPayloadSchema.safeParse({ all: true }).success).toBe(false);
    expect(clearResultSchema.parse({ deleted: 3, message: 'All documents successfully deleted!' }).deleted).toBe(3);
    expect(clearResultSchema.safeParse({ deleted: -1, message: 'x' }).success).toBe(false);
  });
});
