/**
 * Who may earn a referral bonus (ADR 0013, amended for issue 31): only the referrer fixed at registration, and
 * never an account that looks like the same person as the one it referred.
 *
 * - The referrer is the one named at registration (the referral link's code then); a code given at a pot
 *   join is ignored, whatever it names (a user with no referrer cannot pick one later, so a second
 *   account's code pays nothing). A code that is not the fixed referrer's is audited as a refused bonus.
 * - No bonus between accounts that share a phone number, a saved withdrawal bank account (bank code
 *   and account number) or a device: the web's per-install device id, sent as `device_token` at registration
 *   and at the PIN check and kept only as a keyed hash (devices.ts, ADR 0051). Clearing the browser's storage
 *   makes a new id, so the device is one sign among the three, not proof.
 * - Checked at each bonus (the instant one at a join, the second when the pot is due), since a bank
 *   account can be saved after the join. Every refusal writes one entry in the audit log (provider_audit):
 *   actor the referred user, target the would-be referrer, action `referral.bonus.refused.<why>`.
 */
import { audit as auditLog, banks, unique, users } from './collections';
import type { ProviderDeps, UserDoc } from './context';
import { deviceHashes } from './devices';
import { normalizePhone } from './schemas';
import { newId, type Store, type Tx } from './store';

export type BonusRefusal = 'late-code' | 'shared-phone' | 'shared-bank' | 'shared-device' | 'self';

/** The audit action of a refused bonus. */
export const refusedBonusAction = (why: BonusRefusal) => `referral.bonus.refused.${why}`;

const bankKeys = async (store: Store, userId: string): Promise<Set<string>> => {
  const saved = await banks.query(store, { where: [['user_id', '==', userId]] });
  return new Set(saved.map((b) => `${b.data.code}:${b.data.account_number}`));
};

/**
 * Why `referrer` may not earn a bonus on `user`, or null when nothing ties the two accounts together.
 * Reads the saved banks through the store (a transaction cannot query); run it just before the bonus's
 * transaction, and again for the second bonus.
 */
export async function sameOwnerSign(
  store: Store,
  user: Pick<UserDoc, 'id' | 'phone_number'>,
  referrer: Pick<UserDoc, 'id' | 'phone_number'>,
): Promise<BonusRefusal | null> {
  if (user.id === referrer.id) return 'self';
  // Normalised both sides: '0803...', '234803...' and '+234803...' are one number.
  if (normalizePhone(user.phone_number) === normalizePhone(referrer.phone_number)) return 'shared-phone';
  const [mine, theirs, myDevices, theirDevices] = await Promise.all([
    bankKeys(store, user.id),
    bankKeys(store, referrer.id),
    deviceHashes(store, user.id),
    deviceHashes(store, referrer.id),
  ]);
  for (const key of mine) if (theirs.has(key)) return 'shared-bank';
  for (const hash of myDevices) if (theirDevices.has(hash)) return 'shared-device';
  return null;
}

/**
 * The referrer a join pays, decided before its transaction: the one fixed at registration unless the two
 * accounts share a sign of one owner. `lateCode` is the code the join named, if it is not the fixed
 * referrer's (it is ignored and audited).
 */
export async function bonusReferrer(
  deps: Pick<ProviderDeps, 'store'>,
  user: UserDoc,
  code: string | null,
): Promise<{ referrerId: string | null; refusals: Array<{ why: BonusRefusal; target: string | null }> }> {
  const refusals: Array<{ why: BonusRefusal; target: string | null }> = [];
  const fixed = user.referred_by !== null ? await users.get(deps.store, user.referred_by) : null;
  if (code !== null && code !== fixed?.referral_code) {
    const named = await unique.get(deps.store, `referral:${code}`);
    refusals.push({ why: 'late-code', target: named?.user_id ?? null });
  }
  if (!fixed) return { referrerId: null, refusals };
  const sign = await sameOwnerSign(deps.store, user, fixed);
  if (sign) {
    refusals.push({ why: sign, target: fixed.id });
    return { referrerId: null, refusals };
  }
  return { referrerId: fixed.id, refusals };
}

/** Writes the audit entry of a refused bonus inside the transaction that would have paid it. */
export function auditRefusedBonus(
  deps: Pick<ProviderDeps, 'now'>,
  tx: Tx,
  actorId: string,
  why: BonusRefusal,
  target: string | null,
): void {
  const id = newId();
  auditLog.create(tx, id, { id, admin_id: actorId, action: refusedBonusAction(why), target, created_at: deps.now() });
}
