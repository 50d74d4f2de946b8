/**
 * Sign-in calls (SPEC section 7): login, register, the phone-verification OTP and the password reset, and the
 * profile body they answer (`{ code, token, data }` plus status and message, stored whole by the browser).
 */
import { z } from 'zod/mini';
import { OTP_TYPE } from '../otp';
import { displayText } from '../display-text';
import {
  DEVICE_TYPE,
  deviceTokenSchema,
  MARKETING_CHANNEL,
  emailSchema,
  httpUrl,
  newPasswordSchema,
  otpSchema,
  passwordSchema,
  phoneNumberSchema,
  text,
} from './primitives';
import { profileSchema } from './profile';

const GENDERS = ['female', 'male'] as const;
const genderSchema = z.enum(GENDERS, { error: 'Gender must be female or male' });

/** Answer of login, register and OTP verify: the profile plus status and message. */
export const profileBodySchema = z.extend(profileSchema, { status: z.literal(true), message: z.string() });

export const loginRequestSchema = z.object({ email: emailSchema, password: passwordSchema });

/** Registration payload (SPEC section 3). */
export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  first_name: displayText(60, 'First name', 'name'),
  last_name: displayText(60, 'Last name', 'name'),
  username: z
    .string({ error: 'Username is required' })
    .check(
      z.trim(),
      z.minLength(3, { error: 'Username must be at least 3 characters' }),
      z.maxLength(30, { error: 'Username must not be more than 30 characters' }),
      z.regex(/^[A-Za-z0-9_.]+$/, { error: 'Username can only have letters, digits, _ and .' }),
    ),
  phone_number: phoneNumberSchema,
  device_type: z.literal(DEVICE_TYPE),
  device_token: deviceTokenSchema,
  /** Optional; an empty string means none. */
  referral_code: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  marketing_channel: z.literal(MARKETING_CHANNEL),
  gender: genderSchema,
  country: text(60, 'Country'),
  avatar_url: z
    .union([httpUrl, z.string().check(z.regex(/^\/(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]+$/))], {
      error: 'Avatar must be a URL or a path on this site',
    })
    .check(z.refine((v) => v.length <= 2048, { error: 'Avatar must be a URL or a path on this site' })),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export const otpRequestSchema = z.object({
  email: emailSchema,
  phone_number: phoneNumberSchema,
  otpType: z.literal(OTP_TYPE),
});
export const otpVerifySchema = z.object({ otp: otpSchema, otpType: z.literal(OTP_TYPE), email: emailSchema });
export const sendResetOtpRequestSchema = z.object({ email: emailSchema });
export const resetPasswordRequestSchema = z.object({ email: emailSchema, otp: otpSchema, password: newPasswordSchema });
