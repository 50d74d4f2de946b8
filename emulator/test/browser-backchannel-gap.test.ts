/**
 * Issue 33 item 1, found while hunting (ADR 0054): a streaming WebChannel back channel that drops while it carries a
 * first snapshot of more than 1000 messages. The browser SDK re-opens the back channel with the last array id it
 * processed (AID); the emulator must then either send every array after it again or end the session (400 'Unknown
 * SID', after which the SDK opens a new stream and listens again). Before ADR 0054 it kept only the newest 1000
 * written-but-unacknowledged arrays and sent those, so the client missed the target's ADD and the first documents,
 * and the listener never got its snapshot. Long polling never dropped arrays (each answer ends the request); it is
 * here so that a cut long poll keeps losing nothing.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { connect, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHarness } from './browser/harness';
import { startBrowserHarness } from './browser/harness';
import type { Mode } from './browser/harness-entry';
import type { ProbeConfig, ProbeGlobals } from './browser/nonascii-entry';
import { emulatorHost, uniqueProject } from './helpers';

/**
 * A TCP proxy in front of the emulator that, once armed, either cuts a Listen back channel (a GET with RID=rpc) after
 * `cutAfter` bytes of its answer, as a network drop would, or holds the next one's answer back for `holdMs`, as a
 * buffering proxy would (the browser SDK's auto-detect then switches to long polling). Armed to cut, it stays armed
 * until it has cut one: in auto-detect mode on a loaded machine the SDK may close its first, streaming back channel
 * before `cutAfter` bytes (its first byte came late) and carry the snapshot on a long poll, which is then the one cut.
 * It counts the long polls.
 */
async function cuttingProxy(target: { host: string; port: number }, cutAfter: number, holdMs: number) {
  const sockets = new Set<Socket>();
  let armed: 'cut' | 'hold' | null = null;
  let cuts = 0;
  let longPolls = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let cutting = false;
    let held: Buffer[] | null = null;
    let passed = 0;
    client.on('data', (b: Buffer) => {
      const head = b.toString('latin1');
      // A new request on this connection (keep-alive): only a Listen back channel's answer is ever cut.
      if (/^[A-Z]+ \//.test(head)) {
        cutting = false;
        passed = 0;
      }
      if (/^GET \/google\.firestore\.v1\.Firestore\/Listen\/channel\?[^ ]*RID=rpc/.test(head)) {
        if (/[?&]CI=1/.test(head.slice(0, head.indexOf(' HTTP/')))) longPolls++;
        if (armed === 'cut') cutting = true;
        if (armed === 'hold') {
          const buffer: Buffer[] = [];
          held = buffer;
          setTimeout(() => {
            held = null;
            if (!client.destroyed) for (const x of buffer) client.write(x);
          }, holdMs);
          armed = null;
        }
      }
      upstream.write(b);
    });
    upstream.on('data', (b: Buffer) => {
      if (held) {
        held.push(b);
        return;
      }
      if (!cutting || armed !== 'cut') {
        client.write(b);
        return;
      }
      if (passed + b.length <= cutAfter) {
        passed += b.length;
        client.write(b);
        return;
      }
      client.write(b.subarray(0, cutAfter - passed));
      cuts++;
      armed = null;
      client.destroy();
      upstream.destroy();
    });
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    arm: (how: 'cut' | 'hold') => {
      armed = how;
    },
    cuts: () => cuts,
    longPolls: () => longPolls,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let harness: BrowserHarness;
let proxy: Awaited<ReturnType<typeof cuttingProxy>>;
const apps: App[] = [];

beforeAll(async () => {
  harness = await startBrowserHarness(new URL('./browser/nonascii-entry.ts', import.meta.url), 'probeLive');
  proxy = await cuttingProxy(emulatorHost(), 20_000, 1500);
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  for (const a of apps) await deleteApp(a);
});

const DOCS = 1500;

/** A project of its own holding DOCS documents with non-ASCII ids and text, written over gRPC. */
async function seededProject(tag: string): Promise<string> {
  const project = uniqueProject(tag);
  const app = initializeApp({ projectId: project }, `gap-${Math.random()}`);
  apps.push(app);
  const db = getFirestore(app);
  db.settings({ host: emulatorHost().hostPort, ssl: false });
  const writer = db.bulkWriter();
  for (let i = 0; i < DOCS; i++) void writer.set(db.collection('ọjà').doc(`ọ̀-${String(i).padStart(5, '0')}`), { i, s: 'é₦😀' });
  await writer.close();
  return project;
}

describe.each<Mode>(['streaming', 'long-polling', 'auto-detect'])('a dropped back channel, %s (issue 33 item 1)', (mode) => {
  it(`a first snapshot of ${DOCS} documents still arrives after its back channel drops mid-answer`, async () => {
    const project = await seededProject(`b-gap-${mode}`);

    const { host } = emulatorHost();
    const c: ProbeConfig = { host, port: proxy.port, project, mode };
    const before = proxy.cuts();
    proxy.arm('cut');
    const page = await harness.newPage();
    try {
      const text = await page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probePersisted(cfg, 'ọjà', 30_000), [
        c,
      ] as const);
      expect(proxy.cuts() - before, 'the back channel was cut').toBe(1);
      expect(text).not.toBe('"timeout"');
      expect(Object.keys(JSON.parse(text) as Record<string, unknown>)).toHaveLength(DOCS);
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe('a buffering proxy, auto-detect (issue 33 item 1)', () => {
  it(`a first snapshot of ${DOCS} documents still arrives after auto-detect gives up streaming for long polling`, async () => {
    const project = await seededProject('b-gap-hold');

    const { host } = emulatorHost();
    const c: ProbeConfig = { host, port: proxy.port, project, mode: 'auto-detect' };
    const before = proxy.longPolls();
    proxy.arm('hold');
    const page = await harness.newPage();
    try {
      const text = await page.evaluate(([cfg]) => (globalThis as unknown as ProbeGlobals).probePersisted(cfg, 'ọjà', 30_000), [
        c,
      ] as const);
      expect(proxy.longPolls() - before, 'the SDK switched to long polling').toBeGreaterThan(0);
      expect(text).not.toBe('"timeout"');
      expect(Object.keys(JSON.parse(text) as Record<string, unknown>)).toHaveLength(DOCS);
    } finally {
      await page.close();
    }
  }, 120_000);
});
