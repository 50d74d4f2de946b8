/**
 * One real round trip through firebase-tools' Functions and Auth emulators: the built bundle
 * (functions/lib) calls the provider over HTTP, which keeps its data in the project's Firestore emulator.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken as signInToFirebase } from 'firebase/auth';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  getDocsFromServer,
  getFirestore,
  serverTimestamp,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '@punter/provider/store-firestore';
import { callFunction, signInWithCustomToken, startLocalStack, type LocalStack } from '../../provider/bench/local-stack';
import { PROJECT_ID, WARM_FUNCTIONS } from '../../scripts/stack.mjs';
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
  it('are warmed before the stack says it is ready: the first login does not wait for a cold worker', async () => {
    // Read before this file makes any call of its own: every execution in the log is the warm-up's.
    const log = () => readFileSync(join(stack.logDir, 'firebase.log'), 'utf8');
    for (const name of WARM_FUNCTIONS) {
      await expect.poll(log, { timeout: 5000 }).toContain(`Beginning execution of "us-central1-${name}"`);
    }
  });

  it('register -> verify -> Firebase sign-in with claims -> providerCall, and refusals', async () => {
    const payload = registration();
    const reg = await callFunction(stack, 'sessionRegister', payload);
    const registered = reg.result as {
      profile: { code: number; data: { id: string; phone_number: string } };
      firebaseToken: string | null;
    };
    expect(registered.profile.code).toBe(201);
    expect(registered.firebaseToken).toBeNull();
    const otp = await smsCode(registered.profile.data.phone_number);
    const ver = await callFunction(stack, 'sessionVerifyOtp', { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
    const verified = ver.result as { profile: { code: number; token: string; data: { id: string } }; firebaseToken: string };
    expect(verified.profile.code).toBe(203);
    const idToken = await signInWithCustomToken(stack, verified.firebaseToken);
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      user_id: verified.profile.data.id,
      role: 0,
      can_post_signal: false,
      can_post_game: false,
      can_monetize_game: false,
    });

    const token = verified.profile.token;
    const pin = await callFunction(
      stack,
      'providerCall',
      { method: 'POST', path: '/api/v1/user/pin/set', body: { pin: '2468' }, token },
      idToken,
    );
    expect(pin.result).toEqual({ status: 200, data: { status: true, message: 'Pin created sucesfully' } });
    const wallet = await callFunction(
      stack,
      'providerCall',
      { method: 'GET', path: '/api/v1/user/naira-wallet', token },
      idToken,
    );
    expect((wallet.result as { data: { data: { balance: number } } }).data.data.balance).toBe(0);

    const anonymous = await callFunction(stack, 'providerCall', { method: 'GET', path: '/api/v1/user/naira-wallet', token });
    expect(anonymous.error).toMatchObject({ status: 'UNAUTHENTICATED', message: 'Token is expired or invalid.' });
    const bad = await callFunction(
      stack,
      'providerCall',
      {
        method: 'POST',
        path: '/api/v1/user/topup',
        token,
        body: { transaction_id: 'x', expectedAmount: 0, expectedCurrency: 'NGN' },
      },
      idToken,
    );
    expect(bad.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { status: false, message: 'expectedAmount: Amount must be greater than 0' },
    });
    const login = await callFunction(stack, 'sessionLogin', { email: payload.email, password: 'wrong password' });
    expect(login.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Invalid email or password' });

    // Another signed-in user cannot use this user's provider token.
    const other = registration();
    const reg2 = (await callFunction(stack, 'sessionRegister', other)).result as { profile: { data: { phone_number: string } } };
    const ver2 = (
      await callFunction(stack, 'sessionVerifyOtp', {
        otp: await smsCode(reg2.profile.data.phone_number),
        otpType: 'PHONE-VERIFICATION',
        email: other.email,
      })
    ).result as { firebaseToken: string };
    const otherIdToken = await signInWithCustomToken(stack, ver2.firebaseToken);
    const stolen = await callFunction(
      stack,
      'providerCall',
      { method: 'GET', path: '/api/v1/user/naira-wallet', token },
      otherIdToken,
    );
    expect(stolen.error?.status).toBe('PERMISSION_DENIED');
  });

  it('runs the functions on Node 22, the nodejs22 runtime they deploy to, with no version warning', () => {
    // firebase-tools picks the Node that runs it when its major is the runtime's, and warns otherwise.
    const log = readFileSync(join(stack.logDir, 'firebase.log'), 'utf8');
    expect(log).toContain('Using node@22 from host.');
    expect(log).not.toMatch(/doesn't match your global version/);
  });
});

describe('a permission taken away stops working at once (ADR 0004), through the real stack', () => {
  async function provider(method: string, path: string, body: unknown, token?: string) {
    const res = await fetch(`${stack.providerOrigin}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { token?: string; data?: { id?: string } } };
  }
  /** Registers and verifies an account through the session callables; returns its id and credentials. */
  async function account() {
    const payload = registration();
    const reg = (await callFunction(stack, 'sessionRegister', payload)).result as {
      profile: { data: { id: string; phone_number: string } };
    };
    await callFunction(stack, 'sessionVerifyOtp', {
      otp: await smsCode(reg.profile.data.phone_number),
      otpType: 'PHONE-VERIFICATION',
      email: payload.email,
    });
    return { id: reg.profile.data.id, email: payload.email, password: payload.password };
  }

  it('grant -> log in -> revoke: the direct write and the callables are refused at once; suspend: reads fail', async () => {
    const admin = await account();
    // The first admin is made by hand, as an operator would (the provider's store, its permissions document too).
    const store = createFirestoreStore({ projectId: PROJECT_ID, emulatorHost: stack.firestoreHost, appName: 'permissions-e2e' });
    await store.update('provider_users', admin.id, { role: 1 });
    const adminToken = (await provider('POST', '/user/login', { email: admin.email, password: admin.password })).body.token!;
    const user = await account();
    const asAdmin = async (method: string, path: string, body: unknown) => {
      const res = await provider(method, path, body, adminToken);
      expect(res.status).toBe(200);
    };
    await asAdmin('PUT', '/users/update', { user_id: user.id, can_post_signal: true });

    // The user logs in: the web SDK signs in with the custom token (claims: can_post_signal true).
    const login = (await callFunction(stack, 'sessionLogin', { email: user.email, password: user.password })).result as {
      firebaseToken: string;
      profile: { token: string };
    };
    const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-key' }, `permissions-e2e-${Date.now()}`);
    try {
      const auth = getAuth(app);
      connectAuthEmulator(auth, `http://${stack.authHost}`, { disableWarnings: true });
      const db = getFirestore(app);
      const [host = '127.0.0.1', port = '0'] = stack.firestoreHost.split(':');
      connectFirestoreEmulator(db, host, Number(port));
      const credential = await signInToFirebase(auth, login.firebaseToken);
      const idToken = await credential.user.getIdToken();
      expect((await credential.user.getIdTokenResult()).claims.can_post_signal).toBe(true);
      const signal = () =>
        addDoc(collection(db, 'signal'), {
          title: 'Pre-signal',
          details: 'ready to trade',
          group: 'A',
          status: 'Active',
          timestamp: serverTimestamp(),
        });

      await signal();
      expect((await callFunction(stack, 'postSignal', { status: 'start', group: 'A' }, idToken)).result).toMatchObject({
        message: 'Message sent successfully',
      });

      await asAdmin('PUT', '/users/update', { user_id: user.id, can_post_signal: false });
      const revokedAt = Date.now();
      await expect(signal()).rejects.toMatchObject({ code: 'permission-denied' });
      const writeRefusedMs = Date.now() - revokedAt;
      const posted = await callFunction(stack, 'postSignal', { status: 'boom', group: 'A' }, idToken);
      const callableRefusedMs = Date.now() - revokedAt;
      expect(posted.error?.status).toBe('PERMISSION_DENIED');
      expect((await callFunction(stack, 'clearSignals', {}, idToken)).error?.status).toBe('PERMISSION_DENIED');
      // Same ID token, claim still true: only the permissions document changed.
      expect((await credential.user.getIdTokenResult()).claims.can_post_signal).toBe(true);
      // Without the permission (and no subscription) the feed is closed to the user too (ADR 0008);
      // both signals are still there.
      await expect(getDocsFromServer(collection(db, 'signal'))).rejects.toMatchObject({ code: 'permission-denied' });
      expect(await store.query('signal')).toHaveLength(2);

      // Suspension: what every signed-in user reads (the betting codes) is refused at once.
      await getDocsFromServer(collection(db, 'games'));
      await asAdmin('PUT', '/users/suspend-account', { user_id: user.id });
      const suspendedAt = Date.now();
      await expect(getDocsFromServer(collection(db, 'games'))).rejects.toMatchObject({ code: 'permission-denied' });
      const readRefusedMs = Date.now() - suspendedAt;
      const proxied = await callFunction(
        stack,
        'providerCall',
        { method: 'GET', path: '/api/v1/user/naira-wallet', token: login.profile.token },
        idToken,
      );
      expect(proxied.error?.status).toBe('UNAUTHENTICATED');
      console.info(
        `revoke -> refused: direct write ${writeRefusedMs} ms, postSignal ${callableRefusedMs} ms; suspend -> refused read ${readRefusedMs} ms`,
      );
    } finally {
      await deleteApp(app);
      await store.close();
    }
  });
});
