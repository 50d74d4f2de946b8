/** How a transaction's type reads on screen: 'JOIN_AUTO_TRADA' -> 'Join auto trada', the same in the list and the detail. */
export function transactionTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
