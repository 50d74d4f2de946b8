/**
 * Issue 10, sections 3 and 4: guessing fails (in a burst, across provider instances, for months),
 * lockouts are no weapon, the public calls are no oracle for which e-mails exist, and one client
 * cannot flood SMS, registrations, logins or code checks. On the in-memory store and on Firestore
 * through the project's own emulator (two provider instances = two independent store clients).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_SMS } from '../src/adapters/sms';
import { C } from '../src/collections';
import type { Provider } from '../src/provider';
import type * as Secrets from '../src/secrets';
import type { Store } from '../src/store';
import { client, makeProvider, onboardedUser, registrationPayload, topUp } from './helpers';
import { firestoreEnv, memoryEnv, type StoreEnv } from './stores';

// Counts the slow hash comparisons (passwords and PINs): a guess is 'checked' when it is compared.
const hashChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof Secrets>();
  return {
    ...actual,
    verifySecret: (secret: string, stored: string) => {
      hashChecks.count += 1;
      return actual.verifySecret(secret, stored);
    },
  };
});

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

const paused = (minutes: number) =>
  `Too many wrong passwords. Logging in to this account is paused for ${minutes} minute${minutes === 1 ? '' : 's'}; you can reset your password now.`;
const CODE_SENT = 'If the details match an account, a code has been sent to its phone number';
const CODE_INVALID = 'The code has expired or is invalid. Please request a new one.';

/** A clock that stands still: the limit windows of a test never roll over, however slow the machine. */
const still = () => Date.parse('2026-11-22T08:00:30Z');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The store, logging each operation as 'op collection' (ids left out: they differ by design). */
function tracing(store: Store, ops: string[]): Store {
  const log = (op: string, collection: string) => ops.push(`${op} ${collection}`);
  return {
    get: (c, id) => (log('get', c), store.get(c, id)),
    query: (c, spec) => (log('query', c), store.query(c, spec)),
    count: (c, spec) => (log('count', c), store.count(c, spec)),
    set: (c, id, d) => (log('set', c), store.set(c, id, d)),
    update: (c, id, d) => (log('update', c), store.update(c, id, d)),
    delete: (c, id) => (log('delete', c), store.delete(c, id)),
    increment: (c, id, f, by, fields) => (log('increment', c), store.increment(c, id, f, by, fields)),
    runTransaction: (fn) =>
      store.runTransaction((tx) => {
        log('transaction', '');
        return fn({
          get: (c, id) => (log('tx.get', c), tx.get(c, id)),
          create: (c, id, d) => (log('tx.create', c), tx.create(c, id, d)),
          set: (c, id, d) => (log('tx.set', c), tx.set(c, id, d)),
          update: (c, id, d) => (log('tx.update', c), tx.update(c, id, d)),
          delete: (c, id) => (log('tx.delete', c), tx.delete(c, id)),
        });
      }),
    close: () => store.close(),
  };
}

async function smsCount(provider: Provider): Promise<number> {
  return (await provider.deps.store.query(SANDBOX_SMS)).length;
}

