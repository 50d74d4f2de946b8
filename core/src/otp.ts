/**
 * The OTP type of the phone-verification calls (SPEC section 7), in a module of its own so a screen that
 * only needs the constant (web's /verify-token) does not load the schemas of ./api/auth, which requires it.
 */
export const OTP_TYPE = 'PHONE-VERIFICATION';
