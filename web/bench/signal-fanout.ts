/**
 * `npm run bench:fanout -w web` (also the second half of `npm run bench -w web`): issue 12's fan-out of
 * one signal to every subscriber on the local stack.
 *
 * Starts the stack once (scripts/stack.mjs, free ports, the production web build served by `vite
 * preview`), then opens FANOUT_CLIENTS (default 200) Firebase web SDK clients in this Node process,
 * each its own app signed in with the subscribed reader's custom token (one sessionLogin for all),
 * each listening with the feed screen's query (web/src/features/signals/api/signal-feed.ts), plus
 * FANOUT_PAGES (default 5) Chromium pages logged in as the same reader on /signal-4 (group A, the
 * default category). The poster posts once unrecorded (warm-up), clears the feed, then posts
 * FANOUT_POSTS (default 5) group A signals FANOUT_GAP_MS (default 3000) apart through postSignal.
 *
 * Per post and client: the time from the callable's return (Date.now() after its answer is read) to
 * the first snapshot (SDK) or DOM change (page) that holds the new signal. A page timestamps with
 * performance.timeOrigin + performance.now(), which compares with Date.now() here (same machine).
 * A delivery can be negative: the listener may hear of the write before the callable's HTTP answer
 * is back. Missed = not there 10 s after the return; twice = the signal added a second time (SDK) or
 * the page's list longer than the posts made so far (page). Goal: p95 < 250 ms, 0 missed, 0 twice.
 * Writes bench-results/signal-fanout.json and .md, prints the table, exits 1 if the run failed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  setLogLevel,
  Timestamp,
  where,
} from 'firebase/firestore';
import { chromium, type Browser, type Page } from 'playwright-core';
import { z } from 'zod';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { PROJECT_ID, startStack, type RunningStack } from '../../scripts/stack.mjs';
import { pageDeliveries, sdkDeliveries, summarise, withinGoal, type Delivery, type Post, type Summary } from './fanout-figures';

const webDir = resolve(import.meta.dirname, '..');
const outDir = join(webDir, 'bench-results');

const settingsSchema = z.object({
  FANOUT_CLIENTS: z.coerce.number().int().min(1).max(1000).default(200),
  FANOUT_PAGES: z.coerce.number().int().min(0).max(20).default(5),
  FANOUT_POSTS: z.coerce.number().int().min(1).max(50).default(5),
  FANOUT_GAP_MS: z.coerce.number().int().min(500).max(60_000).default(3000),
});
const parsedSettings = settingsSchema.safeParse(process.env);
if (!parsedSettings.success) {
  console.error(
    `signal-fanout: bad setting: ${parsedSettings.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
  );
  process.exit(2);
}
const SETTINGS = parsedSettings.data;

const READER = { email: 'user@punter.test', password: 'Punter#2026' };
const POSTER = { email: 'signals@punter.test', password: 'Punter#2026' };
const GROUP = 'A';
const MISSED_AFTER_MS = 10_000;
const GOAL_P95_MS = 250;
/** The screen's feed query keeps this many signals (SIGNAL_FEED_LIMIT); kept in step by hand, as the app module needs Vite's env. */
const FEED_LIMIT = 50;
/** Signing in 200 Auth instances at once would only queue in the Auth emulator. */
const SIGN_IN_BATCH = 20;

const callableAnswer = z.union([
  z.object({ result: z.unknown() }),
  z.object({ error: z.object({ status: z.string(), message: z.string() }) }),
]);
const sessionLoginResult = z.object({ firebaseToken: z.string().min(1) });
const postSignalResult = z.object({ id: z.string().min(1), message: z.string() });
const idTokenAnswer = z.object({ idToken: z.string().min(1) });
const pageRecords = z.array(z.object({ count: z.number().int().min(0), at: z.number() }));