describe.each(envs)('guessing fails on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it('100 concurrent wrong logins from one source: at most 10 are checked, then that source is paused even for the right password; the owner elsewhere logs in', async () => {
    const [s1, s2] = env.clients(2);
    const settings = { loginsPerSourcePerMinute: 1000 };
    const a = makeProvider({ store: s1!, settings });
    const b = makeProvider({ store: s2!, settings });
    const user = await onboardedUser(a);
    const before = hashChecks.count;
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client(i % 2 === 0 ? a : b, '203.0.113.7').call('POST', '/api/v1/user/login', {
          email: user.email,
          password: `wrong-${i}`,
        }),
      ),
    );
    const checked = hashChecks.count - before;
    expect(checked).toBeLessThanOrEqual(10);
    expect(burst.filter((r) => r.status === 400)).toHaveLength(9);
    expect(burst.filter((r) => r.status === 429).every((r) => r.body.message === paused(15))).toBe(true);
    const right = await client(a, '203.0.113.7').call('POST', '/api/v1/user/login', {
      email: user.email,
      password: user.password,
    });
    expect([right.status, right.body.message]).toEqual([429, paused(15)]);
    // Lockout is no weapon: the owner's own network still logs in.
    const owner = await client(b, '198.51.100.20').call('POST', '/api/v1/user/login', {
      email: user.email,
      password: user.password,
    });
    expect([owner.status, owner.body.message]).toEqual([200, 'Login successful']);
  });

  it('concurrent wrong PINs through two provider instances: exactly pinMaxTries are checked, the rest are refused as locked', async () => {
    const [s1, s2] = env.clients(2);
    const a = makeProvider({ store: s1! });
    const b = makeProvider({ store: s2! });
    const user = await onboardedUser(a);
    const before = hashChecks.count;
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client(i % 2 === 0 ? a : b).call('POST', '/api/v1/user/pin/verify', { pin: '9999', device_token: 'web' }, user.token),
      ),
    );
    expect(hashChecks.count - before).toBe(5);
    const messages = tries.map((r) => `${r.status} ${r.body.message}`);
    expect(messages.filter((m) => m.startsWith('400 Incorrect PIN. You have'))).toHaveLength(4);
    expect(
      messages.filter(
        (m) => m === '429 Incorrect PIN. You have entered a wrong PIN 5 times, so your PIN is locked for 15 minutes.',
      ),
    ).toHaveLength(1);
    expect(messages.filter((m) => m === '429 Your PIN is locked after 5 wrong attempts. Try again in 15 minutes.')).toHaveLength(
      15,
    );
    const right = await client(b).call('POST', '/api/v1/user/pin/verify', { pin: '1234', device_token: 'web' }, user.token);
    expect(right.status).toBe(429);
  });

  it('an unknown e-mail gets the same answers and pauses, costs the same store work and slow hash, and about the same time as a real one', async () => {
    const [store] = env.clients(1);
    const provider = makeProvider({ store: store!, settings: { loginsPerSourcePerMinute: 1000 } });
    const user = await onboardedUser(provider);
    const c = client(provider, '203.0.113.8');
    const unknownEmail = `nobody-${user.id.toLowerCase()}@example.com`;
    const answers = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i < 11; i++) {
        const r = await c.call('POST', '/api/v1/user/login', { email, password: 'wrong-password' });
        out.push(`${r.status} ${r.body.message}`);
      }
      return out;
    };
    const real = await answers(user.email);
    expect(await answers(unknownEmail)).toEqual(real);
    expect(real.slice(-2)).toEqual([`429 ${paused(15)}`, `429 ${paused(15)}`]);

    // The same work: the same store operations on the same collections, and one slow hash each.
    const work = async (email: string, source: string) => {
      const ops: string[] = [];
      const before = hashChecks.count;
      const traced = makeProvider({ store: tracing(store!, ops), settings: { loginsPerSourcePerMinute: 1000 } });
      const r = await client(traced, source).call('POST', '/api/v1/user/login', { email, password: 'wrong-password' });
      return { answer: `${r.status} ${r.body.message}`, ops, hashes: hashChecks.count - before };
    };
    const realWork = await work(user.email, '198.51.100.200');
    expect([realWork.answer, realWork.hashes]).toEqual(['400 Invalid email or password', 1]);
    expect(realWork.ops.length).toBeGreaterThan(3);
    expect(await work(unknownEmail, '198.51.100.201')).toEqual(realWork);

    // Timing, as a sanity check only (this machine is shared and loaded): paired real/unknown logins
    // from fresh sources; the median of the differences stays well under one login's time.
    const diffs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const times: number[] = [];
      for (const email of [user.email, unknownEmail]) {
        const t0 = performance.now();
        const r = await client(provider, `198.51.100.${i}`).call('POST', '/api/v1/user/login', {
          email,
          password: 'wrong-password',
        });
        times.push(performance.now() - t0);
        expect(r.status).toBe(400);
      }
      diffs.push((times[0] ?? 0) - (times[1] ?? 0));
      unknownMs.push(times[1] ?? 0);
    }
    expect(Math.abs(median(diffs))).toBeLessThan(0.5 * median(unknownMs));
  });
});

