/**
 * Accounts: registration, login with SPEC's result codes, phone one-time codes, password reset by
 * code, and the 4-digit transaction PIN.
 */
import {
  C,
  KeyedMutex,
  asUser,
  issueToken,
  loginCode,
  profileData,
  uniqueKey,
  writePermissions,
  type ProviderDeps,
  type UserDoc,
} from './context';
import { ApiError, badRequest, conflict, notFound, ok, parseBody, tooMany, type ProviderResponse } from './http';
import {
  loginBody,
  normalizePhone,
  otpRequestBody,
  otpVerifyBody,
  pinSetBody,
  pinVerifyBody,
  registerBody,
  resetPasswordBody,
  sendResetBody,
} from './schemas';
import { hashSecret, newOtp, newReferralCode, sha256, verifySecret } from './secrets';
import { newId, type Data } from './store';

export type OtpPurpose = 'PHONE-VERIFICATION' | 'PASSWORD-RESET';

const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export function createAccounts(deps: ProviderDeps) {
  const pinLocks = new KeyedMutex();

  async function userByEmail(email: string): Promise<UserDoc | null> {
    const index = await deps.store.get(C.unique, uniqueKey('email', email));
    if (!index) return null;
    return asUser(await deps.store.get(C.users, String(index.user_id)));
  }

  async function profileAnswer(user: UserDoc, message: string, status = 200): Promise<ProviderResponse> {
    const code = loginCode(user);
    // 201 and 206 are not logged in (ADR 0001): their profile carries no bearer token.
    const token = code === 200 || code === 203 ? await issueToken(deps, user.id) : '';
    return ok({ code, message, token, data: profileData(user, deps.settings, deps.now()) }, status);
  }

  /** Sends a one-time code by SMS; at most otpSendsPerHour per phone number. */
  async function sendOtp(user: UserDoc, purpose: OtpPurpose): Promise<void> {
    const code = newOtp();
    const now = deps.now();
    const hour = 60 * 60 * 1000;
    await deps.store.runTransaction(async (tx) => {
      const sends = await tx.get(C.otpSends, sha256(user.phone_number));
      const recent = ((sends?.sends as number[] | undefined) ?? []).filter((t) => t > now - hour);
      if (recent.length >= deps.settings.otpSendsPerHour) {
        throw tooMany('Too many codes requested for this phone number. Please try again in an hour.');
      }
      tx.set(C.otpSends, sha256(user.phone_number), { sends: [...recent, now] });
      tx.set(C.otps, `${purpose}:${user.id}`, {
        user_id: user.id,
        purpose,
        code_hash: sha256(`${user.id}:${code}`),
        expires_at: now + deps.settings.otpTtlMs,
        tries: 0,
        created_at: now,
      });
    });
    const what = purpose === 'PHONE-VERIFICATION' ? 'phone verification' : 'password reset';
    try {
      await deps.sms.send({ to: user.phone_number, code, body: `Your ${what} code is ${code}. It expires in 10 minutes.` });
    } catch (error) {
      deps.log('SMS gateway error', { error: String(error) });
      throw new ApiError(502, 'We could not send the code. Please try again.');
    }
  }

  /** Checks a one-time code; counts wrong tries; a used code is gone. */
  async function consumeOtp(user: UserDoc, purpose: OtpPurpose, code: string): Promise<void> {
    const now = deps.now();
    const outcome = await deps.store.runTransaction(async (tx) => {
      const record = await tx.get(C.otps, `${purpose}:${user.id}`);
      if (!record || Number(record.expires_at) <= now) return 'expired' as const;
      const tries = Number(record.tries);
      if (tries >= deps.settings.otpMaxTries) return 'locked' as const;
      if (record.code_hash !== sha256(`${user.id}:${code.toUpperCase()}`)) {
        tx.update(C.otps, `${purpose}:${user.id}`, { tries: tries + 1 });
        return tries + 1 >= deps.settings.otpMaxTries ? ('locked' as const) : ('wrong' as const);
      }
      tx.delete(C.otps, `${purpose}:${user.id}`);
      return 'ok' as const;
    });
    if (outcome === 'expired') throw badRequest('The code has expired or is invalid. Please request a new one.');
    if (outcome === 'locked') throw tooMany('Too many wrong codes. Please request a new code.');
    if (outcome === 'wrong') throw badRequest('Invalid code. Please check the code and try again.');
  }

  async function liveOtpExists(user: UserDoc, purpose: OtpPurpose): Promise<boolean> {
    const record = await deps.store.get(C.otps, `${purpose}:${user.id}`);
    return record !== null && Number(record.expires_at) > deps.now();
  }

  /**
   * Checks the PIN. Each attempt is counted before the hash is compared, so a burst of guesses
   * cannot outrun the counter; 5 wrong tries lock the PIN for 15 minutes.
   */
  async function checkPin(userId: string, pin: string): Promise<void> {
    await pinLocks.run(userId, async () => {
      const now = deps.now();
      const lockMinutes = Math.round(deps.settings.pinLockMs / 60_000);
      const hash = await deps.store.runTransaction(async (tx) => {
        const current = asUser(await tx.get(C.users, userId));
        if (!current) throw notFound('Account not found');
        if (!current.pin_hash) throw badRequest('Please create your transaction PIN first');
        if (current.pin_locked_until > now) {
          const left = Math.max(1, Math.ceil((current.pin_locked_until - now) / 60_000));
          throw tooMany(
            `Your PIN is locked after ${deps.settings.pinMaxTries} wrong attempts. Try again in ${left} minute${left === 1 ? '' : 's'}.`,
          );
        }
        const failed = current.pin_locked_until !== 0 ? 0 : current.pin_failed;
        tx.update(C.users, userId, { pin_failed: failed + 1, pin_locked_until: 0 });
        return { hash: current.pin_hash, failed: failed + 1 };
      });
      const valid = await verifySecret(pin, hash.hash);
      if (valid) {
        await deps.store.update(C.users, userId, { pin_failed: 0, pin_locked_until: 0 });
        return;
      }
      if (hash.failed >= deps.settings.pinMaxTries) {
        await deps.store.update(C.users, userId, { pin_failed: 0, pin_locked_until: now + deps.settings.pinLockMs });
        throw tooMany(
          `Incorrect PIN. You have entered a wrong PIN ${deps.settings.pinMaxTries} times, so your PIN is locked for ${lockMinutes} minutes.`,
        );
      }
      const left = deps.settings.pinMaxTries - hash.failed;
      throw badRequest(`Incorrect PIN. You have ${left} attempt${left === 1 ? '' : 's'} left.`);
    });
  }

  function loginPausedMessage(msLeft: number): string {
    const left = Math.max(1, Math.ceil(msLeft / 60_000));
    return `Too many wrong passwords. Logging in to this account is paused for ${left} minute${left === 1 ? '' : 's'}; you can reset your password now.`;
  }

  /**
   * Checks the password like the PIN: the attempt is counted before the hash is compared, so a
   * burst of guesses cannot outrun the counter; after `loginMaxTries` wrong passwords in a row,
   * logging in pauses for `loginLockMs`. A password reset ends the pause.
   */
  async function checkPassword(userId: string, password: string): Promise<void> {
    const now = deps.now();
    const attempt = await deps.store.runTransaction(async (tx) => {
      const current = asUser(await tx.get(C.users, userId));
      if (!current) throw badRequest('Invalid email or password');
      const lockedUntil = current.login_locked_until ?? 0;
      if (lockedUntil > now) throw tooMany(loginPausedMessage(lockedUntil - now));
      const failed = (lockedUntil !== 0 ? 0 : (current.login_failed ?? 0)) + 1;
      tx.update(C.users, userId, { login_failed: failed, login_locked_until: 0 });
      return { hash: current.password_hash, failed };
    });
    if (await verifySecret(password, attempt.hash)) {
      await deps.store.update(C.users, userId, { login_failed: 0 });
      return;
    }
    if (attempt.failed >= deps.settings.loginMaxTries) {
      await deps.store.update(C.users, userId, { login_failed: 0, login_locked_until: now + deps.settings.loginLockMs });
      deps.log('login paused after wrong passwords', { user_id: userId });
      throw tooMany(loginPausedMessage(deps.settings.loginLockMs));
    }
    throw badRequest('Invalid email or password');
  }

  return {
    userByEmail,
    sendOtp,

    async register(body: unknown): Promise<ProviderResponse> {
      const input = parseBody(registerBody, body);
      const phone = normalizePhone(input.phone_number);
      const now = deps.now();
      const passwordHash = await hashSecret(input.password);
      const referral = input.referral_code ? input.referral_code.toUpperCase() : null;
      const id = newId();
      const user = await deps.store.runTransaction(async (tx) => {
        const keys = {
          email: uniqueKey('email', input.email),
          username: uniqueKey('username', input.username),
          phone: uniqueKey('phone', phone),
        };
        const [byEmail, byUsername, byPhone] = await Promise.all([
          tx.get(C.unique, keys.email),
          tx.get(C.unique, keys.username),
          tx.get(C.unique, keys.phone),
        ]);
        if (byEmail) throw conflict('An account with this email already exists');
        if (byUsername) throw conflict('This username is already taken');
        if (byPhone) throw conflict('An account with this phone number already exists');
        let referredBy: string | null = null;
        if (referral) {
          const ref = await tx.get(C.unique, `referral:${referral}`);
          if (!ref) throw badRequest('The referral code is not valid');
          referredBy = String(ref.user_id);
        }
        let referralCode = newReferralCode();
        // A collision among 32^8 codes is astronomically unlikely; check once anyway.
        if (await tx.get(C.unique, `referral:${referralCode}`)) referralCode = newReferralCode();
        const doc: UserDoc = {
          id,
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          username: input.username,
          phone_number: phone,
          country: input.country,
          gender: input.gender,
          avatar_url: input.avatar_url,
          device_type: input.device_type,
          marketing_channel: input.marketing_channel,
          referral_code: referralCode,
          referred_by: referredBy,
          role: 0,
          can_post_signal: false,
          can_post_game: false,
          can_monetize_game: false,
          password_hash: passwordHash,
          phone_verified: false,
          must_change_password: false,
          pin_hash: null,
          pin_failed: 0,
          pin_locked_until: 0,
          login_failed: 0,
          login_locked_until: 0,
          suspended: false,
          subscription_expires_at: null,
          created_at: now,
        };
        tx.create(C.unique, keys.email, { user_id: id });
        tx.create(C.unique, keys.username, { user_id: id });
        tx.create(C.unique, keys.phone, { user_id: id });
        tx.create(C.unique, `referral:${referralCode}`, { user_id: id });
        tx.create(C.users, id, doc as unknown as Data);
        writePermissions(deps, tx, id, doc);
        tx.set(C.wallets, id, { user_id: id, balance_kobo: 0, seq: 0, updated_at: now });
        return doc;
      });
      deps.log('user registered', { user_id: user.id });
      try {
        await sendOtp(user, 'PHONE-VERIFICATION');
      } catch (error) {
        deps.log('could not send the first phone code', { user_id: user.id, error: String(error) });
      }
      return profileAnswer(user, 'Account created. Enter the code sent to your phone to verify it.', 201);
    },

    async login(body: unknown): Promise<ProviderResponse> {
      const input = parseBody(loginBody, body);
      const user = await userByEmail(input.email);
      if (!user) {
        // The same slow hash as for a real account: the answer's timing does not tell which emails exist.
        await verifySecret(input.password, DUMMY_HASH);
        throw badRequest('Invalid email or password');
      }
      await checkPassword(user.id, input.password);
      if (user.suspended) throw new ApiError(403, 'Your account has been suspended. Please contact support.');
      const code = loginCode(user);
      // 201 and 206 lead to screens that need a code: send one unless a live one is waiting.
      if (code === 201 || code === 206) {
        const purpose: OtpPurpose = code === 201 ? 'PHONE-VERIFICATION' : 'PASSWORD-RESET';
        if (!(await liveOtpExists(user, purpose))) await sendOtp(user, purpose).catch(() => undefined);
      }
      const messages = {
        200: 'Login successful',
        201: 'Please verify your phone number',
        203: 'Login successful. Please create your transaction PIN',
        206: 'Please change your password',
      } as const;
      return profileAnswer(user, messages[code]);
    },

    async requestOtp(body: unknown): Promise<ProviderResponse> {
      const input = parseBody(otpRequestBody, body);
      const user = await userByEmail(input.email);
      if (!user) throw notFound('No account found with this email');
      if (normalizePhone(input.phone_number) !== user.phone_number) {
        throw badRequest('This phone number does not match the account');
      }
      if (user.phone_verified) throw conflict('Your phone number is already verified');
      await sendOtp(user, 'PHONE-VERIFICATION');
      return ok({ message: 'Code has been sent successfully' });
    },

    async verifyOtp(body: unknown): Promise<ProviderResponse> {
      const input = parseBody(otpVerifyBody, body);
      const user = await userByEmail(input.email);
      if (!user) throw notFound('No account found with this email');
      if (user.phone_verified) throw conflict('Your phone number is already verified');
      await consumeOtp(user, 'PHONE-VERIFICATION', input.otp);
      await deps.store.update(C.users, user.id, { phone_verified: true });
      return profileAnswer({ ...user, phone_verified: true }, 'Phone number verified');
    },

    async sendResetOtp(body: unknown): Promise<ProviderResponse> {
      const input = parseBody(sendResetBody, body);
      const user = await userByEmail(input.email);
      if (!user) throw notFound('No account found with this email');
      await sendOtp(user, 'PASSWORD-RESET');
      return ok({ message: 'A reset code has been sent to your phone number' });
    },

    async resetPassword(body: unknown): Promise<ProviderResponse> {
      const input = parseBody(resetPasswordBody, body);
      const user = await userByEmail(input.email);
      if (!user) throw notFound('No account found with this email');
      await consumeOtp(user, 'PASSWORD-RESET', input.otp);
      const hash = await hashSecret(input.password);
      // The account and its permissions document (active again once must_change_password clears) together.
      await deps.store.runTransaction(async (tx) => {
        const current = asUser(await tx.get(C.users, user.id));
        if (!current) throw notFound('No account found with this email');
        const changes = { password_hash: hash, must_change_password: false, login_failed: 0, login_locked_until: 0 };
        tx.update(C.users, user.id, changes);
        writePermissions(deps, tx, user.id, { ...current, ...changes });
      });
      // Existing sessions end with the old password.
      const tokens = await deps.store.query(C.tokens, { where: [['user_id', '==', user.id]] });
      await Promise.all(tokens.map((t) => deps.store.delete(C.tokens, t.id)));
      return ok({ message: 'Your password has been changed successfully' });
    },

    async setPin(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(pinSetBody, body);
      const hash = await hashSecret(input.pin);
      await deps.store.runTransaction(async (tx) => {
        const current = asUser(await tx.get(C.users, user.id));
        if (!current) throw notFound('Account not found');
        if (current.pin_hash) throw conflict('You already have a transaction PIN');
        tx.update(C.users, user.id, { pin_hash: hash, pin_failed: 0, pin_locked_until: 0 });
      });
      return ok({ message: 'Pin created sucesfully' });
    },

    checkPin,

    async verifyPin(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(pinVerifyBody, body);
      await checkPin(user.id, input.pin);
      return ok({ message: 'PIN verified' });
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
