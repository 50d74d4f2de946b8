/** A signal as the 'signal' collection stores it (SPEC section 3); postSignal writes it. */
import { z } from 'zod/mini';
import { SIGNAL_TARGET_GROUPS } from '../signals';
import { timestampMillis } from './common';

/** A document of the 'signal' collection (SPEC section 3). */
export const signalSchema = z.object({
  title: z.string(),
  details: z.string(),
  group: z.enum(SIGNAL_TARGET_GROUPS),
  status: z.literal('Active'),
  timestamp: timestampMillis,
  created_at: z.string(),
});
export type Signal = z.infer<typeof signalSchema>;
