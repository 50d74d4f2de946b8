/**
 * The wire protocols spoken by hand: WebChannel (handshake, framing, AID re-send, map-id de-dup, long
 * polling, terminate, unknown SID), REST (document endpoints, errors, CORS) and the emulator endpoints.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index';
import { start } from '../src/index';

let emulator: RunningEmulator;
let base: string;
const DB = 'projects/demo-wire/databases/(default)';

beforeAll(async () => {
  emulator = await start({ port: 0 });
  base = `http://${emulator.host}:${emulator.port}`;
});

afterAll(async () => {
  await emulator.stop();
});

/** Splits `<len>\n<payload>` chunks (lengths in UTF-16 units) and parses each payload. */
function parseChunks(text: string): unknown[] {
  const out: unknown[] = [];
  let i = 0;
  while (i < text.length) {
    const nl = text.indexOf('\n', i);
    const len = Number(text.slice(i, nl));
    out.push(JSON.parse(text.slice(nl + 1, nl + 1 + len)));
    i = nl + 1 + len;
  }
  return out;
}

const form = (messages: object[], ofs: number): string => {
  const p = new URLSearchParams({ count: String(messages.length), ofs: String(ofs) });
  messages.forEach((m, i) => p.set(`req${i}___data__`, JSON.stringify(m)));
  return p.toString();
};

async function handshake(method: 'Listen' | 'Write', first: object, headers = ''): Promise<{ sid: string; gsid: string | null }> {
  const body = `headers=${encodeURIComponent(headers)}&${form([first], 0)}`;
  const res = await fetch(
    `${base}/google.firestore.v1.Firestore/${method}/channel?VER=8&database=${encodeURIComponent(DB)}&RID=100&CVER=22&X-HTTP-Session-Id=gsessionid&t=1`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://app.example' },
      body,
    },
  );
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe('http://app.example');
  expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  expect(res.headers.get('access-control-expose-headers')).toContain('X-HTTP-Session-Id');
  const [payload] = parseChunks(await res.text()) as [[number, [string, string, string, number, number, number]][]];
  const c = payload[0]!;
  expect(c[0]).toBe(0);
  expect(c[1][0]).toBe('c');
  expect(c[1].slice(2)).toEqual(['', 8, 14, 30000]);
  return { sid: c[1][1], gsid: res.headers.get('x-http-session-id') };
}

/** One long-poll GET (CI=1): resolves with the arrays it delivered. */
async function poll(method: 'Listen' | 'Write', sid: string, aid: number): Promise<[number, unknown[]][]> {
  const res = await fetch(
    `${base}/google.firestore.v1.Firestore/${method}/channel?VER=8&RID=rpc&SID=${sid}&AID=${aid}&CI=1&TYPE=xmlhttp&t=1`,
  );
  expect(res.status).toBe(200);
  return parseChunks(await res.text()).flat() as [number, unknown[]][];
}

