/**
 * `npm run bench -w web`: the web app's first-load weight per route, its Largest Contentful Paint on a
 * slow phone connection, and the data of a short visit (issue 17).
 *
 * 1. Static count: builds the production bundle (vite build into bench-results/dist) and, from the
 *    Vite manifest, adds up per route the gzipped JS and CSS of the entry chunk and the route's lazy
 *    module with all their static imports. It leaves out whatever the app imports dynamically (the
 *    Firebase SDK chunk, the API answers' schemas, what loads on demand), so on its own it can understate.
 *    Then it builds the app again with one line added to the entry module (bench-results/dist-deploy) and
 *    reports per route the gzip bytes of that static count under names the first build did not have: what
 *    a returning user downloads again after such a deploy (ADR 0033).
 * 2. LCP of /login with nothing else of the bench running: that build served by `vite preview` alone
 *    (no emulators: /login paints without them), cold cache, 150 ms RTT, 1.6 Mbps down, 750 kbps up,
 *    4x CPU slowdown (CDP), median of BENCH_RUNS runs (default 5), each with the machine's 1-minute
 *    load average read before and after it. This series first waits (5 min at most) for that load to fall
 *    below 1 (quiet); the series with the stack up wait (2 min at most) for it to fall below 1.5, so the
 *    phase before them does not weigh on them. Then every run of every series waits (3 min at most) for
 *    the load to fall below 0.3, so that it runs, and the reading after it ends, quiet (under 1). Other
 *    programs on the machine are not ours to stop: the load says how quiet the run was. The runs wait for
 *    the screen through CDP, not a Playwright locator (whose injected script would add work to the page
 *    being measured).
 * 3. Then the whole stack (scripts/stack.mjs, production build served by `vite preview`, which gzips):
 *    - transferred: opens each route in Chromium in a fresh context (cold cache; protected routes
 *      with the demo user's session) and adds up the JS and CSS response bodies as they came over the
 *      wire (encoded, i.e. gzip bytes; files under 1 KB are sent uncompressed) from the page's load
 *      until the network is idle (Firestore's listen channel, held open for live data, aside). Dynamic imports a screen makes while it opens are counted; what
 *      only an interaction fetches is not. The goals are judged on the larger of the two columns.
 *    - LCP of /dashboard (logged-in demo user, whose login kept the dashboard it landed on, ADR 0032), as for
 *      /login, after an unrecorded warm-up run. Beside each LCP: when the app's own screen showed (the LCP may
 *      be of the copy index.html paints before the app runs, ADR 0031, 0032).
 *    - LCP of /dashboard on a repeat visit (ADR 0024): the same profile, in one context whose first,
 *      unrecorded and unthrottled visit installed the service worker and kept the balance; then each
 *      run opens /dashboard again throttled, its caches warm (goal < 0.5 s). Two series: the service worker
 *      running when the run begins (a user back within seconds) and stopped (back after more than about 30 s,
 *      when Chromium has stopped the idle worker), each state set through CDP just before the run; beside each
 *      run the document's workerStart and responseStart. `--repeat-only` runs just these
 *      (bench-results/repeat-visit.json).
 *    - the data of "open the app, check the balance and the signal feed, leave" for the demo user:
 *      /dashboard until the balance shows, the sidebar link to the signal feed until it shows, then
 *      SETTLE_MS; every byte Chromium received (headers and bodies, every origin), the service worker's
 *      own fetches included (its precache, the files it fetched for the page). First visit: cold cache;
 *      repeat visit: the same browser profile again (service worker, its caches and the HTTP cache warm).
 *    - the Punters Hub's tab switch (issue 13), last: 500 codes posted (a quarter settled Boom, a
 *      quarter Cut), /punters-hub opened by the demo user, then each tab click at 4x CPU slowdown timed
 *      from the click to the new tab's list and the next frame; goal < 100 ms on the worst switch. The time
 *      to the tab's whole first page (its later cards follow the first frame) is reported beside it.
 *      `--tab-switch-only` runs just this (bench-results/tab-switch.json).
 *    `--journey-only` runs just the journey, and lists what crossed the network, largest first
 *    (bench-results/journey.json; bench.json has the same list).
 * Writes bench-results/bench.json and prints a table. Goals (first-load-figures.ts): /login < 120 KB,
 * /signal-4, /punters-hub, /auto-trada and /pot/{id} < 200 KB, /virtual-analyst < 230 KB (its chart chunk reported apart), every other route < 160 KB, LCP < 1.5 s, journey < 200 KB first and < 20 KB repeat.
 * `--sizes-only` skips the browser parts (then only the static column is judged). `npm run bench` then
 * runs bench/signal-fanout.ts (issue 12's fan-out).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { z } from 'zod';
import { isProtectedPath } from '@punter/core/account';
import { launchBrowser, providerCall } from '../../e2e/support/browser';
import { startTestStack } from '../../e2e/support/stack';
import { freePort } from '../../scripts/stack.mjs';
import { routeModules } from '../route-modules';
import {
  deployFigure,
  goalKb,
  JOURNEY_GOALS_KB,
  answeredByHttpCache,
  journeyCost,
  QUIET_LOAD,
  lcpFigure,
  median,
  REPEAT_LCP_GOAL_MS,
  LOGIN_LCP_GOAL_MS,
  LCP_GOAL_MS,
  round,
  tabSwitchFigure,
  type DeployRoute,
  type JourneyCost,
  type LcpFigure,
  type Received,
  type TabSwitchFigure,
  type TabSwitchRun,
  type TimedRun,
} from './first-load-figures';

const ROUTE_MODULES = routeModules();

const webDir = resolve(import.meta.dirname, '..');
const outDir = join(webDir, 'bench-results');
const distDir = join(outDir, 'dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** How long the journey waits on the signal feed once it shows (the live listener's first answers). */
const SETTLE_MS = 3000;
const DEMO = { email: 'user@punter.test', password: 'Punter#2026' };
/** The network counts as idle once nothing is in flight and nothing new has started for this long. */
const NETWORK_IDLE_MS = 2000;
const NETWORK_IDLE_TIMEOUT_MS = 60_000;

