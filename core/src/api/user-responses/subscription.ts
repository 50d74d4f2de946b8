/**
 * The monthly subscription.
 * The answers of one group of a punter's calls (../user-calls.ts): the web app loads a group's schemas with
 * its first call (../user-call-groups.ts), and the provider and the functions proxy parse with the same.
 */
import { okBody } from '../common';
import { subscriptionResultSchema } from '../subscription';

export const RESPONSES = {
  subscribe: okBody(subscriptionResultSchema),
} as const;
