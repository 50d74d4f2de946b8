/**
 * Production-limits mode (issue 32): what a client of the official SDKs observes. firebase-admin
 * (@google-cloud/firestore) over gRPC and over REST (`preferRest`) against emulators started here in the mode,
 * with the clock scaled so the suite stays quick (10 writes/s per document instead of 1; 2/s for the transaction
 * test, so the SDK's five attempts cannot all get through), and against the suite's emulator with the mode off.
 */
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LimitsReport, ProductionLimitsOptions, RunningEmulator } from '../src/index';
import { start } from '../src/index';
import { emulatorHost, uniqueProject } from './helpers';

/** The message production Firestore answers contended writes with ("Understand error codes", Firebase docs). */
const PRODUCTION_MESSAGE = 'Too much contention on these documents. Please try again.';
const ABORTED = 10;

/** As in fidelity.test.ts: REST asks google-auth-library for credentials; PassThroughClient adds none. */
function passThroughAuth(): unknown {
  const fromFirestore = createRequire(createRequire(import.meta.url).resolve('@google-cloud/firestore'));
  const fromGax = createRequire(fromFirestore.resolve('google-gax'));
  const auth = fromGax('google-auth-library') as { PassThroughClient: new () => unknown };
  return new auth.PassThroughClient();
}

const apps: App[] = [];
const emulators: RunningEmulator[] = [];

function adminFor(hostPort: string, transport: 'grpc' | 'rest', project = uniqueProject(`limits-${transport}`)): Firestore {
  const app = initializeApp({ projectId: project }, `limits-${transport}-${Math.random()}`);
  apps.push(app);
  const db = getFirestore(app);
  db.settings({
    host: hostPort,
    ssl: false,
    ...(transport === 'rest' ? { preferRest: true, authClient: passThroughAuth() } : {}),
  });
  return db;
}

async function limitedEmulator(options: ProductionLimitsOptions): Promise<RunningEmulator> {
  const emulator = await start({ port: 0, productionLimits: { reportOnStop: false, ...options } });
  emulators.push(emulator);
  return emulator;
}

type Report = LimitsReport | { enabled: false };

async function httpReport(emulator: { host: string; port: number }, top = 1000): Promise<Report> {
  const res = await fetch(`http://${emulator.host}:${emulator.port}/emulator/v1/production-limits?top=${top}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Report;
}

/** The report of an emulator in the mode. */
async function limitsReport(emulator: RunningEmulator): Promise<LimitsReport> {
  const report = await httpReport(emulator);
  if (!report.enabled) throw new Error('production-limits mode is off');
  return report;
}

/** Sequential writes to one document; returns the elapsed milliseconds. */
async function sequentialWrites(db: Firestore, path: string, count: number): Promise<number> {
  const ref = db.doc(path);
  const started = performance.now();
  for (let i = 0; i < count; i++) await ref.set({ n: i });
  const elapsed = performance.now() - started;
  expect((await ref.get()).get('n')).toBe(count - 1);
  return elapsed;
}

/** `count` concurrent transactional increments of one counter; what the SDK surfaces. */
async function contendedIncrements(
  db: Firestore,
  path: string,
  count: number,
): Promise<{ successes: number; failures: { code: unknown; message: string }[]; counter: number }> {
  const ref = db.doc(path);
  await ref.set({ n: 0 });
  const results = await Promise.allSettled(
    Array.from({ length: count }, () =>
      db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        tx.update(ref, { n: (snap.get('n') as number) + 1 });
      }),
    ),
  );
  const failures = results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => ({ code: (r.reason as { code?: unknown }).code, message: String((r.reason as Error).message) }));
  return { successes: count - failures.length, failures, counter: (await ref.get()).get('n') as number };
}

afterAll(async () => {
  await Promise.all(apps.map((a) => deleteApp(a)));
  await Promise.all(emulators.map((e) => e.stop()));
});

describe('production-limits mode on (10 writes/s per document, bursts of 5)', () => {
  const RATE = 10;
  const BURST = 5;
  let emulator: RunningEmulator;
  let grpc: Firestore;
  let rest: Firestore;

  beforeAll(async () => {
    emulator = await limitedEmulator({
      documentWritesPerSecond: RATE,
      documentBurst: BURST,
      maxWriteDelayMs: 10_000,
      sequentialWritesPerSecond: 50,
      rampStartWritesPerSecond: 50,
    });
    grpc = adminFor(`${emulator.host}:${emulator.port}`, 'grpc');
    rest = adminFor(`${emulator.host}:${emulator.port}`, 'rest');
  });

  it.each(['grpc', 'rest'] as const)(
    'delays sequential writes to one document to the bucket: 30 writes take >= (30 - burst) / rate (%s)',
    async (transport) => {
      const db = transport === 'grpc' ? grpc : rest;
      const elapsed = await sequentialWrites(db, `hot-${transport}/doc`, 30);
      // The first BURST go at once, then one per 1/RATE s: the 30th cannot be earlier than 25 intervals later.
      expect(elapsed).toBeGreaterThanOrEqual(((30 - BURST) * 1000) / RATE - 5);
      const report = await limitsReport(emulator);
      const hot = report.documents.find((d) => d.path === `hot-${transport}/doc`);
      expect(hot).toBeDefined();
      expect(hot!.writes).toBe(30);
      // How many waited depends on the client's own speed (a slow write may arrive after its slot).
      expect(hot!.delayedWrites).toBeGreaterThan(0);
      expect(hot!.aborts).toBe(0);
      // Committed at most a burst plus the sustained rate in any one second.
      expect(hot!.peakWritesPerSecond).toBeLessThanOrEqual(BURST + RATE);
    },
    30_000,
  );

  it('does not delay writes spread over 50 documents (3 each, within the burst)', async () => {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const ref = grpc.doc(`spread/d${i}`);
        for (let k = 0; k < 3; k++) await ref.set({ k });
      }),
    );
    const elapsed = performance.now() - started;
    // On one document the same 150 writes would take (150 - 5) / 10 = 14.5 s.
    expect(elapsed).toBeLessThan(10_000);
    const report = await limitsReport(emulator);
    const spread = report.documents.filter((d) => d.path.startsWith('spread/'));
    expect(spread).toHaveLength(50);
    for (const d of spread) {
      expect(d.writes).toBe(3);
      expect(d.delayedWrites).toBe(0);
    }
  });

  it('warns (never fails) about a sequential indexed field above its rate and a ramp faster than 500/50/5', async () => {
    // 120 new documents in one batch, each with a later timestamp: 120 writes/s into the collection at once,
    // above the (scaled) 50/s for a sequential index and the (scaled) 50/s a new collection starts at.
    const col = grpc.collection('journal');
    const base = Date.now();
    const batch = grpc.batch();
    for (let i = 0; i < 120; i++) batch.set(col.doc(`e${i}`), { at: Timestamp.fromMillis(base + i), text: `entry ${i}` });
    await batch.commit();
    expect((await col.count().get()).data().count).toBe(120);
    const report = await limitsReport(emulator);
    const journal = report.collections.find((c) => c.path === 'journal');
    expect(journal).toBeDefined();
    expect(journal!.sequentialFields).toEqual(['at']);
    expect(journal!.hotSpotWarnings).toBe(1);
    expect(journal!.rampWarnings).toBe(1);
    const kinds = report.warnings.filter((w) => w.collection === 'journal').map((w) => w.kind);
    expect(kinds.sort()).toEqual(['ramp', 'sequential-index']);
    // Once per collection per minute: more of the same does not warn again.
    const again = grpc.batch();
    for (let i = 120; i < 240; i++) again.set(col.doc(`e${i}`), { at: Timestamp.fromMillis(base + i) });
    await again.commit();
    const later = (await limitsReport(emulator)).collections.find((c) => c.path === 'journal');
    expect(later!.hotSpotWarnings).toBe(1);
    expect(later!.rampWarnings).toBe(1);
  });

  it('answers the report through the library too, and refuses a bad top', async () => {
    const report = emulator.productionLimitsReport(2);
    expect(report?.enabled).toBe(true);
    expect(report!.documents.length).toBeLessThanOrEqual(2);
    const res = await fetch(`http://${emulator.host}:${emulator.port}/emulator/v1/production-limits?top=0`);
    expect(res.status).toBe(400);
    await expect(start({ productionLimits: { documentWritesPerSecond: -1 } })).rejects.toThrow(/documentWritesPerSecond/);
  });
});

