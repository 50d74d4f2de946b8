/** Types whose words alone would not say what happened to the user's money. */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  REFUND: 'Refunded',
  ESCROW_RELEASE: 'Code sales paid out',
};

/** How a transaction's type reads on screen: 'JOIN_AUTO_TRADA' -> 'Join auto trada', the same in the list and the detail. */
export function transactionTypeLabel(type: string): string {
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
