/**
 * Masked phone: the first 3 digits, one star per hidden digit, the last 2 digits
 * ('08012345678' -> '080******78'). Spaces, dashes and a leading '+' are ignored. A Nigerian number
 * in its international form (234 and 10 digits, as the provider stores it) is shown the way the
 * punter typed it, with its leading 0 ('2348012345678' -> '080******78'). With fewer than 6 digits
 * nothing would stay hidden, so every digit becomes a star.
 */
export function maskPhone(phone: string | null | undefined): string {
  const all = (phone ?? '').replace(/\D/g, '');
  const digits = /^234\d{10}$/.test(all) ? `0${all.slice(3)}` : all;
  if (digits.length < 6) return '*'.repeat(digits.length);
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 5)}${digits.slice(-2)}`;
}
