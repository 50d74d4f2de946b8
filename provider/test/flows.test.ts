import { describe, expect, it } from 'vitest';
import { client, makeProvider, onboardedUser, registrationPayload, topUp } from './helpers';

describe('accounts and wallet on the in-memory store', () => {
  it('registers (201, no token), verifies the phone (203), sets a PIN, then logs in with 200', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const payload = registrationPayload({ username: '  spaced_name  ' });
    const reg = await c.call('POST', '/api/v1/user/register', payload);
    expect(reg.status).toBe(201);
    expect(reg.body.code).toBe(201);
    expect(reg.body.token).toBe('');
    const data = reg.body.data as { username: string; phone_number: string; email: string };
    expect(data.username).toBe('spaced_name');
    const login201 = await c.call('POST', '/api/v1/user/login', { email: payload.email, password: payload.password });
    expect(login201.body.code).toBe(201);
    const otp = await c.latestSms(data.phone_number);
    expect(otp).toMatch(/^\d{4}$/);
    const verified = await c.call('POST', '/api/v1/otp/verify', { otp, otpType: 'PHONE-VERIFICATION', email: payload.email });
    expect(verified.status).toBe(200);
    expect(verified.body.code).toBe(203);
    const token = String(verified.body.token);
    expect(token.length).toBeGreaterThan(20);
    expect((await c.call('POST', '/api/v1/user/pin/set', { pin: '4321' }, token)).body.message).toBe('Pin created sucesfully');
    const login = await c.call('POST', '/api/v1/user/login', { email: payload.email.toUpperCase(), password: payload.password });
    expect(login.body.code).toBe(200);
    const wrong = await c.call('POST', '/api/v1/user/login', { email: payload.email, password: 'nope nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ status: false, message: 'Invalid email or password' });
  });

  it('tops up, withdraws, lists transactions newest first and notifies', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const u = await onboardedUser(provider);
    await topUp(provider, u.token, u.email, 5000);
    const w = await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: u.bankId, amount: 1200.5, pin: '1234' },
      u.token,
      {
        'idempotency-key': 'withdraw-key-0001',
      },
    );
    expect(w.status).toBe(200);
    expect(w.body.data).toMatchObject({
      balance: 3799.5,
      transaction: { type: 'WITHDRAWAL', status: 'SUCCESS', amount: 1200.5 },
    });
    const bal = await c.call('GET', '/api/v1/user/naira-wallet', undefined, u.token);
    expect(bal.body.data).toEqual({ balance: 3799.5, currency: 'NGN' });
    const list = await c.call('GET', '/api/v1/user/transactions', undefined, u.token);
    expect((list.body.data as Array<{ type: string }>).map((t) => t.type)).toEqual(['WITHDRAWAL', 'FUNDING']);
    const notes = await c.call('GET', '/api/v1/admin/notifications', undefined, u.token);
    const texts = JSON.stringify(notes.body.data);
    // Amounts in notifications read like the app shows money: whole naira, separators, the sign.
    expect(texts).toContain('Your wallet was funded with ₦5,000');
    expect(texts).toContain('Your withdrawal of ₦1,201');
    expect(texts).not.toMatch(/₦\d{4}/);
  });
});
