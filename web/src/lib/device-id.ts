/**
 * This install's device id (ADR 0051): a random UUID kept in localStorage, sent as SPEC's `device_token` at
 * registration and at the PIN check, so the provider can tell whether two accounts were used on one browser
 * (no referral bonus between them). It survives reloads and restarts; clearing the site's storage makes a new
 * one, so it is one sign among the phone number and the bank account, not proof of a device.
 */
import { z } from 'zod/mini';

export const DEVICE_ID_KEY = 'punter.device_id';

const deviceIdSchema = z.uuid();

/** Kept for the page's life when storage is unavailable (a private window that refuses it). */
let memoryId: string | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The id stored for this install, made (and stored) on first use; a stored value that is not a UUID is replaced. */
export function deviceId(): string {
  const store = storage();
  try {
    const stored = store?.getItem(DEVICE_ID_KEY) ?? null;
    if (stored !== null && deviceIdSchema.safeParse(stored).success) return stored;
  } catch {
    // Storage that throws on read is treated as empty.
  }
  const id = memoryId ?? crypto.randomUUID();
  memoryId = id;
  try {
    store?.setItem(DEVICE_ID_KEY, id);
  } catch {
    // Full or refused storage: the id lives for this page only.
  }
  return id;
}