describe('WebChannel', () => {
  it('streams a Write session with AID re-send, map-id de-dup and UTF-16 framing', async () => {
    const { sid, gsid } = await handshake('Write', { database: DB });
    expect(gsid).toBeTruthy();
    const first = await poll('Write', sid, 0);
    expect(first[0]![0]).toBe(1);
    const hello = first[0]![1][0] as { streamId: string; streamToken: string };
    expect(typeof hello.streamToken).toBe('string');

    const write = {
      streamToken: hello.streamToken,
      writes: [{ update: { name: `${DB}/documents/wc/doc`, fields: { s: { stringValue: 'é✓😀' } } } }],
    };
    const post = async (ofs: number): Promise<unknown> => {
      const res = await fetch(`${base}/google.firestore.v1.Firestore/Write/channel?VER=8&SID=${sid}&RID=101&AID=1`, {
        method: 'POST',
        body: form([write], ofs),
      });
      return parseChunks(await res.text())[0];
    };
    expect(await post(1)).toEqual([1, 2, expect.any(Number)]);
    await post(1); // a retry of map id 1: must not write twice
    const second = await poll('Write', sid, 1);
    expect(second.map((a) => a[0])).toEqual([2]);
    const ack = second[0]![1][0] as { writeResults: unknown[]; commitTime: string };
    expect(ack.writeResults).toHaveLength(1);
    expect(ack.commitTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
    // AID=1 again: array 2 was not acknowledged, so it is sent again (and only it).
    const again = await poll('Write', sid, 1);
    expect(again.map((a) => a[0])).toEqual([2]);

    const stored = await fetch(`${base}/v1/${DB}/documents/wc/doc`);
    const doc = (await stored.json()) as { fields: unknown; updateTime: string };
    expect(doc.fields).toEqual({ s: { stringValue: 'é✓😀' } });
    expect(doc.updateTime).toBe(ack.commitTime);

    const term = await fetch(`${base}/google.firestore.v1.Firestore/Write/channel?VER=8&SID=${sid}&RID=102&TYPE=terminate`, {
      method: 'POST',
    });
    expect(term.status).toBe(200);
    const gone = await fetch(
      `${base}/google.firestore.v1.Firestore/Write/channel?VER=8&RID=rpc&SID=${sid}&AID=2&CI=0&TYPE=xmlhttp`,
    );
    expect(gone.status).toBe(400);
    expect(await gone.text()).toBe('Unknown SID');
  });

  it('answers a forward request with the UTF-8 bytes of the arrays not yet acknowledged', async () => {
    const res = await fetch(`${base}/v1/${DB}/documents:commit`, {
      method: 'POST',
      body: JSON.stringify({
        writes: [{ update: { name: `${DB}/documents/wb/ọ̀`, fields: { s: { stringValue: 'é😀₦'.repeat(5000) } } } }],
      }),
    });
    expect(res.status).toBe(200);
    const { sid } = await handshake('Listen', {
      database: DB,
      addTarget: { targetId: 2, query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'wb' }] } } },
    });
    const post = await fetch(`${base}/google.firestore.v1.Firestore/Listen/channel?VER=8&SID=${sid}&RID=101&AID=0`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'count=0&ofs=1',
    });
    const [answer] = parseChunks(await post.text()) as [[number, number, number]];
    const arrays = await poll('Listen', sid, 0);
    expect(answer[1]).toBe(arrays.at(-1)![0]);
    const bytes = arrays.reduce((n, a) => n + Buffer.byteLength(JSON.stringify(a), 'utf8'), 0);
    // 45 000 bytes of text (20 000 UTF-16 units): over closure's 37500, where counting units said under.
    expect(answer[2]).toBe(bytes);
    expect(answer[2]).toBeGreaterThan(45_000);
  });

  it('ends a session (400 Unknown SID) when a back channel asks for arrays it no longer keeps, and only then', async () => {
    // 1200 documents: one first snapshot of 1203 arrays, more than the 1000 written-but-unacknowledged kept.
    const writes = Array.from({ length: 1200 }, (_, i) => ({
      update: { name: `${DB}/documents/gap/d${String(i).padStart(4, '0')}`, fields: { s: { stringValue: 'ọ̀😀' } } },
    }));
    for (let i = 0; i < writes.length; i += 500) {
      const res = await fetch(`${base}/v1/${DB}/documents:commit`, {
        method: 'POST',
        body: JSON.stringify({ writes: writes.slice(i, i + 500) }),
      });
      expect(res.status).toBe(200);
    }
    const target = { targetId: 2, query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'gap' }] } } };
    const stream = async (sid: string, aid: number): Promise<Response> =>
      fetch(`${base}/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=rpc&SID=${sid}&AID=${aid}&CI=0&TYPE=xmlhttp`);
    // A streaming back channel gets all 1203 arrays, then drops before the client read them.
    const lost = await handshake('Listen', { database: DB, addTarget: target });
    const first = await stream(lost.sid, 0);
    const reader = first.body!.getReader();
    await reader.read();
    await reader.cancel();
    // Reconnecting from AID=0: arrays 1..203 are gone, so the session ends rather than skip them.
    const again = await stream(lost.sid, 0);
    expect(again.status).toBe(400);
    expect(await again.text()).toBe('Unknown SID');
    // A client that had read up to the oldest kept array goes on: the arrays after its AID come again.
    const kept = await handshake('Listen', { database: DB, addTarget: target });
    const second = await stream(kept.sid, 0);
    await second.body!.getReader().cancel();
    const resumed = await poll('Listen', kept.sid, 203);
    expect(resumed[0]![0]).toBe(204);
    expect(resumed.at(-1)![0]).toBe(1203);
  });

  it('streams Listen changes on a CI=0 back channel, counting lengths in UTF-16 units', async () => {
    await fetch(`${base}/v1/${DB}/documents:commit`, {
      method: 'POST',
      body: JSON.stringify({
        writes: [{ update: { name: `${DB}/documents/wl/a`, fields: { s: { stringValue: 'é✓😀'.repeat(50) } } } }],
      }),
    });
    const { sid } = await handshake('Listen', {
      database: DB,
      addTarget: { targetId: 2, query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'wl' }] } } },
    });
    const controller = new AbortController();
    const res = await fetch(
      `${base}/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=rpc&SID=${sid}&AID=0&CI=0&TYPE=xmlhttp`,
      { signal: controller.signal },
    );
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const messages = (): unknown[] => {
      try {
        return (parseChunks(text) as [number, unknown[]][][]).flat().map((a) => a[1][0]);
      } catch {
        return [];
      }
    };
    const readUntil = async (check: (m: unknown[]) => boolean): Promise<void> => {
      while (!check(messages())) {
        const chunk = (await reader.read()) as { done: boolean; value?: Uint8Array };
        if (chunk.done) throw new Error('back channel ended');
        text += decoder.decode(chunk.value, { stream: true });
      }
    };
    const hasGlobal = (m: unknown[]): boolean =>
      m.some((x) => {
        const tc = (x as { targetChange?: { targetIds?: unknown[]; targetChangeType?: string } }).targetChange;
        return tc !== undefined && (tc.targetIds ?? []).length === 0 && tc.targetChangeType === undefined;
      });
    await readUntil(hasGlobal);
    const types = messages().map((m) => Object.keys(m as object)[0]);
    expect(types.slice(0, 2)).toEqual(['targetChange', 'documentChange']);
    await fetch(`${base}/v1/${DB}/documents/wl/b`, {
      method: 'PATCH',
      body: JSON.stringify({ fields: { n: { integerValue: '1' } } }),
    });
    await readUntil((m) => m.filter((x) => (x as { documentChange?: unknown }).documentChange !== undefined).length >= 2);
    controller.abort();
  });

  it('answers unknown sessions with 400 and malformed first messages with an error array', async () => {
    const res = await fetch(`${base}/google.firestore.v1.Firestore/Listen/channel?VER=8&SID=nope&RID=3&AID=0`, {
      method: 'POST',
      body: 'count=0&ofs=0',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Unknown SID');
    const body = 'count=1&ofs=0&req0___data__=%7Bnot-json';
    const hs = await fetch(`${base}/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=1&CVER=22&t=1`, {
      method: 'POST',
      body,
    });
    const sid = /"c","([^"]+)"/.exec(await hs.text())![1]!;
    const arrays = await poll('Listen', sid, 0);
    expect(arrays[0]![1][0]).toMatchObject({ error: { code: 3, status: 'INVALID_ARGUMENT' } });
  });
});

