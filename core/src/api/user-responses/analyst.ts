/**
 * The virtual-football analyst.
 * The answers of one group of a punter's calls (../user-calls.ts): the web app loads a group's schemas with
 * its first call (../user-call-groups.ts), and the provider and the functions proxy parse with the same.
 */
import { z } from 'zod/mini';
import { analystGameSchema } from '../analyst';
import { okBody } from '../common';

export const RESPONSES = {
  analystGames: okBody(z.array(analystGameSchema)),
  topGames: okBody(z.array(analystGameSchema)),
} as const;
