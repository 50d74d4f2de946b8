/**
 * Conformance: the browser build of `firebase/firestore` in Debian's Chromium (WebChannel + REST + CORS),
 * in streaming, forced long-polling and auto-detect modes.
 */
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHarness } from './browser/harness';
import { startBrowserHarness } from './browser/harness';
import type { HarnessGlobals, Mode, ScenarioConfig } from './browser/harness-entry';
import { emulatorHost, uniqueProject } from './helpers';

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startBrowserHarness();
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

const modes: Mode[] = ['streaming', 'long-polling', 'auto-detect'];

/** One WebChannel back-channel GET the page sent: its session, acknowledged array id and CI (0 = streaming). */
interface BackChannelGet {
  sid: string;
  aid: number;
  ci: string | null;
  type: string | null;
}

/** The back-channel GETs (`RID=rpc`) of every WebChannel session, by session id, in the order sent. */
function bySession(gets: BackChannelGet[]): Map<string, BackChannelGet[]> {
  const out = new Map<string, BackChannelGet[]>();
  for (const g of gets) out.set(g.sid, [...(out.get(g.sid) ?? []), g]);
  return out;
}

/**
 * Checks the transport a mode claims from the requests Chromium sent. Streaming: one back-channel GET per
 * session with CI=0 that stays open and carries every server message. Forced long polling: CI=1 GETs, re-sent
 * with the acknowledged array id advancing. Auto-detect: it starts streaming and only switches to CI=1 when
 * the first bytes of a streaming GET are late (a buffering proxy); the emulator flushes at once, so sessions
 * keep streaming.
 */
function expectTransport(mode: Mode, gets: BackChannelGet[]): void {
  const sessions = bySession(gets);
  expect(sessions.size, 'WebChannel sessions with a back channel').toBeGreaterThanOrEqual(2);
  for (const g of gets) expect(g.type).toBe('xmlhttp');
  if (mode === 'long-polling') {
    for (const g of gets) expect(g.ci, `${mode}: every back-channel GET long-polls`).toBe('1');
    const longest = Math.max(...[...sessions.values()].map((s) => s.length));
    expect(longest, 'a long-polled session re-sends its GET after each answer').toBeGreaterThanOrEqual(5);
    for (const s of sessions.values()) {
      const aids = s.map((g) => g.aid);
      expect(aids, 'AID never goes back').toEqual([...aids].sort((a, b) => a - b));
      if (s.length >= 3) expect(aids.at(-1)!).toBeGreaterThan(aids[0]!);
    }
  } else if (mode === 'streaming') {
    for (const g of gets) expect(g.ci, `${mode}: every back-channel GET streams`).toBe('0');
    for (const [sid, s] of sessions) expect(s.length, `${mode}: session ${sid} keeps one streaming GET`).toBe(1);
  } else {
    // Auto-detect: every session starts with one streaming GET. The SDK falls back to long polling when that
    // GET's first bytes take more than 4 handshake round trips (a loaded machine can make that happen), so a
    // session may switch once, but the emulator flushes at once and at least one session must keep streaming.
    for (const [sid, s] of sessions) {
      expect(s[0]!.ci, `${mode}: session ${sid} starts streaming`).toBe('0');
      for (const g of s.slice(1))
        expect(g.ci, `${mode}: session ${sid} streams once, then long-polls only if it switched`).toBe('1');
    }
    expect(
      [...sessions.values()].some((s) => s.length === 1),
      `${mode}: a session that kept streaming`,
    ).toBe(true);
  }
}

