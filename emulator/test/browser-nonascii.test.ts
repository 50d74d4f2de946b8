/**
 * Issue 33 item 1, second hunt (ADR 0054): listeners of the browser build of `firebase/firestore` in Debian's Chromium,
 * over the WebChannel in streaming, long-polling and auto-detect modes, on text that could break the transport's
 * framing or parsing, on snapshots of hundreds of KB, with the emulator's answers split into pieces of a few bytes by
 * a TCP proxy (a multi-byte character cut at every possible place, as a real network may deliver it), on non-ASCII
 * field paths, collection ids and collection groups, and on a persistent cache re-listening with a resume token.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { getFirestore } from 'firebase-admin/firestore';
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHarness } from './browser/harness';
import { startBrowserHarness } from './browser/harness';
import type { Mode } from './browser/harness-entry';
import type { ProbeConfig, ProbeGlobals } from './browser/nonascii-entry';
import { NON_ASCII_DOCS } from './issue33-fixtures';
import { emulatorHost, uniqueProject } from './helpers';

/** Strings JSON, URL encoding or a streaming decoder could treat specially, in values, map keys and ids. */
export const AWKWARD_DOCS: Record<string, Record<string, unknown>> = {
  'sep\u2028\u2029': { s: 'a\u2028b\u2029c', 'k\u2028': '\u2029', list: ['\u2028', 'x\u2029'] },
  'nul-in-value': { s: 'a\u0000b', list: ['\u0000'], m: { k: '\u0000\u0000' } },
  '\uFEFFbom': { s: '\uFEFFstarts with a BOM', '\uFEFF': '\uFEFF', m: { '\uFEFFk': 'v\uFEFF' } },
  'é-nfc': { s: '\u00e9', note: 'precomposed' },
  'e\u0301-nfd': { s: 'e\u0301', marks: 'Ọ̀ṣọ́ a\u0300\u0301\u0302\u0303\u0304', zwj: '👨‍👩‍👧 🏳️‍🌈' },
  'escapes-"\\': {
    s: '"\\/\b\f\n\r\t\u0001\u001f\u007f\u0080\u009f</script><!-- %20 %zz + & = ;',
    'k"\\': 'v',
    'a+b&c=d%': '+&=%',
  },
  'astral-𝕏': { s: '𝕏𠀀𐍈 \uD83D\uDE00', '𠀀': { '𝕏': ['𐍈'] }, fffd: '\uFFFD\uFFFF\uFFFE' },
};

/** Every 1-, 2-, 3- and 4-byte UTF-8 form, repeated so that any cut of the stream lands inside one. */
const MIXED = 'aé₦😀ọ̀\u2028'.repeat(80);

const CODE_POINTS = Array.from(MIXED);

/** `n` documents of about 1.5 KB of mixed text each (n = 300: a first snapshot of ~450 KB of UTF-8). */
function bigSnapshot(n: number): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < n; i++) {
    out[`ọ̀-${String(i).padStart(4, '0')}-😀`] = {
      i,
      text: CODE_POINTS.slice(i % 7).join(''),
      m: { [`kẹ́y-${i % 5}-🗝`]: CODE_POINTS.slice(0, 40 + (i % 11)).join('') },
    };
  }
  return out;
}

/**
 * A TCP proxy in front of the emulator that hands the browser every answer in pieces of 1 to 7 bytes, one per
 * turn of the event loop (so a multi-byte character is cut at every possible place across reads).
 */
async function splittingProxy(target: { host: string; port: number }): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    client.setNoDelay(true);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    let queue: Buffer[] = [];
    let pumping = false;
    let size = 1;
    const pump = (): void => {
      const head = queue[0];
      if (!head) {
        pumping = false;
        return;
      }
      const n = Math.min(size, head.length);
      size = (size % 7) + 1;
      if (!client.destroyed) client.write(head.subarray(0, n));
      if (n === head.length) queue.shift();
      else queue[0] = head.subarray(n);
      setImmediate(pump);
    };
    upstream.on('data', (b: Buffer) => {
      queue.push(b);
      if (!pumping) {
        pumping = true;
        setImmediate(pump);
      }
    });
    const end = (): void => {
      queue = [];
      client.destroy();
      upstream.destroy();
    };
    upstream.on('close', () => {
      // Let the pieces already queued go out before closing the browser's side.
      const wait = (): void => {
        if (queue.length === 0 || client.destroyed) end();
        else setTimeout(wait, 5);
      };
      wait();
    });
    client.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let harness: BrowserHarness;
let proxy: { port: number; close(): Promise<void> };
const adminApps: App[] = [];

