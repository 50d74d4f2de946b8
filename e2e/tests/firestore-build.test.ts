/**
 * The web build's Firestore is the SDK with its Pipelines code stubbed out (web/firestore-pipelines.ts, ADR
 * 0035). This builds the Firestore functions the app uses twice, with that plugin and without, and runs the
 * same scenario with each in Chromium against the stack's Firestore emulator: listens on a document and on
 * queries with where, orderBy and limit (as the signal feed, the Hub and the pots do), a limit refilled after an
 * update, documents added, deleted and made again, two equal queries sharing a target, a listener stopped and
 * started again from the cache, pages read with startAfter, and a lost connection. Both must see exactly the
 * same snapshots, in the same order; the stripped one must be the lighter by the Pipelines code.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { initializeApp } from 'firebase/app';
import type * as Firestore from 'firebase/firestore';
import type { Browser, Page } from 'playwright-core';
import { build, type Plugin, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { stubSdksUnusedByReactfire } from '../../web/build-plugins';
import { chunksWithPipelines, firestoreWithoutPipelines } from '../../web/firestore-pipelines';
import { launchBrowser } from '../support/browser';
import { root } from '../support/stack';

const { firestoreHost } = inject('stack');
const ENTRY = '\0firestore-as-the-app-uses-it';
/** What the app imports of Firestore (web/src/lib/firestore.ts, the features' api/ modules, reactfire). */
const ENTRY_SOURCE = `export { initializeApp } from 'firebase/app';
export { getFirestore, connectFirestoreEmulator, doc, collection, query, where, orderBy, limit, startAfter, getDocs, Timestamp, onSnapshot, queryEqual } from 'firebase/firestore';`;

type Variant = 'sdk' | 'stripped';
/** What the test page keeps on window: the build under test and the scenario's state. */
interface TestWindow {
  F: typeof Firestore & { initializeApp: typeof initializeApp };
  db: Firestore.Firestore;
  trace: unknown[];
  stops: Record<string, () => void>;
  feed: () => Firestore.Query;
  since: Firestore.Query;
  querySeen: (name: string) => (s: Firestore.QuerySnapshot) => void;
  failed: (name: string) => (e: Error) => void;
}
const bundles = new Map<Variant, string>();
let server: Server;
let base = '';
let browser: Browser;

