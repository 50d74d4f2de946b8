/**
 * What each type code of SPEC section 3 (and ours) means to a punter, in the web only: the API keeps its codes
 * (MC_DASAINT_BONUS is the pot referral bonus; SPOOWEALTH keeps its product's name).
 */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  WITHDRAWAL: 'Withdrawal',
  FUNDING: 'Funding',
  BUY_GAME: 'Betting code bought',
  SPOOWEALTH: 'SpooWealth',
  SIGNUP_BONUS: 'Sign-up bonus',
  MC_DASAINT_BONUS: 'Referral bonus',
  SUBSCRIPTION: 'Subscription',
  JOIN_AUTO_TRADA: 'Joined an Auto-Trada pot',
  REFUND: 'Refunded',
  ESCROW_RELEASE: 'Code sales paid out',
  POT_PAYOUT: 'Pot payout',
};

/**
 * How a transaction's type reads on screen: 'MC_DASAINT_BONUS' -> 'Referral bonus', an unknown code in words
 * ('SOME_TYPE' -> 'Some type'), the same in the list and the detail. A REFUND out of the wallet (`credit` false) is a seller's paid-out sales taken back when his Boom is
 * corrected to Cut, for his buyers' refunds (ADR 0039): not a refund to him.
 */
export function transactionTypeLabel(type: string, credit = true): string {
  if (type === 'REFUND' && !credit) return "Sales returned for buyers' refunds";
  const named = Object.hasOwn(TYPE_LABELS, type) ? TYPE_LABELS[type] : undefined;
  if (named !== undefined) return named;
  const words = type.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Label and colour of a transaction status in the detail: PENDING orange 'Pending', SUCCESS green
 * 'Succesfull' (SPEC's spelling). An unknown status shows as given, in grey.
 */
export function transactionStatusDisplay(status: string): { label: string; colour: 'green' | 'orange' | 'grey' } {
  if (status === 'PENDING') return { label: 'Pending', colour: 'orange' };
  if (status === 'SUCCESS') return { label: 'Succesfull', colour: 'green' };
  return { label: status, colour: 'grey' };
}
