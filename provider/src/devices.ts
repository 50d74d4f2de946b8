/**
 * The devices an account was used on (ADR 0051): the web sends its per-install device id as SPEC's
 * `device_token` at registration and at the PIN check. The provider keeps only HMAC-SHA256(deviceKey, token),
 * one document per account and device, so the raw token is in no document and no log line, and the hashes
 * are worthless without the key. Two accounts with a device in common earn no referral bonus from each other.
 *
 * SPEC's fixed placeholder ('web-device-token', sent by every install of older web builds) names no device and
 * is not recorded.
 */
import { createHmac } from 'node:crypto';
import { DEVICE_TOKEN_PLACEHOLDER } from '@punter/core/form-schemas';
import { userDevices } from './collections';
import type { ProviderDeps } from './context';
import type { Store, Tx } from './store';

/** The keyed hash of a device token (hex). */
export function deviceHash(key: string, token: string): string {
  return createHmac('sha256', key).update(token, 'utf8').digest('hex');
}

/** Whether a (validated) device token names a device: SPEC's shared placeholder does not. */
export const namesADevice = (token: string): boolean => token !== DEVICE_TOKEN_PLACEHOLDER;

const docId = (hash: string, userId: string) => `${hash}_${userId}`;

/**
 * Records that `userId` used the device `token` names, inside a transaction (registration's). Reads first,
 * so call it before the transaction's writes: `const write = await seeDeviceIn(...)`, then `write()`.
 */
export async function seeDeviceIn(
  deps: Pick<ProviderDeps, 'settings' | 'now'>,
  tx: Tx,
  userId: string,
  token: string,
): Promise<() => void> {
  if (!namesADevice(token)) return () => undefined;
  const hash = deviceHash(deps.settings.deviceKey, token);
  const id = docId(hash, userId);
  const known = await userDevices.get(tx, id);
  return () => {
    if (!known) userDevices.create(tx, id, { user_id: userId, device_hash: hash, created_at: deps.now() });
  };
}

/** Records that `userId` used the device `token` names (the PIN check): one write the first time, none after. */
export async function seeDevice(deps: Pick<ProviderDeps, 'settings' | 'now' | 'store'>, userId: string, token: string) {
  if (!namesADevice(token)) return;
  const hash = deviceHash(deps.settings.deviceKey, token);
  const id = docId(hash, userId);
  if (await userDevices.get(deps.store, id)) return;
  await userDevices.set(deps.store, id, { user_id: userId, device_hash: hash, created_at: deps.now() });
}

/** The device hashes an account was seen on. */
export async function deviceHashes(store: Store, userId: string): Promise<Set<string>> {
  const seen = await userDevices.query(store, { where: [['user_id', '==', userId]] });
  return new Set(seen.map((d) => d.data.device_hash));
}