async function callFunction(base: string, name: string, data: unknown, idToken?: string): Promise<unknown> {
  const res = await fetch(`${base}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify({ data }),
  });
  const answer = callableAnswer.parse(await res.json());
  if ('error' in answer) throw new Error(`${name} refused: ${answer.error.status} ${answer.error.message}`);
  return answer.result;
}

async function customToken(base: string, account: { email: string; password: string }): Promise<string> {
  return sessionLoginResult.parse(await callFunction(base, 'sessionLogin', account)).firebaseToken;
}

async function idTokenFor(authHost: string, token: string): Promise<string> {
  const res = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, returnSecureToken: true }),
  });
  return idTokenAnswer.parse(await res.json()).idToken;
}

interface SdkClient {
  app: FirebaseApp;
  unsubscribe: () => void;
  /** Signal id -> when each 'added' change for it arrived (Date.now()). */
  added: Map<string, number[]>;
  /** Size of the last snapshot from the server, -1 before the first. */
  size: number;
  error: string | null;
}

/** Opens client `index` and adds it to `into` at once, so a failed sign-in still leaves it to clean up. */
async function openSdkClient(index: number, stack: RunningStack, token: string, into: SdkClient[]): Promise<void> {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-key' }, `fanout-${index}`);
  const client: SdkClient = { app, unsubscribe: () => undefined, added: new Map(), size: -1, error: null };
  into.push(client);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${stack.ports.auth}`, { disableWarnings: true });
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', stack.ports.firestore);
  await signInWithCustomToken(auth, token);
  // The screen's query (signalFeedQuery with generation 0).
  const feed = query(
    collection(db, 'signal'),
    where('timestamp', '>=', Timestamp.fromMillis(0)),
    orderBy('timestamp', 'desc'),
    limit(FEED_LIMIT),
  );
  client.unsubscribe = onSnapshot(
    feed,
    { includeMetadataChanges: true },
    (snapshot) => {
      const at = Date.now();
      for (const change of snapshot.docChanges()) {
        if (change.type !== 'added') continue;
        const times = client.added.get(change.doc.id) ?? [];
        times.push(at);
        client.added.set(change.doc.id, times);
      }
      if (!snapshot.metadata.fromCache) client.size = snapshot.size;
    },
    (error) => {
      client.error = error.code;
    },
  );
}

/** Records, in the page, every change of the number of rows in the signal list, timed on Node's clock. */
const RECORDER = `(() => {
  const records = [];
  window.__fanout = records;
  let last = -1;
  const check = () => {
    const count = document.querySelectorAll('ol[aria-label="Signals"] > li').length;
    if (count !== last) {
      last = count;
      records.push({ count, at: performance.timeOrigin + performance.now() });
    }
  };
  new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  check();
})()`;