describe('guessing fails over time: PIN locks escalate, then the PIN needs a reset code', () => {
  it('15 minutes, then 1 hour, then blocked until pin/reset with a code sent to the phone', async () => {
    const clock = { now: Date.parse('2026-11-22T08:00:00Z') };
    const provider = makeProvider({ now: () => clock.now });
    const c = client(provider);
    const user = await onboardedUser(provider);
    const verify = (pin: string) => c.call('POST', '/api/v1/user/pin/verify', { pin, device_token: 'web' }, user.token);
    const fiveWrong = async () => {
      let last = await verify('9999');
      for (let i = 1; i < 5; i++) last = await verify('9999');
      return `${last.status} ${last.body.message}`;
    };
    expect(await fiveWrong()).toBe(
      '429 Incorrect PIN. You have entered a wrong PIN 5 times, so your PIN is locked for 15 minutes.',
    );
    clock.now += 15 * 60 * 1000;
    expect(await fiveWrong()).toBe('429 Incorrect PIN. You have entered a wrong PIN 5 times, so your PIN is locked for 1 hour.');
    clock.now += 30 * 60 * 1000;
    const waiting = await verify('1234');
    expect([waiting.status, waiting.body.message]).toEqual([
      429,
      'Your PIN is locked after 5 wrong attempts. Try again in 30 minutes.',
    ]);
    clock.now += 30 * 60 * 1000;
    const blockedNow = 'Your PIN is blocked after too many wrong attempts. Reset it with a code sent to your phone.';
    expect(await fiveWrong()).toBe(`429 Incorrect PIN. ${blockedNow}`);
    // Blocked for good: hours later (the session still alive) even the right PIN is refused.
    clock.now += 20 * 60 * 60 * 1000;
    const later = await verify('1234');
    expect([later.status, later.body.message]).toEqual([429, blockedNow]);

    expect((await c.call('POST', '/api/v1/user/pin/reset', { otp: 'AAAA', pin: '4321' }, user.token)).body.message).toBe(
      CODE_INVALID,
    );
    const sent = await c.call('POST', '/api/v1/user/pin/send-otp', {}, user.token);
    expect([sent.status, sent.body.message]).toEqual([200, 'A PIN reset code has been sent to your phone number']);
    const otp = await c.latestSms(user.phone);
    const reset = await c.call('POST', '/api/v1/user/pin/reset', { otp, pin: '4321' }, user.token);
    expect([reset.status, reset.body.message]).toEqual([200, 'Your PIN has been changed successfully']);
    expect((await verify('1234')).status).toBe(400);
    expect((await verify('4321')).status).toBe(200);
    // The reset starts the escalation again: the next lock is 15 minutes.
    expect(await fiveWrong()).toBe(
      '429 Incorrect PIN. You have entered a wrong PIN 5 times, so your PIN is locked for 15 minutes.',
    );
  });

  it('a right PIN ends the escalation: the next lock is 15 minutes again', async () => {
    const clock = { now: Date.parse('2026-11-22T08:00:00Z') };
    const provider = makeProvider({ now: () => clock.now });
    const c = client(provider);
    const user = await onboardedUser(provider);
    const verify = (pin: string) => c.call('POST', '/api/v1/user/pin/verify', { pin, device_token: 'web' }, user.token);
    for (let i = 0; i < 5; i++) await verify('9999');
    clock.now += 15 * 60 * 1000;
    expect((await verify('1234')).status).toBe(200);
    for (let i = 0; i < 4; i++) await verify('9999');
    const fifth = await verify('9999');
    expect(fifth.body.message).toBe('Incorrect PIN. You have entered a wrong PIN 5 times, so your PIN is locked for 15 minutes.');
  });
});

