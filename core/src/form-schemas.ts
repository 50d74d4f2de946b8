/**
 * zod schemas of every form of SPEC section 5, with SPEC's messages. Inputs are what form fields give
 * (strings, booleans); outputs are ready for the matching API request of ./api (amounts as naira
 * numbers; convert to kobo with core/src/money.ts nairaToKobo where integer arithmetic is needed).
 *
 * Business rules that live elsewhere are NOT repeated here: the pot join checks (core/src/pots.ts),
 * the over 2.5 target limit (core/src/over-two-five.ts), the post-game submit state (core/src/punters-hub.ts).
 */
import { z } from 'zod/mini';
import { addCustomIssue, preprocess } from './zod-extras';
import {
  ACCOUNT_NUMBER_MESSAGE,
  AMOUNT_NOT_POSITIVE,
  AMOUNT_TOO_LARGE,
  DEVICE_TYPE,
  EMAIL_INVALID,
  MARKETING_CHANNEL,
  MAX_REQUEST_NAIRA,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  PIN_MESSAGE,
  accountNumberSchema,
  dateTimeInput,
  phoneNumberSchema,
  pinSchema,
} from './api/primitives';
import type { RegisterRequest } from './api/auth';
import { koboToNaira, nairaToKobo, parseNairaInput } from './money';
import { INVALID_ODDS_MESSAGE, ODDS_PATTERN, PLATFORMS, isAllowedPrice } from './punters-hub';

// SPEC section 5 messages.
const MSG_EMAIL_REQUIRED = 'Please Enter Your Email';
const MSG_PASSWORD_REQUIRED = 'Please Enter Your Password';
const MSG_FIRST_NAME_REQUIRED = 'Please Enter Your FirstName';
const MSG_LAST_NAME_REQUIRED = 'Please Enter Your LastName';
const MSG_PHONE_REQUIRED = 'Please Enter Your Phone number';
const MSG_USERNAME_REQUIRED = 'Please enter your preferred username';
const MSG_INVALID_ODDS = INVALID_ODDS_MESSAGE;

// Messages of this product where SPEC shows none.
const MSG_EMAIL_INVALID = EMAIL_INVALID;
const MSG_PASSWORD_TOO_SHORT = PASSWORD_TOO_SHORT;
const MSG_USERNAME_INVALID = 'Username can only have letters, digits, _ and .';
const MSG_USERNAME_LENGTH = 'Username must be 3 to 30 characters';
const MSG_COUNTRY = 'Please select your country';
const MSG_GENDER = 'Please select your gender';
const MSG_CONSENT_TERMS = 'Please agree to the privacy policy and terms';
const MSG_CONSENT_AGE = 'Please confirm you are over 18 and understand gambling is risky';
const MSG_CODE = 'Please enter the 4-character code';
const MSG_PIN = PIN_MESSAGE;
const MSG_BANK = 'Please select a bank';
const MSG_ACCOUNT_NUMBER = ACCOUNT_NUMBER_MESSAGE;
const MSG_ACCOUNT_NAME = 'Account name is required';
const MSG_AMOUNT = 'Please enter a valid amount';
const MSG_AMOUNT_POSITIVE = AMOUNT_NOT_POSITIVE;
const MSG_AMOUNT_TOO_LARGE = AMOUNT_TOO_LARGE;
const MSG_GAME_CODE = 'Please enter the game code';
const MSG_TITLE = 'Please enter a title';
const MSG_PRICE = 'Please choose an allowed price';
const MSG_START = 'Please choose when the game starts';
const MSG_END = 'Please choose when the game ends';
const MSG_END_AFTER_START = 'End date must be after start date';
const MSG_PLATFORM = 'Please choose a platform';

/** A text field that must be filled: the same message for missing, wrong type and blank. */
function required(message: string) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));
}

function email() {
  return z.pipe(
    required(MSG_EMAIL_REQUIRED).check(z.toLowerCase()),
    z.email({ error: MSG_EMAIL_INVALID }).check(z.maxLength(254, { error: MSG_EMAIL_INVALID })),
  );
}

