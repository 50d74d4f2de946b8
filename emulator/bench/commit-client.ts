/**
 * One admin SDK client in its own process for the emulator benchmark's throughput row: commits
 * `total` single-document writes with `inFlight` at a time against host:port, then prints one JSON
 * line { commits, ms, latencies } on stdout.
 *
 *   tsx bench/commit-client.ts <host:port> <project> <prefix> <total> <inFlight>
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { z } from 'zod';

const args = z
  .tuple([
    z.string().regex(/^[\w.-]+:\d+$/),
    z.string().min(1),
    z.string().regex(/^\w+$/),
    z.coerce.number().int().positive(),
    z.coerce.number().int().positive(),
  ])
  .parse(process.argv.slice(2));
const [hostPort, project, prefix, total, inFlight] = args;

async function main(): Promise<void> {
  const app = initializeApp({ projectId: project }, prefix);
  const db = getFirestore(app);
  db.settings({ host: hostPort, ssl: false });
  for (let i = 0; i < 200; i++) await db.doc(`${prefix}-warm/w${i % 10}`).set({ i }); // JIT, channel
  let next = 0;
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) {
        const i = next++;
        const s = performance.now();
        await db.doc(`${prefix}/d${i}`).set({ i, s: 'x'.repeat(100) });
        latencies.push(performance.now() - s);
      }
    }),
  );
  const ms = performance.now() - t0;
  await deleteApp(app);
  process.stdout.write(`${JSON.stringify({ commits: total, ms, latencies })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
