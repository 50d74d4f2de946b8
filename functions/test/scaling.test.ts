/**
 * The callables' production scaling is stated in code (issue 32, README 'Deploying'): the money callables keep an
 * instance warm and every callable serves 80 requests an instance, within a cap. Read from what firebase-tools
 * deploys (each function's __endpoint).
 */
import { describe, expect, it } from 'vitest';
import * as fns from '../src/index';

type Endpoint = { minInstances?: number; maxInstances?: number; concurrency?: number; cpu?: number | string };
const endpointOf = (f: unknown): Endpoint => (f as { __endpoint: Endpoint }).__endpoint;

describe('callable scaling', () => {
  it('the money callables keep one instance warm, take 80 at once and at most 100 instances', () => {
    for (const f of [fns.providerCall, fns.joinPot]) {
      expect(endpointOf(f)).toMatchObject({ minInstances: 1, maxInstances: 100, concurrency: 80, cpu: 1 });
    }
  });

  it('the other callables take 80 at once, at most 40 instances, none kept warm', () => {
    for (const f of [fns.sessionLogin, fns.postSignal, fns.clearGames]) {
      expect(endpointOf(f)).toMatchObject({ minInstances: 0, maxInstances: 40, concurrency: 80, cpu: 1 });
    }
  });
});