const MAX_FORM_KOBO = nairaToKobo(MAX_REQUEST_NAIRA);

/**
 * An amount field (text as typed: '₦10,000', '2500.50') parsed by money.parseNairaInput, checked > 0 and
 * at most ₦1,000,000,000; the output is naira (a number with at most 2 decimals), as the API takes it.
 */
export function amountField(requiredMessage = MSG_AMOUNT) {
  return z.pipe(
    z.union([z.string(), z.number()], { error: requiredMessage }),
    z.transform((value, ctx): number => {
      const text = typeof value === 'number' ? String(value) : value;
      if (text.trim() === '') {
        addCustomIssue(ctx, requiredMessage);
        return z.NEVER;
      }
      const parsed = parseNairaInput(text);
      if (!parsed.ok) {
        addCustomIssue(ctx, parsed.error);
        return z.NEVER;
      }
      if (parsed.kobo === 0) {
        addCustomIssue(ctx, MSG_AMOUNT_POSITIVE);
        return z.NEVER;
      }
      if (parsed.kobo > MAX_FORM_KOBO) {
        addCustomIssue(ctx, MSG_AMOUNT_TOO_LARGE);
        return z.NEVER;
      }
      return koboToNaira(parsed.kobo);
    }),
  );
}

// ---------------------------------------------------------------------------------------------

/** Login (SPEC 5): email and password required. */
export const loginFormSchema = z.object({
  email: email(),
  password: z.string({ error: MSG_PASSWORD_REQUIRED }).check(z.minLength(1, { error: MSG_PASSWORD_REQUIRED })),
});

export const COUNTRIES = ['Nigeria'] as const;
export const GENDER_OPTIONS = ['female', 'male'] as const;
export const DEFAULT_GENDER = 'female';

/** Register step 1: first name, last name, username (trailing spaces trimmed), country (Nigeria only), email. */
export const registerStep1FormSchema = z.object({
  first_name: required(MSG_FIRST_NAME_REQUIRED).check(z.maxLength(60, { error: 'First name is too long' })),
  last_name: required(MSG_LAST_NAME_REQUIRED).check(z.maxLength(60, { error: 'Last name is too long' })),
  username: required(MSG_USERNAME_REQUIRED).check(
    z.minLength(3, { error: MSG_USERNAME_LENGTH }),
    z.maxLength(30, { error: MSG_USERNAME_LENGTH }),
    z.regex(/^[A-Za-z0-9_.]+$/, { error: MSG_USERNAME_INVALID }),
  ),
  country: z.literal(COUNTRIES, { error: MSG_COUNTRY }),
  email: email(),
});

/** Register step 2: password, phone, gender (defaults to female), optional referral code, both consents. */
export const registerStep2FormSchema = z.object({
  password: z
    .string({ error: MSG_PASSWORD_REQUIRED })
    .check(
      z.minLength(1, { error: MSG_PASSWORD_REQUIRED }),
      z.minLength(PASSWORD_MIN_LENGTH, { error: MSG_PASSWORD_TOO_SHORT }),
      z.maxLength(128, { error: 'Password must not be more than 128 characters' }),
    ),
  phone_number: z.pipe(required(MSG_PHONE_REQUIRED), phoneNumberSchema),
  gender: z._default(z.enum(GENDER_OPTIONS, { error: MSG_GENDER }), DEFAULT_GENDER),
  referral_code: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  accept_terms: z.literal(true, { error: MSG_CONSENT_TERMS }),
  accept_age: z.literal(true, { error: MSG_CONSENT_AGE }),
});

/** The whole register form (both steps). */
export const registerFormSchema = z.extend(registerStep1FormSchema, registerStep2FormSchema.shape);
export type RegisterForm = z.output<typeof registerFormSchema>;

/**
 * The fixed device token placeholder of SPEC section 3, which web builds before ADR 0051 sent for every install.
 * The web now sends its per-install device id (web/src/lib/device-id.ts); the provider ignores this value as a
 * device sign, since every old install shares it.
 */