interface ManifestChunk {
  file: string;
  /** The chunk's name (a codeSplitting group's, for one). */
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function gzipBytes(file: string, dir = distDir): number {
  return gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
}

function closure(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return { js, css };
}

function sizes() {
  const build = spawnSync(
    process.execPath,
    [
      join(webDir, '..', 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--configLoader',
      'runner',
      '--outDir',
      distDir,
      '--emptyOutDir',
    ],
    {
      cwd: webDir,
      stdio: 'inherit',
      // A production build whatever the caller's NODE_ENV (vitest's 'test' would bundle React's development build).
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  const routes = Object.entries(ROUTE_MODULES).map(([route, module]) => {
    const { js, css } = closure(manifest, [entry, module]);
    const jsBytes = [...js].reduce((sum, f) => sum + gzipBytes(f), 0);
    const cssBytes = [...css].reduce((sum, f) => sum + gzipBytes(f), 0);
    return {
      route,
      jsKb: round(jsBytes / 1024),
      cssKb: round(cssBytes / 1024),
      totalKb: round((jsBytes + cssBytes) / 1024),
      files: js.size + css.size,
    };
  });
  // The app's Firebase set-up and session (web/sdk-chunks.ts APP_CHUNK_GROUPS), which bring the SDK.
  const firebaseKey = Object.keys(manifest).find((k) => manifest[k]?.name === 'app-firebase');
  const firebase = firebaseKey ? closure(manifest, [firebaseKey]) : null;
  const alreadyLoaded = closure(manifest, [entry]).js;
  const firebaseKb = firebase
    ? round([...firebase.js].filter((f) => !alreadyLoaded.has(f)).reduce((s, f) => s + gzipBytes(f), 0) / 1024)
    : null;
  return { routes, firebaseSdkAfterFirstPaintKb: firebaseKb, analystChart: analystChartChunk(manifest, entry) };
}

/** The module a deploy's one-line change goes into: the app's entry, which every screen loads. */
const DEPLOYED_MODULE = join(webDir, 'src', 'main.tsx');

/**
 * What a deploy costs a returning user (ADR 0033): the app built again with one line added to its entry
 * module (bench-results/dist-deploy), and per route the gzip bytes of its first-load files whose names the
 * bench's build did not have. Files keep their names while their bytes do not change (content hashes).
 */
async function deploySizes(): Promise<DeployRoute[]> {
  const deployDir = join(outDir, 'dist-deploy');
  await viteBuild({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    configLoader: 'runner',
    logLevel: 'error',
    build: { outDir: deployDir, emptyOutDir: true },
    plugins: [
      {
        name: 'bench:one-line-deploy',
        transform(code, id) {
          return id === DEPLOYED_MODULE ? `${code}\nglobalThis.__punterDeploy = 'next';\n` : null;
        },
      },
    ],
  });
  const earlier = new Set(readdirSync(join(distDir, 'assets')).map((f) => `assets/${f}`));
  const manifest = JSON.parse(readFileSync(join(deployDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error("no entry in the deploy build's manifest");
  if (earlier.has(manifest[entry]?.file ?? '')) throw new Error('the one-line change did not reach the entry chunk');
  const routes = Object.entries(ROUTE_MODULES).map(([route, module]) => {
    const { js, css } = closure(manifest, [entry, module]);
    return { route, files: [...js, ...css].map((name) => ({ name, bytes: gzipBytes(name, deployDir) })) };
  });
  return deployFigure(routes, earlier);
}

/**
 * Issue 15: /virtual-analyst's goals chart (nivo, d3) is a dynamic import made when the chart scrolls
 * into view, so the route's first load leaves it out; this is what it adds then (gzip, JS and CSS not
 * already loaded by the entry and the route).
 */
function analystChartChunk(manifest: Manifest, entry: string): { kb: number; files: number } | null {
  const chartKey = Object.keys(manifest).find((k) => k.endsWith('goals-chart-nivo.tsx'));
  const routeModule = ROUTE_MODULES['/virtual-analyst'];
  if (!chartKey || !routeModule) return null;
  const loaded = closure(manifest, [entry, routeModule]);
  const chart = closure(manifest, [chartKey]);
  const files = [...[...chart.js].filter((f) => !loaded.js.has(f)), ...[...chart.css].filter((f) => !loaded.css.has(f))];
  return { kb: round(files.reduce((sum, f) => sum + gzipBytes(f), 0) / 1024), files: files.length };
}

const LCP_SCRIPT = `new Promise((resolve) => {
  let last = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) last = entry;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // No element: the one painted has left the DOM (the last visit's dashboard, replaced by the app's screen, ADR 0032).
  setTimeout(() => resolve(last ? { ms: last.startTime, element: last.element ? last.element.tagName + ' ' + (last.element.textContent || '').trim().slice(0, 40) : 'replaced' } : null), 200);
})`;

/** The slow phone of issue 17: 150 ms RTT, 1.6 Mbps down, 750 kbps up, 4x CPU slowdown. */
async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1000 * 1000) / 8,
    uploadThroughput: (750 * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function unthrottle(cdp: CDPSession): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/**
 * Waits until `expression` is true in the page, asking through CDP's Runtime.evaluate every 50 ms. Not a
 * Playwright locator: the first locator of a page injects Playwright's script (about 180 ms of main-thread
 * work at 4x CPU) right after `load`, which is when /dashboard is still rendering its first screen, so the
 * harness would delay the very paint it measures. A bare evaluate costs the page well under a millisecond.
 */
async function waitInPage(cdp: CDPSession, expression: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (result.value === true) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The app's own screen shows (in #root, not the copy index.html paints before the app runs, ADR 0031, 0032):
 * a transaction list or its empty state (/dashboard), or the Login button (/login).
 */
const DASHBOARD_SHOWN = "document.querySelector('#root .tx-list, #root .empty') !== null";
const LOGIN_SHOWN = "[...document.querySelectorAll('#root button')].some((b) => b.textContent.trim() === 'Login')";
/** After the screen shows, LCP candidates may still come (an image, a late line of text). */
const LCP_SETTLE_MS = 500;

async function throttledLcp(
  page: Page,
  url: string,
  shown: string,
  cache: 'cold' | 'warm' = 'cold',
): Promise<{ ms: number; appShownMs: number; element: string; navigation: NavigationTimes }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (cache === 'cold') await cdp.send('Network.clearBrowserCache');
  await throttle(cdp);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await waitInPage(cdp, shown);
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'performance.now()', returnByValue: true });
  const appShownMs = Math.round(Number(result.value));
  const navigation = (await cdp.send('Runtime.evaluate', { expression: NAVIGATION_TIMES, returnByValue: true })).result
    .value as NavigationTimes;
  await new Promise((r) => setTimeout(r, LCP_SETTLE_MS));
  const lcp = await page.evaluate<{ ms: number; element: string } | null>(LCP_SCRIPT);
  await unthrottle(cdp);
  await cdp.detach();
  if (!lcp) throw new Error(`no LCP entry for ${url}`);
  return { ...lcp, appShownMs, navigation };
}

/**
 * The document's own timing (PerformanceNavigationTiming, ms from the navigation's start): when the browser began to
 * start or reach the service worker (workerStart, 0 for a page no worker controls), when the fetch began and when the
 * document's first byte came. responseStart - workerStart is the worker's share: starting it, then its answer.
 */
interface NavigationTimes {
  workerStartMs: number;
  fetchStartMs: number;
  responseStartMs: number;
}
const NAVIGATION_TIMES = `(() => {
  const n = performance.getEntriesByType('navigation')[0];
  return n ? { workerStartMs: Math.round(n.workerStart), fetchStartMs: Math.round(n.fetchStart), responseStartMs: Math.round(n.responseStart) } : null;
})()`;

type Session = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

/** The demo user's session (localStorage profile + Firebase Auth in IndexedDB), captured once. */
async function demoSession(browser: Browser, webUrl: string, waitForBalance = true): Promise<Session> {
  const setup = await browser.newContext({ baseURL: webUrl });
  const setupPage = await setup.newPage();
  setupPage.setDefaultTimeout(120_000);
  // On an overloaded machine the Functions emulator sometimes fails to load a worker ('Failed to load
  // function'): the login is tried again, up to three times.
  for (let attempt = 1; ; attempt += 1) {
    await setupPage.goto('/login');
    await setupPage.getByLabel('Email').fill(DEMO.email);
    await setupPage.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await setupPage.getByRole('button', { name: 'Login' }).click();
    try {
      await setupPage.waitForURL((u) => u.pathname === '/dashboard', { timeout: 60_000 });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  // The balance comes through the providerCall function; the Hub needs only the Firebase sign-in.
  if (waitForBalance) {
    await setupPage.getByTestId('wallet-balance').filter({ hasText: '₦' }).waitFor();
    // As for any user who has logged in on this browser: the dashboard they landed on is kept (ADR 0032).
    await setupPage.waitForFunction(() => localStorage.getItem('dashboard_snapshot') !== null, undefined, { timeout: 60_000 });
  } else await setupPage.waitForTimeout(2000);
  const session = await setup.storageState({ indexedDB: true });
  await setup.close();
  return session;
}

function isJsOrCss(request: Request): boolean {
  const type = request.resourceType();
  if (type === 'script' || type === 'stylesheet') return true;
  return /\.(m?js|css)$/.test(new URL(request.url()).pathname);
}

interface TransferResult {
  route: string;
  url: string;
  /** Where the page ended up (a protected route without a session would end on /login). */
  landedOn: string;
  jsKb: number;
  cssKb: number;
  totalKb: number;
  files: number;
  /** False when the network never went idle within NETWORK_IDLE_TIMEOUT_MS (the figure is what came until then). */
  idle: boolean;
}

/** Firestore's WebChannel listen stream (its long-poll requests), the live connection of a screen. */
function isListenChannel(request: Request): boolean {
  return request.url().includes('/google.firestore.v1.Firestore/Listen/channel');
}

/**
 * JS and CSS bytes as transferred (encoded body sizes of the browser's responses) while `route`
 * loads in a fresh context, until the network is idle. Unthrottled: sizes do not depend on speed.
 */
async function transferred(browser: Browser, webUrl: string, route: string, session: Session): Promise<TransferResult> {
  const url = route.replace(/:[^/]+/g, 'bench-ref');
  const context = await browser.newContext({
    baseURL: webUrl,
    viewport: { width: 360, height: 740 },
    ...(isProtectedPath(url) ? { storageState: session } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  let inFlight = 0;
  let lastActivity = Date.now();
  const pending: Promise<void>[] = [];
  const bytes = { js: 0, css: 0, files: 0 };
  // Firestore's listen channel is a request held open for the live data; it never goes idle, so it is left
  // out of the idle watch (not of the count: it carries no JS or CSS).
  const watched = new Set<Request>();
  page.on('request', (request) => {
    if (isListenChannel(request)) return;
    watched.add(request);
    inFlight += 1;
    lastActivity = Date.now();
  });
  page.on('requestfailed', (request) => {
    if (!watched.delete(request)) return;
    inFlight -= 1;
    lastActivity = Date.now();
  });
  page.on('requestfinished', (request) => {
    if (watched.delete(request)) {
      inFlight -= 1;
      lastActivity = Date.now();
    }
    if (!isJsOrCss(request)) return;
    pending.push(
      request.sizes().then((sizes) => {
        const css = request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css');
        bytes[css ? 'css' : 'js'] += sizes.responseBodySize;
        bytes.files += 1;
      }),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  const deadline = Date.now() + NETWORK_IDLE_TIMEOUT_MS;
  let idle = false;
  // Polling the counters (not a fixed sleep): idle is a state of the page's network, observed.
  while (Date.now() < deadline) {
    if (inFlight <= 0 && Date.now() - lastActivity >= NETWORK_IDLE_MS) {
      idle = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all(pending);
  const landedOn = new URL(page.url()).pathname;
  await context.close();
  return {
    route,
    url,
    landedOn,
    jsKb: round(bytes.js / 1024),
    cssKb: round(bytes.css / 1024),
    totalKb: round((bytes.js + bytes.css) / 1024),
    files: bytes.files,
    idle,
  };
}

const load1 = () => loadavg()[0] ?? NaN;

/** A series of LCP runs with the stack up waits for the 1-min load to fall to this (the stack itself keeps it near 1). */
const SETTLED_LOAD = 1.5;
const SETTLE_MAX_MS = 120_000;
/** /login, with nothing of the bench but a static server, waits longer, for a quiet machine. */
const QUIET_MAX_MS = 300_000;
/**
 * Each timed run, warm-up included, first waits (RUN_QUIET_MAX_MS at most) for the 1-min load to fall below
 * this: the idle stack keeps it near 0, so what raised it is the bench itself (the routes it just opened, the
 * run before). Well under QUIET_LOAD, leaving room for the run's own work: the kernel samples the run queue every
 * 5 s, and each sample that lands while the page loads (Chromium's processes and the stack answering it) adds
 * about 0.3 to the reading after the run; a run of several seconds takes two.
 */
const RUN_QUIET_LOAD = 0.3;
/**
 * BENCH_RUN_QUIET_MAX_MS shortens that wait (seconds apart instead of minutes) on a machine whose load never falls
 * that low, e.g. for a before / after pair minutes apart; each run still reports the load around it.
 */
const RUN_QUIET_MAX_MS = z.coerce.number().int().min(0).max(600_000).default(180_000).parse(process.env.BENCH_RUN_QUIET_MAX_MS);

/**
 * Waits until the machine has settled after the previous phase (1-min load below `below`, or `maxMs` at
 * most): the load the runs then report is their own, the stack's and the page's.
 */
async function settleLoad(below = SETTLED_LOAD, maxMs = SETTLE_MAX_MS): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (load1() >= below && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2000));
}

const mobileContext = (browser: Browser, webUrl: string, session: Session | null): Promise<BrowserContext> =>
  browser.newContext({
    baseURL: webUrl,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...(session ? { storageState: session } : {}),
  });

interface LcpResult extends LcpFigure {
  element: string;
  runs: TimedRun[];
}

/**
 * LCP of `route`, the median of RUNS runs after one unrecorded warm-up run (the emulators start their
 * function workers on first use, which on a small machine would steal CPU from the page measured).
 */
async function lcp(browser: Browser, webUrl: string, route: string, session: Session | null): Promise<LcpResult> {
  const runs: TimedRun[] = [];
  let element = '';
  for (let i = -1; i < RUNS; i += 1) {
    await settleLoad(RUN_QUIET_LOAD, RUN_QUIET_MAX_MS);
    // A new context per run: cold HTTP cache, no open connections.
    const context = await mobileContext(browser, webUrl, session);
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const loadBefore = load1();
    const result = await throttledLcp(page, `${webUrl}${route}`, session ? DASHBOARD_SHOWN : LOGIN_SHOWN);
    const loadAfter = load1();
    if (i >= 0)
      runs.push({
        ms: result.ms,
        appShownMs: result.appShownMs,
        loadBefore: round(loadBefore, 2),
        loadAfter: round(loadAfter, 2),
      });
    element = result.element;
    await context.close();
  }
  return { ...lcpFigure(runs, availableParallelism(), route === '/login' ? LOGIN_LCP_GOAL_MS : LCP_GOAL_MS), element, runs };
}

/** Resolves once the page is controlled by the service worker and its caches and the kept answers are written. */
async function offlineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
  await page.waitForFunction(() => (localStorage.getItem('query_cache') ?? '').includes('balance'), undefined, {
    timeout: 120_000,
  });
}

/**
 * Whether the returning user's service worker is running when /dashboard opens. Chromium stops an idle worker after
 * about 30 s, so a user who comes back later finds it stopped and the browser starts it before the worker can answer
 * the navigation from its cache; one who comes back within seconds finds it running. The bench sets each state
 * through CDP's ServiceWorker domain (startWorker, stopAllWorkers) just before the run, whatever the wait for a
 * quiet machine before it lasted.
 */
type WorkerState = 'running' | 'stopped';

/** Sets the state of the context's service workers through `cdp` (a page of the context) and waits until it holds. */
async function setWorkerState(cdp: CDPSession, scopeUrl: string, state: WorkerState): Promise<void> {
  const statuses = new Map<string, string>();
  const onUpdate = (event: { versions: Array<{ versionId: string; runningStatus: string }> }) => {
    for (const v of event.versions) statuses.set(v.versionId, v.runningStatus);
  };
  cdp.on('ServiceWorker.workerVersionUpdated', onUpdate);
  try {
    await cdp.send('ServiceWorker.enable');
    if (state === 'stopped') await cdp.send('ServiceWorker.stopAllWorkers');
    else await cdp.send('ServiceWorker.startWorker', { scopeURL: scopeUrl });
    const want = state === 'stopped' ? 'stopped' : 'running';
    const deadline = Date.now() + 30_000;
    while (statuses.size === 0 || [...statuses.values()].some((s) => s !== want)) {
      if (Date.now() > deadline) throw new Error(`the service worker did not reach '${want}': ${JSON.stringify([...statuses])}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    cdp.off('ServiceWorker.workerVersionUpdated', onUpdate);
    await cdp.send('ServiceWorker.disable');
  }
}

/**
 * LCP of /dashboard on a repeat visit: one context (the browser profile of a returning user), a first visit
 * unthrottled and unrecorded that installs the service worker, then RUNS throttled visits with warm caches, the
 * worker `state` when each begins (running: back within seconds; stopped: back after a while).
 */
async function repeatVisitLcp(browser: Browser, webUrl: string, session: Session, state: WorkerState): Promise<RepeatLcpResult> {
  const context = await mobileContext(browser, webUrl, session);
  try {
    const first = await context.newPage();
    first.setDefaultTimeout(120_000);
    await first.goto(`${webUrl}/dashboard`);
    await first.locator('.tx-list, .empty').first().waitFor();
    await offlineReady(first);
    await first.close();
    const runs: RepeatRun[] = [];
    let element = '';
    for (let i = 0; i < RUNS; i += 1) {
      await settleLoad(RUN_QUIET_LOAD, RUN_QUIET_MAX_MS);
      const page = await context.newPage();
      page.setDefaultTimeout(120_000);
      const cdp = await context.newCDPSession(page);
      await setWorkerState(cdp, `${webUrl}/`, state);
      await cdp.detach();
      const loadBefore = load1();
      const result = await throttledLcp(page, `${webUrl}/dashboard`, DASHBOARD_SHOWN, 'warm');
      runs.push({
        ms: result.ms,
        appShownMs: result.appShownMs,
        loadBefore: round(loadBefore, 2),
        loadAfter: round(load1(), 2),
        ...result.navigation,
      });
      element = result.element;
      await page.close();
    }
    const worker = runs.map((r) => r.responseStartMs - r.workerStartMs);
    return {
      ...lcpFigure(runs, availableParallelism(), REPEAT_LCP_GOAL_MS),
      element,
      runs,
      workerState: state,
      workerToFirstByteMedianMs: median(worker),
    };
  } finally {
    await context.close();
  }
}

interface RepeatRun extends TimedRun, NavigationTimes {}

interface RepeatLcpResult extends LcpResult {
  runs: RepeatRun[];
  workerState: WorkerState;
  /** Median of responseStart - workerStart: the service worker's share of the document's first byte. */
  workerToFirstByteMedianMs: number;
}

/** `--repeat-only`: the repeat-visit LCP alone, in both worker states (bench-results/repeat-visit.json). */
async function repeatOnly(): Promise<void> {
  const figures = await aloneWithStack('repeat-visit.json', 'repeatVisitLcp', async (browser, stack) => {
    const session = await demoSession(browser, stack.webUrl);
    const running = await repeatVisitLcp(browser, stack.webUrl, session, 'running');
    const stopped = await repeatVisitLcp(browser, stack.webUrl, session, 'stopped');
    return { running, stopped };
  });
  for (const [state, figure] of Object.entries(figures)) printRepeat(state, figure);
}

function printRepeat(state: string, figure: RepeatLcpResult): void {
  console.log(
    `/dashboard repeat visit, service worker ${state}: LCP median ${figure.medianMs} ms (goal < ${figure.goalMs}: ${figure.withinGoal ? 'yes' : 'NO'}), worker to first byte median ${figure.workerToFirstByteMedianMs} ms, load ${figure.load.min}-${figure.load.max}`,
  );
  console.log(
    `  runs: ${figure.runs.map((r) => `${r.ms} ms (worker start ${r.workerStartMs}, first byte ${r.responseStartMs})`).join('; ')}`,
  );
}

/** The bench's build served by `vite preview` alone on a free port: nothing else of the bench runs. */
async function previewAlone(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const vite = join(webDir, '..', 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [
    vite,
    'preview',
    '--configLoader',
    'runner',
    '--outDir',
    distDir,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--strictPort',
  ];
  const child = spawn(process.execPath, args, { cwd: webDir, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/login`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error('vite preview did not answer within 60 s');
}

/** Every response of `page` over CDP: bytes received (headers and bodies), and whether the cache answered. */
async function recordReceived(page: Page): Promise<{ received: () => Received[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const byId = new Map<string, Received>();
  cdp.on('Network.requestWillBeSent', (e) => {
    byId.set(e.requestId, {
      requestId: e.requestId,
      url: e.request.url,
      streamed: 0,
      finished: null,
      fromCache: false,
      headers: 0,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker) r.fromCache = true;
    // What had come when the headers were in: the status line and the headers.
    r.headers = e.response.encodedDataLength;
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.streamed += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.finished = e.encodedDataLength;
  });
  await cdp.send('Network.enable');
  return { received: () => [...byId.values()].filter((r) => /^https?:/.test(r.url)), cdp };
}

/** "Open the app, check the balance and the signal feed, leave", in `context` (cold or warm cache). */
async function journey(context: BrowserContext, webUrl: string): Promise<JourneyCost> {
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const { received, cdp } = await recordReceived(page);
  // The service worker's own fetches (precache, files it fetched for the page): the page sees those answers
  // as 'from the service worker', so they are counted here, as transferred (headers + encoded body).
  const workerBytes: Promise<Received>[] = [];
  const onWorkerRequest = (request: Request) => {
    if (!request.serviceWorker()) return;
    const id = `sw-${workerBytes.length}`;
    workerBytes.push(
      Promise.all([request.sizes(), request.response(), request.allHeaders()]).then(([sizes, response, headers]) => ({
        requestId: id,
        url: request.url(),
        streamed: 0,
        finished: sizes.responseHeadersSize + Math.max(0, sizes.responseBodySize),
        // The worker's precache of a file the page already loaded is answered by the HTTP cache (Hosting's
        // immutable year on /assets/), nothing crossing the network; its revalidation of index.html under the
        // page's URL is a 304 whose headers did.
        fromCache: answeredByHttpCache(response?.status(), sizes.responseBodySize, headers),
        headers: sizes.responseHeadersSize,
      })),
    );
  };
  context.on('requestfinished', onWorkerRequest);
  await page.goto(`${webUrl}/dashboard`);
  await page.getByTestId('wallet-balance').filter({ hasText: '₦' }).waitFor();
  // At 360 px the sidebar is behind the menu button, as a phone user finds it.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Over 4.5 signal' }).click();
  await page.waitForURL((u) => u.pathname === '/signal-4');
  await page.getByRole('list', { name: 'Signals' }).or(page.getByText('Waiting for signal...')).first().waitFor();
  await page.waitForTimeout(SETTLE_MS);
  // A first visit ends once the worker is installed (its precache counted); a repeat visit is already controlled.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  context.off('requestfinished', onWorkerRequest);
  const cost = journeyCost([...received(), ...(await Promise.all(workerBytes))], new URL(webUrl).origin);
  await cdp.detach();
  await page.close();
  return cost;
}

async function journeys(browser: Browser, webUrl: string, session: Session) {
  const context = await browser.newContext({ baseURL: webUrl, viewport: { width: 360, height: 740 }, storageState: session });
  try {
    const firstVisit = await journey(context, webUrl);
    const repeatVisit = await journey(context, webUrl);
    return {
      firstVisit: {
        ...firstVisit,
        goalKb: JOURNEY_GOALS_KB.firstVisit,
        withinGoal: firstVisit.totalKb < JOURNEY_GOALS_KB.firstVisit,
      },
      repeatVisit: {
        ...repeatVisit,
        goalKb: JOURNEY_GOALS_KB.repeatVisit,
        withinGoal: repeatVisit.totalKb < JOURNEY_GOALS_KB.repeatVisit,
      },
    };
  } finally {
    await context.close();
  }
}

/** How many codes the tab-switch figure puts in the `games` collection (issue 13). */
const HUB_CODES = 500;
/** Each measured switch, in order: every tab is left and entered several times. */
const TAB_SWITCHES = ['Boom', 'Cut', 'Ended', 'Active', 'Cut', 'Boom', 'Active', 'Ended', 'Boom', 'Active'] as const;

/**
 * Posts HUB_CODES codes as the demo admin (can_post_game, can_monetize_game) and settles a quarter Boom
 * and a quarter Cut (an admin settles at any time, ADR 0010), so Active, Boom and Cut each have many.
 */
async function seedHubCodes(providerOrigin: string): Promise<void> {
  const login = await providerCall(providerOrigin, 'POST', '/api/v1/user/login', {
    email: 'admin@punter.test',
    password: DEMO.password,
  });
  const token = String(login.token);
  const start = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const end = new Date(start.getTime() + 2 * 60 * 60 * 1000);
  const platforms = ['sportybet', 'bet9ja', '1xbet', 'nairabet'] as const;
  const prices = [0, 100, 200, 500] as const;
  const post = async (i: number) => {
    const answer = await providerCall(
      providerOrigin,
      'POST',
      '/api/v1/puntershub/create-code',
      {
        odd: `${2 + (i % 40) / 4}`,
        title: `Bench code ${i} over 2.5 rollover`,
        game_code: `BENCH${i}`,
        platform: platforms[i % platforms.length],
        amount: prices[i % prices.length],
        startDate: start.toISOString(),
        endDate: end.toISOString(),
      },
      token,
    );
    const id = (answer.data as { id: string }).id;
    const status = i % 4 === 1 ? 'Boom' : i % 4 === 2 ? 'Cut' : null;
    if (status) await providerCall(providerOrigin, 'POST', '/api/v1/puntershub/settle-game', { game_id: id, status }, token);
  };
  // Ten at a time: the emulator is on the same two cores as everything else.
  for (let i = 0; i < HUB_CODES; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => post(i + k)));
}

/**
 * Clicks the tab `name` and resolves with the time to its list in the DOM and the next frame (the judged
 * figure), and to the tab's whole first page (the panel no longer aria-busy) and the frame after it.
 */
function tabSwitchScript(name: string): string {
  return `(async () => {
    const name = ${JSON.stringify(name)};
    const button = [...document.querySelectorAll('[role="tab"]')].find((b) => b.textContent === name);
    if (!button) throw new Error('no tab ' + name);
    const panel = () => document.querySelector('[role="tabpanel"][aria-label="' + name + ' games"]');
    const cards = () => (panel() ? panel().querySelectorAll('li').length : -1);
    const frame = async () => {
      await new Promise((r) => requestAnimationFrame(r));
      await new Promise((r) => setTimeout(r, 0));
    };
    const t0 = performance.now();
    button.click();
    while (cards() < 0) await new Promise((r) => requestAnimationFrame(r));
    await frame();
    const ms = performance.now() - t0;
    const first = cards();
    while (panel().getAttribute('aria-busy') === 'true') await new Promise((r) => requestAnimationFrame(r));
    await frame();
    return { ms, cards: first, wholePageMs: performance.now() - t0, wholePageCards: cards() };
  })()`;
}

/**
 * /punters-hub with HUB_CODES codes: the demo user opens the Hub (no throttling while it loads), then,
 * at 4x CPU slowdown, each tab click is timed from the click to the new tab's list in the DOM and the
 * next frame after it (a rAF then a task: the frame that shows it has been produced).
 */
async function hubTabSwitch(browser: Browser, webUrl: string, session: Session): Promise<TabSwitchFigure> {
  const context = await mobileContext(browser, webUrl, session);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${webUrl}/punters-hub`);
    await page.getByRole('tabpanel', { name: 'Active games' }).locator('li').first().waitFor();
    // Let the listener deliver the whole collection before timing anything.
    await page.waitForTimeout(3000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const runs: TabSwitchRun[] = [];
    const loads: number[] = [];
    for (const tab of TAB_SWITCHES) {
      loads.push(load1());
      // A string, not a function: tsx would wrap an inner function in its __name helper, unknown in the page.
      const result = await page.evaluate<Omit<TabSwitchRun, 'tab'>>(tabSwitchScript(tab));
      runs.push({ tab, ...result });
      loads.push(load1());
      await page.waitForTimeout(300);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    return tabSwitchFigure(runs, HUB_CODES, loads);
  } finally {
    await context.close();
  }
}

type Phase<T> = { ok: true; value: T } | { ok: false; error: string };

async function phase<T>(run: () => Promise<T>): Promise<Phase<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** Each part on its own: a part that fails (on a busy machine the stack may not start) leaves the others' figures. */
async function browserFigures() {
  const browser = await launchBrowser();
  try {
    // 1. /login with nothing of the bench running but a static server.
    const loginLcp = await phase(async () => {
      const alone = await previewAlone();
      try {
        await settleLoad(QUIET_LOAD, QUIET_MAX_MS);
        return await lcp(browser, alone.url, '/login', null);
      } finally {
        await alone.stop();
      }
    });
    // 2. The whole stack for everything that needs a session.
    process.env.E2E_WEB = 'preview';
    process.env.E2E_LOG_DIR ??= join(outDir, 'stack-logs');
    const withStack = await phase(async () => {
      const stack = await startTestStack();
      try {
        const session = await demoSession(browser, stack.webUrl);
        const transfers: TransferResult[] = [];
        for (const route of Object.keys(ROUTE_MODULES)) transfers.push(await transferred(browser, stack.webUrl, route, session));
        await settleLoad();
        const dashboardLcp = await phase(() => lcp(browser, stack.webUrl, '/dashboard', session));
        await settleLoad();
        const dashboardRepeatLcp = await phase(async () => ({
          running: await repeatVisitLcp(browser, stack.webUrl, session, 'running'),
          stopped: await repeatVisitLcp(browser, stack.webUrl, session, 'stopped'),
        }));
        const data = await phase(() => journeys(browser, stack.webUrl, session));
        // Last: it fills the Hub with 500 codes, which the other figures must not see.
        const tabSwitch = await phase(async () => {
          await seedHubCodes(stack.providerOrigin);
          return hubTabSwitch(browser, stack.webUrl, session);
        });
        return { transfers, dashboardLcp, dashboardRepeatLcp, journey: data, tabSwitch };
      } finally {
        await stack.stop();
      }
    });
    return { loginLcp, withStack };
  } finally {
    await browser.close();
  }
}

/**
 * The whole stack and a browser for one figure alone (`--tab-switch-only`, `--journey-only`): `measure` runs
 * with them, and its figure is written to bench-results/<file> under `key`.
 */
async function aloneWithStack<T>(
  file: string,
  key: string,
  measure: (browser: Browser, stack: Awaited<ReturnType<typeof startTestStack>>) => Promise<T>,
): Promise<T> {
  process.env.E2E_WEB = 'preview';
  process.env.E2E_LOG_DIR ??= join(outDir, 'stack-logs');
  const browser = await launchBrowser();
  try {
    const stack = await startTestStack();
    try {
      const figure = await measure(browser, stack);
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, file), `${JSON.stringify({ measuredAt: new Date().toISOString(), [key]: figure }, null, 2)}\n`);
      return figure;
    } finally {
      await stack.stop();
    }
  } finally {
    await browser.close();
  }
}

/** `--tab-switch-only`: the stack and the Hub's tab-switch figure alone (bench-results/tab-switch.json). */
async function tabSwitchOnly(): Promise<void> {
  const figure = await aloneWithStack('tab-switch.json', 'tabSwitch', async (browser, stack) => {
    const session = await demoSession(browser, stack.webUrl, false);
    await seedHubCodes(stack.providerOrigin);
    return hubTabSwitch(browser, stack.webUrl, session);
  });
  printTabSwitch(figure);
}

/**
 * `--journey-only`: the stack and the data of "open the app, check the balance and the signal feed, leave"
 * alone (bench-results/journey.json), each visit with what crossed the network, largest first.
 */
async function journeyOnly(): Promise<void> {
  const figure = await aloneWithStack('journey.json', 'journey', async (browser, stack) =>
    journeys(browser, stack.webUrl, await demoSession(browser, stack.webUrl)),
  );
  printJourney(figure, true);
}

function printJourney(figure: Awaited<ReturnType<typeof journeys>>, itemised = false): void {
  console.log('\nData of "open the app, check the balance and the signal feed, leave" (KB received, all origins)');
  for (const [visit, j] of Object.entries(figure)) {
    console.log(
      `${visit.padEnd(12)} ${String(j.totalKb).padStart(6)} KB  code ${j.byKind.code}  documents ${j.byKind.document}  API ${j.byKind.api}  other ${j.byKind.other}  (headers ${j.headersKb} of it; ${j.requests} requests, ${j.fromCache} from cache)  goal < ${j.goalKb}: ${j.withinGoal ? 'yes' : 'NO'}`,
    );
    if (itemised)
      for (const line of j.largest)
        console.log(`  ${String(line.kb).padStart(6)} KB  ${line.requests > 1 ? `${line.requests}x ` : ''}${line.url}`);
  }
}

function printTabSwitch(figure: TabSwitchFigure): void {
  console.log(
    `\n/punters-hub tab switch, ${figure.codes} codes, 4x CPU (click to the new tab's list and its next frame): median ${figure.medianMs} ms, worst ${figure.maxMs} ms  load ${figure.load.min}-${figure.load.max}  goal < ${figure.goalMs} ms: ${figure.withinGoal ? 'yes' : 'NO'}`,
  );
  console.log(`  whole first page: worst ${figure.wholePageMaxMs} ms`);
  console.log(
    `  ${figure.runs.map((r) => `${r.tab} ${r.ms} ms (${r.cards} cards), ${r.wholePageMs} ms (${r.wholePageCards})`).join('; ')}`,
  );
}

if (process.argv.includes('--tab-switch-only')) {
  await tabSwitchOnly();
  process.exit(0);
}
if (process.argv.includes('--journey-only')) {
  await journeyOnly();
  process.exit(0);
}
if (process.argv.includes('--repeat-only')) {
  await repeatOnly();
  process.exit(0);
}

const sizeResults = sizes();
const deployResults = await deploySizes();
const browserResults = process.argv.includes('--sizes-only') ? null : await browserFigures();
const stackResults = browserResults?.withStack.ok ? browserResults.withStack.value : null;
const errors = [
  browserResults && !browserResults.loginLcp.ok ? `/login LCP: ${browserResults.loginLcp.error}` : null,
  browserResults && !browserResults.withStack.ok
    ? `stack (transferred, /dashboard LCP, journey): ${browserResults.withStack.error}`
    : null,
  stackResults && !stackResults.dashboardLcp.ok ? `/dashboard LCP: ${stackResults.dashboardLcp.error}` : null,
  stackResults && !stackResults.dashboardRepeatLcp.ok
    ? `/dashboard repeat-visit LCP: ${stackResults.dashboardRepeatLcp.error}`
    : null,
  stackResults && !stackResults.journey.ok ? `journey: ${stackResults.journey.error}` : null,
  stackResults && !stackResults.tabSwitch.ok ? `/punters-hub tab switch: ${stackResults.tabSwitch.error}` : null,
].filter((e): e is string => e !== null);
const lcpResults: Record<string, LcpResult | RepeatLcpResult> = {};
if (browserResults?.loginLcp.ok) lcpResults['/login'] = browserResults.loginLcp.value;
if (stackResults?.dashboardLcp.ok) lcpResults['/dashboard'] = stackResults.dashboardLcp.value;
if (stackResults?.dashboardRepeatLcp.ok) {
  lcpResults['/dashboard repeat visit, worker running'] = stackResults.dashboardRepeatLcp.value.running;
  lcpResults['/dashboard repeat visit, worker stopped'] = stackResults.dashboardRepeatLcp.value.stopped;
}
const journeyResults = stackResults?.journey.ok ? stackResults.journey.value : null;
const tabSwitchResult = stackResults?.tabSwitch.ok ? stackResults.tabSwitch.value : null;

const transfers = stackResults?.transfers ?? null;
const firstLoad = sizeResults.routes.map((r) => {
  const t = transfers?.find((x) => x.route === r.route) ?? null;
  const goal = goalKb(r.route);
  // The goal is judged on the larger (honest) of the two columns.
  const judgedKb = Math.max(r.totalKb, t?.totalKb ?? 0);
  return {
    route: r.route,
    static: { jsKb: r.jsKb, cssKb: r.cssKb, totalKb: r.totalKb, files: r.files },
    transferred: t
      ? {
          jsKb: t.jsKb,
          cssKb: t.cssKb,
          totalKb: t.totalKb,
          files: t.files,
          url: t.url,
          landedOn: t.landedOn,
          networkIdle: t.idle,
        }
      : null,
    goalKb: goal,
    judgedOn: t && t.totalKb >= r.totalKb ? 'transferred' : 'static',
    judgedKb,
    withinGoal: judgedKb < goal,
  };
});

const report = {
  measuredAt: new Date().toISOString(),
  machine: { cores: availableParallelism(), loadAverageAtEnd: loadavg().map((l) => round(l, 2)) },
  profile: {
    rttMs: 150,
    downMbps: 1.6,
    upKbps: 750,
    cpuSlowdown: 4,
    viewport: '360x740@2x',
    runs: RUNS,
    cache: "cold (the repeat-visit LCP: the service worker's and the HTTP cache warm)",
  },
  firstLoadGzip: {
    note: 'static: entry + route module + static imports from the Vite manifest (gzip -9). transferred: JS+CSS response bodies as Chromium received them (gzip from vite preview) from load until network idle. Goals judged on the larger.',
    networkIdleMs: NETWORK_IDLE_MS,
    routes: firstLoad,
    firebaseSdkChunkKb: sizeResults.firebaseSdkAfterFirstPaintKb,
    analystChartChunk: sizeResults.analystChart,
  },
  deploy: {
    note: "the app built again with one line added to its entry module (src/main.tsx); per route, the gzip KB of its first-load files (static count) under names the bench's build did not have: what a returning user downloads again after such a deploy",
    routes: deployResults,
  },
  lcp: lcpResults,
  journey: journeyResults
    ? {
        note: "open /dashboard until the balance shows, the sidebar link to /signal-4 until the feed shows, then settle; every byte received (headers + bodies, all origins), the service worker's own fetches included. Repeat visit: same profile, service worker and caches warm.",
        settleMs: SETTLE_MS,
        ...journeyResults,
      }
    : null,
  punterHubTabSwitch: tabSwitchResult
    ? {
        note: "/punters-hub with the codes in the games collection, loaded unthrottled; each tab click at 4x CPU slowdown, timed from the click to the new tab's list in the DOM and the next frame (the cards a screen holds, FIRST_FRAME_CARDS), and to the whole first page (HUB_PAGE_SIZE cards) and the frame after it. Judged on the worst switch to the first frame.",
        ...tabSwitchResult,
      }
    : null,
  errors,
};
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);

const cell = (v: number | string | null | undefined, w: number) => String(v ?? '-').padStart(w);
console.log('\nFirst-load JS + CSS, gzip KB. static = entry + route chunk + static imports (manifest);');
console.log(`transferred = bodies Chromium received while the route loaded, until ${NETWORK_IDLE_MS} ms of network idle.`);
console.log('The goal is judged on the LARGER of the two totals (column "judged").');
console.log('route                    | static JS   CSS  total | transferred JS   CSS  total | judged  goal  ok');
for (const r of firstLoad) {
  const t = r.transferred;
  console.log(
    `${r.route.padEnd(24)} | ${cell(r.static.jsKb, 9)} ${cell(r.static.cssKb, 5)} ${cell(r.static.totalKb, 6)} | ${cell(t?.jsKb, 14)} ${cell(t?.cssKb, 5)} ${cell(t?.totalKb, 6)}${t && !t.networkIdle ? '*' : ' '}| ${cell(r.judgedKb, 6)} ${cell(r.goalKb, 5)}  ${r.withinGoal ? 'yes' : 'NO'}${t && t.landedOn !== new URL(t.url, 'http://x').pathname ? `  (landed on ${t.landedOn})` : ''}`,
  );
}
if (firstLoad.some((r) => r.transferred && !r.transferred.networkIdle))
  console.log(`* the network was not idle after ${NETWORK_IDLE_TIMEOUT_MS / 1000} s; the figure is what came until then`);
console.log(
  `Firebase SDK chunk (dynamic import; in "transferred" where a screen fetches it as it opens): ${sizeResults.firebaseSdkAfterFirstPaintKb} KB`,
);
console.log(
  `/virtual-analyst goals chart chunk (nivo; dynamic import when the chart scrolls into view, not in its first load): ${sizeResults.analystChart ? `${sizeResults.analystChart.kb} KB in ${sizeResults.analystChart.files} files` : 'not found'}`,
);
console.log(
  '\nAfter a deploy of one changed line in the entry module, a returning user downloads again (gzip KB renamed / first load):',
);
for (let i = 0; i < deployResults.length; i += 4) {
  console.log(
    deployResults
      .slice(i, i + 4)
      .map((r) => `${r.route.padEnd(24)} ${cell(r.renamedKb, 5)} / ${cell(r.totalKb, 5)}`)
      .join('   '),
  );
}
for (const error of errors) console.log(`\nNot measured: ${error}`);
if (Object.keys(lcpResults).length > 0) {
  console.log(
    `\nLCP (150 ms RTT, 1.6 Mbps, 4x CPU, cold cache; repeat visit: caches warm), ${availableParallelism()} cores; load = 1-min load average around the runs`,
  );
  for (const [route, r] of Object.entries(lcpResults)) {
    console.log(
      `${route.padEnd(24)} median ${r.medianMs} ms  runs ${r.runsMs.join(', ')}  load ${r.load.min}-${r.load.max}${r.quiet ? ' (quiet)' : ' (NOT quiet)'}  goal < ${r.goalMs} ms: ${r.withinGoal ? 'yes' : 'NO'}  (${r.element})${r.appShownMedianMs === null ? '' : `  app's own screen ${r.appShownMedianMs} ms`}${'workerToFirstByteMedianMs' in r ? `  worker to first byte ${String(r.workerToFirstByteMedianMs)} ms` : ''}`,
    );
  }
}
if (journeyResults) printJourney(journeyResults);
if (tabSwitchResult) printTabSwitch(tabSwitchResult);
console.log(`\nWritten to ${join(outDir, 'bench.json')}`);
