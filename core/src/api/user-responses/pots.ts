/**
 * Auto-trading pots.
 * The answers of one group of a punter's calls (../user-calls.ts): the web app loads a group's schemas with
 * its first call (../user-call-groups.ts), and the provider and the functions proxy parse with the same.
 */
import { okBody } from '../common';
import { potPayoutResultSchema } from '../pots';
import { walletMovementSchema } from '../wallet';

export const RESPONSES = {
  joinAutoTrada: okBody(walletMovementSchema),
  potPayout: okBody(potPayoutResultSchema),
} as const;
