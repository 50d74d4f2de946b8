/**
 * `npm run bench -w functions`: p50/p95 of a wallet read and a top-up verification, called directly
 * on the provider's HTTP API and through the providerCall callable in firebase-tools' Functions
 * emulator (PROVIDER_API_URL mode), plus the bridge handler alone (no emulator hop): what the
 * functions add in front of the provider. Writes bench-results/proxy-bench.json and prints a table.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { callFunction, signInWithCustomToken, startLocalStack, ROOT } from '../../provider/bench/local-stack';
import { createProviderCall } from '../src/provider-call';
import { httpProviderClient } from '../src/provider-client';
import { PERMISSIONS_COLLECTION, parsePermissions } from '@punter/core/permissions';
import { createFirestoreStore } from '@punter/provider/store-firestore';
import { PROJECT_ID } from '../../scripts/stack.mjs';

const N = Number(process.env.BENCH_ITERATIONS ?? 100);
const WARMUP = 10;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    n: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    min: round(sorted[0] ?? NaN),
    max: round(sorted.at(-1) ?? NaN),
  };
}

async function time(fn: () => Promise<void>, iterations = N): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

const stack = await startLocalStack();
try {
  const tag = Date.now().toString(36);
  const payload = {
    email: `bench${tag}@example.com`,
    password: 'bench password',
    first_name: 'Bench',
    last_name: 'Mark',
    username: `bench${tag}`,
    phone_number: `0807${String(Date.now()).slice(-7)}`,
    device_type: 'WEB',
    device_token: 'bench',
    referral_code: '',
    marketing_channel: 'Others',
    gender: 'female',
    country: 'Nigeria',
    avatar_url: 'https://example.com/f.png',
  };
  const reg = (await callFunction(stack, 'sessionRegister', payload)).result as { profile: { data: { phone_number: string } } };
  const sms = (await (
    await fetch(`${stack.providerOrigin}/sandbox/sms?phone=${encodeURIComponent(reg.profile.data.phone_number)}`)
  ).json()) as {
    messages: Array<{ code: string }>;
  };
  const verified = (
    await callFunction(stack, 'sessionVerifyOtp', {
      otp: sms.messages[0]!.code,
      otpType: 'PHONE-VERIFICATION',
      email: payload.email,
    })
  ).result as { profile: { token: string; data: { id: string } }; firebaseToken: string };
  const token = verified.profile.token;
  const uid = verified.profile.data.id;
  const idToken = await signInWithCustomToken(stack, verified.firebaseToken);

  const direct = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.providerOrigin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.json();
  };
  const proxied = async (method: string, path: string, body?: unknown) => {
    const out = await callFunction(stack, 'providerCall', { method, path, token, ...(body ? { body } : {}) }, idToken);
    if (!out.result) throw new Error(`${path}: ${JSON.stringify(out.error)}`);
  };
  // The handler reads the caller's permissions document on every call (ADR 0004), as the deployed one does.
  const permissionsStore = createFirestoreStore({
    projectId: PROJECT_ID,
    emulatorHost: stack.firestoreHost,
    appName: 'bench-permissions',
  });
  const bridge = createProviderCall({
    provider: httpProviderClient(stack.providerUrl),
    permissions: { permissionsOf: async (id) => parsePermissions(await permissionsStore.get(PERMISSIONS_COLLECTION, id)) },
  });
  const handlerOnly = async (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) => {
    await bridge(uid, { method, path, token, ...(body ? { body } : {}) });
  };
  const newPayment = async (amount: number) => {
    const res = await fetch(`${stack.providerOrigin}/sandbox/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tx_ref: `bench-${Math.random()}`,
        amount,
        currency: 'NGN',
        method: 'card',
        customer_email: payload.email,
      }),
    });
    return ((await res.json()) as { data: { transaction_id: string } }).data.transaction_id;
  };
  const topupBody = async () => ({ transaction_id: await newPayment(100), expectedAmount: 100, expectedCurrency: 'NGN' });

  const results: Record<string, ReturnType<typeof stats>> = {};
  results['wallet read: direct HTTP'] = stats(await time(() => direct('GET', '/api/v1/user/naira-wallet')));
  results['wallet read: bridge handler (no emulator)'] = stats(await time(() => handlerOnly('GET', '/api/v1/user/naira-wallet')));
  results['wallet read: providerCall (Functions emulator)'] = stats(
    await time(() => proxied('GET', '/api/v1/user/naira-wallet')),
  );
  // The emulator's own floor: a callable that answers at once (an anonymous clearGames is refused before any I/O).
  results['callable floor: refused at once (Functions emulator)'] = stats(
    await time(async () => {
      const out = await callFunction(stack, 'clearGames', {});
      if (out.error?.status !== 'UNAUTHENTICATED') throw new Error(JSON.stringify(out));
    }),
  );
  const timedTopup = async (send: (body: Record<string, unknown>) => Promise<void>) => {
    const samples: number[] = [];
    for (let i = 0; i < N + WARMUP; i++) {
      const body = await topupBody();
      const t0 = performance.now();
      await send(body);
      if (i >= WARMUP) samples.push(performance.now() - t0);
    }
    return samples;
  };
  results['top-up verify: direct HTTP'] = stats(await timedTopup((b) => direct('POST', '/api/v1/user/topup', b)));
  results['top-up verify: providerCall (Functions emulator)'] = stats(
    await timedTopup((b) => proxied('POST', '/api/v1/user/topup', b)),
  );

  const overhead = {
    wallet_read_p50_ms:
      Math.round(
        (results['wallet read: providerCall (Functions emulator)'].p50 - results['wallet read: direct HTTP'].p50) * 100,
      ) / 100,
    topup_p50_ms:
      Math.round(
        (results['top-up verify: providerCall (Functions emulator)'].p50 - results['top-up verify: direct HTTP'].p50) * 100,
      ) / 100,
    functions_emulator_floor_p50_ms: results['callable floor: refused at once (Functions emulator)'].p50,
    bridge_handler_only_p50_ms:
      Math.round((results['wallet read: bridge handler (no emulator)'].p50 - results['wallet read: direct HTTP'].p50) * 100) /
      100,
  };
  const report = {
    at: new Date().toISOString(),
    iterations: N,
    node: process.version,
    results,
    proxy_overhead: overhead,
    goal: 'proxy adds < 20 ms at p50',
  };
  const dir = join(ROOT, 'functions', 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'proxy-bench.json'), JSON.stringify(report, null, 2));
  console.table(Object.fromEntries(Object.entries(results).map(([k, v]) => [k, { ...v, unit: 'ms' }])));
  console.table(overhead);
  console.log(`written to functions/bench-results/proxy-bench.json`);
  await permissionsStore.close();
} finally {
  await stack.stop();
}
