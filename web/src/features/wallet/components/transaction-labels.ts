/** Types whose words alone would not say what happened to the user's money. */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  REFUND: 'Refunded',
  ESCROW_RELEASE: 'Code sales paid out',
};

/**
 * How a transaction's type reads on screen: 'JOIN_AUTO_TRADA' -> 'Join auto trada', the same in the list and the
 * detail. A REFUND out of the wallet (`credit` false) is a seller's paid-out sales taken back when his Boom is
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
