/**
 * `npm run bench:listeners -w functions` (issue 32): a signal posted to as many live listeners as this machine
 * holds, through our Firestore emulator in production-limits mode. LISTENERS web-SDK clients (each its own
 * Firestore instance and connection, as each reader's browser is) listen to the signal feed's query (newest
 * 20 by timestamp, as web/src/features/signals/api/signal-feed.ts asks); SIGNALS signals are then written one
 * after another; for each, the time from the write to each listener's snapshot holding it. Prints JSON (also
 * functions/bench-results/signal-listeners.json) and a table: listeners, delivered, p50 / p95 / max delivery.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  terminate,
} from 'firebase/firestore';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { start } from '@punter/emulator';

process.env['METADATA_SERVER_DETECTION'] ??= 'none';

const env = z
  .object({
    LISTENERS: z.coerce.number().int().min(1).max(20_000).default(500),
    SIGNALS: z.coerce.number().int().min(1).max(100).default(3),
  })
  .parse(process.env);

const PROJECT = 'demo-listeners';

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { n: sorted.length, p50: Math.round(at(0.5)), p95: Math.round(at(0.95)), max: Math.round(sorted.at(-1) ?? 0) };
}

// No rules: every client may read (the rules are not what is measured here); production-limits mode on.
const emulator = await start({ port: 0, project: PROJECT, productionLimits: { reportOnStop: false } });
const admin = initializeAdminApp({ projectId: PROJECT }, 'listeners-admin');
process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
const adminDb = getAdminFirestore(admin);

const seen = new Map<string, number[]>();
const postedAt = new Map<string, number>();
const apps = [];
const unsubscribes: Array<() => void> = [];
let ready = 0;
const t0 = performance.now();
for (let i = 0; i < env.LISTENERS; i++) {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-key', appId: `listener-${i}` }, `listener-${i}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port);
  apps.push({ app, db });
  let first = true;
  unsubscribes.push(
    onSnapshot(query(collection(db, 'signals'), orderBy('timestamp', 'desc'), limit(20)), (snap) => {
      if (first) {
        first = false;
        ready += 1;
      }
      const now = performance.now();
      for (const change of snap.docChanges()) {
        const posted = postedAt.get(change.doc.id);
        if (change.type === 'added' && posted !== undefined) seen.get(change.doc.id)?.push(now - posted);
      }
    }),
  );
}
while (ready < env.LISTENERS && performance.now() - t0 < 300_000) await new Promise((r) => setTimeout(r, 100));
const listening = ready;
const readyMs = Math.round(performance.now() - t0);

const perSignal = [];
const all: number[] = [];
for (let s = 0; s < env.SIGNALS; s++) {
  const id = `signal-${s}-${Date.now()}`;
  seen.set(id, []);
  postedAt.set(id, performance.now());
  await adminDb
    .collection('signals')
    .doc(id)
    .set({ timestamp: new Date(), title: `Signal ${s}`, body: 'Over 1.5' });
  const began = performance.now();
  while ((seen.get(id)?.length ?? 0) < listening && performance.now() - began < 60_000)
    await new Promise((r) => setTimeout(r, 50));
  const delays = seen.get(id) ?? [];
  all.push(...delays);
  perSignal.push({ id, delivered: delays.length, ...stats(delays) });
  await new Promise((r) => setTimeout(r, 1000));
}

const out = {
  listeners: env.LISTENERS,
  listening,
  readyMs,
  signals: env.SIGNALS,
  delivered: all.length,
  expected: listening * env.SIGNALS,
  deliveryMs: stats(all),
  perSignal,
  machine: { cpus: cpus().length, loadavg: loadavg()[0] },
  at: new Date().toISOString(),
};
const dir = join(import.meta.dirname, '..', 'bench-results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'signal-listeners.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out));
console.table([
  {
    listeners: listening,
    signals: env.SIGNALS,
    delivered: `${out.delivered}/${out.expected}`,
    'p50 ms': out.deliveryMs.p50,
    'p95 ms': out.deliveryMs.p95,
    'max ms': out.deliveryMs.max,
    'ready s': (readyMs / 1000).toFixed(1),
  },
]);
for (const u of unsubscribes) u();
await Promise.race([
  Promise.all(
    apps.map(async ({ app, db }) => {
      await terminate(db);
      await deleteApp(app);
    }),
  ),
  new Promise((r) => setTimeout(r, 10_000)),
]);
await deleteAdminApp(admin);
await emulator.stop();
process.exit(out.delivered === out.expected ? 0 : 1);
