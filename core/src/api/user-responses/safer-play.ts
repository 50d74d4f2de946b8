/**
 * Safer play (ADR 0019).
 * The answers of one group of a punter's calls (../user-calls.ts): the web app loads a group's schemas with
 * its first call (../user-call-groups.ts), and the provider and the functions proxy parse with the same.
 */
import { okBody } from '../common';
import { saferPlayStateSchema } from '../safer-play';

export const RESPONSES = {
  saferPlay: okBody(saferPlayStateSchema),
  saferPlayLimit: okBody(saferPlayStateSchema),
  saferPlayPause: okBody(saferPlayStateSchema),
} as const;
