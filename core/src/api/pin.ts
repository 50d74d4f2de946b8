/** The transaction PIN calls (SPEC section 7): set, verify, and reset with a code sent to the phone. */
import { z } from 'zod/mini';
import { deviceTokenSchema, otpSchema, pinSchema } from './primitives';

export const pinSetRequestSchema = z.object({ pin: pinSchema });
export const pinVerifyRequestSchema = z.object({ pin: pinSchema, device_token: deviceTokenSchema });
export const pinResetRequestSchema = z.object({ otp: otpSchema, pin: pinSchema });
