/** Shown once a bank account is saved (SPEC section 2, its spelling kept). */
export const BANK_SAVED_MESSAGE = 'Bank details saved succesfully';
