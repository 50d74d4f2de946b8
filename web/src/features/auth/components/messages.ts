/** What the account screens say after a change (SPEC sections 2 and 8, its spelling kept). */
export const AUTH_MESSAGES = {
  passwordChanged: 'Congratulations!, Your password has changed successfully',
  pinCreated: 'Pin created sucesfully',
  otpSent: 'Code has been sent successfully',
} as const;
