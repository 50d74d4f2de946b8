/**
 * `npm run bench -w provider`: the figures of issue 10 sections 3 and 4, measured on the
 * provider in-process (default settings) with the project's own Firestore emulator:
 *   - guesses checked (slow hashes compared) in a burst of 100 concurrent wrong logins, and whether the
 *     right password is then accepted from the same source;
 *   - PIN tries checked when 20 wrong PINs race through two provider instances;
 *   - SMS codes one client gets sent in 10 s by registering fresh phone numbers;
 *   - median login time, real e-mail vs unknown e-mail (wrong password, 30 each, alternating).
 * Hashes are counted by wrapping node:crypto's scrypt, so the script measures any version of the code.
 */
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { start } from '@punter/emulator';
import { SANDBOX_SMS } from '../src/adapters/sms';
import { createProvider, type Provider } from '../src/provider';
import type { ProviderRequest } from '../src/http';
import { createFirestoreStore } from '../src/store-firestore';
import { registrationPayload, uniqueSuffix } from '../test/helpers';

process.env.METADATA_SERVER_DETECTION ??= 'none';
let hashes = 0;
const realScrypt = crypto.scrypt;
crypto.scrypt = ((...args: Parameters<typeof realScrypt>) => {
  hashes += 1;
  return (realScrypt as (...a: unknown[]) => void)(...args);
}) as typeof realScrypt;
syncBuiltinESMExports();

const emulator = await start({ port: 0, project: 'demo-punter' });
const host = `${emulator.host}:${emulator.port}`;
let apps = 0;
const store = () => createFirestoreStore({ projectId: 'demo-punter', emulatorHost: host, appName: `abuse-bench-${(apps += 1)}` });
const provider = (settings: Record<string, number> = {}) => createProvider({ store: store(), log: () => undefined, settings });

const call = async (p: Provider, method: string, path: string, body?: unknown, extra: Partial<ProviderRequest> = {}) => {
  const res = await p.handle({ method, path, body, ...extra });
  return {
    status: res.status,
    body: res.body as { message: string; token?: string; data?: { id: string; phone_number: string } },
  };
};

/** A signed-up user with a verified phone and PIN 1234, from its own source. */
async function onboarded(p: Provider) {
  const source = `bench-${uniqueSuffix()}`;
  const payload = registrationPayload();
  const reg = await call(p, 'POST', '/api/v1/user/register', payload, { source });
  const phone = reg.body.data?.phone_number ?? '';
  const sms = await p.deps.store.query(SANDBOX_SMS, { where: [['to', '==', phone]] });
  const otp = String(sms[0]?.data.code);
  const verified = await call(
    p,
    'POST',
    '/api/v1/otp/verify',
    { otp, otpType: 'PHONE-VERIFICATION', email: payload.email },
    { source },
  );
  const token = String(verified.body.token);
  await call(p, 'POST', '/api/v1/user/pin/set', { pin: '1234' }, { headers: { authorization: `Bearer ${token}` }, source });
  return { email: payload.email, password: payload.password, token };
}

const statuses = (xs: Array<{ status: number }>) =>
  Object.entries(xs.reduce<Record<number, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {}))
    .map(([k, v]) => `${k}x${v}`)
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const a = provider();
const b = provider();

// 1. A burst of 100 concurrent wrong logins from one source, with the default settings and with the
// per-source login limit lifted (what the per-account guard alone lets through).
async function loginBurst(x: Provider, y: Provider, source: string) {
  const target = await onboarded(x);
  const before = hashes;
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      call(i % 2 ? x : y, 'POST', '/api/v1/user/login', { email: target.email, password: `wrong-${i}` }, { source }),
    ),
  );
  const checked = hashes - before;
  const right = await call(x, 'POST', '/api/v1/user/login', { email: target.email, password: target.password }, { source });
  return { guessesChecked: checked, answers: statuses(answers), rightPasswordAfterFromSameSource: right.status };
}
const burstDefault = await loginBurst(a, b, '203.0.113.1');
const lifted = { loginsPerSourcePerMinute: 100_000 };
const burstGuardOnly = await loginBurst(provider(lifted), provider(lifted), '203.0.113.3');

