import { describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import { client, makeProvider, onboardedUser, registrationPayload, topUp } from './helpers';

function clockedProvider() {
  const clock = { now: Date.parse('2026-11-22T08:00:00Z') };
  const provider = makeProvider({ now: () => clock.now });
  return { provider, clock, c: client(provider) };
}

describe('accounts', () => {
  it('keeps email, username (case-insensitive, trimmed) and phone unique', async () => {
    const { c } = clockedProvider();
    const first = registrationPayload({ username: 'Chidi_1', phone_number: '08030000001' });
    expect((await c.call('POST', '/api/v1/user/register', first)).status).toBe(201);
    const dupEmail = await c.call('POST', '/api/v1/user/register', registrationPayload({ email: first.email.toUpperCase() }));
    expect([dupEmail.status, dupEmail.body.message]).toEqual([409, 'An account with this email already exists']);
    const dupUser = await c.call('POST', '/api/v1/user/register', registrationPayload({ username: ' chidi_1  ' }));
    expect([dupUser.status, dupUser.body.message]).toEqual([409, 'This username is already taken']);
    const dupPhone = await c.call('POST', '/api/v1/user/register', registrationPayload({ phone_number: '+2348030000001' }));
    expect([dupPhone.status, dupPhone.body.message]).toEqual([409, 'An account with this phone number already exists']);
  });

  it('links a referral code to the referrer, whose referral list shows the subscription flag', async () => {
    const { provider, c } = clockedProvider();
    const referrer = await onboardedUser(provider);
    const profile = await c.call('POST', '/api/v1/user/login', { email: referrer.email, password: referrer.password });
    const data = profile.body.data as { referral_code: string; referral_link: string };
    expect(data.referral_link).toBe(`http://127.0.0.1:5173/referral/${data.referral_code}`);
    const friend = await onboardedUser(provider, { referral_code: data.referral_code.toLowerCase(), first_name: 'Kemi' });
    let refs = await c.call('GET', '/api/v1/user/my-referrals', undefined, referrer.token);
    expect(refs.body.data).toEqual([expect.objectContaining({ first_name: 'Kemi', last_name: 'Obi', subscription: false })]);
    await topUp(provider, friend.token, friend.email, 2_000);
    const sub = await c.call('POST', '/api/v1/user/subscribe', {}, friend.token, { 'idempotency-key': 'friend-subscribe-1' });
    expect(sub.status).toBe(200);
    expect(sub.body.data).toMatchObject({ entry: { type: 'SUBSCRIPTION', amount: 2000, new_balance: 0 } });
    refs = await c.call('GET', '/api/v1/user/my-referrals', undefined, referrer.token);
    expect(refs.body.data).toEqual([expect.objectContaining({ subscription: true })]);
  });

  it('one-time codes: 4 characters, expire after 10 minutes, at most 5 sends an hour per phone, at most 5 wrong tries', async () => {
    const { c, clock } = clockedProvider();
    const payload = registrationPayload();
    const reg = await c.call('POST', '/api/v1/user/register', payload); // send 1
    const phone = (reg.body.data as { phone_number: string }).phone_number;
    const resend = { email: payload.email, phone_number: payload.phone_number, otpType: 'PHONE-VERIFICATION' };
    for (let i = 0; i < 4; i++) expect((await c.call('POST', '/api/v1/otp/request', resend)).status).toBe(200);
    const sixth = await c.call('POST', '/api/v1/otp/request', resend);
    expect([sixth.status, sixth.body.message]).toEqual([
      429,
      'Too many codes requested for this phone number. Please try again in an hour.',
    ]);
    const code = await c.latestSms(phone);
    clock.now += 10 * 60 * 1000 + 1;
    const late = await c.call('POST', '/api/v1/otp/verify', { otp: code, otpType: 'PHONE-VERIFICATION', email: payload.email });
    expect([late.status, late.body.message]).toEqual([400, 'The code has expired or is invalid. Please request a new one.']);
    clock.now += 60 * 60 * 1000;
    expect((await c.call('POST', '/api/v1/otp/request', resend)).status).toBe(200);
    const fresh = await c.latestSms(phone);
    const wrong = fresh === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) {
      const r = await c.call('POST', '/api/v1/otp/verify', { otp: wrong, otpType: 'PHONE-VERIFICATION', email: payload.email });
      expect(r.status).toBe(400);
    }
    // The try that uses the code up answers like any wrong code (the same as for an unknown e-mail, issue 31
    // item 10), and the right code is refused after it.
    const fifth = await c.call('POST', '/api/v1/otp/verify', { otp: wrong, otpType: 'PHONE-VERIFICATION', email: payload.email });
    expect([fifth.status, fifth.body.message]).toEqual([400, 'The code has expired or is invalid. Please request a new one.']);
    const right = await c.call('POST', '/api/v1/otp/verify', { otp: fresh, otpType: 'PHONE-VERIFICATION', email: payload.email });
    expect([right.status, right.body.message]).toEqual([400, 'The code has expired or is invalid. Please request a new one.']);
  });

  it('PIN: stored hashed; 5 wrong tries lock it for 15 minutes and the message says so', async () => {
    const { provider, c, clock } = clockedProvider();
    const u = await onboardedUser(provider);
    const stored = await provider.deps.store.get(C.users, u.id);
    expect(String(stored?.pin_hash)).toMatch(/^scrypt\$/);
    expect(String(stored?.pin_hash)).not.toContain('1234');
    const verify = (pin: string) => c.call('POST', '/api/v1/user/pin/verify', { pin, device_token: 'web' }, u.token);
    expect((await verify('1234')).status).toBe(200);
    for (let i = 1; i <= 4; i++) {
      const r = await verify('9999');
      expect([r.status, r.body.message]).toEqual([
        400,
        `Incorrect PIN. You have ${5 - i} attempt${5 - i === 1 ? '' : 's'} left.`,
      ]);
    }
    const fifth = await verify('9999');
    expect([fifth.status, fifth.body.message]).toEqual([
      429,
      'Incorrect PIN. You have entered a wrong PIN 5 times, so your PIN is locked for 15 minutes.',
    ]);
    const locked = await verify('1234');
    expect([locked.status, locked.body.message]).toEqual([
      429,
      'Your PIN is locked after 5 wrong attempts. Try again in 15 minutes.',
    ]);
    clock.now += 15 * 60 * 1000;
    expect((await verify('1234')).status).toBe(200);
  });

  it('login: 10 wrong passwords in a row pause the account for 15 minutes, even in a burst; a reset ends the pause', async () => {
    const { provider, c, clock } = clockedProvider();
    const u = await onboardedUser(provider);
    const login = (password: string) => c.call('POST', '/api/v1/user/login', { email: u.email, password });
    const paused = (minutes: number) => [
      429,
      `Too many wrong passwords. Logging in to this account is paused for ${minutes} minute${minutes === 1 ? '' : 's'}; you can reset your password now.`,
    ];
    // The right password resets the count: 9 wrong, 1 right, 9 wrong is never a pause.
    for (let i = 0; i < 9; i++) expect((await login('wrong-password')).body.message).toBe('Invalid email or password');
    expect((await login(u.password)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login('wrong-password')).status).toBe(400);
    const tenth = await login('wrong-password');
    expect([tenth.status, tenth.body.message]).toEqual(paused(15));
    // Paused: even the right password is refused, and nothing else about the account changes.
    clock.now += 5 * 60 * 1000;
    const refused = await login(u.password);
    expect([refused.status, refused.body.message]).toEqual(paused(10));
    expect((await c.call('GET', '/api/v1/user/naira-wallet', undefined, u.token)).status).toBe(200);
    clock.now += 10 * 60 * 1000;
    expect((await login(u.password)).status).toBe(200);

    // 30 guesses at once: at most 10 are compared, the rest are refused as paused.
    const burst = await Promise.all(Array.from({ length: 30 }, () => login('wrong-password')));
    expect(burst.filter((r) => r.status === 400).length).toBeLessThanOrEqual(9);
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(21);
    expect((await login(u.password)).status).toBe(429);

    // The owner resets the password with the phone code and logs in at once.
    expect((await c.call('POST', '/api/v1/user/password/send-otp', { email: u.email })).status).toBe(200);
    const otp = await c.latestSms(u.phone);
    const reset = await c.call('POST', '/api/v1/user/password/reset', { email: u.email, otp, password: 'A-new-password-2026' });
    expect(reset.status).toBe(200);
    expect((await login('A-new-password-2026')).status).toBe(200);
  });

  it('an unknown email gets the same answer as a wrong password', async () => {
    const { c } = clockedProvider();
    const unknown = await c.call('POST', '/api/v1/user/login', { email: 'nobody.here@punter.test', password: 'whatever-1' });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Invalid email or password']);
  });

  it("bearer tokens are stored hashed and expire after 24 hours with exactly SPEC's message", async () => {
    const { provider, c, clock } = clockedProvider();
    const u = await onboardedUser(provider);
    const tokenDocs = await provider.deps.store.query(C.tokens);
    expect(tokenDocs.every((d) => d.id !== u.token && !JSON.stringify(d.data).includes(u.token))).toBe(true);
    expect((await c.call('GET', '/api/v1/user/naira-wallet', undefined, u.token)).status).toBe(200);
    clock.now += 24 * 60 * 60 * 1000;
    const expired = await c.call('GET', '/api/v1/user/naira-wallet', undefined, u.token);
    expect(expired).toEqual({
      status: 401,
      body: { status: false, message: 'Token is expired or invalid.', error: [{ message: 'Token is expired or invalid.' }] },
    });
  });

  it('a suspended user cannot log in or use a token until an admin activates the account; both are audited', async () => {
    const { provider, c } = clockedProvider();
    const u = await onboardedUser(provider);
    const admin = await onboardedUser(provider);
    await provider.deps.store.update(C.users, admin.id, { role: 1 });
    expect((await c.call('PUT', '/api/v1/users/suspend-account', { user_id: u.id }, admin.token)).body.message).toBe(
      'User suspended',
    );
    expect((await c.call('GET', '/api/v1/user/naira-wallet', undefined, u.token)).status).toBe(403);
    expect((await c.call('POST', '/api/v1/user/login', { email: u.email, password: u.password })).status).toBe(403);
    expect((await c.call('PUT', '/api/v1/users/activate', { user_id: u.id }, admin.token)).body.message).toBe(
      'User actiavted successfully',
    );
    expect((await c.call('GET', '/api/v1/user/naira-wallet', undefined, u.token)).status).toBe(200);
    const logs = await c.call('GET', '/api/v1/admin/all-logs', undefined, admin.token);
    const actions = (logs.body.data as Array<{ action: string }>).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['user.suspend', 'user.activate']));
  });
});
