/** What the wallet's screens say after a top-up or a withdrawal (SPEC sections 2 and 8, its spelling kept). */
export const WALLET_MESSAGES = {
  noBank: 'You dont have any bank added, please add one here',
  topUpVerificationFailed: 'Transaction verification failed. Please try again.',
  topUpSuccess: 'Wow! Your top up was successful',
  withdrawSuccess: 'Congratulations!, Your withdrawal is successfully',
  withdrawError: 'An error occurred while attempting to withdraw.',
} as const;