// 2. 20 wrong PINs racing through two provider instances.
const pinUser = await onboarded(a);
const before = hashes;
await Promise.all(
  Array.from({ length: 20 }, (_, i) =>
    call(
      i % 2 ? a : b,
      'POST',
      '/api/v1/user/pin/verify',
      { pin: '9999', device_token: 'web' },
      { headers: { authorization: `Bearer ${pinUser.token}` } },
    ),
  ),
);
const pinChecked = hashes - before;

// 3. SMS one client gets sent in 10 s by registering fresh numbers (8 at a time).
const smsBefore = (await a.deps.store.query(SANDBOX_SMS)).length;
const until = Date.now() + 10_000;
let registrations = 0;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (Date.now() < until) {
      const r = await call(a, 'POST', '/api/v1/user/register', registrationPayload(), { source: '203.0.113.2' });
      if (r.status === 201) registrations += 1;
    }
  }),
);
const smsSent = (await a.deps.store.query(SANDBOX_SMS)).length - smsBefore;

// 4. Login time, real vs unknown e-mail, alternating, each from a fresh source. Four real accounts in
// turn, 8 wrong passwords each, so that no version of the code pauses one (a pause skips the hash).
const realEmails = await Promise.all(Array.from({ length: 4 }, async () => (await onboarded(a)).email));
const unknownEmail = `nobody-${uniqueSuffix()}@example.com`;
const realMs: number[] = [];
const unknownMs: number[] = [];
const pairDiffs: number[] = [];
for (let i = 0; i < 32; i++) {
  for (const [email, into] of [
    [realEmails[i % 4] ?? '', realMs],
    [unknownEmail, unknownMs],
  ] as const) {
    const t0 = performance.now();
    await call(a, 'POST', '/api/v1/user/login', { email, password: 'wrong-password' }, { source: `198.51.100.${i}` });
    into.push(performance.now() - t0);
  }
  pairDiffs.push((realMs.at(-1) ?? 0) - (unknownMs.at(-1) ?? 0));
}

const figures = {
  loginBurst100: { defaultSettings: burstDefault, perSourceLimitLifted: burstGuardOnly },
  pinAcrossTwoInstances: { requests: 20, triesChecked: pinChecked },
  smsOneClient10s: { smsSent, accountsCreated: registrations },
  loginTimingMs: {
    realMedian: Math.round(median(realMs) * 10) / 10,
    unknownMedian: Math.round(median(unknownMs) * 10) / 10,
    difference: Math.round((median(realMs) - median(unknownMs)) * 10) / 10,
    medianPairedDifference: Math.round(median(pairDiffs) * 10) / 10,
  },
};
const outDir = join(import.meta.dirname, '..', 'bench-results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'abuse-figures.json'),
  JSON.stringify({ at: new Date().toISOString(), node: process.version, ...figures }, null, 2),
);
console.table({
  'guesses checked, 100 wrong logins from one source': { value: JSON.stringify(figures.loginBurst100.defaultSettings) },
  'guesses checked, per-source limit lifted': { value: JSON.stringify(figures.loginBurst100.perSourceLimitLifted) },
  'PIN tries checked, 20 wrong PINs over two instances': { value: figures.pinAcrossTwoInstances.triesChecked },
  'SMS one client got in 10 s': { value: figures.smsOneClient10s.smsSent },
  'login median, real minus unknown e-mail (ms)': { value: figures.loginTimingMs.difference },
});
console.log('written to provider/bench-results/abuse-figures.json');
await Promise.all([a.deps.store.close(), b.deps.store.close()]);
await emulator.stop();
process.exit(0);
