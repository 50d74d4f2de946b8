import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { API_CALLS } from './api/calls';
import {
  ACCOUNT_VERIFY_AFTER,
  AVATAR_URLS,
  CREATE_ACCOUNT_REQUIRED_FIELDS,
  DEVICE_TOKEN_PLACEHOLDER,
  amountField,
  buildRegistrationPayload,
  filterBanksByName,
  isCreateAccountEnabled,
  shouldVerifyAccountNumber,
  changePasswordFormSchema,
  createPinFormSchema,
  resetPinFormSchema,
  fieldErrors,
  forgotPasswordFormSchema,
  loginFormSchema,
  parseForm,
  postGameFormSchema,
  potJoinFormSchema,
  registerFormSchema,
  registerStep1FormSchema,
  registerStep2FormSchema,
  saveBankFormSchema,
  topUpFormSchema,
  verifyTokenFormSchema,
  withdrawFormSchema,
  limitFormSchema,
} from './form-schemas';

function errorsOf(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = parseForm(schema, values);
  return result.ok ? {} : result.errors;
}

const step1 = { first_name: 'Ada', last_name: 'Obi', username: 'ada_o', country: 'Nigeria', email: 'ada@example.com' };
const step2 = {
  password: 'secret123',
  phone_number: '08012345678',
  gender: 'male',
  referral_code: 'BOLA12',
  accept_terms: true,
  accept_age: true,
};

