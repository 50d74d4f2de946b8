/**
 * Production scaling of the callables (issue 32; README 'Deploying', "Scaling"). Cloud Functions v2 runs each
 * function on Cloud Run: an instance takes `concurrency` requests at once (which needs `cpu` of 1 or more),
 * `maxInstances` caps how many instances a burst may start, `minInstances` keeps some warm.
 *
 * - The callables are I/O bound (they wait on the provider or Firestore), so one instance serves 80 at once,
 *   Cloud Run's default: a burst of 1,000 'Get' taps needs about 13 instances, not 1,000 cold starts.
 * - The money callables (providerCall carries every money call; joinPot) keep one instance warm: a cold start
 *   (loading the bundle and firebase-admin) costs seconds, at the moment a shared code or a pot draws a crowd.
 * - maxInstances bounds what a burst, or an attack, can cost and send on to the provider and Firestore:
 *   100 x 80 = 8,000 money calls in flight, far above what the sharded design needs (ADR 0048), and well
 *   inside a project's default Cloud Run quotas. The others, 40 x 80.
 */
import type { CallableOptions } from 'firebase-functions/v2/https';

export type Scaling = Pick<CallableOptions, 'minInstances' | 'maxInstances' | 'concurrency' | 'cpu' | 'memory'>;

export const MONEY_CALLABLES: Scaling = { minInstances: 1, maxInstances: 100, concurrency: 80, cpu: 1, memory: '512MiB' };
export const OTHER_CALLABLES: Scaling = { minInstances: 0, maxInstances: 40, concurrency: 80, cpu: 1, memory: '512MiB' };
