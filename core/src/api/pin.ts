/** The transaction PIN calls (SPEC section 7): set, verify, and reset with a code sent to the phone. */
import { z } from 'zod/mini';
import { otpSchema, pinSchema, text } from './primitives';

export const pinSetRequestSchema = z.object({ pin: pinSchema });
export const pinVerifyRequestSchema = z.object({ pin: pinSchema, device_token: text(512, 'Device token') });
export const pinResetRequestSchema = z.object({ otp: otpSchema, pin: pinSchema });
