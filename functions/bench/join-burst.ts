/**
 * `npm run bench -w functions` (second part): a burst of 200 joins of one pot at once THROUGH the joinPot
 * callable, on the local stack as `npm start` runs it (Functions emulator -> provider over HTTP -> the
 * project's Firestore emulator). p50/p95 latency and every outcome counted: each join either joins or gets
 * SPEC's capacity message (or, once the scheduler has moved the full pot on, 'not raising'); anything else
 * (a contention failure, a timeout) is a failure. Then the pot is checked against its participants.
 * Writes functions/bench-results/join-burst.json and prints a table with the load average.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { callFunction, signInWithCustomToken, startLocalStack, ROOT, type LocalStack } from '../../provider/bench/local-stack';
import { createFirestoreStore } from '@punter/provider/store-firestore';
import { PROJECT_ID } from '../../scripts/stack.mjs';

const JOINS = Number(process.env.BENCH_JOINS ?? 200);
const USERS = Number(process.env.BENCH_JOIN_USERS ?? 20);
// The Functions emulator starts one worker process (the whole bundle and firebase-admin) per concurrent
// request: sign-ups one at a time reuse one warm worker. All 200 joins in flight at once started ~200
// workers and a load average of 80 on 2 cores without finishing, so the burst keeps 20 in flight by
// default (each user's joins overlap; the pot sees up to 20 joins at a time). BENCH_BURST_CONCURRENCY=200
// on a bigger machine sends them all at once.
const SETUP_CONCURRENCY = Number(process.env.BENCH_SETUP_CONCURRENCY ?? 1);
const BURST_CONCURRENCY = Number(process.env.BENCH_BURST_CONCURRENCY ?? 20);
const JOIN_NAIRA = 10_000;
// Room for three quarters of the burst: the rest must get the capacity answer, not an error.
const POT_VOLUME = Math.floor((JOINS * 3) / 4) * JOIN_NAIRA;
const CAPACITY = /^Amount can only be ₦[\d,]+ or less$/;
const NOT_RAISING = 'This pot is not raising at the moment';

// On a loaded machine firebase-tools' 10 s limit for reading the functions' definitions is too short.
process.env.FUNCTIONS_DISCOVERY_TIMEOUT ??= '120';
// The bench signs up USERS accounts from one address: lift the per-source sign-up limits for its stack only.
process.env.PROVIDER_LIMITS = JSON.stringify({
  registrationsPerSourcePerHour: 10_000,
  smsPerSourcePerHour: 10_000,
  smsPerHour: 100_000,
  otpSendsPerHour: 10_000,
  codeChecksPerSourcePerHour: 10_000,
  loginsPerSourcePerMinute: 10_000,
});

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const round = (x: number) => Math.round(x);
  return {
    n: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    min: round(sorted[0] ?? NaN),
    max: round(sorted.at(-1) ?? NaN),
  };
}

async function provider(stack: LocalStack, method: string, path: string, token: string | null, body?: unknown, key?: string) {
  const res = await fetch(`${stack.providerOrigin}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await res.json()) as { data?: { transaction_id?: string }; messages?: Array<{ code: string }> };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A signed-in, subscribed user with money, as the web app has one: the provider token and a Firebase ID token. */
async function newUser(stack: LocalStack, n: number, tag: string) {
  const email = `burst${tag}n${n}@example.com`;
  const phone = `081${String(n).padStart(4, '0')}${tag.slice(-4).replace(/\D/g, '0').padStart(4, '0')}`;
  const reg = (await callFunction(stack, 'sessionRegister', {
    email,
    password: 'bench password',
    first_name: 'Burst',
    last_name: `User${n}`,
    username: `burst${tag}${n}`.slice(0, 30),
    phone_number: phone,
    device_type: 'WEB',
    device_token: 'bench',
    referral_code: '',
    marketing_channel: 'Others',
    gender: 'female',
    country: 'Nigeria',
    avatar_url: 'https://example.com/f.png',
  })) as { result?: { profile: { data: { phone_number: string } } }; error?: unknown };
  if (!reg.result) throw new Error(`register ${n}: ${JSON.stringify(reg.error)}`);
  const sms = await provider(
    stack,
    'GET',
    `/sandbox/sms?phone=${encodeURIComponent(reg.result.profile.data.phone_number)}`,
    null,
  );
  const verified = (await callFunction(stack, 'sessionVerifyOtp', {
    otp: sms.messages?.[0]?.code,
    otpType: 'PHONE-VERIFICATION',
    email,
  })) as { result?: { profile: { token: string }; firebaseToken: string }; error?: unknown };
  if (!verified.result) throw new Error(`verify ${n}: ${JSON.stringify(verified.error)}`);
  const token = verified.result.profile.token;
  const idToken = await signInWithCustomToken(stack, verified.result.firebaseToken);
  const joinsEach = Math.ceil(JOINS / USERS);
  const amount = joinsEach * JOIN_NAIRA + 20_000;
  const paid = await provider(stack, 'POST', '/sandbox/checkout/pay', null, {
    tx_ref: `burst-${tag}-${n}`,
    amount,
    currency: 'NGN',
    method: 'card',
    customer_email: email,
  });
  await provider(stack, 'POST', '/api/v1/user/topup', token, {
    transaction_id: paid.data?.transaction_id,
    expectedAmount: amount,
    expectedCurrency: 'NGN',
  });
  await provider(stack, 'POST', '/api/v1/user/subscribe', token, {}, `burst-sub-${tag}-${n}`);
  return { token, idToken };
}

