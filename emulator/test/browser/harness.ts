/** Bundles the browser harness, serves it from its own origin, and drives it in Debian's Chromium. */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';

export interface BrowserHarness {
  browser: Browser;
  /** A new tab on the harness page, once `readyGlobal` exists; `beforeLoad` sees the tab before it loads. */
  newPage(beforeLoad?: (page: Page) => void): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Bundles `entry` (a browser module that puts `readyGlobal` on globalThis) with esbuild, serves it from
 * its own origin on a free port, and launches Chromium.
 */
export async function startBrowserHarness(
  entry: URL = new URL('./harness-entry.ts', import.meta.url),
  readyGlobal = 'runScenario',
): Promise<BrowserHarness> {
  const bundle = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  });
  const js = bundle.outputFiles[0]?.text ?? '';
  const server: Server = createServer((req, res) => {
    if (req.url === '/harness.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><html><body><script type="module" src="/harness.js"></script></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch(chromiumLaunchOptions());
  return {
    browser,
    async newPage(beforeLoad) {
      const page = await browser.newPage();
      beforeLoad?.(page);
      await page.goto(url);
      await page.waitForFunction((name) => typeof (globalThis as Record<string, unknown>)[name] === 'function', readyGlobal);
      return page;
    },
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
