/**
 * Accounts: registration, login with SPEC's result codes, phone one-time codes, password reset by
 * code, and the 4-digit transaction PIN.
 */
import { z } from 'zod';
import { loginGuards, otpSends, otps, tokens, unique, users, type OtpPurpose } from './collections';
import {
  KeyedMutex,
  issueToken,
  loginCode,
  profileData,
  uniqueKey,
  writePermissions,
  type ProviderDeps,
  type UserDoc,
} from './context';
import { ApiError, badRequest, conflict, notFound, ok, parseBody, tooMany, type ProviderResponse } from './http';
import { abuseLimits, clearLimit, hitLimit, limitCount } from './limits';
import {
  loginBody,
  normalizePhone,
  otpRequestBody,
  otpVerifyBody,
  pinResetBody,
  pinSetBody,
  pinVerifyBody,
  registerBody,
  resetPasswordBody,
  sendResetBody,
} from './schemas';
import { pinSchema } from '@punter/core/api/primitives';
import { seeDevice, seeDeviceIn } from './devices';
import { REGISTER_CONFLICTS } from '@punter/core/account';
import { hashSecret, newOtp, newReferralCode, sha256, verifySecret } from './secrets';
import { newId } from './store';
import { openWallet } from './ledger';

// Same parameters as hashSecret: an unknown e-mail costs the same slow hash as a real account.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** The one answer of the code-sending calls, whether the e-mail (and phone) match an account or not. */
export const CODE_SENT_IF_MATCHED = 'If the details match an account, a code has been sent to its phone number';
const CODE_INVALID = 'The code has expired or is invalid. Please request a new one.';
const TOO_MANY_CODES = 'Too many codes requested for this phone number. Please try again in an hour.';
export const STEP_UP_NEEDED = 'Please enter your transaction PIN to confirm this payment.';
/** Only the step-up field of a money call's body; the call parses the rest itself. */
const stepUpBody = z.looseObject({ pin: z.optional(pinSchema) });
const PIN_BLOCKED = 'Your PIN is blocked after too many wrong attempts. Reset it with a code sent to your phone.';

