/**
 * The codes this browser has unlocked (got or bought), per game id (SPEC section 4), shared by the Hub
 * and the punter profiles so a code bought on either shows on both.
 */
import { parseUnlockedCodes, type UnlockedCodes } from '@punter/core/punters-hub';
import { useStoredState } from '@/lib/use-stored-state';

export const UNLOCKED_CODES_KEY = 'unlocked_codes';

function loadCodes(stored: unknown): UnlockedCodes {
  if (typeof stored !== 'string') return {};
  try {
    return parseUnlockedCodes(JSON.parse(stored));
  } catch {
    return {};
  }
}
const saveCodes = (codes: UnlockedCodes) => JSON.stringify(codes);

export function useUnlockedCodes(): [UnlockedCodes, (next: UnlockedCodes) => void] {
  return useStoredState(UNLOCKED_CODES_KEY, loadCodes, saveCodes);
}
