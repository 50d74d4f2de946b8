import { describe, expect, it } from 'vitest';
import { otpRequestSchema, otpVerifySchema } from './api/auth';
import { OTP_TYPE } from './otp';

describe('OTP_TYPE', () => {
  it('is the phone-verification type the OTP calls require, and no other', () => {
    expect(OTP_TYPE).toBe('PHONE-VERIFICATION');
    expect(otpVerifySchema.safeParse({ otp: '1234', otpType: OTP_TYPE, email: 'ada@example.com' }).success).toBe(true);
    expect(otpVerifySchema.safeParse({ otp: '1234', otpType: 'PASSWORD-RESET', email: 'ada@example.com' }).success).toBe(false);
    expect(otpRequestSchema.safeParse({ email: 'ada@example.com', phone_number: '08012345678', otpType: OTP_TYPE }).success).toBe(
      true,
    );
  });
});
