/**
 * Issue 31 item 10: on every one-time-code call anyone can make with an e-mail (otp/request, otp/verify,
 * password/send-otp, password/reset), a real account and an unknown e-mail get the same status and the same
 * message, try after try, whatever was asked before: a code sent, wrong codes, the try that locks the code.
 */
import { describe, expect, it } from 'vitest';
import { client, makeProvider, onboardedUser, registrationPayload } from './helpers';

const still = () => Date.parse('2026-11-22T08:00:00Z');

type Answer = [number, string];

describe('the same answers for a real and an unknown e-mail (issue 31 item 10)', () => {
  it('password reset: after a code is requested, wrong codes, the locking try and the right code after it', async () => {
    const provider = makeProvider({ now: still });
    const user = await onboardedUser(provider);
    const unknown = `nobody-${user.email}`;
    const answers = async (email: string): Promise<Answer[]> => {
      // Each e-mail from its own address, so the per-address limits do not differ between the two runs.
      const c = client(provider, `198.51.100.${email === unknown ? 2 : 1}`);
      const out: Answer[] = [];
      const sent = await c.call('POST', '/api/v1/user/password/send-otp', { email });
      out.push([sent.status, sent.body.message]);
      for (let i = 0; i < 6; i++) {
        const r = await c.call('POST', '/api/v1/user/password/reset', { email, otp: 'ZZZZ', password: 'A-new-password-2026' });
        out.push([r.status, r.body.message]);
      }
      if (email === user.email) {
        // The right code after the code was locked: refused like any other.
        const right = await c.call('POST', '/api/v1/user/password/reset', {
          email,
          otp: await c.latestSms(user.phone),
          password: 'A-new-password-2026',
        });
        out.push([right.status, right.body.message]);
      } else {
        const r = await c.call('POST', '/api/v1/user/password/reset', { email, otp: 'ABCD', password: 'A-new-password-2026' });
        out.push([r.status, r.body.message]);
      }
      return out;
    };
    const real = await answers(user.email);
    const none = await answers(unknown);
    expect(real).toEqual(none);
    expect(real[1]).toEqual([400, 'The code has expired or is invalid. Please request a new one.']);
  });

  it('phone verification: a code requested and wrong codes answer alike for an unverified account and an unknown e-mail', async () => {
    const provider = makeProvider({ now: still });
    const c0 = client(provider, '198.51.100.10');
    const payload = registrationPayload();
    const reg = await c0.call('POST', '/api/v1/user/register', payload);
    expect(reg.status).toBe(201);
    const answers = async (email: string, source: string): Promise<Answer[]> => {
      const c = client(provider, source);
      const out: Answer[] = [];
      const sent = await c.call('POST', '/api/v1/otp/request', {
        email,
        phone_number: payload.phone_number,
        otpType: 'PHONE-VERIFICATION',
      });
      out.push([sent.status, sent.body.message]);
      for (let i = 0; i < 6; i++) {
        const r = await c.call('POST', '/api/v1/otp/verify', { otp: 'ZZZZ', otpType: 'PHONE-VERIFICATION', email });
        out.push([r.status, r.body.message]);
      }
      return out;
    };
    const real = await answers(payload.email, '198.51.100.11');
    const none = await answers(`nobody-${payload.email}`, '198.51.100.12');
    expect(real).toEqual(none);
  });

  it('the SMS gateway failing for an account answers like an unknown e-mail: the code is only logged as not sent', async () => {
    const logged: string[] = [];
    let failing = false;
    const provider = makeProvider({
      now: still,
      log: (message) => logged.push(message),
      sms: {
        name: 'sandbox',
        send: () => (failing ? Promise.reject(new Error('gateway down')) : Promise.resolve()),
      },
    });
    const c = client(provider, '198.51.100.20');
    const payload = registrationPayload();
    expect((await c.call('POST', '/api/v1/user/register', payload)).status).toBe(201);
    failing = true;
    const real = await c.call('POST', '/api/v1/user/password/send-otp', { email: payload.email });
    const none = await client(provider, '198.51.100.21').call('POST', '/api/v1/user/password/send-otp', {
      email: `nobody-${payload.email}`,
    });
    expect([real.status, real.body.message]).toEqual([none.status, none.body.message]);
    expect(real.status).toBe(200);
    expect(logged).toContain('one-time code not sent');
  });
});
