/**
 * The result of the session callables (team brief), in a module of its own so the browser's login path
 * loads it without the rest of ./bridge-schemas and ./api; ./bridge-schemas re-exports it.
 */
import { z } from 'zod/mini';
import { LOGGED_IN_CODES, profileSchema } from './api/profile';

function isLoggedInCode(code: number): boolean {
  return (LOGGED_IN_CODES as readonly number[]).includes(code);
}

/**
 * What every session callable returns. `profile` is SPEC's stored profile (null when the call returns none,
 * e.g. an OTP resend); `firebaseToken` is a Firebase custom token, present exactly when the profile code is 200 or 203.
 */
export const sessionResultSchema = z
  .object({
    profile: z.nullable(profileSchema),
    firebaseToken: z.nullable(z.string().check(z.minLength(1))),
    message: z.string(),
  })
  .check(
    z.superRefine((value, ctx) => {
      const loggedIn = value.profile !== null && isLoggedInCode(value.profile.code);
      if (loggedIn && value.firebaseToken === null) {
        ctx.addIssue({ code: 'custom', path: ['firebaseToken'], message: 'A logged-in profile needs a Firebase token' });
      }
      if (!loggedIn && value.firebaseToken !== null) {
        ctx.addIssue({ code: 'custom', path: ['firebaseToken'], message: 'Only a logged-in profile gets a Firebase token' });
      }
    }),
  );
export type SessionResult = z.infer<typeof sessionResultSchema>;