describe('guessing fails over time: wrong one-time codes have a daily budget per e-mail', () => {
  it('new codes every hour do not bring new guesses: past the budget even the right code is refused until tomorrow; an unknown e-mail gets the same', async () => {
    const clock = { now: Date.parse('2026-11-22T08:00:00Z') };
    const provider = makeProvider({ now: () => clock.now, settings: { wrongCodesPerAccountPerDay: 3 } });
    const user = await onboardedUser(provider);
    const c = client(provider, '203.0.113.70');
    const sendCode = (email: string) => c.call('POST', '/api/v1/user/password/send-otp', { email });
    const reset = (email: string, otp: string) =>
      c.call('POST', '/api/v1/user/password/reset', { email, otp, password: 'A-new-password-2026' });
    const spent = [429, 'Too many wrong codes have been tried for this account today. Please try again tomorrow.'];

    // Two wrong tries on one code; an hour later a new code, and one more wrong try spends the day's budget.
    await sendCode(user.email);
    expect((await reset(user.email, 'ZZZZ')).status).toBe(400);
    expect((await reset(user.email, 'ZZZZ')).status).toBe(400);
    clock.now += 60 * 60 * 1000;
    await sendCode(user.email);
    expect((await reset(user.email, 'ZZZZ')).status).toBe(400);
    const right = await reset(user.email, await c.latestSms(user.phone));
    expect([right.status, right.body.message]).toEqual(spent);

    // An unknown e-mail: the same answers, and the same refusal after the same number of tries.
    const unknown = `nobody-${user.email}`;
    for (let i = 0; i < 3; i++) expect((await reset(unknown, 'ZZZZ')).status).toBe(400);
    const fourth = await reset(unknown, 'ZZZZ');
    expect([fourth.status, fourth.body.message]).toEqual(spent);

    // The next day a new code works.
    clock.now += 24 * 60 * 60 * 1000;
    await sendCode(user.email);
    expect((await reset(user.email, await c.latestSms(user.phone))).status).toBe(200);
  });
});

describe('lockout is no weapon, and distributed guessing still stops', () => {
  it('wrong passwords from many sources past the account ceiling need the reset code; the reset ends every pause', async () => {
    const provider = makeProvider({ now: still, settings: { loginAccountMaxFailuresPerHour: 20 } });
    const user = await onboardedUser(provider);
    const login = (source: string, password: string) =>
      client(provider, source).call('POST', '/api/v1/user/login', { email: user.email, password });
    // 4 sources x 5 wrong: none is paused on its own, but together they reach the account's ceiling.
    for (const source of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      for (let i = 0; i < 5; i++) expect((await login(source, 'wrong-password')).status).toBe(400);
    }
    const ceiling = await login('192.0.2.50', user.password);
    expect([ceiling.status, ceiling.body.message]).toEqual([
      429,
      'Too many wrong passwords have been tried on this account. Reset your password with a code sent to your phone to log in now, or try again in an hour.',
    ]);
    const c = client(provider, '192.0.2.50');
    expect((await c.call('POST', '/api/v1/user/password/send-otp', { email: user.email })).body.message).toBe(CODE_SENT);
    const otp = await c.latestSms(user.phone);
    expect(
      (await c.call('POST', '/api/v1/user/password/reset', { email: user.email, otp, password: 'A-new-password-2026' })).status,
    ).toBe(200);
    expect((await login('192.0.2.50', 'A-new-password-2026')).status).toBe(200);
    expect((await login('198.51.100.1', 'A-new-password-2026')).status).toBe(200);
  });

  it('logins are limited per source with a clear 429; other sources are not slowed', async () => {
    const provider = makeProvider({ now: still, settings: { loginsPerSourcePerMinute: 5 } });
    const user = await onboardedUser(provider);
    const login = (source: string) =>
      client(provider, source).call('POST', '/api/v1/user/login', {
        email: `someone-${source}@example.com`,
        password: 'wrong-password',
      });
    for (let i = 0; i < 5; i++) expect((await login('203.0.113.9')).status).toBe(400);
    const sixth = await login('203.0.113.9');
    expect([sixth.status, sixth.body.message]).toEqual([
      429,
      'Too many login attempts from your network. Please wait a minute and try again.',
    ]);
    const other = await client(provider, '198.51.100.9').call('POST', '/api/v1/user/login', {
      email: user.email,
      password: user.password,
    });
    expect(other.status).toBe(200);
  });
});