export const DEVICE_TOKEN_PLACEHOLDER = 'web-device-token';
/**
 * The fixed avatar images of the registration payload (SPEC section 3). They are served by the web
 * app itself (web/public/avatars/): no image is fetched from a third-party host.
 */
export const AVATAR_URLS = {
  female: '/avatars/female.svg',
  male: '/avatars/male.svg',
} as const;

/** The registration payload (SPEC section 3) for a parsed register form, from the device `deviceToken` names. */
export function buildRegistrationPayload(form: RegisterForm, deviceToken: string): RegisterRequest {
  const payload: RegisterRequest = {
    email: form.email,
    password: form.password,
    first_name: form.first_name,
    last_name: form.last_name,
    username: form.username,
    phone_number: form.phone_number,
    device_type: DEVICE_TYPE,
    device_token: deviceToken,
    marketing_channel: MARKETING_CHANNEL,
    gender: form.gender,
    country: form.country,
    avatar_url: AVATAR_URLS[form.gender],
  };
  if (form.referral_code !== undefined && form.referral_code !== '') payload.referral_code = form.referral_code;
  return payload;
}

/** The fields Create Account waits for (SPEC section 5), in SPEC's order. */
export const CREATE_ACCOUNT_REQUIRED_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'username',
  'password',
  'country',
  'gender',
  'phone_number',
] as const;

/** The register form as the screen holds it while the user types (both steps). */
export type RegisterFormValues = Readonly<
  Record<(typeof CREATE_ACCOUNT_REQUIRED_FIELDS)[number], string> & { accept_terms: boolean; accept_age: boolean }
>;

/**
 * Create Account is enabled only when first name, last name, email, username, password, country, gender and
 * phone are filled (not blank) and both consents are ticked: (a) the privacy policy and terms, (b) over 18 and
 * gambling is risky (SPEC section 5). Whether the values are valid is registerFormSchema's job, on submit.
 */
export function isCreateAccountEnabled(values: RegisterFormValues): boolean {
  return CREATE_ACCOUNT_REQUIRED_FIELDS.every((field) => values[field].trim() !== '') && values.accept_terms && values.accept_age;
}

/** Forgot password: the email. */
export const forgotPasswordFormSchema = z.object({ email: email() });
/** Change password: the 4-character code and the new password. */
export const changePasswordFormSchema = z.object({
  otp: z.string({ error: MSG_CODE }).check(z.trim(), z.regex(/^[A-Za-z0-9]{4}$/, { error: MSG_CODE })),
  password: registerStep2FormSchema.shape.password,
});
/** Phone verification: the 4-character code. */
export const verifyTokenFormSchema = z.object({ otp: changePasswordFormSchema.shape.otp });
/** Create PIN: 4 digits. */
export const createPinFormSchema = z.object({ pin: z.pipe(z.string({ error: MSG_PIN }), pinSchema) });
/** Reset a blocked PIN: the 4-character code sent to the phone and the new 4-digit PIN. */
export const resetPinFormSchema = z.object({ otp: changePasswordFormSchema.shape.otp, pin: createPinFormSchema.shape.pin });

// ---------------------------------------------------------------------------------------------
// Wallet forms
// ---------------------------------------------------------------------------------------------

/** Save bank: the bank (code and name from the dropdown), 10-digit account number, the resolved account name. */
export const saveBankFormSchema = z.object({
  code: required(MSG_BANK),
  bank_name: required(MSG_BANK),
  account_number: z.pipe(z.string({ error: MSG_ACCOUNT_NUMBER }).check(z.trim()), accountNumberSchema),
  account_name: required(MSG_ACCOUNT_NAME),
});

/** The bank list filtered by a case-insensitive name search (SPEC section 5); a blank search keeps every bank. */
export function filterBanksByName<T extends { readonly name: string }>(banks: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  return needle ? banks.filter((bank) => bank.name.toLowerCase().includes(needle)) : [...banks];
}

/** The account-number verification runs once more than this many characters are typed (SPEC section 5). */
export const ACCOUNT_VERIFY_AFTER = 9;

