/**
 * Punters Hub: betting codes, their settlement and disputes, the punters' records.
 * The answers of one group of a punter's calls (../user-calls.ts): the web app loads a group's schemas with
 * its first call (../user-call-groups.ts), and the provider and the functions proxy parse with the same.
 */
import { z } from 'zod/mini';
import { okBody } from '../common';
import {
  bettingCodeListEntrySchema,
  bettingCodeSchema,
  buyOrGetGameResultSchema,
  disputeSchema,
  punterRecordSchema,
  settleGameResultSchema,
} from '../punters-hub';

export const RESPONSES = {
  bettingCodes: okBody(z.array(bettingCodeListEntrySchema)),
  createCode: okBody(bettingCodeSchema),
  buyOrGetGame: okBody(buyOrGetGameResultSchema),
  settleGame: okBody(settleGameResultSchema),
  punters: okBody(z.array(punterRecordSchema)),
  punterProfile: okBody(z.object({ record: punterRecordSchema, games: z.array(bettingCodeListEntrySchema) })),
  gameDispute: okBody(disputeSchema),
} as const;
