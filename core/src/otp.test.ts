import { describe, expect, it } from 'vitest';
import { OTP_TYPE as API_OTP_TYPE, otpVerifySchema } from './api-schemas';
import { OTP_TYPE } from './otp';

describe('OTP_TYPE', () => {
  it('is the phone-verification type, the same value the API schemas require', () => {
    expect(OTP_TYPE).toBe('PHONE-VERIFICATION');
    expect(OTP_TYPE).toBe(API_OTP_TYPE);
    expect(otpVerifySchema.safeParse({ otp: '1234', otpType: OTP_TYPE, email: 'ada@example.com' }).success).toBe(true);
  });
});
