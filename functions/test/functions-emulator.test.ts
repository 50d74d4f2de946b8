/**
 * One real round trip through firebase-tools' Functions and Auth emulators: the built bundle
 * (functions/lib) calls the provider over HTTP, which keeps its data in the project's Firestore emulator.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInWithCustomToken, startLocalStack, type LocalStack } from '../../provider/bench/local-stack';
import { registration } from './harness';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack();
}, 150_000);
afterAll(async () => {
  await stack?.stop();
});

async function smsCode(phone: string): Promise<string> {
  const res = await fetch(`${stack.providerOrigin}/sandbox/sms?phone=${encodeURIComponent(phone)}`);
  const body = (await res.json()) as { messages: Array<{ code: string }> };
  return body.messages[0]!.code;
}

describe('callables in the Functions emulator', () => {
  it('register -> verify -> Firebase sign-in with claims -> providerCall, and refusals', async () => {
    const payload = registration();
    const reg = await callFunction(stack, 'sessionRegister', payload);
    const registered = reg.result as { profile: { code: number; data: { id: string; phone_number: string } }; firebaseToken: string | null };
    expect(registered.profile.code).toBe(201);
    expect(registered.firebaseToken).toBeNull();
    const otp = await smsCode(registered.profile.data.phone_number);
    const ver = await callFunction(stack, 'sessionVerifyOtp', { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
    const verified = ver.result as { profile: { code: number; token: string; data: { id: string } }; firebaseToken: string };
    expect(verified.profile.code).toBe(203);
    const idToken = await signInWithCustomToken(stack, verified.firebaseToken);
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ user_id: verified.profile.data.id, role: 0, can_post_signal: false, can_post_game: false, can_monetize_game: false });

    const token = verified.profile.token;
    const pin = await callFunction(stack, 'providerCall', { method: 'POST', path: '/api/v1/user/pin/set', body: { pin: '2468' }, token }, idToken);
    expect(pin.result).toEqual({ status: 200, data: { status: true, message: 'Pin created sucesfully' } });
    const wallet = await callFunction(stack, 'providerCall', { method: 'GET', path: '/api/v1/user/naira-wallet', token }, idToken);
    expect((wallet.result as { data: { data: { balance: number } } }).data.data.balance).toBe(0);

    const anonymous = await callFunction(stack, 'providerCall', { method: 'GET', path: '/api/v1/user/naira-wallet', token });
    expect(anonymous.error).toMatchObject({ status: 'UNAUTHENTICATED', message: 'Token is expired or invalid.' });
    const bad = await callFunction(stack, 'providerCall', { method: 'POST', path: '/api/v1/user/topup', token, body: { transaction_id: 'x', expectedAmount: 0, expectedCurrency: 'NGN' } }, idToken);
    expect(bad.error).toMatchObject({ status: 'INVALID_ARGUMENT', details: { status: false, message: 'expectedAmount: Amount must be greater than 0' } });
    const login = await callFunction(stack, 'sessionLogin', { email: payload.email, password: 'wrong password' });
    expect(login.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Invalid email or password' });

    // Another signed-in user cannot use this user's provider token.
    const other = registration();
    const reg2 = (await callFunction(stack, 'sessionRegister', other)).result as { profile: { data: { phone_number: string } } };
    const ver2 = (await callFunction(stack, 'sessionVerifyOtp', { otp: await smsCode(reg2.profile.data.phone_number), otpType: 'PHONE-VERIFICATION', email: other.email }))
      .result as { firebaseToken: string };
    const otherIdToken = await signInWithCustomToken(stack, ver2.firebaseToken);
    const stolen = await callFunction(stack, 'providerCall', { method: 'GET', path: '/api/v1/user/naira-wallet', token }, otherIdToken);
    expect(stolen.error?.status).toBe('PERMISSION_DENIED');
  });

  it('runs the functions on Node 22, the nodejs22 runtime they deploy to, with no version warning', () => {
    // firebase-tools picks the Node that runs it when its major is the runtime's, and warns otherwise.
    const log = readFileSync(join(stack.logDir, 'firebase.log'), 'utf8');
    expect(log).toContain('Using node@22 from host.');
    expect(log).not.toMatch(/doesn't match your global version/);
  });
});