beforeAll(async () => {
  harness = await startBrowserHarness(new URL('./browser/nonascii-entry.ts', import.meta.url), 'probeLive');
  proxy = await splittingProxy(emulatorHost());
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  for (const a of adminApps) await deleteApp(a);
});

/** firebase-admin over gRPC (another client, as the project's server). */
function admin(project: string): Firestore {
  const app = initializeApp({ projectId: project }, `b-nonascii-${Math.random()}`);
  adminApps.push(app);
  const db = getFirestore(app);
  db.settings({ host: emulatorHost().hostPort, ssl: false });
  return db;
}

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

/** JSON text with every object's keys sorted (order-insensitive comparison). */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
}

type Via = 'direct' | 'split';
function config(mode: Mode, via: Via, prefix: string, extra: Partial<ProbeConfig> = {}): ProbeConfig {
  const { host, port } = emulatorHost();
  return { host, port: via === 'split' ? proxy.port : port, project: uniqueProject(`${prefix}-${mode}`), mode, ...extra };
}

async function probeDocs(
  page: Page,
  c: ProbeConfig,
  collectionId: string,
  docs: Record<string, unknown>,
  write: boolean,
): Promise<Record<string, unknown>> {
  const text = await page.evaluate(
    ([cfg, col, json, w]) => (globalThis as unknown as ProbeGlobals).probeDocs(cfg, col, json, w),
    [c, collectionId, JSON.stringify(docs), write] as const,
  );
  return JSON.parse(text) as Record<string, unknown>;
}

const modes: Mode[] = ['streaming', 'long-polling', 'auto-detect'];

