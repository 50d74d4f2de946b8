/**
 * Payloads of the session callables (no Firebase sign-in needed): the provider's own bodies for login,
 * registration, OTP and password reset (./api/auth). Apart from ./bridge-schemas so that the live screens,
 * which import that, do not download these.
 */
import {
  loginRequestSchema,
  otpRequestSchema,
  otpVerifySchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sendResetOtpRequestSchema,
} from './api/auth';

/** sessionLogin payload: the provider's login body. */
export const sessionLoginSchema = loginRequestSchema;
/** sessionRegister payload: SPEC's registration payload. */
export const sessionRegisterSchema = registerRequestSchema;
/** sessionRequestOtp payload: { email, phone_number, otpType: 'PHONE-VERIFICATION' }. */
export const sessionRequestOtpSchema = otpRequestSchema;
/** sessionVerifyOtp payload: { otp, otpType: 'PHONE-VERIFICATION', email }. */
export const sessionVerifyOtpSchema = otpVerifySchema;
/** sessionSendResetOtp payload: { email }. */
export const sessionSendResetOtpSchema = sendResetOtpRequestSchema;
/** sessionResetPassword payload: { email, otp, password }. */
export const sessionResetPasswordSchema = resetPasswordRequestSchema;

// What every session callable returns lives in ./session-schemas (small, for the browser's login path).
export { sessionResultSchema, type SessionResult } from './session-schemas';
