/**
 * Conformance (issue 33) through the browser build of `firebase/firestore` in Debian's Chromium, over the
 * WebChannel in streaming and long-polling modes: listeners on documents holding non-ASCII text (item 1),
 * listeners ordered or filtered by numeric document ids `__id<n>__` agreeing with a get and with the SDK's own
 * cache (item 2; gRPC and REST in test/numeric-id-order.test.ts), and collection and document listeners ended
 * with permission-denied when the rules stop allowing them (item 4; gRPC in test/listener-access.test.ts).
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { getFirestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHarness } from './browser/harness';
import { startBrowserHarness } from './browser/harness';
import type { Mode } from './browser/harness-entry';
import type { ListenersConfig, ListenersGlobals } from './browser/listeners-entry';
import { NON_ASCII_DOCS, NUMERIC_IDS, NUMERIC_ID_ORDER, expectedIdQueries } from './issue33-fixtures';
import { start } from '../src/index';
import { emulatorHost, uniqueProject } from './helpers';

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startBrowserHarness(new URL('./browser/listeners-entry.ts', import.meta.url), 'runLosesAccess');
}, 60_000);

const adminApps: App[] = [];

/** firebase-admin over gRPC, as the project's server writes. */
function adminFirestore(project: string, hostPort: string): Firestore {
  const app = initializeApp({ projectId: project }, `b-listeners-${Math.random()}`);
  adminApps.push(app);
  const db = getFirestore(app);
  db.settings({ host: hostPort, ssl: false });
  return db;
}

afterAll(async () => {
  await harness?.close();
  for (const a of adminApps) await deleteApp(a);
});

const modes: Mode[] = ['streaming', 'long-polling', 'auto-detect'];

async function withPage<T>(f: (page: Page) => Promise<T>): Promise<T> {
  const page = await harness.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const out = await f(page);
    expect(errors).toEqual([]);
    return out;
  } finally {
    await page.close();
  }
}

