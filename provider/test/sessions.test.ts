/**
 * Sessions and passwords: an admin can require a password change (login answers 206 and sends a reset
 * code; the reset leads back to 200), a password reset ends every old bearer token, and passwords and
 * PINs are stored as salted scrypt hashes.
 */
import { describe, expect, it } from 'vitest';
import { C, users } from '../src/collections';
import { verifySecret } from '../src/secrets';
import { client, makeProvider, onboardedUser } from './helpers';

const TOKEN_INVALID = {
  status: 401,
  body: { status: false, message: 'Token is expired or invalid.', error: [{ message: 'Token is expired or invalid.' }] },
};

async function adminAndUser() {
  const provider = makeProvider();
  const c = client(provider);
  const admin = await onboardedUser(provider);
  await provider.deps.store.update(C.users, admin.id, { role: 1 });
  const user = await onboardedUser(provider);
  return { provider, c, admin, user };
}

describe('login code 206: an admin requires a password change', () => {
  it('users/update must_change_password ends the sessions; login answers 206 with no token and a reset code; after the reset login answers 200', async () => {
    const { provider, c, admin, user } = await adminAndUser();
    const update = await c.call('PUT', '/api/v1/users/update', { user_id: user.id, must_change_password: true }, admin.token);
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({
      status: true,
      message: 'User updated successfully',
      data: { id: user.id, must_change_password: true },
    });
    expect(await c.call('GET', '/api/v1/user/naira-wallet', undefined, user.token)).toEqual(TOKEN_INVALID);
    expect(await provider.deps.store.query(C.tokens, { where: [['user_id', '==', user.id]] })).toEqual([]);

    const smsBefore = await provider.handle({ method: 'GET', path: '/sandbox/sms', query: { phone: user.phone } });
    const countBefore = (smsBefore.body as { messages: unknown[] }).messages.length;
    const login = await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ code: 206, token: '', message: 'Please change your password', data: { id: user.id } });
    const sms = await provider.handle({ method: 'GET', path: '/sandbox/sms', query: { phone: user.phone } });
    const messages = (sms.body as { messages: Array<{ code: string; body: string }> }).messages;
    expect(messages).toHaveLength(countBefore + 1);
    expect(messages[0]?.body).toContain('password reset code');
    // A second login while the code is live answers 206 again without sending another code.
    expect((await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password })).body.code).toBe(206);
    expect(
      (
        (await provider.handle({ method: 'GET', path: '/sandbox/sms', query: { phone: user.phone } })).body as {
          messages: unknown[];
        }
      ).messages,
    ).toHaveLength(countBefore + 1);

    const reset = await c.call('POST', '/api/v1/user/password/reset', {
      email: user.email,
      otp: messages[0]?.code,
      password: 'a brand new secret',
    });
    expect([reset.status, reset.body.message]).toEqual([200, 'Your password has been changed successfully']);
    expect((await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password })).status).toBe(400);
    const after = await c.call('POST', '/api/v1/user/login', { email: user.email, password: 'a brand new secret' });
    expect(after.body).toMatchObject({ code: 200, message: 'Login successful' });
    expect((await c.call('GET', '/api/v1/user/naira-wallet', undefined, String(after.body.token))).status).toBe(200);
    expect((await provider.deps.store.get(C.users, user.id))?.must_change_password).toBe(false);

    const logs = await c.call('GET', '/api/v1/admin/all-logs', undefined, admin.token);
    expect(logs.body.data).toContainEqual(
      expect.objectContaining({ action: 'user.update.must_change_password', target: user.id, admin_id: admin.id }),
    );
  });

  it('a user without a PIN comes back with 203 after the reset, and an admin cannot force a change on their own account', async () => {
    const { provider, c, admin, user } = await adminAndUser();
    await provider.deps.store.update(C.users, user.id, { pin_hash: null });
    await c.call('PUT', '/api/v1/users/update', { user_id: user.id, must_change_password: true }, admin.token);
    expect((await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password })).body.code).toBe(206);
    const otp = await c.latestSms(user.phone);
    await c.call('POST', '/api/v1/user/password/reset', { email: user.email, otp, password: 'another new secret' });
    const login = await c.call('POST', '/api/v1/user/login', { email: user.email, password: 'another new secret' });
    expect(login.body).toMatchObject({ code: 203 });
    expect(String(login.body.token)).not.toBe('');

    const self = await c.call('PUT', '/api/v1/users/update', { user_id: admin.id, must_change_password: true }, admin.token);
    expect([self.status, self.body.message]).toEqual([
      400,
      'You cannot force a password change on your own account; reset your password instead',
    ]);
    expect((await c.call('GET', '/api/v1/admin/admins', undefined, admin.token)).status).toBe(200);
  });
});

describe('tokens and stored secrets', () => {
  it("a password reset ends every bearer token the user had, with SPEC's message", async () => {
    const provider = makeProvider();
    const c = client(provider);
    const user = await onboardedUser(provider);
    const second = await c.call('POST', '/api/v1/user/login', { email: user.email, password: user.password });
    const tokens = [user.token, String(second.body.token)];
    for (const t of tokens) expect((await c.call('GET', '/api/v1/user/naira-wallet', undefined, t)).status).toBe(200);
    await c.call('POST', '/api/v1/user/password/send-otp', { email: user.email });
    const otp = await c.latestSms(user.phone);
    expect(
      (await c.call('POST', '/api/v1/user/password/reset', { email: user.email, otp, password: 'fresh password 9' })).status,
    ).toBe(200);
    for (const t of tokens) expect(await c.call('GET', '/api/v1/user/naira-wallet', undefined, t)).toEqual(TOKEN_INVALID);
    const fresh = await c.call('POST', '/api/v1/user/login', { email: user.email, password: 'fresh password 9' });
    expect((await c.call('GET', '/api/v1/user/naira-wallet', undefined, String(fresh.body.token))).status).toBe(200);
  });

  it('passwords and PINs are stored as scrypt$N$r$p$salt$hash with a 16-byte random salt, never in clear', async () => {
    const provider = makeProvider();
    const a = await onboardedUser(provider);
    const b = await onboardedUser(provider);
    const docs = await Promise.all([a.id, b.id].map(async (id) => (await users.get(provider.deps.store, id))!));
    const format = /^scrypt\$16384\$8\$1\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;
    for (const doc of docs) {
      for (const stored of [doc.password_hash, String(doc.pin_hash)]) {
        const match = format.exec(stored);
        expect(match, stored.slice(0, 12)).not.toBeNull();
        expect(Buffer.from(match?.[1] ?? '', 'base64')).toHaveLength(16);
        expect(Buffer.from(match?.[2] ?? '', 'base64')).toHaveLength(32);
      }
      expect(JSON.stringify(doc)).not.toContain(a.password);
      expect(await verifySecret(a.password, doc.password_hash)).toBe(true);
      expect(await verifySecret('1234', String(doc.pin_hash))).toBe(true);
      expect(await verifySecret('wrong password', doc.password_hash)).toBe(false);
    }
    // The same password and PIN give different hashes: the salt is random.
    expect(a.password).toBe(b.password);
    expect(docs[0]?.password_hash).not.toBe(docs[1]?.password_hash);
    expect(docs[0]?.pin_hash).not.toBe(docs[1]?.pin_hash);
  });
});