/** True when the typed account number is long enough for the verification call (more than 9 characters). */
export function shouldVerifyAccountNumber(accountNumber: string): boolean {
  return accountNumber.length > ACCOUNT_VERIFY_AFTER;
}

/** Withdraw: amount, PIN and the selected saved bank id. Output matches the withdraw request body. */
export const withdrawFormSchema = z.object({
  amount: amountField(),
  pin: z.pipe(z.string({ error: MSG_PIN }), pinSchema),
  destination_account: required(MSG_BANK),
});

/** A safer-play limit (ADR 0019): an amount, or blank for no limit. */
export const limitFormSchema = z.object({
  amount: preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), z.nullable(amountField())),
});

/** A break or self-exclusion: the chosen length and the PIN that confirms it. */
export const pauseFormSchema = z.object({
  duration: required('Please choose how long'),
  pin: z.pipe(z.string({ error: MSG_PIN }), pinSchema),
});

/** Top-up: the amount only (no client bound beyond a valid positive amount). */
export const topUpFormSchema = z.object({ amount: amountField() });

// ---------------------------------------------------------------------------------------------
// Punters Hub and pots
// ---------------------------------------------------------------------------------------------

/**
 * A date-time from a datetime-local input ('2026-11-22T18:30', the browser's own time zone) as an ISO instant
 * ('2026-11-22T17:30:00.000Z' in Lagos), so the provider compares it with its clock in any time zone.
 */
function toIsoInstant(value: string, ctx: z.core.ParsePayload): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    addCustomIssue(ctx, 'Must be a date and time');
    return z.NEVER;
  }
  return date.toISOString();
}

/**
 * Post game for a poster: odds must match the non-negative decimal pattern ('Please enter a valid float value
 * (e.g., 3.50)'); the price must be allowed by can_monetize_game. Output matches the create-code body.
 */
export function postGameFormSchema(canMonetizeGame: boolean) {
  return z
    .object({
      game_code: required(MSG_GAME_CODE).check(z.maxLength(64, { error: 'Game code is too long' })),
      odd: z.pipe(required(MSG_INVALID_ODDS).check(z.regex(ODDS_PATTERN, { error: MSG_INVALID_ODDS })), z.transform(Number)),
      title: required(MSG_TITLE).check(z.maxLength(120, { error: 'Title is too long' })),
      amount: z.pipe(
        z
          .union([z.pipe(z.string().check(z.trim(), z.regex(/^\d+$/)), z.transform(Number)), z.number()], { error: MSG_PRICE })
          .check(
            z.refine((naira) => Number.isSafeInteger(naira) && isAllowedPrice(canMonetizeGame, nairaToKobo(naira)), {
              error: MSG_PRICE,
            }),
          ),
        z.transform((naira) => naira as 0 | 100 | 200 | 500),
      ),
      startDate: z.pipe(z.pipe(required(MSG_START), dateTimeInput), z.transform(toIsoInstant)),
      endDate: z.pipe(z.pipe(required(MSG_END), dateTimeInput), z.transform(toIsoInstant)),
      platform: z.enum(PLATFORMS, { error: MSG_PLATFORM }),
    })
    .check(
      z.refine((form) => Date.parse(form.endDate) > Date.parse(form.startDate), {
        error: MSG_END_AFTER_START,
        path: ['endDate'],
      }),
    );
}

/** Pot join: the numeric 'Trading amount'. The join checks (balance, volume, ₦10,000, capacity) are in pots.ts. */
export const potJoinFormSchema = z.object({ amount: amountField() });

// ---------------------------------------------------------------------------------------------
// Errors for forms
// ---------------------------------------------------------------------------------------------

/**
 * Turns a ZodError into { field: message } for a form: the first message per field, fields named by their
 * dotted path; an issue about the whole form goes under '_form'.
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? '_form' : issue.path.map(String).join('.');
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}

/** Parses form values: { ok: true, data } or { ok: false, errors: { field: message } }. */
export function parseForm<S extends z.ZodMiniType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