async function bundle(plugins: Plugin[]): Promise<string> {
  const entry: Plugin = {
    name: 'firestore-test-entry',
    resolveId: (id) => (id === ENTRY ? ENTRY : null),
    load: (id) => (id === ENTRY ? ENTRY_SOURCE : null),
  };
  const result = (await build({
    configFile: false,
    root: join(root, 'web'),
    logLevel: 'silent',
    // As the app's build: re2js (Pipelines' regular expressions) stubbed in both.
    plugins: [entry, stubSdksUnusedByReactfire(), ...plugins],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      rolldownOptions: { input: ENTRY, preserveEntrySignatures: 'strict', output: { format: 'es', codeSplitting: false } },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunk = outputs.find((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry);
  if (!chunk) throw new Error('the test bundle has no entry chunk');
  return chunk.code;
}

/** Writes documents through the emulator's REST API as the owner (rules aside), in `project`. */
async function write(project: string, method: 'PATCH' | 'DELETE', path: string, fields?: Record<string, unknown>): Promise<void> {
  const response = await fetch(`http://${firestoreHost}/v1/projects/${project}/databases/(default)/documents/${path}`, {
    method,
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    ...(fields ? { body: JSON.stringify({ fields }) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

/** When signal n was posted: n seconds past 09:00 UTC on 28 November 2026. */
const postedAt = (n: number) => Date.UTC(2026, 10, 28, 9, 0, n);
const signal = (active: boolean, n: number) => ({
  active: { booleanValue: active },
  n: { integerValue: String(n) },
  at: { timestampValue: new Date(postedAt(n)).toISOString() },
  text: { stringValue: `signal ${n}` },
});

/** Waits until the page's trace stops growing (the listeners have answered). */
async function settle(page: Page): Promise<void> {
  let last = -1;
  for (let i = 0; i < 60; i += 1) {
    await new Promise((r) => setTimeout(r, 300));
    const length = await page.evaluate(() => (window as unknown as TestWindow).trace.length);
    if (length === last && length > 0) return;
    last = length;
  }
}

/** The scenario with one build of Firestore; returns what its listeners saw, in order. */
async function scenario(variant: Variant): Promise<unknown[]> {
  const project = `demo-fs-build-${variant}-${Date.now()}`;
  for (let n = 1; n <= 6; n += 1) await write(project, 'PATCH', `signal/s${n}`, signal(n % 3 !== 0, n));
  await write(project, 'PATCH', 'user_permissions/u1', { role: { integerValue: '0' }, can_post_signal: { booleanValue: false } });
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    // The page loads the build as a module and hands it over as window.F.
    await page.goto(`${base}/${variant}`);
    await page.waitForFunction(() => 'F' in window);
    await page.evaluate(
      ({ project, host }) => {
        const w = window as unknown as TestWindow;
        const F = w.F;
        const db = F.getFirestore(F.initializeApp({ projectId: project, apiKey: 'test-key' }));
        const [h = '127.0.0.1', p = '8080'] = host.split(':');
        F.connectFirestoreEmulator(db, h, Number(p), { mockUserToken: 'owner' });
        const trace: unknown[] = [];
        const docSeen = (name: string) => (s: Firestore.DocumentSnapshot) =>
          trace.push([name, s.exists() ? s.data() : null, s.metadata.fromCache]);
        const querySeen = (name: string) => (s: Firestore.QuerySnapshot) =>
          trace.push([
            name,
            s.docs.map((d) => `${d.id}:${String(d.get('n'))}:${(d.get('at') as Firestore.Timestamp).toMillis()}`),
            s.docChanges().map((c) => `${c.type} ${c.doc.id} ${c.oldIndex}>${c.newIndex}`),
            s.metadata.fromCache,
          ]);
        const failed = (name: string) => (e: Error) => trace.push([name, 'error', e.message]);
        const signals = F.collection(db, 'signal');
        const feed = () => F.query(F.collection(db, 'signal'), F.where('active', '==', true), F.orderBy('n', 'desc'), F.limit(3));
        trace.push(['equal', F.queryEqual(feed(), feed()), F.queryEqual(feed(), F.query(signals, F.orderBy('n')))]);
        const since = F.query(
          signals,
          F.where('at', '>=', F.Timestamp.fromMillis(Date.UTC(2026, 10, 28, 9, 0, 3))),
          F.orderBy('at'),
          F.limit(2),
        );
        Object.assign(w, { db, trace, feed, since, querySeen, failed, stops: {} });
        w.stops.permissions = F.onSnapshot(F.doc(db, 'user_permissions/u1'), docSeen('permissions'), failed('permissions'));
        w.stops.missing = F.onSnapshot(F.doc(db, 'user_permissions/nobody'), docSeen('missing'), failed('missing'));
        w.stops.feed = F.onSnapshot(feed(), querySeen('feed'), failed('feed'));
        w.stops.same = F.onSnapshot(feed(), querySeen('same'), failed('same'));
      },
      { project, host: firestoreHost },
    );
    const mark = (what: string) => page.evaluate((m) => (window as unknown as TestWindow).trace.push(['--', m]), what);
    await settle(page);
    // Queries whose first answer comes from what the feed put in the cache, then from the server.
    await mark('queries answered from the cache first');
    await page.evaluate(() => {
      const w = window as unknown as TestWindow;
      const all = w.F.query(w.F.collection(w.db, 'signal'), w.F.orderBy('n'));
      w.stops.all = w.F.onSnapshot(all, w.querySeen('all'), w.failed('all'));
      w.stops.since = w.F.onSnapshot(w.since, w.querySeen('since'), w.failed('since'));
    });
    await settle(page);
    await mark('s5 off: the feed refills its limit');
    await write(project, 'PATCH', 'signal/s5', signal(false, 5));
    await settle(page);
    await mark('s9 added, s4 deleted');
    await write(project, 'PATCH', 'signal/s9', signal(true, 9));
    await write(project, 'DELETE', 'signal/s4');
    await settle(page);
    await mark('permissions changed, deleted, made again');
    await write(project, 'PATCH', 'user_permissions/u1', {
      role: { integerValue: '1' },
      can_post_signal: { booleanValue: true },
    });
    await settle(page);
    await write(project, 'DELETE', 'user_permissions/u1');
    await settle(page);
    await write(project, 'PATCH', 'user_permissions/u1', { role: { integerValue: '0' } });
    await settle(page);
    await mark('the feed stopped and started again');
    await page.evaluate(() => {
      const w = window as unknown as TestWindow;
      w.stops.feed?.();
      w.stops.feed = w.F.onSnapshot(w.feed(), (s) => w.trace.push(['feed again', s.docs.map((d) => d.id), s.metadata.fromCache]));
    });
    await settle(page);
    await mark('pages with startAfter');
    await page.evaluate(async () => {
      const w = window as unknown as TestWindow;
      const signals = w.F.collection(w.db, 'signal');
      const first = await w.F.getDocs(w.F.query(signals, w.F.orderBy('n'), w.F.limit(2)));
      const last = first.docs[first.docs.length - 1];
      const next = last ? await w.F.getDocs(w.F.query(signals, w.F.orderBy('n'), w.F.startAfter(last), w.F.limit(2))) : null;
      w.trace.push(['pages', first.docs.map((d) => d.id), next?.docs.map((d) => d.id) ?? null]);
    });
    await mark('offline, a change meanwhile, online');
    await context.setOffline(true);
    await write(project, 'PATCH', 'signal/s7', signal(true, 7));
    await page.waitForTimeout(500);
    await context.setOffline(false);
    await settle(page);
    const trace = await page.evaluate(() => (window as unknown as TestWindow).trace);
    expect(errors).toEqual([]);
    // After the reconnection, whether a snapshot still counts as from the cache depends on when the server's
    // answers for each target arrive: the documents and changes are compared, not that flag.
    const back = trace.findIndex((entry) => Array.isArray(entry) && entry[0] === '--' && String(entry[1]).startsWith('offline'));
    return trace.map((entry, i) =>
      i > back && Array.isArray(entry) && typeof entry.at(-1) === 'boolean' ? entry.slice(0, -1) : entry,
    );
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  bundles.set('sdk', await bundle([]));
  bundles.set('stripped', await bundle([firestoreWithoutPipelines()]));
  server = createServer((request, response) => {
    const [, variant, script] = request.url?.match(/^\/(sdk|stripped)(\.js)?$/) ?? [];
    if (script && (variant === 'sdk' || variant === 'stripped')) {
      response.setHeader('Content-Type', 'text/javascript');
      response.end(bundles.get(variant));
      return;
    }
    response.setHeader('Content-Type', 'text/html');
    response.end(
      `<!doctype html><title>Firestore build</title><script type="module">import * as F from '/${variant ?? 'sdk'}.js'; window.F = F;</script>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the build's Firestore without Pipelines (ADR 0035)", () => {
  test('leaves out the Pipelines code: the same functions weigh about 10 KB gzip less', () => {
    const sdk = bundles.get('sdk') ?? '';
    const stripped = bundles.get('stripped') ?? '';
    expect(chunksWithPipelines([{ fileName: 'sdk.js', code: sdk }])).not.toEqual([]);
    expect(chunksWithPipelines([{ fileName: 'stripped.js', code: stripped }])).toEqual([]);
    const kb = (code: string) => gzipSync(code, { level: 9 }).length / 1024;
    console.info(`Firestore as the app uses it: ${kb(sdk).toFixed(1)} KB gzip, without Pipelines ${kb(stripped).toFixed(1)} KB`);
    expect(kb(sdk) - kb(stripped)).toBeGreaterThan(8);
  });

  test('sees exactly what the unmodified SDK sees, snapshot for snapshot', async () => {
    const sdk = await scenario('sdk');
    const stripped = await scenario('stripped');
    // The scenario ran: the feed's first snapshot is the three newest active signals.
    expect(sdk).toContainEqual(['feed', [5, 4, 2].map((n) => `s${n}:${n}:${postedAt(n)}`), expect.any(Array), false]);
    expect(sdk).toContainEqual(['pages', ['s1', 's2'], ['s3', 's5']]);
    expect(sdk.filter((entry) => Array.isArray(entry) && entry[1] === 'error')).toEqual([]);
    expect(stripped).toEqual(sdk);
  });
});