describe('no oracle: the public code calls answer the same for every e-mail', () => {
  it('password/send-otp, otp/request, otp/verify and password/reset do not tell which e-mails exist', async () => {
    const clock = { now: Date.parse('2026-11-22T08:00:00Z') };
    const provider = makeProvider({ now: () => clock.now });
    const c = client(provider);
    const payload = registrationPayload();
    expect((await c.call('POST', '/api/v1/user/register', payload)).status).toBe(201);
    const unknown = { email: `nobody-${payload.username}@example.com`, phone_number: '08035550000' };
    const answer = (r: { status: number; body: { message: string } }) => `${r.status} ${r.body.message}`;

    const sendReset = (email: string) => c.call('POST', '/api/v1/user/password/send-otp', { email });
    expect(answer(await sendReset(payload.email))).toBe(`200 ${CODE_SENT}`);
    expect(answer(await sendReset(unknown.email))).toBe(`200 ${CODE_SENT}`);

    const request = (email: string, phone: string) =>
      c.call('POST', '/api/v1/otp/request', { email, phone_number: phone, otpType: 'PHONE-VERIFICATION' });
    expect(answer(await request(payload.email, payload.phone_number))).toBe(`200 ${CODE_SENT}`);
    expect(answer(await request(payload.email, '08035550001'))).toBe(`200 ${CODE_SENT}`);
    expect(answer(await request(unknown.email, unknown.phone_number))).toBe(`200 ${CODE_SENT}`);

    // A code check for an unknown e-mail fails exactly like a wrong or missing code.
    const reset = (email: string) =>
      c.call('POST', '/api/v1/user/password/reset', { email, otp: 'ZZZZ', password: 'A-new-password-2026' });
    const other = registrationPayload();
    expect((await c.call('POST', '/api/v1/user/register', other)).status).toBe(201);
    expect(answer(await reset(other.email))).toBe(`400 ${CODE_INVALID}`);
    expect(answer(await reset(unknown.email))).toBe(`400 ${CODE_INVALID}`);
    const verify = (email: string) => c.call('POST', '/api/v1/otp/verify', { email, otp: 'ZZZZ', otpType: 'PHONE-VERIFICATION' });
    const verifiedUser = await onboardedUser(provider);
    expect(answer(await verify(verifiedUser.email))).toBe(`400 ${CODE_INVALID}`);
    expect(answer(await verify(unknown.email))).toBe(`400 ${CODE_INVALID}`);

    // The hourly ceiling on codes refuses the same request for a real and an unknown e-mail.
    const sixth = async (email: string) => {
      for (let i = 0; i < 5; i++) expect((await sendReset(email)).status).toBe(200);
      return answer(await sendReset(email));
    };
    const fresh = registrationPayload();
    expect((await c.call('POST', '/api/v1/user/register', fresh)).status).toBe(201);
    // An hour after sign-up (whose own code counts for that hour).
    clock.now += 60 * 60 * 1000;
    const realSixth = await sixth(fresh.email);
    expect(realSixth).toBe('429 Too many codes requested for this phone number. Please try again in an hour.');
    expect(await sixth(`another-${fresh.username}@example.com`)).toBe(realSixth);
  });
});

