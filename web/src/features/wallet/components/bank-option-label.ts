/**
 * A saved bank in the withdraw modal's select: short enough for a 360 px screen ('Access Bank ••7890');
 * the full details (name, number, account name) show under the select for the chosen one.
 */
const MAX_BANK_NAME = 22;

export function bankOptionLabel(bank: { readonly bank_name: string; readonly account_number: string }): string {
  const name = bank.bank_name.trim();
  const shortName = name.length > MAX_BANK_NAME ? `${name.slice(0, MAX_BANK_NAME - 1).trimEnd()}…` : name;
  return `${shortName} ••${bank.account_number.slice(-4)}`;
}
