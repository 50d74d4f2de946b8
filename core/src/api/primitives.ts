/**
 * The small building blocks of the provider API schemas (the other modules of core/src/api): amounts, ids,
 * dates, PIN, code, email, password, phone and bank fields. Screens that only need these (the forms, the stored
 * profile) load them without constructing every schema of the API.
 */
import { z } from 'zod/mini';
import { displayText } from '../display-text';
import { documentIdSchema } from '../document-id';
import { nairaToKobo } from '../money';

/** An absolute http(s) URL: never javascript:, data: or any other scheme a page could execute. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'Must be an http or https URL' });

/** Largest naira amount a request may carry: ₦1,000,000,000. */
export const MAX_REQUEST_NAIRA = 1_000_000_000;

function hasAtMostTwoDecimals(value: number): boolean {
  try {
    nairaToKobo(value);
    return true;
  } catch {
    return false;
  }
}

const AMOUNT_NOT_NUMBER = 'Amount must be a number';
export const AMOUNT_NOT_POSITIVE = 'Amount must be greater than 0';
const AMOUNT_TOO_MANY_DECIMALS = 'Amount can have at most 2 decimal places';
export const AMOUNT_TOO_LARGE = 'Amount must not be more than ₦1,000,000,000';

/**
 * A naira amount in a request: a finite number, above 0, at most 2 decimals, at most ₦1,000,000,000.
 * Conversion to kobo is done by core/src/money.ts (nairaToKobo), or by `nairaAmountAsKobo`.
 */
export const nairaAmount = z
  .number({ error: AMOUNT_NOT_NUMBER })
  .check(
    z.gt(0, { error: AMOUNT_NOT_POSITIVE }),
    z.lte(MAX_REQUEST_NAIRA, { error: AMOUNT_TOO_LARGE }),
    z.refine(hasAtMostTwoDecimals, { error: AMOUNT_TOO_MANY_DECIMALS }),
  );

/** `nairaAmount`, converted to integer kobo (for the provider's ledger). */
export const nairaAmountAsKobo = z.pipe(
  nairaAmount,
  z.transform((naira) => nairaToKobo(naira)),
);

/** A naira amount in an answer or a stored document that may be 0 (balances, ROI, totals). */
export const nairaBalance = z
  .number({ error: AMOUNT_NOT_NUMBER })
  .check(z.gte(0, { error: 'Amount must not be negative' }), z.refine(hasAtMostTwoDecimals, { error: AMOUNT_TOO_MANY_DECIMALS }));

/** A naira result that may be negative (a pot's booked loss), at most 2 decimals. */
export const nairaSigned = z
  .number({ error: AMOUNT_NOT_NUMBER })
  .check(z.refine((value) => hasAtMostTwoDecimals(Math.abs(value)), { error: AMOUNT_TOO_MANY_DECIMALS }));

/** Ids as the provider hands them out and takes them back: Firestore document ids (../document-id, issue 31 item 7). */
export const idSchema = documentIdSchema;

/** ISO 8601 date-time string, e.g. '2026-11-22T07:30:00.000Z'. */
export const isoDateTime = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time' });

/** A date-time as a form sends it: ISO 8601 with or without a zone, seconds optional ('2026-11-22T18:30'). */
export const dateTimeInput = z.iso.datetime({ offset: true, local: true, error: 'Must be a date and time' });

export const PIN_MESSAGE = 'PIN must be 4 digits';
const CODE_MESSAGE = 'Code must be 4 characters';

/** Transaction PIN: exactly 4 digits (SPEC sections 5 and 9). */
export const pinSchema = z.string({ error: PIN_MESSAGE }).check(z.regex(/^\d{4}$/, { error: PIN_MESSAGE }));
/** Phone verification code and password reset code: exactly 4 letters or digits. */
export const otpSchema = z.string({ error: CODE_MESSAGE }).check(z.regex(/^[A-Za-z0-9]{4}$/, { error: CODE_MESSAGE }));

export const EMAIL_INVALID = 'Please enter a valid email address';
export const emailSchema = z.pipe(
  z.string({ error: EMAIL_INVALID }).check(z.trim(), z.toLowerCase()),
  z.email({ error: EMAIL_INVALID }).check(z.maxLength(254, { error: EMAIL_INVALID })),
);

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
/** A password being checked (login): any non-empty string, so older accounts can still log in. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .check(z.minLength(1, { error: 'Password is required' }), z.maxLength(128));
/** A password being chosen (register, reset): at least PASSWORD_MIN_LENGTH characters. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT }),
    z.maxLength(128, { error: 'Password must not be more than 128 characters' }),
  );

export const PHONE_INVALID = 'Please enter a valid phone number';
/** Nigerian phone number as typed: 11 digits starting with 0, or +234 / 234 and 10 digits. */
export const phoneNumberSchema = z
  .string({ error: PHONE_INVALID })
  .check(z.trim(), z.regex(/^(?:0\d{10}|\+?234\d{10})$/, { error: PHONE_INVALID }));

export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be 10 digits';
export const accountNumberSchema = z
  .string({ error: ACCOUNT_NUMBER_MESSAGE })
  .check(z.regex(/^\d{10}$/, { error: ACCOUNT_NUMBER_MESSAGE }));
export const bankCodeSchema = z
  .string({ error: 'Bank code is required' })
  .check(z.trim(), z.regex(/^[A-Za-z0-9]{2,12}$/, { error: 'Bank code is not valid' }));

/** A short free-text field, one line: ../display-text's normaliser and refusals, 1..max characters. */
export function text(max: number, what: string) {
  return displayText(max, what, 'line');
}

/**
 * A device token (registration and PIN verify, SPEC section 7): the web sends its per-install device id (a
 * UUID, ADR 0051); other clients send any token of 1 to 128 letters, digits, '.', '_', ':' or '-'. The provider
 * keeps only a keyed hash of it, as one sign that two accounts are one person's.
 */
export const deviceTokenSchema = z
  .string({ error: 'Device token is required' })
  .check(
    z.minLength(1, { error: 'Device token is required' }),
    z.maxLength(128, { error: 'Device token must not be more than 128 characters' }),
    z.regex(/^[A-Za-z0-9._:-]+$/, { error: "Device token can only have letters, digits, '.', '_', ':' and '-'" }),
  );

/** Fixed fields of the registration payload (SPEC section 3). */
export const DEVICE_TYPE = 'WEB';
export const MARKETING_CHANNEL = 'Others';