describe('no flood: SMS, registrations and code checks are limited per source and in all', () => {
  it('one client registering fresh phone numbers in a burst gets smsPerSourcePerHour codes sent and then 429 on registering', async () => {
    const provider = makeProvider({ now: still, settings: { smsPerSourcePerHour: 5, registrationsPerSourcePerHour: 10 } });
    const attacker = client(provider, '203.0.113.30');
    const results = await Promise.all(
      Array.from({ length: 30 }, () => attacker.call('POST', '/api/v1/user/register', registrationPayload())),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    expect(refused[0]?.body.message).toBe('Too many accounts have been created from your network. Please try again in an hour.');
    expect(await smsCount(provider)).toBe(5);
    // Another client still registers and gets its code.
    const other = await client(provider, '198.51.100.30').call('POST', '/api/v1/user/register', registrationPayload());
    expect(other.status).toBe(201);
    expect(await smsCount(provider)).toBe(6);
  });

  it('SMS codes are limited per source and in all, with a clear 429 and nothing sent', async () => {
    const provider = makeProvider({ now: still, settings: { smsPerHour: 3 } });
    const payloads = Array.from({ length: 4 }, () => registrationPayload());
    for (const [i, p] of payloads.entries()) {
      expect((await client(provider, `198.51.100.${70 + i}`).call('POST', '/api/v1/user/register', p)).status).toBe(201);
    }
    // The fourth account was created, but the ceiling kept its code from being sent.
    expect(await smsCount(provider)).toBe(3);
    const global = await client(provider, '198.51.100.80').call('POST', '/api/v1/user/password/send-otp', {
      email: payloads[0]!.email,
    });
    expect([global.status, global.body.message]).toEqual([429, 'We cannot send codes right now. Please try again later.']);
    expect(await smsCount(provider)).toBe(3);

    const perSource = makeProvider({ now: still, settings: { smsPerSourcePerHour: 2 } });
    const emails = ['a', 'b', 'c'].map((x) => `${x}-${Date.now()}@example.com`);
    const c = client(perSource, '203.0.113.42');
    expect((await c.call('POST', '/api/v1/user/password/send-otp', { email: emails[0] })).status).toBe(200);
    expect((await c.call('POST', '/api/v1/user/password/send-otp', { email: emails[1] })).status).toBe(200);
    const third = await c.call('POST', '/api/v1/user/password/send-otp', { email: emails[2] });
    expect([third.status, third.body.message]).toEqual([
      429,
      'Too many codes have been requested from your network. Please try again in an hour.',
    ]);
  });

  it('code checks are limited per source', async () => {
    const provider = makeProvider({ now: still, settings: { codeChecksPerSourcePerHour: 3 } });
    const c = client(provider, '203.0.113.50');
    const check = () =>
      c.call('POST', '/api/v1/otp/verify', { email: 'someone@example.com', otp: 'ZZZZ', otpType: 'PHONE-VERIFICATION' });
    for (let i = 0; i < 3; i++) expect((await check()).status).toBe(400);
    const fourth = await check();
    expect([fourth.status, fourth.body.message]).toEqual([
      429,
      'Too many codes have been tried from your network. Please try again in an hour.',
    ]);
    expect(
      (
        await client(provider, '198.51.100.50').call('POST', '/api/v1/otp/verify', {
          email: 'someone@example.com',
          otp: 'ZZZZ',
          otpType: 'PHONE-VERIFICATION',
        })
      ).status,
    ).toBe(400);
  });

  it('the limit counters expire: each window is its own document with a TTL date', async () => {
    const provider = makeProvider();
    await client(provider, '203.0.113.60').call('POST', '/api/v1/user/login', {
      email: 'x@example.com',
      password: 'wrong-password',
    });
    const docs = await provider.deps.store.query('provider_limits');
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) expect(d.data.expire_at).toBeInstanceOf(Date);
    expect(await provider.deps.store.query(C.loginGuards)).toHaveLength(1);
  });
});