describe.each(modes)('browser listeners on awkward text, %s (issue 33 item 1)', (mode) => {
  it.each<Via>(['direct', 'split'])(
    'documents the page writes, read back by listeners (%s)',
    async (via) => {
      const c = config(mode, via, 'b-awkward');
      const out = await withPage((page) => probeDocs(page, c, 'wëird-⚽', AWKWARD_DOCS, true));
      expect(out['writes']).toBe(0);
      expect(out['sameClientCollection']).toEqual(AWKWARD_DOCS);
      expect(out['collection']).toEqual(AWKWARD_DOCS);
      expect(out['documents']).toEqual(AWKWARD_DOCS);
      expect(out['get']).toEqual(AWKWARD_DOCS);
    },
    90_000,
  );

  it.each<Via>(['direct', 'split'])(
    'documents another client writes over gRPC, then listened to (%s)',
    async (via) => {
      const c = config(mode, via, 'b-awkward-grpc');
      const db = admin(c.project);
      const all = { ...NON_ASCII_DOCS, ...AWKWARD_DOCS };
      const batch = db.batch();
      for (const [id, data] of Object.entries(all)) batch.set(db.collection('ọjà-🛒').doc(id), data);
      await batch.commit();
      const out = await withPage((page) => probeDocs(page, c, 'ọjà-🛒', all, false));
      expect(out['sameClientCollection']).toEqual(all);
      expect(out['collection']).toEqual(all);
      expect(out['documents']).toEqual(all);
    },
    90_000,
  );

  // Through the proxy, 120 documents (~180 KB) keep the test under a minute on a loaded 2-core machine.
  it.each<[Via, number]>([
    ['direct', 300],
    ['split', 120],
  ])(
    'a first snapshot of many documents of mixed UTF-8 (%s, %i documents)',
    async (via, n) => {
      const c = config(mode, via, 'b-big');
      const db = admin(c.project);
      const docs = bigSnapshot(n);
      const batch = db.batch();
      for (const [id, data] of Object.entries(docs)) batch.set(db.collection('ńlá').doc(id), data);
      await batch.commit();
      const text = await withPage((page) =>
        page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probePersisted(cfg, 'ńlá', 90_000), [c] as const),
      );
      expect(JSON.parse(text)).toEqual(docs);
    },
    150_000,
  );

  it('queries whose targets hold non-ASCII field paths, values, collection ids and groups', async () => {
    const c = config(mode, 'direct', 'b-targets');
    const text = await withPage((page) =>
      page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probeTargets(cfg), [c] as const),
    );
    expect(JSON.parse(text)).toEqual({
      fieldEquals: ['ọ̀kan'],
      backtickPath: ['ọ̀kan'],
      orderByNonAscii: ['ọ̀kan', 'èjì'],
      arrayContains: ['ọ̀kan'],
      in: ['èjì'],
      mapKeyWithDot: ['èjì'],
      group: ['òkè/a/ẹgbẹ́-👥/ẹ̀ta', 'ẹgbẹ́-👥/ọ̀kan'],
      subcollection: ['ẹ̀ta'],
    });
  }, 90_000);

  it('a persistent cache re-listens with its resume token after another client changed non-ASCII documents', async () => {
    const c = config(mode, 'direct', 'b-persist', { persistent: true, appName: `persist-${mode}` });
    const db = admin(c.project);
    const col = db.collection('àkójọ-📦');
    await col.doc('ọ̀ṣọ́').set(NON_ASCII_DOCS['ọ̀ṣọ́'] as Record<string, unknown>);
    await col.doc('日本語').set(NON_ASCII_DOCS['日本語'] as Record<string, unknown>);
    await withPage(async (page) => {
      const run = async (): Promise<unknown> =>
        JSON.parse(
          await page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probePersisted(cfg, 'àkójọ-📦'), [c] as const),
        ) as unknown;
      expect(await run()).toEqual({ ọ̀ṣọ́: NON_ASCII_DOCS['ọ̀ṣọ́'], 日本語: NON_ASCII_DOCS['日本語'] });
      // While closed: one document changes, one goes, one arrives (the resume token's snapshot is stale).
      await col.doc('ọ̀ṣọ́').set({ name: 'Ọ̀ṣọ́ 2', amount: '₦7,500' });
      await col.doc('日本語').delete();
      await col.doc('emoji-😀').set(NON_ASCII_DOCS['emoji-😀'] as Record<string, unknown>);
      expect(await run()).toEqual({ ọ̀ṣọ́: { name: 'Ọ̀ṣọ́ 2', amount: '₦7,500' }, 'emoji-😀': NON_ASCII_DOCS['emoji-😀'] });
      // Unchanged since: the resume token alone brings the listener current.
      expect(await run()).toEqual({ ọ̀ṣọ́: { name: 'Ọ̀ṣọ́ 2', amount: '₦7,500' }, 'emoji-😀': NON_ASCII_DOCS['emoji-😀'] });
    });
  }, 90_000);

  it('update masks and transforms on non-ASCII field names and names holding backtick, backslash and dot', async () => {
    const c = config(mode, 'direct', 'b-masks');
    const text = await withPage((page) =>
      page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probeMasks(cfg, 'àmì'), [c] as const),
    );
    expect(JSON.parse(text)).toEqual({
      'naïra ₦': 5,
      'k`tick': 'A',
      m: { 'a.b': 2, ẹ̀: 'ý' },
      list: ['ọ̀', '😀'],
      'nèw 🆕': { 'ọ̀`': 'z' },
    });
  }, 90_000);

  it('the same client listens again after another client changed non-ASCII documents (memory cache, resume token)', async () => {
    const c = config(mode, 'direct', 'b-relisten');
    const db = admin(c.project);
    const col = db.collection('àtúnṣe-🔁');
    await col.doc('ọ̀ṣọ́').set({ name: 'Ọ̀ṣọ́', v: 1 });
    await col.doc('日本語').set({ name: '東京' });
    await withPage(async (page) => {
      const result = page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probeRelisten(cfg, 'àtúnṣe-🔁'), [
        c,
      ] as const);
      await page.waitForFunction(() => typeof (globalThis as unknown as Partial<ProbeGlobals>).relistenGo === 'function');
      await col.doc('ọ̀ṣọ́').set({ name: 'Ọ̀ṣọ́ — ₦2', v: 2 });
      await col.doc('日本語').delete();
      await col.doc('emoji-😀').set({ '😀': ['🇳🇬'] });
      await page.evaluate(() => (globalThis as unknown as ProbeGlobals).relistenGo());
      expect(JSON.parse(await result)).toEqual({
        first: { ọ̀ṣọ́: { name: 'Ọ̀ṣọ́', v: 1 }, 日本語: { name: '東京' } },
        second: { ọ̀ṣọ́: { name: 'Ọ̀ṣọ́ — ₦2', v: 2 }, 'emoji-😀': { '😀': ['🇳🇬'] } },
        one: { name: 'Ọ̀ṣọ́ — ₦2', v: 2 },
      });
    });
  }, 90_000);

  it('a persistent cache after a page reload, then another client changes a non-ASCII document', async () => {
    const c = config(mode, 'direct', 'b-reload', { persistent: true, appName: 'reload' });
    const db = admin(c.project);
    const col = db.collection('ìrántí-💾');
    await col.doc('ọ̀ṣọ́').set({ name: 'Ọ̀ṣọ́', amount: '₦5,000' });
    const page = await harness.newPage();
    try {
      const run = async (): Promise<unknown> =>
        JSON.parse(
          await page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probePersisted(cfg, 'ìrántí-💾'), [c] as const),
        ) as unknown;
      expect(await run()).toEqual({ ọ̀ṣọ́: { name: 'Ọ̀ṣọ́', amount: '₦5,000' } });
      await col.doc('ọ̀ṣọ́').set({ name: 'Ọ̀ṣọ́', amount: '₦7,500' });
      await col.doc('café').set({ s: 'crème' });
      await page.reload();
      await page.waitForFunction(() => typeof (globalThis as unknown as Partial<ProbeGlobals>).probePersisted === 'function');
      expect(await run()).toEqual({ ọ̀ṣọ́: { name: 'Ọ̀ṣọ́', amount: '₦7,500' }, café: { s: 'crème' } });
      await page.reload();
      await page.waitForFunction(() => typeof (globalThis as unknown as Partial<ProbeGlobals>).probePersisted === 'function');
      expect(await run()).toEqual({ ọ̀ṣọ́: { name: 'Ọ̀ṣọ́', amount: '₦7,500' }, café: { s: 'crème' } });
    } finally {
      await page.close();
    }
  }, 90_000);

  it('a user whose uid and name are not ASCII: listeners the rules allow by comparing them', async () => {
    const c = config(mode, 'direct', 'b-user');
    const { host, port } = emulatorHost();
    const rules = await fetch(`http://${host}:${port}/emulator/v1/projects/${c.project}:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ content: USER_RULES }] } }),
    });
    expect(rules.ok).toBe(true);
    const uid = 'Ọlámídé-😀';
    const db = admin(c.project);
    await db.collection('apo').doc(uid).set({ owner: uid, amount: '₦5,000' });
    await db.collection('apo').doc('ẹlòmíì').set({ owner: 'ẹlòmíì' });
    const text = await withPage((page) =>
      page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probeAsUser(cfg, 'apo'), [
        { ...c, uid, name: 'Ọlámídé Ọ̀ṣọ́' },
      ] as const),
    );
    expect(JSON.parse(text)).toEqual({ mine: [uid], one: { owner: uid, amount: '₦5,000' }, denied: 'permission-denied' });
  }, 90_000);

  it('REST from the browser (aggregations, a transaction) on non-ASCII paths, then a listener', async () => {
    const c = config(mode, 'direct', 'b-rest');
    const text = await withPage((page) =>
      page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probeRest(cfg), [c] as const),
    );
    expect(JSON.parse(text)).toEqual({
      count: 1,
      sumN: 3,
      tx: 'Ọ̀',
      after: { ọ̀kan: { n: 1, s: 'Ọ̀' }, èjì: { n: 2, s: '😀' }, ẹ̀ta: { n: 3, s: 'Ọ̀-₦' } },
    });
  }, 90_000);

  it.each<Via>(['direct', 'split'])(
    'an open listener gets large non-ASCII changes another client writes (%s)',
    async (via) => {
      const c = config(mode, via, 'b-live');
      const db = admin(c.project);
      await withPage(async (page) => {
        await page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probeLive(cfg, 'ìròyìn'), [c] as const);
        const state = async (): Promise<{ latest: Record<string, unknown> | null; fromServer: boolean; error: string | null }> =>
          JSON.parse(await page.evaluate(() => (globalThis as unknown as ProbeGlobals).liveState())) as {
            latest: Record<string, unknown> | null;
            fromServer: boolean;
            error: string | null;
          };
        const until = async (want: Record<string, unknown>, what: string): Promise<void> => {
          const deadline = Date.now() + 20_000;
          let s = await state();
          while (!(s.fromServer && canonical(s.latest) === canonical(want))) {
            if (Date.now() > deadline || s.error)
              throw new Error(`timed out waiting for ${what}: ${JSON.stringify(s).slice(0, 300)}`);
            await new Promise((r) => setTimeout(r, 50));
            s = await state();
          }
        };
        await until({}, 'the first (empty) snapshot');
        const want: Record<string, unknown> = {};
        // Sizes around the powers of two a reader's buffer might use, each ending in a 4-byte character.
        for (const size of [1023, 4095, 16383, 65535]) {
          const id = `ọ̀-${size}-😀`;
          want[id] = { s: 'é'.repeat(size) + '😀', t: MIXED };
          await db
            .collection('ìròyìn')
            .doc(id)
            .set(want[id] as Record<string, unknown>);
          await until({ ...want }, `the document of ${size} characters`);
        }
        await page.evaluate(() => (globalThis as unknown as ProbeGlobals).liveClose());
      });
    },
    120_000,
  );
});

const USER_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /apo/{id} {
      allow read: if request.auth != null && request.auth.token.name == 'Ọlámídé Ọ̀ṣọ́'
        && resource.data.owner == request.auth.uid;
    }
  }
}
`;
