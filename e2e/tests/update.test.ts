/**
 * A new version (ADR 0024, ADR 0030): the installed worker opens the app from its cached shell, without
 * waiting on the network; a deploy reaches an open app as 'A new version is ready' and Reload, and only that
 * click switches the page to the new build.
 *
 * The stack's production build is copied to a folder served by a plain static server (no cache, index.html
 * for any path without an extension, as Hosting's rewrite does), so the test can deploy a "new build" by
 * changing that folder: index.html gets a marker and sw.js its new revision, as a real build would.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { captureFailure, launchBrowser, SMALL } from '../support/browser';

const dist = resolve(import.meta.dirname, '..', '..', 'web', 'dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

let folder: string;
let server: Server;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const shellRequests: string[] = [];
const workerVersions = new Map<string, string>();

beforeAll(async () => {
  if (!existsSync(join(dist, 'sw.js')))
    throw new Error(`no production build in ${dist} (the e2e stack builds it with E2E_WEB=preview)`);
  folder = mkdtempSync(join(tmpdir(), 'punter-update-'));
  cpSync(dist, folder, { recursive: true });
  server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = extname(path) ? join(folder, path) : join(folder, 'index.html');
    if (!file.startsWith(folder) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    if (file.endsWith('index.html')) shellRequests.push(path);
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: origin, viewport: SMALL });
  page = await context.newPage();
  // The browser's own view of the workers (status, running, controlled clients), for a failure's message.
  const cdp = await context.newCDPSession(page);
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions)
      workerVersions.set(v.versionId, `${v.status}/${v.runningStatus}/clients ${v.controlledClients?.length ?? 0}`);
  });
  await cdp.send('ServiceWorker.enable');
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await captureFailure(page, ctx.task.name);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((done) => server?.close(done));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Deploys a "new build" into the served folder: index.html with `marker`, sw.js with its new revision. */
function deploy(marker: string): void {
  const html = readFileSync(join(folder, 'index.html'), 'utf8').replace(
    '<title>',
    `<meta name="e2e-build" content="${marker}" />\n    <title>`,
  );
  writeFileSync(join(folder, 'index.html'), html);
  // Workbox's precache list in the worker names index.html with a revision of its content.
  const worker = readFileSync(join(folder, 'sw.js'), 'utf8');
  const next = worker.replace(
    /("revision":")[0-9a-f]+(","url":"index\.html")/,
    (_all, before: string, after: string) => `${before}${createHash('md5').update(html).digest('hex')}${after}`,
  );
  if (next === worker) throw new Error('sw.js: no revision of index.html found to change');
  writeFileSync(join(folder, 'sw.js'), next);
}

/** Where the update stands, for a failure's message: the page's controller and the registration's workers. */
const workerStates = () =>
  page
    .evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const version = (worker: ServiceWorker | null | undefined) => worker && `${worker.state}`;
      return {
        url: location.pathname,
        controlled: navigator.serviceWorker.controller !== null,
        active: version(registration?.active),
        waiting: version(registration?.waiting),
        installing: version(registration?.installing),
      };
    })
    .then(async (states) => ({
      ...states,
      versions: Object.fromEntries(workerVersions),
      // Whether each worker still runs script: a paused or stuck one times out here.
      answering: await Promise.all(
        context
          .serviceWorkers()
          .map((worker) =>
            Promise.race([
              worker.evaluate(() => 'yes'),
              new Promise<string>((done) => setTimeout(() => done('no answer in 5 s'), 5_000)),
            ]).catch((error: unknown) => String(error).slice(0, 80)),
          ),
      ),
    }));

const buildMarker = () => page.evaluate(() => document.querySelector('meta[name="e2e-build"]')?.getAttribute('content') ?? null);

describe('a new version', () => {
  test('opens from the cached shell, offers Reload after a deploy, and switches only on that click', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

    // Installed: later visits get the shell from the worker's cache, the server is not asked for it.
    const before = shellRequests.length;
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(shellRequests.length).toBe(before);

    deploy('2');
    // The open app keeps its build; the browser's update check finds the new worker, which installs and waits.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await buildMarker()).toBeNull();
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await prompt.waitFor({ timeout: 60_000 });
    // Still the old build, still working, until the user chooses.
    await page.getByLabel('Email').fill('someone@punter.test');
    expect(await buildMarker()).toBeNull();

    await prompt.getByRole('button', { name: 'Reload' }).click({ noWaitAfter: true });
    // The browser lets the new worker take over once the old one is idle (about a second here), then the page
    // reloads. Should that ever stall, the failure says how far it got.
    await expect
      .poll(() => buildMarker().catch(() => 'reloading'), { timeout: 60_000 })
      .toBe('2')
      .catch(async (error: unknown) => {
        throw new Error(`the page did not switch to the new build: ${JSON.stringify(await workerStates())}`, { cause: error });
      });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await expect.poll(() => prompt.count()).toBe(0);
  });
});