/** '15 minutes', '1 hour', '4 hours'. */
function duration(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function createAccounts(deps: ProviderDeps) {
  const limits = abuseLimits(deps);
  // Not for correctness (the transactions decide across instances) but so that one process keeps
  // at most one try per PIN or guard in flight: concurrent right answers are never counted as a run
  // of wrong ones.
  const pinTurns = new KeyedMutex();
  const loginTurns = new KeyedMutex();

  async function userByEmail(email: string): Promise<UserDoc | null> {
    const index = await unique.get(deps.store, uniqueKey('email', email));
    if (!index) return null;
    return users.get(deps.store, index.user_id);
  }

  async function profileAnswer(user: UserDoc, message: string, status = 200): Promise<ProviderResponse> {
    const code = loginCode(user);
    // 201 and 206 are not logged in (ADR 0001): their profile carries no bearer token.
    const token = code === 200 || code === 203 ? await issueToken(deps, user.id) : '';
    return ok({ code, message, token, data: profileData(user, deps.settings, deps.now()) }, status);
  }

  /** Counts a code sent for an e-mail, real or not, so the sixth request an hour is refused either way. */
  async function countSendForEmail(email: string): Promise<void> {
    await hitLimit(
      deps,
      { bucket: 'sms-email', max: deps.settings.otpSendsPerHour, windowMs: 60 * 60 * 1000, message: TOO_MANY_CODES },
      email.trim().toLowerCase(),
    );
  }

  /**
   * Sends a one-time code by SMS: at most otpSendsPerHour per phone number, smsPerSourcePerHour per
   * client address and smsPerHour in all.
   */
  async function sendOtp(user: UserDoc, purpose: OtpPurpose, source: string, sourceCounted = false): Promise<void> {
    if (!sourceCounted) await hitLimit(deps, limits.smsPerSource, source);
    await hitLimit(deps, limits.smsGlobal, 'all');
    const code = newOtp();
    const now = deps.now();
    const hour = 60 * 60 * 1000;
    await deps.store.runTransaction(async (tx) => {
      const sends = await otpSends.get(tx, sha256(user.phone_number));
      const recent = (sends?.sends ?? []).filter((t) => t > now - hour);
      if (recent.length >= deps.settings.otpSendsPerHour) throw tooMany(TOO_MANY_CODES);
      otpSends.set(tx, sha256(user.phone_number), { sends: [...recent, now] });
      otps.set(tx, `${purpose}:${user.id}`, {
        user_id: user.id,
        purpose,
        code_hash: sha256(`${user.id}:${code}`),
        expires_at: now + deps.settings.otpTtlMs,
        tries: 0,
        created_at: now,
      });
    });
    const what = { 'PHONE-VERIFICATION': 'phone verification', 'PASSWORD-RESET': 'password reset', 'PIN-RESET': 'PIN reset' }[
      purpose
    ];
    try {
      await deps.sms.send({ to: user.phone_number, code, body: `Your ${what} code is ${code}. It expires in 10 minutes.` });
    } catch (error) {
      deps.log('SMS gateway error', { error: String(error) });
      throw new ApiError(502, 'We could not send the code. Please try again.');
    }
  }

  /**
   * Checks a one-time code; counts wrong tries; a used code is gone. `user` null is an e-mail with no account
   * (or one with nothing to verify): the same budget, the same transaction with its read (of a record that
   * cannot exist) and the same answer as a wrong code. On the calls anyone can make with an e-mail
   * (`byEmail`: otp/verify, password/reset) every failure is that one answer, 400 CODE_INVALID, so nothing
   * tells a real account from an unknown e-mail (issue 31 item 10); the signed-in PIN reset says which.
   */
  async function consumeOtp(
    user: UserDoc | null,
    email: string,
    purpose: OtpPurpose,
    code: string,
    byEmail: boolean,
  ): Promise<void> {
    await requireCodeBudget(email);
    const now = deps.now();
    const recordId = user ? `${purpose}:${user.id}` : `${purpose}:none-${sha256(uniqueKey('email', email))}`;
    const outcome = await deps.store.runTransaction(async (tx) => {
      const record = await otps.get(tx, recordId);
      if (!user || !record || record.expires_at <= now) return 'expired' as const;
      const tries = record.tries;
      if (tries >= deps.settings.otpMaxTries) return 'locked' as const;
      if (record.code_hash !== sha256(`${user.id}:${code.toUpperCase()}`)) {
        otps.update(tx, recordId, { tries: tries + 1 });
        return tries + 1 >= deps.settings.otpMaxTries ? ('locked' as const) : ('wrong' as const);
      }
      otps.delete(tx, recordId);
      return 'ok' as const;
    });
    if (outcome === 'ok') return;
    await spendCodeBudget(email);
    if (byEmail || outcome === 'expired') throw badRequest(CODE_INVALID);
    if (outcome === 'locked') throw tooMany('Too many wrong codes. Please request a new code.');
    throw badRequest('Invalid code. Please check the code and try again.');
  }

  /**
   * The day's budget of wrong codes for an e-mail (real or not: the same answers either way), spent by
   * every code check that fails, whatever code it was for. Refuses before any code is compared.
   */
  async function requireCodeBudget(email: string): Promise<void> {
    const { wrongCodesPerAccount } = limits;
    if ((await limitCount(deps, wrongCodesPerAccount, uniqueKey('email', email))) >= wrongCodesPerAccount.max) {
      throw tooMany(wrongCodesPerAccount.message);
    }
  }

  async function spendCodeBudget(email: string): Promise<void> {
    await hitLimit(deps, { ...limits.wrongCodesPerAccount, max: Number.MAX_SAFE_INTEGER }, uniqueKey('email', email));
  }

  /**
   * A code asked for by e-mail (otp/request, password/send-otp): the client's address is counted the same way
   * for an account and for an unknown e-mail, the ceiling on all codes is checked for both, and what can only go
   * wrong for an account (its phone's hourly limit, the SMS gateway) is logged, not answered: the caller gets
   * CODE_SENT_IF_MATCHED either way.
   */
  async function sendCodeByEmail(user: UserDoc | null, purpose: OtpPurpose, source: string): Promise<void> {
    await hitLimit(deps, limits.smsPerSource, source);
    // The ceiling on all codes sent is read, not counted, for both: when it is reached everyone hears so.
    if ((await limitCount(deps, limits.smsGlobal, 'all')) >= limits.smsGlobal.max) throw tooMany(limits.smsGlobal.message);
    if (!user) return;
    try {
      await sendOtp(user, purpose, source, true);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      deps.log('one-time code not sent', { user_id: user.id, purpose, reason: error.message });
    }
  }

  async function liveOtpExists(user: UserDoc, purpose: OtpPurpose): Promise<boolean> {
    const record = await otps.get(deps.store, `${purpose}:${user.id}`);
    return record !== null && record.expires_at > deps.now();
  }

  /**
   * Checks the PIN. The try is counted, and the lock decided, in the transaction before the slow
   * hash, so concurrent guesses from any number of provider instances get at most pinMaxTries
   * compared. The try that reaches the limit writes the lock at once (a right PIN lifts it again).
   * Each lock in a row lasts 4 times longer (15 min, 1 h, 4 h...); after pinLocksBeforeReset locks
   * the PIN is blocked until it is reset with a code sent to the phone.
   */
  function checkPin(userId: string, pin: string): Promise<void> {
    return pinTurns.run(userId, () => checkPinNow(userId, pin));
  }

  async function checkPinNow(userId: string, pin: string): Promise<void> {
    const now = deps.now();
    const { pinMaxTries, pinLockMs, pinLocksBeforeReset } = deps.settings;
    const attempt = await deps.store.runTransaction(async (tx) => {
      const current = await users.get(tx, userId);
      if (!current) throw notFound('Account not found');
      if (!current.pin_hash) throw badRequest('Please create your transaction PIN first');
      const locks = current.pin_locks ?? 0;
      if (locks >= pinLocksBeforeReset) throw tooMany(PIN_BLOCKED);
      if (current.pin_locked_until > now) {
        throw tooMany(
          `Your PIN is locked after ${pinMaxTries} wrong attempts. Try again in ${duration(current.pin_locked_until - now)}.`,
        );
      }
      const failed = (current.pin_locked_until !== 0 ? 0 : current.pin_failed) + 1;
      if (failed < pinMaxTries) {
        users.update(tx, userId, { pin_failed: failed, pin_locked_until: 0 });
        return { hash: current.pin_hash, failed, lockMs: 0, blocked: false, locked: locks > 0 };
      }
      const lockMs = pinLockMs * 4 ** locks;
      const blocked = locks + 1 >= pinLocksBeforeReset;
      users.update(tx, userId, { pin_failed: failed, pin_locked_until: blocked ? 0 : now + lockMs, pin_locks: locks + 1 });
      return { hash: current.pin_hash, failed, lockMs, blocked, locked: true };
    });
    if (await verifySecret(pin, attempt.hash)) {
      await users.update(deps.store, userId, { pin_failed: 0, pin_locked_until: 0, ...(attempt.locked ? { pin_locks: 0 } : {}) });
      return;
    }
    if (attempt.blocked) {
      deps.log('PIN blocked after repeated locks', { user_id: userId });
      throw tooMany(`Incorrect PIN. ${PIN_BLOCKED}`);
    }
    if (attempt.lockMs > 0) {
      throw tooMany(
        `Incorrect PIN. You have entered a wrong PIN ${pinMaxTries} times, so your PIN is locked for ${duration(attempt.lockMs)}.`,
      );
    }
    const left = pinMaxTries - attempt.failed;
    throw badRequest(`Incorrect PIN. You have ${left} attempt${left === 1 ? '' : 's'} left.`);
  }

  function loginPausedMessage(msLeft: number): string {
    const left = Math.max(1, Math.ceil(msLeft / 60_000));
    return `Too many wrong passwords. Logging in to this account is paused for ${left} minute${left === 1 ? '' : 's'}; you can reset your password now.`;
  }

  /**
   * Checks a password for an e-mail, real or not, with the same reads, hash and writes either way.
   * The wrong-password count of (e-mail, source) is raised, and the pause decided, in a transaction
   * before the slow hash: a burst of guesses gets at most loginMaxTries compared, and the try that
   * reaches the limit writes the pause at once. The pause holds only for that source, so a guesser
   * cannot lock the owner out from elsewhere; against guessing from many sources, more than
   * loginAccountMaxFailuresPerHour wrong passwords on the account need the reset code (or an hour).
   * Answers the account when the password is right, null otherwise (the caller says 'Invalid email
   * or password').
   */
  async function checkPassword(email: string, password: string, source: string): Promise<UserDoc | null> {
    const emailKey = uniqueKey('email', email);
    const index = await unique.get(deps.store, emailKey);
    // An unknown e-mail reads a user id that cannot exist: the same two reads as a real one.
    const user = await users.get(deps.store, index ? index.user_id : `none-${emailKey}`);
    if ((await limitCount(deps, limits.wrongPasswordsPerAccount, emailKey)) >= limits.wrongPasswordsPerAccount.max) {
      throw tooMany(limits.wrongPasswordsPerAccount.message);
    }
    const guardId = sha256(`${emailKey}|${source}`);
    return loginTurns.run(guardId, () => checkGuarded(guardId, emailKey, user, password));
  }

  async function checkGuarded(
    guardId: string,
    emailKey: string,
    user: UserDoc | null,
    password: string,
  ): Promise<UserDoc | null> {
    const now = deps.now();
    const { loginMaxTries, loginLockMs } = deps.settings;
    const attempt = await deps.store.runTransaction(async (tx) => {
      // A guard that does not parse counts as none: it only ever delays a login, never allows one.
      const guard = z.safeParse(loginGuards.schema, await tx.get(loginGuards.path, guardId));
      const lockedUntil = guard.success ? guard.data.locked_until : 0;
      if (lockedUntil > now) throw tooMany(loginPausedMessage(lockedUntil - now));
      const failed = (guard.success && lockedUntil === 0 ? guard.data.failed : 0) + 1;
      const pause = failed >= loginMaxTries;
      loginGuards.set(tx, guardId, {
        email_key: emailKey,
        failed,
        locked_until: pause ? now + loginLockMs : 0,
        // For a Firestore TTL policy: a guard is worth nothing a day after its last try.
        expire_at: new Date(now + loginLockMs + 24 * 60 * 60 * 1000),
      });
      return { pause };
    });
    const valid = await verifySecret(password, user?.password_hash ?? DUMMY_HASH);
    if (valid && user) {
      await loginGuards.delete(deps.store, guardId);
      return user;
    }
    await hitLimit(deps, { ...limits.wrongPasswordsPerAccount, max: Number.MAX_SAFE_INTEGER }, emailKey);
    if (attempt.pause) {
      deps.log('login paused after wrong passwords', { email_key: sha256(emailKey) });
      throw tooMany(loginPausedMessage(loginLockMs));
    }
    return null;
  }

  /** A password reset ends every pause on the account, from every source. */
  async function clearLoginPauses(email: string): Promise<void> {
    const emailKey = uniqueKey('email', email);
    const guards = await loginGuards.ids(deps.store, { where: [['email_key', '==', emailKey]] });
    await Promise.all(guards.map((id) => loginGuards.delete(deps.store, id)));
    await clearLimit(deps, limits.wrongPasswordsPerAccount, emailKey);
  }

  return {
    userByEmail,
    sendOtp,

    async register(body: unknown, source: string): Promise<ProviderResponse> {
      const input = parseBody(registerBody, body);
      await hitLimit(deps, limits.registrationsPerSource, source);
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
          unique.get(tx, keys.email),
          unique.get(tx, keys.username),
          unique.get(tx, keys.phone),
        ]);
        if (byEmail) throw conflict(REGISTER_CONFLICTS.email);
        if (byUsername) throw conflict(REGISTER_CONFLICTS.username);
        if (byPhone) throw conflict(REGISTER_CONFLICTS.phone_number);
        let referredBy: string | null = null;
        if (referral) {
          const ref = await unique.get(tx, `referral:${referral}`);
          if (!ref) throw badRequest('The referral code is not valid');
          referredBy = ref.user_id;
        }
        let referralCode = newReferralCode();
        // A collision among 32^8 codes is astronomically unlikely; check once anyway.
        if (await unique.get(tx, `referral:${referralCode}`)) referralCode = newReferralCode();
        // The device this account is made on (ADR 0051): a keyed hash, read before the writes.
        const recordDevice = await seeDeviceIn(deps, tx, id, input.device_token);
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
          pin_locks: 0,
          suspended: false,
          subscription_expires_at: null,
          created_at: now,
        };
        unique.create(tx, keys.email, { user_id: id });
        unique.create(tx, keys.username, { user_id: id });
        unique.create(tx, keys.phone, { user_id: id });
        unique.create(tx, `referral:${referralCode}`, { user_id: id });
        users.create(tx, id, doc);
        writePermissions(deps, tx, id, doc);
        openWallet(tx, id, now);
        recordDevice();
        return doc;
      });
      deps.log('user registered', { user_id: user.id });
      try {
        await countSendForEmail(user.email);
        await sendOtp(user, 'PHONE-VERIFICATION', source);
      } catch (error) {
        deps.log('could not send the first phone code', { user_id: user.id, error: String(error) });
      }
      return profileAnswer(user, 'Account created. Enter the code sent to your phone to verify it.', 201);
    },

    async login(body: unknown, source: string): Promise<ProviderResponse> {
      const input = parseBody(loginBody, body);
      // The per-address budget counts failed logins only (ADR 0049): a carrier NAT address shared by thousands
      // of honest users is one address, and a right password costs it nothing (a read, no write to a shared
      // document); guessing from it is what fills it. Each account's own limits stand (checkPassword).
      if ((await limitCount(deps, limits.loginsPerSource, source)) >= limits.loginsPerSource.max) {
        throw tooMany(limits.loginsPerSource.message);
      }
      const user = await checkPassword(input.email, input.password, source);
      if (!user) {
        await hitLimit(deps, { ...limits.loginsPerSource, max: Number.MAX_SAFE_INTEGER }, source);
        throw badRequest('Invalid email or password');
      }
      if (user.suspended) throw new ApiError(403, 'Your account has been suspended. Please contact support.');
      const code = loginCode(user);
      // 201 and 206 lead to screens that need a code: send one unless a live one is waiting.
      if (code === 201 || code === 206) {
        const purpose: OtpPurpose = code === 201 ? 'PHONE-VERIFICATION' : 'PASSWORD-RESET';
        if (!(await liveOtpExists(user, purpose))) await sendOtp(user, purpose, source).catch(() => undefined);
      }
      const messages = {
        200: 'Login successful',
        201: 'Please verify your phone number',
        203: 'Login successful. Please create your transaction PIN',
        206: 'Please change your password',
      } as const;
      return profileAnswer(user, messages[code]);
    },

    /** The same answer whether the e-mail exists, the phone matches or it is already verified (no oracle). */
    async requestOtp(body: unknown, source: string): Promise<ProviderResponse> {
      const input = parseBody(otpRequestBody, body);
      await countSendForEmail(input.email);
      const found = await userByEmail(input.email);
      const matches = found && normalizePhone(input.phone_number) === found.phone_number && !found.phone_verified;
      await sendCodeByEmail(matches ? found : null, 'PHONE-VERIFICATION', source);
      return ok({ message: CODE_SENT_IF_MATCHED });
    },

    /** An unknown e-mail or an already verified phone answers like a code that is not there. */
    async verifyOtp(body: unknown, source: string): Promise<ProviderResponse> {
      const input = parseBody(otpVerifyBody, body);
      await hitLimit(deps, limits.codeChecksPerSource, source);
      const found = await userByEmail(input.email);
      const user = found && !found.phone_verified ? found : null;
      await consumeOtp(user, input.email, 'PHONE-VERIFICATION', input.otp, true);
      if (!user) throw badRequest(CODE_INVALID);
      await users.update(deps.store, user.id, { phone_verified: true });
      return profileAnswer({ ...user, phone_verified: true }, 'Phone number verified');
    },

    async sendResetOtp(body: unknown, source: string): Promise<ProviderResponse> {
      const input = parseBody(sendResetBody, body);
      await countSendForEmail(input.email);
      await sendCodeByEmail(await userByEmail(input.email), 'PASSWORD-RESET', source);
      return ok({ message: CODE_SENT_IF_MATCHED });
    },

    async resetPassword(body: unknown, source: string): Promise<ProviderResponse> {
      const input = parseBody(resetPasswordBody, body);
      await hitLimit(deps, limits.codeChecksPerSource, source);
      const user = await userByEmail(input.email);
      await consumeOtp(user, input.email, 'PASSWORD-RESET', input.otp, true);
      if (!user) throw badRequest(CODE_INVALID);
      const hash = await hashSecret(input.password);
      // The account and its permissions document (active again once must_change_password clears) together.
      await deps.store.runTransaction(async (tx) => {
        const current = await users.get(tx, user.id);
        if (!current) throw badRequest(CODE_INVALID);
        const changes = { password_hash: hash, must_change_password: false };
        users.update(tx, user.id, changes);
        writePermissions(deps, tx, user.id, { ...current, ...changes });
      });
      await clearLoginPauses(user.email);
      // Existing sessions end with the old password.
      const sessions = await tokens.ids(deps.store, { where: [['user_id', '==', user.id]] });
      await Promise.all(sessions.map((id) => tokens.delete(deps.store, id)));
      return ok({ message: 'Your password has been changed successfully' });
    },

    async setPin(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(pinSetBody, body);
      const hash = await hashSecret(input.pin);
      await deps.store.runTransaction(async (tx) => {
        const current = await users.get(tx, user.id);
        if (!current) throw notFound('Account not found');
        if (current.pin_hash) throw conflict('You already have a transaction PIN');
        users.update(tx, user.id, { pin_hash: hash, pin_failed: 0, pin_locked_until: 0 });
      });
      return ok({ message: 'Pin created sucesfully' });
    },

    checkPin,

    /**
     * Step-up before money is committed (pot join, paid code, subscription; withdrawals always need
     * the PIN): the PIN when the body gives one, else a login less than stepUpMs ago.
     */
    async requireStepUp(user: UserDoc, issuedAt: number, body: unknown): Promise<void> {
      const input = parseBody(stepUpBody, body);
      if (input.pin !== undefined) return checkPin(user.id, input.pin);
      if (deps.now() - issuedAt < deps.settings.stepUpMs) return;
      throw new ApiError(403, STEP_UP_NEEDED);
    },

    /** A code to reset a forgotten or blocked PIN, sent to the signed-in user's phone. */
    async sendPinResetOtp(user: UserDoc, source: string): Promise<ProviderResponse> {
      if (!user.pin_hash) throw badRequest('Please create your transaction PIN first');
      await sendOtp(user, 'PIN-RESET', source);
      return ok({ message: 'A PIN reset code has been sent to your phone number' });
    },

    /** Sets a new PIN with the code from pin/send-otp; lifts every lock and block. */
    async resetPin(user: UserDoc, body: unknown, source: string): Promise<ProviderResponse> {
      const input = parseBody(pinResetBody, body);
      await hitLimit(deps, limits.codeChecksPerSource, source);
      await consumeOtp(user, user.email, 'PIN-RESET', input.otp, false);
      const hash = await hashSecret(input.pin);
      await users.update(deps.store, user.id, { pin_hash: hash, pin_failed: 0, pin_locked_until: 0, pin_locks: 0 });
      return ok({ message: 'Your PIN has been changed successfully' });
    },

    async verifyPin(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(pinVerifyBody, body);
      await checkPin(user.id, input.pin);
      // The PIN holder uses this device (ADR 0051): recorded only after the right PIN.
      await seeDevice(deps, user.id, input.device_token);
      return ok({ message: 'PIN verified' });
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
