/**
 * The notifications of the top bar.
 * The answers of one group of a punter's calls (../user-calls.ts): the web app loads a group's schemas with
 * its first call (../user-call-groups.ts), and the provider and the functions proxy parse with the same.
 */
import { z } from 'zod/mini';
import { okBody } from '../common';
import { notificationSchema } from '../notifications';

export const RESPONSES = {
  notifications: okBody(z.array(notificationSchema)),
} as const;