describe('login form', () => {
  it('accepts an email and a password', () => {
    expect(loginFormSchema.parse({ email: ' Ada@Example.com ', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    });
  });

  it('shows SPEC messages for empty or missing fields', () => {
    const expected = { email: 'Please Enter Your Email', password: 'Please Enter Your Password' };
    expect(errorsOf(loginFormSchema, { email: '', password: '' })).toEqual(expected);
    expect(errorsOf(loginFormSchema, { email: '   ' })).toEqual(expected);
    expect(errorsOf(loginFormSchema, {})).toEqual(expected);
    expect(errorsOf(loginFormSchema, { email: 5, password: null })).toEqual(expected);
  });

  it('refuses a malformed email', () => {
    expect(errorsOf(loginFormSchema, { email: 'ada@', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe('register form', () => {
  it('step 1: SPEC messages for each required field; the only country is Nigeria', () => {
    expect(errorsOf(registerStep1FormSchema, { first_name: '', last_name: '', username: '', country: '', email: '' })).toEqual({
      first_name: 'Please Enter Your FirstName',
      last_name: 'Please Enter Your LastName',
      username: 'Please enter your preferred username',
      country: 'Please select your country',
      email: 'Please Enter Your Email',
    });
    expect(errorsOf(registerStep1FormSchema, { ...step1, country: 'Ghana' })).toEqual({
      country: 'Please select your country',
    });
    expect(registerStep1FormSchema.parse(step1)).toEqual(step1);
  });

  it('step 1: trailing spaces of the username are trimmed; bad usernames are refused', () => {
    expect(registerStep1FormSchema.parse({ ...step1, username: 'ada_o   ' }).username).toBe('ada_o');
    expect(errorsOf(registerStep1FormSchema, { ...step1, username: 'ad' })).toEqual({
      username: 'Username must be 3 to 30 characters',
    });
    expect(errorsOf(registerStep1FormSchema, { ...step1, username: 'x'.repeat(31) })).toEqual({
      username: 'Username must be 3 to 30 characters',
    });
    expect(errorsOf(registerStep1FormSchema, { ...step1, username: 'ada o' })).toEqual({
      username: 'Username can only have letters, digits, _ and .',
    });
  });

  it('step 2: SPEC messages, gender defaults to female, referral optional, both consents required', () => {
    expect(errorsOf(registerStep2FormSchema, { password: '', phone_number: '' })).toEqual({
      password: 'Please Enter Your Password',
      phone_number: 'Please Enter Your Phone number',
      accept_terms: 'Please agree to the privacy policy and terms',
      accept_age: 'Please confirm you are over 18 and understand gambling is risky',
    });
    const { gender: _gender, referral_code: _referral, ...rest } = step2;
    const parsed = registerStep2FormSchema.parse(rest);
    expect(parsed.gender).toBe('female');
    expect(parsed.referral_code).toBeUndefined();
    expect(errorsOf(registerStep2FormSchema, { ...step2, accept_age: false })).toEqual({
      accept_age: 'Please confirm you are over 18 and understand gambling is risky',
    });
    expect(errorsOf(registerStep2FormSchema, { ...step2, gender: 'other' })).toEqual({ gender: 'Please select your gender' });
    expect(errorsOf(registerStep2FormSchema, { ...step2, password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(errorsOf(registerStep2FormSchema, { ...step2, phone_number: '0801' })).toEqual({
      phone_number: 'Please enter a valid phone number',
    });
  });

  it('the whole form builds SPEC registration payload that the register call accepts', () => {
    const form = registerFormSchema.parse({ ...step1, ...step2, username: 'ada_o  ' });
    const device = '0b0e7c1e-4f7a-4d3e-9a55-2f8d6b1c9e10';
    const payload = buildRegistrationPayload(form, device);
    expect(payload).toEqual({
      email: 'ada@example.com',
      password: 'secret123',
      first_name: 'Ada',
      last_name: 'Obi',
      username: 'ada_o',
      phone_number: '08012345678',
      device_type: 'WEB',
      device_token: device,
      referral_code: 'BOLA12',
      marketing_channel: 'Others',
      gender: 'male',
      country: 'Nigeria',
      avatar_url: AVATAR_URLS.male,
    });
    expect(API_CALLS.register.request.parse(payload)).toEqual(payload);
    const noReferral = buildRegistrationPayload(
      registerFormSchema.parse({ ...step1, ...step2, gender: 'female', referral_code: ' ' }),
      device,
    );
    expect('referral_code' in noReferral).toBe(false);
    expect(noReferral.avatar_url).toBe(AVATAR_URLS.female);
    expect(API_CALLS.register.request.safeParse(noReferral).success).toBe(true);
    // A device token is letters, digits and . _ : - only, at most 128 of them (ADR 0051).
    for (const bad of ['', 'a b', 'x'.repeat(129), 'dev/ice', 'tok\u0000en']) {
      expect(API_CALLS.register.request.safeParse({ ...payload, device_token: bad }).success).toBe(false);
    }
    expect(API_CALLS.register.request.safeParse({ ...payload, device_token: DEVICE_TOKEN_PLACEHOLDER }).success).toBe(true);
  });
});

describe('Create Account button (SPEC section 5)', () => {
  const filled = { ...step1, ...step2 };

  it('is enabled once the eight fields are filled and both consents are ticked', () => {
    expect(CREATE_ACCOUNT_REQUIRED_FIELDS).toEqual([
      'first_name',
      'last_name',
      'email',
      'username',
      'password',
      'country',
      'gender',
      'phone_number',
    ]);
    expect(isCreateAccountEnabled(filled)).toBe(true);
    // The optional referral code plays no part.
    const withoutReferral = { ...filled, referral_code: '' };
    expect(isCreateAccountEnabled(withoutReferral)).toBe(true);
  });

  it.each(CREATE_ACCOUNT_REQUIRED_FIELDS)('is disabled while %s is empty or blank', (field) => {
    expect(isCreateAccountEnabled({ ...filled, [field]: '' })).toBe(false);
    expect(isCreateAccountEnabled({ ...filled, [field]: '   ' })).toBe(false);
  });

  it('is disabled until both consents are ticked', () => {
    expect(isCreateAccountEnabled({ ...filled, accept_terms: false })).toBe(false);
    expect(isCreateAccountEnabled({ ...filled, accept_age: false })).toBe(false);
    expect(isCreateAccountEnabled({ ...filled, accept_terms: false, accept_age: false })).toBe(false);
  });
});

describe('password, code and PIN forms', () => {
  it('forgot password needs an email', () => {
    expect(errorsOf(forgotPasswordFormSchema, { email: '' })).toEqual({ email: 'Please Enter Your Email' });
    expect(forgotPasswordFormSchema.parse({ email: 'ada@example.com' })).toEqual({ email: 'ada@example.com' });
  });

  it('change password needs a 4-character code and a new password', () => {
    expect(changePasswordFormSchema.parse({ otp: ' a1B2 ', password: 'newsecret1' })).toEqual({
      otp: 'a1B2',
      password: 'newsecret1',
    });
    for (const otp of ['', '123', '12345', '12 4']) {
      expect(errorsOf(changePasswordFormSchema, { otp, password: 'newsecret1' })).toEqual({
        otp: 'Please enter the 4-character code',
      });
    }
    expect(errorsOf(changePasswordFormSchema, { otp: '1234', password: '' })).toEqual({
      password: 'Please Enter Your Password',
    });
  });

  it('phone verification needs a 4-character code', () => {
    expect(verifyTokenFormSchema.parse({ otp: '4821' })).toEqual({ otp: '4821' });
    expect(errorsOf(verifyTokenFormSchema, {})).toEqual({ otp: 'Please enter the 4-character code' });
  });

  it('create PIN needs exactly 4 digits', () => {
    expect(createPinFormSchema.parse({ pin: '0420' })).toEqual({ pin: '0420' });
    for (const pin of ['', '123', '12345', 'abcd', undefined]) {
      expect(errorsOf(createPinFormSchema, { pin })).toEqual({ pin: 'PIN must be 4 digits' });
    }
  });

  it('reset PIN needs the 4-character code and a new 4-digit PIN', () => {
    expect(resetPinFormSchema.parse({ otp: 'ab12', pin: '0420' })).toEqual({ otp: 'ab12', pin: '0420' });
    expect(errorsOf(resetPinFormSchema, { otp: '12', pin: '12' })).toEqual({
      otp: 'Please enter the 4-character code',
      pin: 'PIN must be 4 digits',
    });
  });
});

describe('wallet forms', () => {
  it('save bank: a bank, a 10-digit account number and the resolved account name', () => {
    const valid = { code: '044', bank_name: 'Access Bank', account_number: '0123456789', account_name: 'ADA OBI' };
    expect(API_CALLS.bankAdd.request.parse(saveBankFormSchema.parse(valid))).toEqual(valid);
    expect(errorsOf(saveBankFormSchema, { code: '', bank_name: '', account_number: '123', account_name: '' })).toEqual({
      code: 'Please select a bank',
      bank_name: 'Please select a bank',
      account_number: 'Account number must be 10 digits',
      account_name: 'Account name is required',
    });
    expect(errorsOf(saveBankFormSchema, { ...valid, account_number: '01234567891' })).toEqual({
      account_number: 'Account number must be 10 digits',
    });
  });

  it('withdraw: amount, PIN and bank id, ready for the withdraw call', () => {
    const parsed = withdrawFormSchema.parse({ amount: '₦10,000.50', pin: '1234', destination_account: 'bank_1' });
    expect(parsed).toEqual({ amount: 10000.5, pin: '1234', destination_account: 'bank_1' });
    expect(API_CALLS.withdraw.request.parse(parsed)).toEqual(parsed);
    expect(errorsOf(withdrawFormSchema, { amount: '', pin: '12', destination_account: '' })).toEqual({
      amount: 'Please enter a valid amount',
      pin: 'PIN must be 4 digits',
      destination_account: 'Please select a bank',
    });
  });

  it('amounts: zero, negative, huge, sub-kobo and junk are refused', () => {
    const amount = (value: unknown) => errorsOf(topUpFormSchema, { amount: value }).amount ?? 'ok';
    expect(amount('0')).toBe('Amount must be greater than 0');
    expect(amount('0.00')).toBe('Amount must be greater than 0');
    expect(amount('-500')).toBe('Amount cannot be negative');
    expect(amount('1,000,000,000.01')).toBe('Amount must not be more than ₦1,000,000,000');
    expect(amount('99999999999999999999')).toBe('Amount is too large');
    expect(amount('10.555')).toBe('Amount can have at most 2 decimal places');
    expect(amount('abc')).toBe('Enter a valid amount in naira');
    expect(amount('  ')).toBe('Please enter a valid amount');
    expect(amount(null)).toBe('Please enter a valid amount');
    expect(amount(2500)).toBe('ok');
    expect(topUpFormSchema.parse({ amount: '1,000,000,000' })).toEqual({ amount: 1_000_000_000 });
    expect(amountField('Custom').safeParse('').error?.issues[0]?.message).toBe('Custom');
  });
});

describe('save bank screen rules (SPEC section 5)', () => {
  const banks = [
    { code: '044', name: 'Access Bank' },
    { code: '058', name: 'Guaranty Trust Bank' },
    { code: '063', name: 'Access Bank (Diamond)' },
  ];

  it('filters the bank list by a case-insensitive name search', () => {
    expect(filterBanksByName(banks, 'ACCESS').map((b) => b.code)).toEqual(['044', '063']);
    expect(filterBanksByName(banks, 'access bank (d').map((b) => b.code)).toEqual(['063']);
    expect(filterBanksByName(banks, '  tRuSt ').map((b) => b.code)).toEqual(['058']);
  });

  it('keeps every bank for a blank search (a copy) and none when nothing matches', () => {
    const all = filterBanksByName(banks, '  ');
    expect(all).toEqual(banks);
    expect(all).not.toBe(banks);
    expect(filterBanksByName(banks, 'zenith')).toEqual([]);
  });

  it('verifies the account number once more than 9 characters are typed', () => {
    expect(ACCOUNT_VERIFY_AFTER).toBe(9);
    expect(shouldVerifyAccountNumber('')).toBe(false);
    expect(shouldVerifyAccountNumber('012345678')).toBe(false);
    expect(shouldVerifyAccountNumber('0123456789')).toBe(true);
    expect(shouldVerifyAccountNumber('01234567890')).toBe(true);
  });
});

describe('post game form', () => {
  const valid = {
    game_code: 'BC12345',
    odd: '3.50',
    title: 'Sunday banker',
    amount: '200',
    startDate: '2026-11-22T12:00',
    endDate: '2026-11-22T20:00',
    platform: 'sportybet',
  };

  it('gives the create-code body for a monetizing poster', () => {
    const parsed = postGameFormSchema(true).parse(valid);
    // Times typed in the browser's zone are sent as ISO instants.
    expect(parsed).toEqual({
      ...valid,
      odd: 3.5,
      amount: 200,
      startDate: new Date('2026-11-22T12:00').toISOString(),
      endDate: new Date('2026-11-22T20:00').toISOString(),
    });
    expect(parsed.startDate).toMatch(/^2026-11-2\dT\d\d:00:00\.000Z$/);
    expect(errorsOf(postGameFormSchema(true), { ...valid, startDate: '2026-02-30T10:00' })).toEqual({
      startDate: 'Must be a date and time',
    });
    expect(API_CALLS.createCode.request.safeParse(parsed).success).toBe(true);
  });

  it("shows 'Please enter a valid float value (e.g., 3.50)' for bad odds", () => {
    for (const odd of ['', 'abc', '3,5', '-2', '3.']) {
      expect(errorsOf(postGameFormSchema(true), { ...valid, odd })).toEqual({
        odd: 'Please enter a valid float value (e.g., 3.50)',
      });
    }
  });

  it('prices follow can_monetize_game', () => {
    expect(errorsOf(postGameFormSchema(false), valid)).toEqual({ amount: 'Please choose an allowed price' });
    expect(postGameFormSchema(false).parse({ ...valid, amount: '0' }).amount).toBe(0);
    expect(postGameFormSchema(true).parse({ ...valid, amount: 500 }).amount).toBe(500);
    expect(errorsOf(postGameFormSchema(true), { ...valid, amount: '300' })).toEqual({ amount: 'Please choose an allowed price' });
    expect(errorsOf(postGameFormSchema(true), { ...valid, amount: 'free' })).toEqual({
      amount: 'Please choose an allowed price',
    });
  });

  it('every field is required; the end comes after the start', () => {
    expect(errorsOf(postGameFormSchema(true), {})).toEqual({
      game_code: 'Please enter the game code',
      odd: 'Please enter a valid float value (e.g., 3.50)',
      title: 'Please enter a title',
      amount: 'Please choose an allowed price',
      startDate: 'Please choose when the game starts',
      endDate: 'Please choose when the game ends',
      platform: 'Please choose a platform',
    });
    expect(errorsOf(postGameFormSchema(true), { ...valid, endDate: '2026-11-22T11:00' })).toEqual({
      endDate: 'End date must be after start date',
    });
    expect(errorsOf(postGameFormSchema(true), { ...valid, platform: 'betking' })).toEqual({
      platform: 'Please choose a platform',
    });
  });
});

describe('pot join', () => {
  it('pot join: a numeric trading amount (the join rules are in pots.ts)', () => {
    expect(potJoinFormSchema.parse({ amount: '10000' })).toEqual({ amount: 10_000 });
    expect(errorsOf(potJoinFormSchema, { amount: '' })).toEqual({ amount: 'Please enter a valid amount' });
    expect(errorsOf(potJoinFormSchema, { amount: 'ten' })).toEqual({ amount: 'Enter a valid amount in naira' });
  });
});

describe('fieldErrors', () => {
  it('keeps the first message per field and names nested fields by their path', () => {
    const schema = z.object({
      a: z.string().check(z.minLength(2, 'too short'), z.regex(/x/, 'no x')),
      b: z.object({ c: z.number('nan') }),
    });
    const result = schema.safeParse({ a: 'y', b: { c: 'z' } });
    expect(fieldErrors(result.error!)).toEqual({ a: 'too short', 'b.c': 'nan' });
    const whole = z.string('not text').safeParse(3);
    expect(fieldErrors(whole.error!)).toEqual({ _form: 'not text' });
  });

  it('parseForm gives data when valid', () => {
    expect(parseForm(forgotPasswordFormSchema, { email: 'a@b.co' })).toEqual({ ok: true, data: { email: 'a@b.co' } });
  });
});

describe('limitFormSchema', () => {
  it('blank is no limit; an amount is naira; anything else is refused with the amount message', () => {
    expect(parseForm(limitFormSchema, { amount: '  ' })).toEqual({ ok: true, data: { amount: null } });
    expect(parseForm(limitFormSchema, { amount: '5,000' })).toMatchObject({ ok: true, data: { amount: 5000 } });
    expect(parseForm(limitFormSchema, { amount: 'abc' })).toEqual({
      ok: false,
      errors: { amount: 'Enter a valid amount in naira' },
    });
  });
});