/** Commits `writes` (path -> fields in proto3 JSON) as the owner over REST. */
async function commit(project: string, writes: Record<string, Record<string, unknown>>): Promise<void> {
  const { host, port } = emulatorHost();
  const res = await fetch(`http://${host}:${port}/v1/projects/${project}/databases/(default)/documents:commit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({
      writes: Object.entries(writes).map(([path, fields]) => ({
        update: { name: `projects/${project}/databases/(default)/documents/${path}`, fields },
      })),
    }),
  });
  expect(res.status).toBe(200);
}

describe.each(modes)('browser listeners, %s (issue 33)', (mode) => {
  it('a listener on documents holding accents, CJK and emoji (values, map keys, array elements, ids) gets its snapshots', async () => {
    const { host, port } = emulatorHost();
    const config: ListenersConfig = { host, port, project: uniqueProject(`b-nonascii-${mode}`), mode };
    const result = await withPage((page) =>
      page.evaluate(([c, docs]) => (globalThis as unknown as ListenersGlobals).runNonAscii(c, docs), [
        config,
        NON_ASCII_DOCS,
      ] as const),
    );
    const ids = Object.keys(NON_ASCII_DOCS).sort();
    expect(result['liveCollection']).toEqual(ids);
    expect(result['collection']).toEqual(NON_ASCII_DOCS);
    expect(result['documents']).toEqual(NON_ASCII_DOCS);
    expect(result['byValue']).toEqual(['ọ̀ṣọ́']);
    expect(result['getDoc']).toEqual(Object.values(NON_ASCII_DOCS)[0]);
  }, 60_000);

  it('listeners opened on a fresh emulator get their first snapshot, then what another client writes in non-ASCII text', async () => {
    // An emulator that has committed nothing yet: its first snapshots must not carry read time 0, which the
    // SDK drops (the listeners then wait for the first commit anywhere, and getDocs times out).
    const fresh = await start({ port: 0 });
    try {
      const project = uniqueProject(`b-nonascii-remote-${mode}`);
      const config: ListenersConfig = { host: fresh.host, port: fresh.port, project, mode };
      await withPage(async (page) => {
        const docIds = Object.keys(NON_ASCII_DOCS);
        const opened = await page.evaluate(
          ([c, idList]) => (globalThis as unknown as ListenersGlobals).runRemoteNonAscii(c, 'ẹ̀bùn-🎁', idList),
          [config, docIds] as const,
        );
        expect(opened[0], 'the first snapshot of a collection with listeners on it').toBe('ok');
        const admin = adminFirestore(project, `${fresh.host}:${fresh.port}`);
        for (const [id, data] of Object.entries(NON_ASCII_DOCS)) await admin.collection('ẹ̀bùn-🎁').doc(id).set(data);
        const state = (): Promise<ListenersGlobals['remoteState']> =>
          page.evaluate(() => (globalThis as unknown as ListenersGlobals).remoteState);
        let s = await state();
        await waitForAsync(async () => {
          s = await state();
          return Object.keys(s.collection).length === docIds.length && docIds.every((id) => s.documents[id]);
        }, 'the documents to reach the listeners').catch((e: unknown) => {
          throw new Error(`${String(e)}: ${JSON.stringify(s).slice(0, 500)}`);
        });
        expect(s.collection).toEqual(NON_ASCII_DOCS);
        expect(s.documents).toEqual(NON_ASCII_DOCS);
        expect(s.errors).toEqual([]);
        await page.evaluate(() => (globalThis as unknown as ListenersGlobals).listenersClose());
      });
    } finally {
      await fresh.stop();
    }
  }, 60_000);

  it('listeners ordered or filtered by numeric document ids agree with a get, the cache and Firestore', async () => {
    const { host, port } = emulatorHost();
    const project = uniqueProject(`b-numeric-${mode}`);
    await commit(project, Object.fromEntries(NUMERIC_IDS.map((id, i) => [`ids/${id}`, { i: { integerValue: String(i) } }])));
    const config: ListenersConfig = { host, port, project, mode };
    const result = await withPage((page) =>
      page.evaluate((c) => (globalThis as unknown as ListenersGlobals).runIdOrder(c, 'ids'), config),
    );
    const expected = expectedIdQueries();
    expect(result['listen']).toEqual(expected);
    expect(result['get']).toEqual(expected);
    expect(result['cache']).toEqual(expected);
    expect(expected['ordered']).toEqual(NUMERIC_ID_ORDER);
  }, 60_000);

  it('collection and document listeners end with permission-denied when the rules stop allowing them', async () => {
    const { host, port } = emulatorHost();
    const project = uniqueProject(`b-access-${mode}`);
    const uid = 'reader';
    const rules = await fetch(`http://${host}:${port}/emulator/v1/projects/${project}:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ content: ACCESS_RULES }] } }),
    });
    expect(rules.ok).toBe(true);
    const allowed = { paused: { booleanValue: false } };
    await commit(project, { [`access/${uid}`]: allowed, 'feed/one': { n: { integerValue: '1' } } });
    await withPage(async (page) => {
      const config: ListenersConfig = { host, port, project, mode, uid };
      await page.evaluate(
        (c) => (globalThis as unknown as ListenersGlobals).runLosesAccess(c, { feed: 'feed', docId: 'one' }),
        config,
      );
      const state = (): Promise<ListenersGlobals['listenersState']> =>
        page.evaluate(() => (globalThis as unknown as ListenersGlobals).listenersState);
      let s = await state();
      const poll = async (check: (st: typeof s) => boolean, what: string): Promise<void> => {
        const until = Date.now() + 10_000;
        while (!check((s = await state()))) {
          if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(s)}`);
          await new Promise((r) => setTimeout(r, 25));
        }
      };
      await poll((st) => st.col.snapshots.some((x) => x.includes('one')) && st.one.snapshots.length > 0, 'first snapshots');
      // While allowed, a change reaches both.
      await commit(project, { 'feed/one': { n: { integerValue: '2' } }, 'feed/two': { n: { integerValue: '2' } } });
      await poll(
        (st) => st.col.snapshots.some((x) => x.includes('two')) && st.one.snapshots.some((x) => x[1] === '2'),
        'a change while allowed',
      );
      // Access ends; the next change must end both listeners and reach neither.
      await commit(project, { [`access/${uid}`]: { paused: { booleanValue: true } } });
      await commit(project, { 'feed/one': { n: { integerValue: '3' } }, 'feed/three': { n: { integerValue: '3' } } });
      await poll((st) => st.col.error !== null && st.one.error !== null, 'both listeners to end');
      expect(s.col.error).toBe('permission-denied');
      expect(s.one.error).toBe('permission-denied');
      expect(s.col.snapshots.some((x) => x.includes('three'))).toBe(false);
      expect(s.one.snapshots.some((x) => x[1] === '3')).toBe(false);
      await page.evaluate(() => (globalThis as unknown as ListenersGlobals).listenersClose());
    });
  }, 60_000);

  it('a document listener ends with permission-denied when its document is deleted after access ended', async () => {
    const { host, port } = emulatorHost();
    const project = uniqueProject(`b-access-del-${mode}`);
    const uid = 'reader';
    const rules = await fetch(`http://${host}:${port}/emulator/v1/projects/${project}:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ content: ACCESS_RULES }] } }),
    });
    expect(rules.ok).toBe(true);
    await commit(project, { [`access/${uid}`]: { paused: { booleanValue: false } }, 'feed/one': { n: { integerValue: '1' } } });
    await withPage(async (page) => {
      await page.evaluate((c) => (globalThis as unknown as ListenersGlobals).runLosesAccess(c, { feed: 'feed', docId: 'one' }), {
        host,
        port,
        project,
        mode,
        uid,
      } satisfies ListenersConfig);
      const state = (): Promise<ListenersGlobals['listenersState']> =>
        page.evaluate(() => (globalThis as unknown as ListenersGlobals).listenersState);
      let s = await state();
      await waitForAsync(async () => (s = await state()).one.snapshots.length > 0, 'the first snapshot');
      await commit(project, { [`access/${uid}`]: { paused: { booleanValue: true } } });
      const res = await fetch(`http://${host}:${port}/v1/projects/${project}/databases/(default)/documents/feed/one`, {
        method: 'DELETE',
        headers: { authorization: 'Bearer owner' },
      });
      expect(res.status).toBe(200);
      await waitForAsync(async () => (s = await state()).one.error !== null, 'the document listener to end');
      expect(s.one.error).toBe('permission-denied');
      expect(s.one.snapshots.some((x) => x.length === 0)).toBe(false);
      await page.evaluate(() => (globalThis as unknown as ListenersGlobals).listenersClose());
    });
  }, 60_000);
});

async function waitForAsync(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const ACCESS_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /feed/{id} {
      allow read: if request.auth != null
        && get(/databases/$(database)/documents/access/$(request.auth.uid)).data.paused == false;
    }
  }
}
`;