/** The reader's pages on /signal-4, each in its own context (closed with the browser). */
async function readerPages(browser: Browser, webUrl: string): Promise<Page[]> {
  const setup = await browser.newContext({ baseURL: webUrl });
  const setupPage = await setup.newPage();
  setupPage.setDefaultTimeout(120_000);
  await setupPage.goto('/login');
  await setupPage.getByLabel('Email').fill(READER.email);
  await setupPage.getByLabel('Password', { exact: true }).fill(READER.password);
  await setupPage.getByRole('button', { name: 'Login' }).click();
  await setupPage.waitForURL((u) => u.pathname === '/dashboard');
  const session = await setup.storageState({ indexedDB: true });
  await setup.close();
  const pages: Page[] = [];
  for (let i = 0; i < SETTINGS.FANOUT_PAGES; i += 1) {
    const context = await browser.newContext({ baseURL: webUrl, storageState: session, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto('/signal-4');
    await page.getByRole('heading', { name: `Signals for group ${GROUP}` }).waitFor();
    pages.push(page);
  }
  return pages;
}

async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function run() {
  const clients: SdkClient[] = [];
  let browser: Browser | null = null;
  let stack: RunningStack | null = null;
  /** Set while the stack starts: a signal then waits for it to be up, to stop all of it. */
  let starting: Promise<RunningStack> | null = null;
  const loadBefore = loadavg();
  // One cleanup, however many ask for it (a signal, and the run's own finally as the browser closes
  // under it): a second stack.stop() running alongside the first would leave processes behind.
  let cleaning: Promise<void> | null = null;
  const cleanup = () => {
    cleaning ??= (async () => {
      for (const c of clients) c.unsubscribe();
      await Promise.allSettled(clients.map((c) => deleteApp(c.app)));
      await browser?.close().catch(() => undefined);
      const started = stack ?? (await starting?.catch(() => null)) ?? null;
      await started?.stop();
    })();
    return cleaning;
  };
  // Kept for every signal until the end (not once): a second Ctrl-C while the stack stops would
  // otherwise end this process with the emulators still running.
  const onSignal = () => {
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    setLogLevel('error');
    mkdirSync(outDir, { recursive: true });
    starting = startStack({ ports: 'free', web: 'preview', quiet: true, logDir: join(outDir, 'fanout-stack-logs') });
    stack = await starting;
    const running = stack;
    if (!running.webUrl) throw new Error('the stack started without its web app');
    const functionsBase = `http://127.0.0.1:${running.ports.functions}/${PROJECT_ID}/us-central1`;
    const authHost = `127.0.0.1:${running.ports.auth}`;
    const posterIdToken = await idTokenFor(authHost, await customToken(functionsBase, POSTER));
    const readerToken = await customToken(functionsBase, READER);

    const setupStarted = Date.now();
    for (let i = 0; i < SETTINGS.FANOUT_CLIENTS; i += SIGN_IN_BATCH) {
      await Promise.all(
        Array.from({ length: Math.min(SIGN_IN_BATCH, SETTINGS.FANOUT_CLIENTS - i) }, (_, j) =>
          openSdkClient(i + j, running, readerToken, clients),
        ),
      );
    }
    // Playwright's own signal handlers would exit at once (130) with the stack still running: ours
    // stop everything, the browser too.
    browser = await chromium.launch({
      ...chromiumLaunchOptions(),
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const pages = await readerPages(browser, running.webUrl);
    await waitFor('every SDK client listening', () => clients.every((c) => c.size >= 0 || c.error !== null), 60_000);
    const refused = clients.filter((c) => c.error !== null);
    if (refused.length > 0) throw new Error(`${refused.length} SDK clients were refused: ${refused[0]?.error ?? ''}`);
    const setupMs = Date.now() - setupStarted;

    // One unrecorded post first: the Functions emulator's first real postSignal (past the stack's
    // empty-payload warm-up) took up to a second of its own, which is the emulator, not the fan-out.
    postSignalResult.parse(
      await callFunction(functionsBase, 'postSignal', { status: 'pre-signal', group: GROUP }, posterIdToken),
    );
    await callFunction(functionsBase, 'clearSignals', {}, posterIdToken);
    await waitFor('every SDK client sees an empty feed', () => clients.every((c) => c.size === 0), 30_000);
    for (const page of pages) await page.getByText('Waiting for signal...').waitFor({ timeout: 30_000 });
    for (const page of pages) await page.evaluate(RECORDER);

    const posts: Post[] = [];
    const loadDuring: number[] = [];
    for (let k = 0; k < SETTINGS.FANOUT_POSTS; k += 1) {
      if (k > 0) await new Promise((r) => setTimeout(r, SETTINGS.FANOUT_GAP_MS));
      const calledAt = Date.now();
      const posted = postSignalResult.parse(
        await callFunction(
          functionsBase,
          'postSignal',
          { status: k === 0 ? 'pre-signal' : 'start', group: GROUP },
          posterIdToken,
        ),
      );
      posts.push({ id: posted.id, calledAt, returnedAt: Date.now() });
      loadDuring.push(loadavg()[0] ?? 0);
    }
    // Until everything arrived or the last post is MISSED_AFTER_MS old; whatever is absent then is missed.
    // The pages are asked rarely: asking takes CPU from the deliveries being timed.
    const untilMissed = () => (posts.at(-1)?.returnedAt ?? 0) + MISSED_AFTER_MS - Date.now();
    await waitFor('every SDK delivery', () => clients.every((c) => posts.every((p) => c.added.has(p.id))), untilMissed()).catch(
      () => undefined,
    );
    const pagesDone = async () =>
      (await Promise.all(pages.map((p) => p.evaluate('(window.__fanout.at(-1) || { count: 0 }).count')))).every(
        (n) => n === posts.length,
      );
    await waitFor('every page delivery', pagesDone, untilMissed(), 500).catch(() => undefined);

    const sdk: Delivery[] = clients.flatMap((c) => sdkDeliveries(c.added, posts, MISSED_AFTER_MS));
    const inPages: Delivery[] = [];
    for (const page of pages)
      inPages.push(...pageDeliveries(pageRecords.parse(await page.evaluate('window.__fanout')), posts, MISSED_AFTER_MS));
    const all = [...sdk, ...inPages];
    const overall = summarise(all);
    return {
      measuredAt: new Date().toISOString(),
      settings: { ...SETTINGS, group: GROUP, missedAfterMs: MISSED_AFTER_MS },
      machine: {
        cpus: cpus().length,
        loadAverageBefore: loadBefore,
        loadAverage1mDuringPosts: loadDuring,
        loadAverageAfter: loadavg(),
      },
      setupMs,
      callableMs: posts.map((p) => p.returnedAt - p.calledAt),
      sdkClients: summarise(sdk),
      chromiumPages: summarise(inPages),
      all: overall,
      perPost: posts.map((_, k) => summarise(all.filter((d) => d.post === k))),
      goal: { p95Ms: GOAL_P95_MS, missed: 0, twice: 0 },
      withinGoal: withinGoal(overall, GOAL_P95_MS),
    };
  } finally {
    await cleanup();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

type Report = Awaited<ReturnType<typeof run>>;

function table(report: Report): string {
  const cell = (v: number | null) => (v === null ? '-' : String(v));
  const row = (name: string, s: Summary) =>
    `| ${name} | ${s.arrived} | ${cell(s.p50Ms)} | ${cell(s.p95Ms)} | ${cell(s.maxMs)} | ${cell(s.minMs)} | ${cell(s.fromCall.p50Ms)} / ${cell(s.fromCall.p95Ms)} / ${cell(s.fromCall.maxMs)} | ${s.missed} | ${s.twice} |`;
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ');
  return [
    `Signal fan-out, ${report.settings.FANOUT_POSTS} posts x (${report.settings.FANOUT_CLIENTS} SDK clients + ${report.settings.FANOUT_PAGES} Chromium pages), ms from postSignal's return to the client holding the signal (${report.measuredAt})`,
    '',
    '| clients | arrived | p50 | p95 | max | min | from the call p50 / p95 / max | missed | twice |',
    '|---|---|---|---|---|---|---|---|---|',
    row('web SDK (Node)', report.sdkClients),
    row('Chromium /signal-4', report.chromiumPages),
    row('**all**', report.all),
    ...report.perPost.map((s, k) => row(`post ${k + 1} (all clients)`, s)),
    '',
    "Negative: the listener had the signal before the callable's answer was read.",
    `Goal p95 < ${report.goal.p95Ms} ms, 0 missed, 0 twice: ${report.withinGoal ? 'met' : 'NOT met'}.`,
    `postSignal round trips: ${report.callableMs.join(', ')} ms. Setup of the listeners: ${report.setupMs} ms.`,
    `Load average (1/5/15 min) on ${report.machine.cpus} CPUs: before ${load(report.machine.loadAverageBefore)}, after ${load(report.machine.loadAverageAfter)}; 1 min during the posts ${report.machine.loadAverage1mDuringPosts.map((n) => n.toFixed(2)).join(', ')}.`,
    '',
  ].join('\n');
}

try {
  const report = await run();
  writeFileSync(join(outDir, 'signal-fanout.json'), `${JSON.stringify(report, null, 2)}\n`);
  const md = table(report);
  writeFileSync(join(outDir, 'signal-fanout.md'), md);
  console.log(`\n${md}`);
  console.log(`Written to ${join(outDir, 'signal-fanout.json')} and signal-fanout.md`);
  // Lingering gRPC and Auth timers of deleted apps must not keep the process alive.
  process.exit(0);
} catch (error) {
  console.error(`signal-fanout failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