describe.each(modes)('browser SDK, %s', (mode) => {
  it('runs the whole scenario', async () => {
    const { host, port } = emulatorHost();
    const gets: BackChannelGet[] = [];
    const page = await harness.newPage((p) =>
      p.on('request', (req: Request) => {
        const url = new URL(req.url());
        if (!url.pathname.endsWith('/channel') || req.method() !== 'GET' || url.searchParams.get('RID') !== 'rpc') return;
        const q = url.searchParams;
        gets.push({ sid: q.get('SID') ?? '', aid: Number(q.get('AID')), ci: q.get('CI'), type: q.get('TYPE') });
      }),
    );
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const config: ScenarioConfig = { host, port, project: uniqueProject(`browser-${mode}`), mode };
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        page
          .evaluate(() => (globalThis as unknown as HarnessGlobals).scenarioProgress.join(' > '))
          .then((steps) => reject(new Error(`scenario hung after: ${steps}; page errors: ${errors.join('; ')}`)), reject);
      }, 45_000);
    });
    const result = await Promise.race([
      page.evaluate((c) => (globalThis as unknown as HarnessGlobals).runScenario(c), config),
      hung,
    ]);
    clearTimeout(timer);
    await page.close();
    expect(result).toEqual({
      values: {
        s: 'é✓😀',
        i: 42,
        d: 1.5,
        b: true,
        n: null,
        t: 1_700_000_000_000.005,
        g: [6.5, 3.4],
        y: [0, 255],
        a: [1, 'x'],
        m: { deep: { er: 1 } },
      },
      transforms: { i: 50, a: [1, 'x', 'z'], atIsTimestamp: true },
      query: ['d4', 'd2'],
      cursor: ['d4', 'd5'],
      count: 4,
      limitToLast: ['d4', 'd5'],
      or: ['d0', 'd5'],
      aggregate: { total: 15, mean: 2.5 },
      fieldOps: { n: 0, tags: ['b'] },
      atomic: ['not-found', false],
      transactions: 5,
      pending: ['undefined:done', true, '1:done'],
      board: 'ok',
      missing: 'not-found',
      deleted: true,
    });
    expect(errors).toEqual([]);
    expectTransport(mode, gets);
  }, 60_000);
});

describe('REST from another origin', () => {
  it('answers a runQuery preflight and the actual request with the CORS headers the browser needs', async () => {
    const { hostPort } = emulatorHost();
    const project = uniqueProject('browser-cors');
    const db = `projects/${project}/databases/(default)`;
    const seeded = await fetch(`http://${hostPort}/v1/${db}/documents:commit`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify({
        writes: [1, 2, 3].map((n) => ({
          update: { name: `${db}/documents/cors/d${n}`, fields: { n: { integerValue: String(n) } } },
        })),
      }),
    });
    expect(seeded.status).toBe(200);
    const page = await harness.newPage();
    const origin = new URL(page.url()).origin;
    expect(origin).not.toBe(`http://${hostPort}`);
    const url = `http://${hostPort}/v1/${db}/documents:runQuery`;
    // The headers the SDK sends on its REST calls (they force a preflight).
    const sdkHeaders = [
      'authorization',
      'google-cloud-resource-prefix',
      'x-firebase-gmpid',
      'x-goog-api-client',
      'x-goog-api-key',
      'x-goog-request-params',
    ];

    // The preflight, as Chromium sends it.
    const pre = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': sdkHeaders.join(',') },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    expect(pre.headers.get('access-control-allow-methods')?.split(/\s*,\s*/)).toContain('POST');
    const allowed = (pre.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    for (const h of sdkHeaders) expect(allowed).toContain(h);

    // The actual request from the page (credentials included, SDK headers): the browser itself enforces the
    // preflight's and the response's CORS headers, so any mistake rejects the fetch.
    const responses: { status: number; allowOrigin: string | undefined; allowCredentials: string | undefined }[] = [];
    page.on('response', (r) => {
      if (r.url() === url && r.request().method() === 'POST') {
        const h = r.headers();
        responses.push({
          status: r.status(),
          allowOrigin: h['access-control-allow-origin'],
          allowCredentials: h['access-control-allow-credentials'],
        });
      }
    });
    const body = JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: 'cors' }],
        where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'GREATER_THAN', value: { integerValue: '1' } } },
        orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
      },
    });
    const result = await page.evaluate(
      async ({ url, body, project }) => {
        try {
          const res = await fetch(url, {
            method: 'POST',
            credentials: 'include',
            headers: {
              'content-type': 'text/plain',
              authorization: 'Bearer owner',
              'google-cloud-resource-prefix': `projects/${project}/databases/(default)`,
              'x-firebase-gmpid': 'app-id',
              'x-goog-api-client': 'gl-js/ fire/12',
              'x-goog-api-key': 'fake-api-key',
              'x-goog-request-params': `project_id=${project}`,
            },
            body,
          });
          const rows = (await res.json()) as { document?: { name: string } }[];
          return { status: res.status, names: rows.flatMap((r) => (r.document ? [r.document.name.split('/').pop()] : [])) };
        } catch (e) {
          return { error: String(e) };
        }
      },
      { url, body, project },
    );
    expect(result).toEqual({ status: 200, names: ['d3', 'd2'] });
    expect(responses).toEqual([{ status: 200, allowOrigin: origin, allowCredentials: 'true' }]);
    await page.close();
  });
});