describe('step-up: money committed needs the PIN or a fresh login', () => {
  it('subscription, pot join and a paid code: free within 15 minutes of login, then only with the right PIN; nothing moves without it', async () => {
    const clock = { now: Date.parse('2026-11-22T08:00:00Z') };
    const provider = makeProvider({ now: () => clock.now });
    const c = client(provider);
    const user = await onboardedUser(provider);
    await topUp(provider, user.token, user.email, 30_000);
    const balance = async () =>
      ((await c.call('GET', '/api/v1/user/naira-wallet', undefined, user.token)).body.data as { balance: number }).balance;
    const subscribe = (key: string, body: Record<string, unknown> = {}) =>
      c.call('POST', '/api/v1/user/subscribe', body, user.token, { 'idempotency-key': key });
    const first = await subscribe('step-up-sub-1');
    expect(first.status).toBe(200);
    expect(await balance()).toBe(28_000);
    // Renewing the running period names its end (a plain subscribe would charge nothing then).
    const renewFrom = (first.body.data as { subscription_expires_at: string }).subscription_expires_at;

    clock.now += 16 * 60 * 1000;
    const stale = await subscribe('step-up-sub-2', { renew_from: renewFrom });
    expect([stale.status, stale.body.message]).toEqual([403, 'Please enter your transaction PIN to confirm this payment.']);
    const wrong = await subscribe('step-up-sub-3', { pin: '9999', renew_from: renewFrom });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Incorrect PIN. You have 4 attempts left.']);
    expect(await balance()).toBe(28_000);
    expect((await subscribe('step-up-sub-4', { pin: '1234', renew_from: renewFrom })).status).toBe(200);
    expect(await balance()).toBe(26_000);

    await provider.deps.store.set('trading_pots', 'step-up-pot', {
      id: 'step-up-pot',
      pot_volume: 100_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 10,
      duration: 1,
      status: 'Raising',
    });
    const join = (key: string, extra: Record<string, unknown> = {}) =>
      c.call(
        'POST',
        '/api/v1/user/join-auto-trada',
        { amount: 10_000, pot_id: 'step-up-pot', acceptRisk: true, ...extra },
        user.token,
        {
          'idempotency-key': key,
        },
      );
    expect((await join('step-up-join-1')).status).toBe(403);
    expect(await balance()).toBe(26_000);
    // The same join sent again with the PIN, under the same key (as the web does after the step-up).
    const joined = await join('step-up-join-1', { pin: '1234' });
    expect(joined.status).toBe(200);
    expect(await join('step-up-join-1', { pin: '1234' })).toEqual(joined);
    expect(await balance()).toBe(16_000);

    // A paid code needs the step-up; a free one does not. A fresh login is a step-up too.
    const seller = await onboardedUser(provider);
    await provider.deps.store.update(C.users, seller.id, { can_post_game: true, can_monetize_game: true });
    const code = (amount: number) =>
      c.call(
        'POST',
        '/api/v1/puntershub/create-code',
        {
          odd: 2,
          title: `Step ${amount}`,
          game_code: `S${amount}`,
          platform: 'nairabet',
          amount,
          startDate: '2099-11-22T18:00:00Z',
          endDate: '2099-11-22T20:00:00Z',
        },
        seller.token,
      );
    const paid = String(((await code(500)).body.data as { id: string }).id);
    const free = String(((await code(0)).body.data as { id: string }).id);
    let buys = 0;
    const buy = (id: string, amount: number, token = user.token) =>
      c.call('POST', '/api/v1/puntershub/buy-or-get-game', { game_id: id, amount }, token, {
        'idempotency-key': `step-up-buy-${(buys += 1)}`,
      });
    expect((await buy(free, 0)).status).toBe(200);
    expect((await buy(paid, 500)).status).toBe(403);
    expect(await balance()).toBe(16_000);
    const fresh = await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password });
    expect((await buy(paid, 500, String(fresh.body.token))).status).toBe(200);
    expect(await balance()).toBe(15_500);

    // A join made within the 15 minutes whose answer was lost, sent again after them with the PIN under the
    // same key: the first answer, not a conflict, and the money moved once.
    const freshToken = String(fresh.body.token);
    const joinAs = (token: string, extra: Record<string, unknown> = {}) =>
      c.call('POST', '/api/v1/user/join-auto-trada', { amount: 10_000, pot_id: 'step-up-pot', ...extra }, token, {
        'idempotency-key': 'step-up-join-lost',
      });
    const lost = await joinAs(freshToken);
    expect(lost.status).toBe(200);
    clock.now += 16 * 60 * 1000;
    expect((await joinAs(freshToken)).body.message).toBe('Please enter your transaction PIN to confirm this payment.');
    expect(await joinAs(freshToken, { pin: '1234' })).toEqual(lost);
    expect(await balance()).toBe(5_500);
  });
});