describe('REST', () => {
  it('answers CORS preflights with the requested headers', async () => {
    const res = await fetch(`${base}/v1/${DB}/documents:commit`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'authorization,google-cloud-resource-prefix,x-firebase-gmpid,x-goog-api-client,x-goog-api-key,x-goog-request-params',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://app.example');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-goog-request-params');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('creates, reads, patches, lists and deletes documents', async () => {
    const created = await fetch(`${base}/v1/${DB}/documents/r?documentId=one`, {
      method: 'POST',
      body: JSON.stringify({ fields: { a: { integerValue: '1' } } }),
    });
    expect(created.status).toBe(200);
    const dup = await fetch(`${base}/v1/${DB}/documents/r?documentId=one`, {
      method: 'POST',
      body: JSON.stringify({ fields: {} }),
    });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ error: { code: 409, status: 'ALREADY_EXISTS' } });
    const patched = await fetch(`${base}/v1/${DB}/documents/r/one?updateMask.fieldPaths=b&currentDocument.exists=true`, {
      method: 'PATCH',
      body: JSON.stringify({ fields: { b: { stringValue: 'x' } } }),
    });
    expect(((await patched.json()) as { fields: unknown }).fields).toEqual({ a: { integerValue: '1' }, b: { stringValue: 'x' } });
    const listed = (await (await fetch(`${base}/v1/${DB}/documents/r`)).json()) as { documents: { name: string }[] };
    expect(listed.documents.map((d) => d.name)).toEqual([`${DB}/documents/r/one`]);
    const ids = (await (await fetch(`${base}/v1/${DB}/documents:listCollectionIds`, { method: 'POST', body: '{}' })).json()) as {
      collectionIds: string[];
    };
    expect(ids.collectionIds).toContain('r');
    const query = (await (
      await fetch(`${base}/v1/${DB}/documents:runQuery`, {
        method: 'POST',
        body: JSON.stringify({
          structuredQuery: {
            from: [{ collectionId: 'r' }],
            where: { fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: { integerValue: '1' } } },
          },
        }),
      })
    ).json()) as { document?: { name: string } }[];
    expect(query.filter((r) => r.document).map((r) => r.document!.name)).toEqual([`${DB}/documents/r/one`]);
    expect((await fetch(`${base}/v1/${DB}/documents/r/one`, { method: 'DELETE' })).status).toBe(200);
    const missing = await fetch(`${base}/v1/${DB}/documents/r/one`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { status: string } }).error.status).toBe('NOT_FOUND');
  });

  it('rejects malformed JSON and invalid names with 400', async () => {
    const bad = await fetch(`${base}/v1/${DB}/documents:commit`, { method: 'POST', body: '{"writes": [' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    const name = await fetch(`${base}/v1/${DB}/documents:commit`, {
      method: 'POST',
      body: JSON.stringify({ writes: [{ update: { name: `${DB}/documents/c/__bad__`, fields: {} } }] }),
    });
    expect(name.status).toBe(400);
  });
});

