/**
 * Signing up and in (the web app sends these through the session callables) and the token owner's profile.
 * The answers of one group of a punter's calls (../user-calls.ts): the web app loads a group's schemas with
 * its first call (../user-call-groups.ts), and the provider and the functions proxy parse with the same.
 */
import { profileBodySchema } from '../auth';
import { okBody, okMessageBody } from '../common';
import { profileDataSchema } from '../profile';

export const RESPONSES = {
  login: profileBodySchema,
  register: profileBodySchema,
  otpRequest: okMessageBody,
  otpVerify: profileBodySchema,
  passwordSendOtp: okMessageBody,
  passwordReset: okMessageBody,
  userProfile: okBody(profileDataSchema),
} as const;
