/**
 * The production build the browser tests run against is the one users get (issue 30): React itself in its
 * production build (its errors point to react.dev/errors), not Preact, not React's development build (whose
 * warnings, about 58 KB gzip more, came in when the stack built the app under vitest's NODE_ENV=test).
 * The JavaScript is read as a browser reaches it: index.html, then every module it names and they import.
 */
import { describe, expect, inject, test } from 'vitest';

const { webUrl } = inject('stack');

/** Every JavaScript file the app can load: index.html's scripts and preloads, and their static and dynamic imports. */
async function appScripts(): Promise<Map<string, string>> {
  const html = await (await fetch(`${webUrl}/login`)).text();
  const pending = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  // index.html's route map names every route's chunks.
  for (const m of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) pending.push(m[1] ?? '');
  const scripts = new Map<string, string>();
  while (pending.length > 0) {
    const path = pending.pop() ?? '';
    if (path === '' || scripts.has(path)) continue;
    const response = await fetch(`${webUrl}${path}`);
    expect(response.status, path).toBe(200);
    const code = await response.text();
    scripts.set(path, code);
    for (const m of code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) pending.push(`/assets/${m[1] ?? ''}`);
  }
  return scripts;
}

describe('the production build', () => {
  test("carries React's production build and no Preact", async () => {
    const scripts = await appScripts();
    expect(scripts.size).toBeGreaterThan(10);
    const all = [...scripts.values()].join('\n');
    // React's production build replaces its messages with links to its error decoder.
    expect(all).toContain('react.dev/errors/');
    // React's development build: its warnings and the act() environment check.
    expect(all).not.toContain('is deprecated in plain JavaScript React classes');
    expect(all).not.toContain('The current testing environment is not configured to support act');
    expect(all).not.toMatch(/preact/i);
  });
});