describe('emulator endpoints', () => {
  it('answers Ok, loads rules (issues on errors, previous rules kept) and clears data', async () => {
    expect(await (await fetch(`${base}/`)).text()).toBe('Ok');
    const bad = await fetch(`${base}/emulator/v1/projects/demo-wire:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ name: 'x.rules', content: 'service cloud.firestore { match' }] } }),
    });
    expect(bad.status).toBe(400);
    const issues = ((await bad.json()) as { issues: { severity: string; sourcePosition: { line: number } }[] }).issues;
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]!.severity).toBe('ERROR');
    const ignored = await fetch(`${base}/emulator/v1/projects/demo-wire:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({ ignore_errors: true, rules: { files: [{ content: 'nope' }] } }),
    });
    expect(ignored.status).toBe(200);
    // Still no rules in force (the bad files were not installed): anonymous writes pass.
    const write = await fetch(`${base}/v1/${DB}/documents/clear/me`, { method: 'PATCH', body: JSON.stringify({ fields: {} }) });
    expect(write.status).toBe(200);
    const cleared = await fetch(`${base}/emulator/v1/projects/demo-wire/databases/(default)/documents`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect((await fetch(`${base}/v1/${DB}/documents/clear/me`)).status).toBe(404);
  });
});

describe('gRPC', () => {
  it('answers malformed protobuf with INVALID_ARGUMENT and unknown methods with UNIMPLEMENTED', async () => {
    const client = new grpc.Client(`${emulator.host}:${emulator.port}`, grpc.credentials.createInsecure());
    const identity = (b: Buffer): Buffer => b;
    const call = (method: string, body: Buffer): Promise<grpc.ServiceError | null> =>
      new Promise((resolve) => {
        client.makeUnaryRequest(`/google.firestore.v1.Firestore/${method}`, identity, identity, body, (err) => resolve(err));
      });
    try {
      expect((await call('Commit', Buffer.from([0x12, 0x05, 0x0a])))?.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect((await call('ExecutePipeline', Buffer.alloc(0)))?.code).toBe(grpc.status.UNIMPLEMENTED);
      expect((await call('Commit', Buffer.from('0a05782f792f7a', 'hex')))?.code).toBe(grpc.status.INVALID_ARGUMENT);
    } finally {
      client.close();
    }
  });

  it('sends every status message whole: a trailing space, non-ASCII text and % signs survive the trailers', async () => {
    const client = new grpc.Client(`${emulator.host}:${emulator.port}`, grpc.credentials.createInsecure());
    const identity = (b: Buffer): Buffer => b;
    const call = (method: string, body: Buffer): Promise<grpc.ServiceError | null> =>
      new Promise((resolve) => {
        client.makeUnaryRequest(`/google.firestore.v1.Firestore/${method}`, identity, identity, body, (err) => resolve(err));
      });
    // GetDocumentRequest.name (field 1) as UTF-8 bytes.
    const getDocument = (name: string): Buffer => {
      const bytes = Buffer.from(name, 'utf8');
      return Buffer.concat([Buffer.from([0x0a, bytes.length]), bytes]);
    };
    try {
      // An empty database name: the message ends in a space (HTTP/2 drops such a header value unless encoded).
      const empty = await call('BatchWrite', Buffer.from([0x0a, 0x00]));
      expect(empty?.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(empty?.details).toBe('Invalid database name: ');
      const odd = await call('GetDocument', getDocument('projects/₦ Adébáyọ̀ 100%/databases/(default)/documents/a/b'));
      expect(odd?.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(odd?.details).toContain('projects/₦ Adébáyọ̀ 100%/databases/(default)');
    } finally {
      client.close();
    }
  });
});

describe('start() with rules that do not compile', () => {
  it('denies every client access instead of allowing it', async () => {
    const denied = await start({ port: 0, rules: 'this is not a rules file' });
    try {
      const url = `http://${denied.host}:${denied.port}/v1/${DB}/documents/any/doc`;
      expect((await fetch(url)).status).toBe(403);
      expect((await fetch(url, { headers: { authorization: 'Bearer owner' } })).status).toBe(404);
    } finally {
      await denied.stop();
    }
  });
});