/** Runs `fn` over `items` with at most `limit` at a time (the sign-ups; the burst itself is all at once). */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}

const stack = await startLocalStack();
const store = createFirestoreStore({ projectId: PROJECT_ID, emulatorHost: stack.firestoreHost, appName: 'bench-join-burst' });
try {
  const tag = Date.now().toString(36);
  const setupStart = performance.now();
  const people = await pool(
    Array.from({ length: USERS }, (_, i) => i),
    SETUP_CONCURRENCY,
    (n) => newUser(stack, n, tag),
  );
  const setupSeconds = Math.round((performance.now() - setupStart) / 100) / 10;
  const potId = `burst-${tag}`;
  const now = Date.now();
  await store.set('trading_pots', potId, {
    id: potId,
    pot_volume: POT_VOLUME,
    raised_amount: 0,
    investors_count: 0,
    percentage: 10,
    status: 'Raising',
    timestamp: new Date(now),
    raising_to: new Date(now + 86_400_000),
    trade_from: new Date(now + 2 * 86_400_000),
    trade_to: new Date(now + 32 * 86_400_000),
    duration: 1,
    type: 'Over 1.5',
    manager: 'Bench',
    terms: 'Bench pot',
    managers_number: '2348030000000',
  });

  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const outcomes = { joined: 0, capacity: 0, not_raising: 0, failed: 0 };
  const failures: string[] = [];
  const latencies: number[] = [];
  const burstStart = performance.now();
  await pool(
    Array.from({ length: JOINS }, (_, i) => i),
    BURST_CONCURRENCY,
    async (i) => {
      const who = people[i % USERS];
      if (!who) throw new Error('no user');
      const t0 = performance.now();
      const out = await callFunction(
        stack,
        'joinPot',
        { pot_id: potId, amount: JOIN_NAIRA, idempotencyKey: `burst-${tag}-join-${i}`, token: who.token, acceptRisk: true },
        who.idToken,
      ).catch((error: unknown) => ({ result: undefined, error: { status: 'FETCH', message: String(error) } }));
      latencies.push(performance.now() - t0);
      if (out.result) outcomes.joined += 1;
      else if (out.error && CAPACITY.test(out.error.message)) outcomes.capacity += 1;
      else if (out.error?.message === NOT_RAISING) outcomes.not_raising += 1;
      else {
        outcomes.failed += 1;
        failures.push(`${out.error?.status ?? '?'}: ${out.error?.message ?? JSON.stringify(out)}`);
      }
    },
  );
  const burstSeconds = Math.round((performance.now() - burstStart) / 10) / 100;
  const loadAfter = loadavg().map((x) => Math.round(x * 100) / 100);

  // The money side: the pot never past its volume, its totals equal to its participants.
  const pot = await store.get('trading_pots', potId);
  const participants = await store.query('pot_participants', { where: [['pot_id', '==', potId]] });
  const sum = participants.reduce((s, p) => s + Number(p.data.amount), 0);
  const consistency = {
    pot_volume: POT_VOLUME,
    raised_amount: Number(pot?.raised_amount),
    participants_sum: sum,
    investors_count: Number(pot?.investors_count),
    participants: participants.length,
    ok:
      Number(pot?.raised_amount) === sum &&
      sum <= POT_VOLUME &&
      Number(pot?.investors_count) === participants.length &&
      participants.length === outcomes.joined,
  };

  const latency = stats(latencies);
  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    joins: JOINS,
    users: USERS,
    burst_concurrency: BURST_CONCURRENCY,
    path: 'joinPot callable (Functions emulator) -> provider HTTP -> Firestore emulator',
    load_average_before: loadBefore,
    load_average_after: loadAfter,
    setup_seconds: setupSeconds,
    burst_seconds: burstSeconds,
    latency_ms: latency,
    outcomes,
    failures: [...new Set(failures)].slice(0, 10),
    consistency,
    goal: 'no join fails for contention: each joins or gets the capacity answer',
  };
  const dir = join(ROOT, 'functions', 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'join-burst.json'), JSON.stringify(report, null, 2));
  console.table({ [`${JOINS} joins through joinPot`]: { ...latency, unit: 'ms', burst_s: burstSeconds } });
  console.table({ outcomes: { ...outcomes, consistent: consistency.ok } });
  console.log(
    `load average (1/5/15 min) before ${loadBefore.join(' / ')}, after ${loadAfter.join(' / ')} on ${cpus().length} cores`,
  );
  console.log('written to functions/bench-results/join-burst.json');
  if (outcomes.failed > 0 || !consistency.ok) process.exitCode = 1;
} finally {
  await store.close();
  await stack.stop();
}