describe('production-limits mode on: 50 concurrent transactions on one counter (2 writes/s per document)', () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await limitedEmulator({ documentWritesPerSecond: 2, documentBurst: 5, transactionMaxWaitMs: 500 });
  });

  it.each(['grpc', 'rest'] as const)(
    'some fail with ABORTED and production message once the SDK retries run out; the counter equals the successes (%s)',
    async (transport) => {
      const db = adminFor(`${emulator.host}:${emulator.port}`, transport);
      const path = `counters-${transport}/likes`;
      const { successes, failures, counter } = await contendedIncrements(db, path, 50);
      expect(failures.length).toBeGreaterThan(0);
      expect(successes).toBeGreaterThan(0);
      for (const f of failures) {
        // gRPC: ABORTED (10); REST: the same status, which gaxios may surface as HTTP 409.
        expect([ABORTED, 409]).toContain(f.code);
        expect(f.message).toContain(PRODUCTION_MESSAGE);
      }
      expect(counter).toBe(successes);
      const report = await limitsReport(emulator);
      const hot = report.documents.find((d) => d.path === path);
      expect(hot).toBeDefined();
      expect(report.documents.filter((d) => d.database === hot!.database)[0]!.path).toBe(path); // the hottest
      expect(hot!.writes).toBe(successes + 1); // + the initial set
      expect(hot!.aborts).toBeGreaterThan(0);
      expect(hot!.peakAttemptsPerSecond).toBeGreaterThan(2);
      expect(hot!.peakWritesPerSecond).toBeLessThanOrEqual(5 + 2);
    },
    60_000,
  );
});

describe('production-limits mode off (the suite emulator)', () => {
  let db: Firestore;

  beforeAll(() => {
    db = adminFor(emulatorHost().hostPort, 'grpc');
  });

  it('runs 50 concurrent transactions on one counter without a failure', async () => {
    const { successes, failures, counter } = await contendedIncrements(db, 'counters/likes', 50);
    expect(failures).toEqual([]);
    expect(successes).toBe(50);
    expect(counter).toBe(50);
  }, 60_000);

  it('does not delay sequential writes to one document', async () => {
    const elapsed = await sequentialWrites(db, 'hot/doc', 30);
    // In the mode at 10/s they take at least 2.5 s; without it, milliseconds each.
    expect(elapsed).toBeLessThan(2_500);
    if (!emulatorHost().external) expect((await httpReport(emulatorHost())).enabled).toBe(false);
  });
});
