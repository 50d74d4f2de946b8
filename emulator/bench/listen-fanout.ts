/**
 * `npx tsx emulator/bench/listen-fanout.ts [--n=10000] [--posts=5]` (issue 32): what one commit costs the
 * emulator when many listeners hear of it, without the network: N Listen streams, each a distinct signed-in
 * reader (a `user_permissions` document each, as the app's rules need) listening with the signal feed's query
 * (newest 50 by timestamp) under the repository's firestore.rules; then one signal written per post. Timed per
 * post: the commit with its fan-out to every stream (rules re-checked per listener, as for a change sent to a
 * query target), and the gRPC encoding of every message the streams got (the ListenResponse encoder the server
 * uses). Prints JSON and a table with the load average. The web fan-out bench (`npm run bench:fanout:limits -w
 * web`) measures the same through the SDKs end to end.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import type { Caller, JsonObject } from '../src/contract';
import { createBackend } from '../src/engine/backend';
import { collector, commit, DB, docName, ROOT, toFields } from '../src/engine/test-support';
import { buildAuthorizer } from '../src/rules/authorize';
import { parseRules } from '../src/rules/parser';
import { lookupType, responseEncoder } from '../src/server/proto-json';

const args = z
  .object({
    n: z.coerce.number().int().min(1).max(50_000).default(10_000),
    posts: z.coerce.number().int().min(1).max(50).default(5),
  })
  .parse(Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('='))));

const backend = createBackend();
const rules = buildAuthorizer(parseRules(readFileSync(join(import.meta.dirname, '..', '..', 'firestore.rules'), 'utf8')));
if (!rules.authorize) throw new Error(`firestore.rules did not compile: ${JSON.stringify(rules.issues)}`);
backend.setAuthorizer(rules.authorize);
const encode = responseEncoder(lookupType('google.firestore.v1.ListenResponse'));

const permissions = toFields({ active: true, role: 0, can_post_signal: false, subscription_expires_at: Date.now() + 86_400_000 });
for (let i = 0; i < args.n; i += 500) {
  const writes = [];
  for (let j = i; j < Math.min(args.n, i + 500); j++)
    writes.push({ update: { name: docName(`user_permissions/reader-${j}`), fields: permissions } });
  await commit(backend, writes);
}

const feed: JsonObject = {
  from: [{ collectionId: 'signal' }],
  where: {
    fieldFilter: {
      field: { fieldPath: 'timestamp' },
      op: 'GREATER_THAN_OR_EQUAL',
      value: { timestampValue: '1970-01-01T00:00:00Z' },
    },
  },
  orderBy: [{ field: { fieldPath: 'timestamp' }, direction: 'DESCENDING' }],
  limit: 50,
};
const streams = [];
const openStarted = performance.now();
for (let i = 0; i < args.n; i++) {
  const caller: Caller = {
    kind: 'user',
    uid: `reader-${i}`,
    token: { sub: `reader-${i}`, firebase: { sign_in_provider: 'custom' } },
  };
  const c = collector();
  backend
    .openStream('Listen', caller, c.sink)
    .receive({ database: DB, addTarget: { targetId: 2, query: { parent: ROOT, structuredQuery: feed } } });
  const first = c.take();
  if (!first.some((m) => (m['targetChange'] as JsonObject | undefined)?.['targetChangeType'] === 'CURRENT'))
    throw new Error(`listener ${i} was not let in: ${JSON.stringify(first)}`);
  streams.push(c);
}
const openMs = performance.now() - openStarted;

const perPost = [];
for (let k = 0; k < args.posts; k++) {
  const t0 = performance.now();
  await commit(backend, [
    {
      update: {
        name: docName(`signal/s${k}`),
        fields: toFields({
          title: 'Start Trading',
          details: 'start trading',
          group: 'A',
          status: 'Active',
          timestamp: new Date(),
        }),
      },
    },
  ]);
  const t1 = performance.now();
  let messages = 0;
  let bytes = 0;
  for (const c of streams)
    for (const m of c.take()) {
      messages++;
      bytes += encode(m).length;
    }
  const t2 = performance.now();
  if (messages !== 2 * args.n) throw new Error(`post ${k}: ${messages} messages for ${args.n} listeners`);
  perPost.push({ fanOutMs: Math.round(t1 - t0), encodeMs: Math.round(t2 - t1), bytesPerListener: Math.round(bytes / args.n) });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fanOut = median(perPost.map((p) => p.fanOutMs));
const encoded = median(perPost.map((p) => p.encodeMs));
const out = {
  listeners: args.n,
  posts: args.posts,
  openMs: Math.round(openMs),
  perPost,
  medianFanOutMs: fanOut,
  medianEncodeMs: encoded,
  microsecondsPerListener: Math.round(((fanOut + encoded) * 1000) / args.n),
  heapMB: Math.round(process.memoryUsage().heapUsed / 1e6),
  machine: { cpus: cpus().length, loadAverage: loadavg() },
  at: new Date().toISOString(),
};
console.log(JSON.stringify(out));
console.log(
  `\n| listeners | fan-out of one commit (median) | gRPC encoding | per listener | heap |\n|---|---|---|---|---|\n| ${args.n} | ${fanOut} ms | ${encoded} ms | ${out.microsecondsPerListener} µs | ${out.heapMB} MB |\n\nLoad average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} on ${cpus().length} CPUs.`,
);
