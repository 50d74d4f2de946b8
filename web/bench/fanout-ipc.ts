/**
 * The messages between the signal fan-out bench (signal-fanout.ts) and its listener processes
 * (fanout-listeners.ts), checked with zod on arrival at either end.
 */
import { z } from 'zod';

const openRequest = z.object({
  type: z.literal('open'),
  projectId: z.string().min(1),
  firestorePort: z.number().int().min(1).max(65_535),
  /** Client i listens as the reader `${readerPrefix}${i}`. */
  readerPrefix: z.string().min(1),
  /** Index of this process's first client (names its apps and readers). */
  firstIndex: z.number().int().min(0),
  count: z.number().int().min(1),
  /** Clients opened before waiting for their first snapshots. */
  batch: z.number().int().min(1),
  feedLimit: z.number().int().min(1),
  /** How long the process may take to open its clients; those not listening by then are left out. */
  deadlineMs: z.number().int().min(1),
});
export type OpenRequest = z.infer<typeof openRequest>;

export const parentMessage = z.discriminatedUnion('type', [
  openRequest,
  z.object({ type: z.literal('status'), seq: z.number().int(), ids: z.array(z.string()) }),
  z.object({ type: z.literal('collect') }),
  z.object({ type: z.literal('close') }),
]);
export type ParentMessage = z.infer<typeof parentMessage>;

const opened = z.object({
  type: z.literal('opened'),
  requested: z.number().int(),
  /** Clients kept (listening, or refused with an error). */
  clients: z.number().int(),
  listening: z.number().int(),
  /** Clients that had no first snapshot by the deadline (closed, left out). */
  notListening: z.number().int(),
  allListening: z.boolean(),
  errors: z.array(z.string()),
  errorCount: z.number().int(),
  setupMs: z.number(),
  setupCpuMs: z.number(),
  rssBytes: z.number(),
  rssBeforeBytes: z.number(),
  heapUsedBytes: z.number(),
});
export type Opened = z.infer<typeof opened>;

const status = z.object({
  type: z.literal('status'),
  seq: z.number().int(),
  /** Clients that hold every id asked about. */
  withAll: z.number().int(),
  /** Clients whose last snapshot from the server was empty. */
  empty: z.number().int(),
  errorCount: z.number().int(),
  /** The process's CPU time so far. */
  cpuMs: z.number(),
});
export type Status = z.infer<typeof status>;

const collected = z.object({
  type: z.literal('collected'),
  /** Per client: [signal id, 'added' arrival times (epoch ms)] pairs. */
  added: z.array(z.array(z.tuple([z.string(), z.array(z.number())]))),
});
export type Collected = z.infer<typeof collected>;

export const childMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello') }),
  opened,
  status,
  collected,
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ChildMessage = z.infer<typeof childMessage>;
