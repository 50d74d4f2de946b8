/**
 * The stored profile of SPEC section 3, the login result codes (ADR 0001) and the user's referrals. A module of
 * its own so the browser can read its session without constructing every schema of the API.
 */
import { z } from 'zod/mini';
import { idSchema, isoDateTime } from './primitives';

/** Login result codes (SPEC section 4, ADR 0001): 200 and 203 are logged in, 201 verify phone, 206 change password. */
export const PROFILE_CODES = [200, 201, 203, 206] as const;
export const profileCodeSchema = z.literal(PROFILE_CODES);
/**
 * The one definition of "logged in" (SPEC section 6, ADR 0001): the stored profile's code is 200, or
 * 203 (credentials right, phone verified, no transaction PIN yet). The route guard (account.ts
 * isLoggedIn), the login screen, the session callables and the login response schema all use it.
 */
export const LOGGED_IN_CODES = [200, 203] as const;
export type LoggedInCode = (typeof LOGGED_IN_CODES)[number];

/** True when a login result code counts as logged in (LOGGED_IN_CODES). Anything else, '200' included, does not. */
export function isLoggedInCode(code: unknown): code is LoggedInCode {
  return (LOGGED_IN_CODES as readonly unknown[]).includes(code);
}

export const profileDataSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  country: z.string(),
  email: z.string(),
  phone_number: z.string(),
  gender: z.string(),
  createdAt: isoDateTime,
  username: z.string(),
  referral_code: z.string(),
  referral_link: z.string(),
  referred_by: z.nullable(z.string()),
  /** 1 means admin-like. */
  role: z.number().check(z.int()),
  can_post_signal: z.boolean(),
  can_post_game: z.boolean(),
  can_monetize_game: z.boolean(),
  /** When the monthly subscription ends (ISO), null when never subscribed. Not in SPEC's list; optional. */
  subscription_expires_at: z.optional(z.nullable(isoDateTime)),
  // Extras the reference provider adds (not in SPEC's list; optional so another provider may leave them out).
  avatar_url: z.optional(z.string()),
  /** False while the account has no transaction PIN (login code 203, ADR 0001). */
  has_pin: z.optional(z.boolean()),
  is_subscribed: z.optional(z.boolean()),
});
export type ProfileData = z.infer<typeof profileDataSchema>;

/** The profile the browser stores (SPEC section 3). `token` is '' when the code is 201 or 206. */
export const profileSchema = z.object({
  code: profileCodeSchema,
  token: z.string(),
  data: profileDataSchema,
});
export type Profile = z.infer<typeof profileSchema>;
export const referralSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  subscription: z.boolean(),
  createdAt: isoDateTime,
});
export type Referral = z.infer<typeof referralSchema>;
