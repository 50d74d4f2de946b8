/**
 * Fuzz: 10,000+ random and mutated requests over gRPC (raw protobuf bytes), REST (JSON) and WebChannel
 * (frames, unknown sessions), plus raw TCP garbage. Afterwards the emulator must still answer every
 * transport correctly and the seeded documents must be byte-for-byte unchanged.
 * The generator is seeded (FUZZ_SEED) so a failure can be replayed.
 */
import * as grpc from '@grpc/grpc-js';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../src/contract';
import type { RunningEmulator } from '../src/index';
import { start } from '../src/index';
import { encodeJson, decodeToJson, lookupType } from '../src/server/proto-json';

const SEED_PROJECT = 'demo-fuzz-seed';
const TARGET_PROJECT = 'demo-fuzz';
const SEED_DB = `projects/${SEED_PROJECT}/databases/(default)`;
const DB = `projects/${TARGET_PROJECT}/databases/(default)`;
const TOTAL = Number(process.env.FUZZ_TOTAL ?? 10_000);

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const seed = Number(process.env.FUZZ_SEED ?? 20261122);
const random = rng(seed);
const int = (n: number): number => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

let emulator: RunningEmulator;
let base: string;
let client: grpc.Client;

const identity = (b: Buffer): Buffer => b;

/**
 * Documents seeded before the run, in a project the fuzzer never names and in the fuzzed project itself (in a
 * collection no template or mutation can reach: every generated path is under `f/` or an invalid one).
 */
const SEEDED: { db: string; collection: string }[] = [
  { db: SEED_DB, collection: 'seed' },
  { db: DB, collection: 'kept-by-the-fuzzer' },
];
const SEED_COUNT = 20;

function seedNames(): string[] {
  return SEEDED.flatMap(({ db, collection }) =>
    Array.from({ length: SEED_COUNT }, (_, i) => `${db}/documents/${collection}/s${i}`),
  );
}

function seedDocs(db: string, collection: string): JsonObject[] {
  return Array.from({ length: SEED_COUNT }, (_, i) => ({
    update: {
      name: `${db}/documents/${collection}/s${i}`,
      fields: {
        n: { integerValue: String(i) },
        s: { stringValue: `value ${i} é✓😀` },
        m: { mapValue: { fields: { x: { booleanValue: true } } } },
      },
    },
  }));
}

/** The seeded documents as REST returns them (JSON), sorted. */
async function readSeed(): Promise<unknown> {
  const found: unknown[] = [];
  for (const { db, collection } of SEEDED) {
    const documents = Array.from({ length: SEED_COUNT }, (_, i) => `${db}/documents/${collection}/s${i}`);
    const res = await fetch(`${base}/v1/${db}/documents:batchGet`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify({ documents }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { found?: unknown }[];
    expect(body.every((r) => r.found !== undefined)).toBe(true);
    found.push(...body.map((r) => r.found));
  }
  return found.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The seeded documents as gRPC GetDocument answers them: the encoded protobuf bytes, by name. */
async function readSeedBytes(): Promise<Map<string, Buffer>> {
  const getType = lookupType('google.firestore.v1.GetDocumentRequest');
  const out = new Map<string, Buffer>();
  for (const name of seedNames()) {
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      client.makeUnaryRequest(
        '/google.firestore.v1.Firestore/GetDocument',
        identity,
        identity,
        encodeJson(getType, { name }),
        (err, value) => (err || !value ? reject(err ?? new Error('no value')) : resolve(value)),
      );
    });
    out.set(name, bytes);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Generators

const TEMPLATES: { method: string; type: string; json: JsonObject }[] = [
  {
    method: 'Commit',
    type: 'google.firestore.v1.CommitRequest',
    json: {
      database: DB,
      writes: [
        {
          update: { name: `${DB}/documents/f/a`, fields: { n: { integerValue: '1' }, s: { stringValue: 'x' } } },
          updateMask: { fieldPaths: ['n'] },
          updateTransforms: [{ fieldPath: 'c', increment: { integerValue: '1' } }],
          currentDocument: { exists: true },
        },
      ],
    },
  },
  {
    method: 'RunQuery',
    type: 'google.firestore.v1.RunQueryRequest',
    json: {
      parent: `${DB}/documents`,
      structuredQuery: {
        from: [{ collectionId: 'f' }],
        where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'GREATER_THAN', value: { integerValue: '0' } } },
        orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
        startAt: { values: [{ integerValue: '5' }], before: true },
        limit: 3,
      },
    },
  },
  {
    method: 'BatchGetDocuments',
    type: 'google.firestore.v1.BatchGetDocumentsRequest',
    json: { database: DB, documents: [`${DB}/documents/f/a`, `${DB}/documents/f/b`], newTransaction: { readOnly: {} } },
  },
  {
    method: 'RunAggregationQuery',
    type: 'google.firestore.v1.RunAggregationQueryRequest',
    json: {
      parent: `${DB}/documents`,
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'f' }] },
        aggregations: [{ count: {}, alias: 'c' }],
      },
    },
  },
  { method: 'GetDocument', type: 'google.firestore.v1.GetDocumentRequest', json: { name: `${DB}/documents/f/a` } },
  { method: 'BeginTransaction', type: 'google.firestore.v1.BeginTransactionRequest', json: { database: DB } },
  { method: 'Rollback', type: 'google.firestore.v1.RollbackRequest', json: { database: DB, transaction: 'AAAA' } },
  {
    method: 'ListCollectionIds',
    type: 'google.firestore.v1.ListCollectionIdsRequest',
    json: { parent: `${DB}/documents` },
  },
  {
    method: 'ListDocuments',
    type: 'google.firestore.v1.ListDocumentsRequest',
    json: { parent: `${DB}/documents`, collectionId: 'f', pageSize: 2 },
  },
  {
    method: 'BatchWrite',
    type: 'google.firestore.v1.BatchWriteRequest',
    json: { database: DB, writes: [{ delete: `${DB}/documents/f/z` }] },
  },
  {
    method: 'CreateDocument',
    type: 'google.firestore.v1.CreateDocumentRequest',
    json: {
      parent: `${DB}/documents`,
      collectionId: 'f',
      documentId: 'new',
      document: { fields: { a: { nullValue: 'NULL_VALUE' } } },
    },
  },
  {
    method: 'UpdateDocument',
    type: 'google.firestore.v1.UpdateDocumentRequest',
    json: { document: { name: `${DB}/documents/f/u`, fields: { a: { doubleValue: 'NaN' } } }, updateMask: { fieldPaths: ['a'] } },
  },
  { method: 'DeleteDocument', type: 'google.firestore.v1.DeleteDocumentRequest', json: { name: `${DB}/documents/f/d` } },
  {
    method: 'PartitionQuery',
    type: 'google.firestore.v1.PartitionQueryRequest',
    json: {
      parent: `${DB}/documents`,
      structuredQuery: { from: [{ collectionId: 'f', allDescendants: true }] },
      partitionCount: '2',
    },
  },
];
const STREAM_TEMPLATES: { method: string; type: string; json: JsonObject }[] = [
  {
    method: 'Listen',
    type: 'google.firestore.v1.ListenRequest',
    json: {
      database: DB,
      addTarget: {
        targetId: 2,
        query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'f' }], limit: 2 } },
      },
    },
  },
  { method: 'Write', type: 'google.firestore.v1.WriteRequest', json: { database: DB } },
];
const SERVER_STREAMING = new Set(['RunQuery', 'BatchGetDocuments', 'RunAggregationQuery']);

function mutateBytes(buf: Buffer): Buffer {
  const out = Buffer.from(buf);
  const ops = 1 + int(4);
  let b: Buffer = out;
  for (let i = 0; i < ops; i++) {
    const r = int(5);
    if (r === 0 && b.length > 0) b[int(b.length)] = int(256);
    else if (r === 1 && b.length > 0) b = b.subarray(0, int(b.length));
    else if (r === 2)
      b = Buffer.concat([b.subarray(0, int(b.length + 1)), randomBytes(1 + int(8)), b.subarray(int(b.length + 1))]);
    else if (r === 3 && b.length > 0) {
      const at = int(b.length);
      b[at] = (b[at] ?? 0) ^ (1 << int(8));
    } else b = Buffer.concat([b, randomBytes(int(16))]);
  }
  return b;
}

function randomBytes(n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = int(256);
  return b;
}

function randomJsonValue(depth = 0): unknown {
  const r = int(depth > 2 ? 6 : 9);
  switch (r) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick([0, -1, 1e308, -0, 3.5, 2 ** 63, NaN]);
    case 3:
      return pick(['', 'x', 'NaN', '__name__', '`a.b`', 'projects/x', '\u0000', 'é✓😀', '9223372036854775808']);
    case 4:
      return pick(['NULL_VALUE', 'REQUEST_TIME', 'ASCENDING', 'EQUAL', '2026-11-22T00:00:00Z', 'not-a-time']);
    case 5:
      return 'y'.repeat(int(200) === 0 ? 1_100_000 : int(50));
    case 6:
      return Array.from({ length: int(4) }, () => randomJsonValue(depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < int(4); i++)
        o[pick(['fields', 'name', 'integerValue', 'mapValue', 'values', 'op', 'x', 'update', 'writes'])] = randomJsonValue(
          depth + 1,
        );
      return o;
    }
  }
}

function mutateJson(value: unknown, depth = 0): unknown {
  if (random() < 0.08 || depth > 8) return randomJsonValue(depth);
  if (Array.isArray(value)) return value.map((v) => mutateJson(v, depth + 1));
  if (typeof value === 'object' && value !== null) {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (random() > 0.05) o[k] = mutateJson(v, depth + 1);
    if (random() < 0.05) o[pick(['extra', 'name', 'fields'])] = randomJsonValue(depth);
    return o;
  }
  return value;
}

function jsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  const r = int(10);
  if (r === 0) return text.slice(0, int(text.length));
  if (r === 1) return text.replace(/[{}[\]":,]/, pick(['', '{', ']', '\\']));
  return text;
}

const INVALID_PATHS = [
  'f',
  'f/a/b',
  '__x__/y',
  'f/__id__',
  'f//a',
  'f/.',
  'f/..',
  'a'.repeat(2000) + '/x',
  '%ZZ/a',
  'f/a%2Fb',
  '',
];

// ---------------------------------------------------------------------------------------------
// Senders (each resolves whatever the outcome; only a crash or a hang fails the test)

function grpcUnary(method: string, body: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const meta = new grpc.Metadata();
    if (random() < 0.3)
      meta.set('authorization', pick(['Bearer owner', 'Bearer x.y.z', 'Bearer ', 'Basic abc', 'Bearer e30.e30.']));
    const path = `/google.firestore.v1.Firestore/${method}`;
    const deadline = Date.now() + 1500;
    if (SERVER_STREAMING.has(method)) {
      const call = client.makeServerStreamRequest(path, identity, identity, body, meta, { deadline });
      call.on('data', () => undefined);
      call.on('error', (e) => {
        recordGrpc('grpc-unary', method, e);
        resolve();
      });
      call.on('end', () => resolve());
    } else {
      client.makeUnaryRequest(path, identity, identity, body, meta, { deadline }, (e) => {
        if (e) recordGrpc('grpc-unary', method, e);
        resolve();
      });
    }
  });
}

function grpcBidi(method: string, bodies: Buffer[]): Promise<void> {
  return new Promise((resolve) => {
    const call = client.makeBidiStreamRequest(
      `/google.firestore.v1.Firestore/${method}`,
      identity,
      identity,
      new grpc.Metadata(),
      {
        deadline: Date.now() + 1500,
      },
    );
    call.on('data', () => undefined);
    call.on('error', (e) => {
      recordGrpc('grpc-bidi', method, e);
      resolve();
    });
    call.on('end', () => resolve());
    for (const b of bodies) call.write(b);
    setTimeout(() => call.end(), int(5));
  });
}

async function http(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<number> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(1500),
    });
    text = await res.text();
  } catch (e) {
    // A timeout is allowed (a loaded machine; counted in the printed outcomes); a reset or refused connection
    // is the emulator failing to answer.
    if ((e as Error).name === 'TimeoutError') count('http-timeout');
    else violation(`${method} ${path.slice(0, 120)}: no answer: ${String((e as Error).cause ?? e)}`);
    return 0;
  }
  recordHttp(method, path, res, text);
  return res.status;
}

function rawTcp(bytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const sock = connect(emulator.port, emulator.host, () => {
      sock.write(bytes);
      setTimeout(() => sock.destroy(), 5);
    });
    sock.on('error', () => resolve());
    sock.on('close', () => resolve());
    sock.on('data', () => undefined);
  });
}

const statuses = new Map<string, number>();
function count(kind: string): void {
  statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
}

// ---------------------------------------------------------------------------------------------
// Every answered error must be well formed and one Firestore gives for bad input. Violations are collected
// (with the request that caused them) and asserted after the run.

/**
 * gRPC codes a bad request may get. DEADLINE_EXCEEDED and CANCELLED are the client's own (a Listen stays
 * open until the deadline); INTERNAL, UNKNOWN, UNAVAILABLE and DATA_LOSS are never acceptable.
 */
const GRPC_EXPECTED = new Set([
  grpc.status.CANCELLED,
  grpc.status.INVALID_ARGUMENT,
  grpc.status.DEADLINE_EXCEEDED,
  grpc.status.NOT_FOUND,
  grpc.status.ALREADY_EXISTS,
  grpc.status.PERMISSION_DENIED,
  grpc.status.RESOURCE_EXHAUSTED,
  grpc.status.FAILED_PRECONDITION,
  grpc.status.ABORTED,
  grpc.status.UNIMPLEMENTED,
  grpc.status.UNAUTHENTICATED,
]);
const CODE_NAMES = Object.fromEntries(Object.entries(grpc.status).map(([k, v]) => [v, k])) as Record<number, string>;
/** HTTP statuses a bad request may get (Firestore's mapping of the gRPC codes above, plus 405 and 413). */
const HTTP_EXPECTED = new Set([200, 204, 400, 401, 403, 404, 405, 409, 412, 413, 429, 501]);
const violations: string[] = [];
const outcomes = new Map<string, number>();

function violation(text: string): void {
  if (violations.length < 20) violations.push(text);
  else if (violations.length === 20) violations.push('…');
}

function recordGrpc(kind: string, method: string, err: Error): void {
  const e = err as Partial<grpc.ServiceError>;
  if (typeof e.code !== 'number') {
    violation(`${kind} ${method}: an error without a gRPC status: ${err.message}`);
    return;
  }
  const name = CODE_NAMES[e.code] ?? String(e.code);
  outcomes.set(`${kind} ${name}`, (outcomes.get(`${kind} ${name}`) ?? 0) + 1);
  if (!GRPC_EXPECTED.has(e.code)) violation(`${kind} ${method}: code ${name}: ${e.details}`);
  // A well-formed status: a known code and a message (except the client's own deadline / cancel).
  else if (
    typeof e.details !== 'string' ||
    (e.details === '' && e.code !== grpc.status.CANCELLED && e.code !== grpc.status.DEADLINE_EXCEEDED)
  ) {
    violation(`${kind} ${method}: code ${name} without a message`);
  }
}

/** Firestore's HTTP status for each canonical error status (google.rpc.Code -> HTTP). */
const HTTP_FOR_STATUS: Record<string, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  UNIMPLEMENTED: 501,
};

function recordHttp(method: string, path: string, res: Response, text: string): void {
  const what = `${method} ${path.slice(0, 120)} -> ${res.status}`;
  const channel = path.includes('/channel');
  outcomes.set(
    `${channel ? 'webchannel' : 'http'} ${res.status}`,
    (outcomes.get(`${channel ? 'webchannel' : 'http'} ${res.status}`) ?? 0) + 1,
  );
  if (!HTTP_EXPECTED.has(res.status)) {
    violation(`${what}: ${text.slice(0, 200)}`);
    return;
  }
  if (res.status < 400) return;
  if (channel && res.status === 400 && text === 'Unknown SID') return;
  if (method === 'HEAD') {
    if (text !== '') violation(`${what}: a body on HEAD`);
    return;
  }
  let body: { error?: { code?: unknown; message?: unknown; status?: unknown }; issues?: { description?: unknown }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    violation(`${what}: not a JSON error: ${text.slice(0, 200)}`);
    return;
  }
  // Rules that do not compile: 400 with the compiler's issues, which firebase-tools prints.
  if (path.endsWith(':securityRules') && res.status === 400 && body.error === undefined) {
    if (!Array.isArray(body.issues) || body.issues.length === 0 || body.issues.some((i) => typeof i.description !== 'string')) {
      violation(`${what}: malformed issues ${text.slice(0, 200)}`);
    }
    return;
  }
  // Every other error body is Firestore's JSON error: {error:{code:<the HTTP status>, message, status}}.
  const e = body.error;
  if (!e || e.code !== res.status || typeof e.message !== 'string' || e.message === '' || typeof e.status !== 'string') {
    violation(`${what}: malformed error ${text.slice(0, 200)}`);
    return;
  }
  const expected = HTTP_FOR_STATUS[e.status];
  // 405 (wrong verb on an emulator endpoint) and 413 (body too large) come from the HTTP layer itself.
  if (expected !== res.status && !(res.status === 405 || res.status === 413))
    violation(`${what}: status ${e.status} with HTTP ${res.status}`);
}

async function oneRequest(): Promise<void> {
  const r = random();
  if (r < 0.3) {
    const t = pick(TEMPLATES);
    const valid = encodeJson(lookupType(t.type), t.json);
    const body = random() < 0.85 ? mutateBytes(valid) : randomBytes(int(200));
    count('grpc-unary');
    await grpcUnary(random() < 0.95 ? t.method : pick(['ExecutePipeline', 'Nope']), body);
  } else if (r < 0.38) {
    const t = pick(STREAM_TEMPLATES);
    const valid = encodeJson(lookupType(t.type), t.json);
    count('grpc-bidi');
    await grpcBidi(
      t.method,
      Array.from({ length: 1 + int(3) }, () => (random() < 0.5 ? mutateBytes(valid) : valid)),
    );
  } else if (r < 0.68) {
    count('rest');
    const k = int(7);
    const path = pick(INVALID_PATHS);
    if (k === 0) {
      const body = jsonText(mutateJson(pick(TEMPLATES).json));
      const verb = pick([
        'commit',
        'batchGet',
        'runQuery',
        'runAggregationQuery',
        'beginTransaction',
        'rollback',
        'listCollectionIds',
        'batchWrite',
        'bogus',
      ]);
      await http('POST', `/v1/${DB}/documents:${verb}`, body, { authorization: 'Bearer owner' });
    } else if (k === 1) {
      const verb = pick(['GET', 'DELETE', 'PATCH', 'POST']);
      const body = jsonText(randomJsonValue());
      // fetch refuses a body on GET (the request would never reach the emulator).
      await http(verb, `/v1/${DB}/documents/${path}`, verb === 'GET' ? undefined : body);
    } else if (k === 2)
      await http(
        'PATCH',
        `/v1/${DB}/documents/f/${encodeURIComponent(pick(['a', 'b', 'big']))}`,
        jsonText({ fields: { s: randomJsonValue() } }),
      );
    else if (k === 3)
      await http(
        'POST',
        `/v1/projects/${encodeURIComponent(pick(['', 'x/y', '..', 'é']))}/databases/(default)/documents:commit`,
        '{"writes":[]}',
      );
    else if (k === 4)
      await http(
        'PUT',
        `/emulator/v1/projects/${TARGET_PROJECT}:securityRules`,
        jsonText(mutateJson({ rules: { files: [{ content: 'service cloud.firestore { match /{x} { allow read: if ( } }' }] } })),
      );
    else if (k === 5)
      await http(pick(['OPTIONS', 'GET', 'HEAD']), pick(['/', '/v1/', '/nothing', `/v1/${DB}/documents`]), undefined, {
        origin: 'http://evil.example',
      });
    else
      await http(
        'POST',
        `/v1/${DB}/documents:commit`,
        jsonText({
          writes: [
            {
              update: {
                name: `${DB}/documents/f/big`,
                fields: { s: { stringValue: 'z'.repeat(int(10) === 0 ? 1_100_000 : 1000) } },
              },
            },
          ],
        }),
      );
  } else if (r < 0.97) {
    count('webchannel');
    const method = pick(['Listen', 'Write']);
    const path = `/google.firestore.v1.Firestore/${method}/channel`;
    const k = int(6);
    if (k === 0) {
      const data = jsonText(mutateJson(pick(STREAM_TEMPLATES).json));
      const form = new URLSearchParams({ count: String(int(3)), ofs: String(int(3) - 1), req0___data__: data });
      await http('POST', `${path}?VER=8&RID=${int(1e5)}&CVER=22&X-HTTP-Session-Id=gsessionid&t=1`, form.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
    } else if (k === 1)
      await http('GET', `${path}?VER=8&RID=rpc&SID=${randomBytes(8).toString('hex')}&AID=${int(9)}&CI=${int(2)}&TYPE=xmlhttp`);
    else if (k === 2)
      await http(
        'POST',
        `${path}?VER=8&SID=${randomBytes(8).toString('hex')}&RID=${int(99)}&AID=0`,
        'count=1&ofs=0&req0___data__=%7B%7D',
      );
    else if (k === 3) await http('POST', `${path}?VER=8&SID=nope&RID=2&TYPE=terminate`, '');
    else if (k === 4) await http('POST', `${path}?VER=8&RID=1`, randomBytes(int(300)).toString('latin1'));
    else {
      // A real session fed garbage on its forward channel, then terminated.
      const hs = await fetch(`${base}${path}?VER=8&RID=1&CVER=22&t=1`, {
        method: 'POST',
        body: new URLSearchParams({ count: '1', ofs: '0', req0___data__: JSON.stringify({ database: DB }) }).toString(),
      });
      const text = await hs.text();
      const sid = /"c","([^"]+)"/.exec(text)?.[1];
      if (sid !== undefined) {
        const form = `count=${int(4)}&ofs=${int(5) - 1}&req0___data__=${encodeURIComponent(jsonText(mutateJson({ streamToken: 'AA', writes: [] })))}`;
        await http('POST', `${path}?VER=8&SID=${sid}&RID=2&AID=0`, form);
        await http('POST', `${path}?VER=8&SID=${sid}&RID=3&TYPE=terminate`, '');
      }
    }
  } else {
    count('tcp');
    const k = int(3);
    if (k === 0) await rawTcp(randomBytes(1 + int(100)));
    else if (k === 1)
      await rawTcp(Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n' + randomBytes(int(50)).toString('latin1'), 'latin1'));
    else await rawTcp(Buffer.from(`GET /${randomBytes(4).toString('hex')} HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n`));
  }
}

// ---------------------------------------------------------------------------------------------

let before: unknown;
let beforeBytes: Map<string, Buffer>;

beforeAll(async () => {
  emulator = await start({ port: 0 });
  base = `http://${emulator.host}:${emulator.port}`;
  client = new grpc.Client(`${emulator.host}:${emulator.port}`, grpc.credentials.createInsecure());
  for (const { db, collection } of SEEDED) {
    const res = await fetch(`${base}/v1/${db}/documents:commit`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify({ writes: seedDocs(db, collection) }),
    });
    expect(res.status).toBe(200);
  }
  before = await readSeed();
  beforeBytes = await readSeedBytes();
  expect(beforeBytes.size).toBe(2 * SEED_COUNT);
});

afterAll(async () => {
  client?.close();
  await emulator?.stop();
});

describe('fuzz', () => {
  it(`survives ${TOTAL} random and mutated requests (seed ${seed}) with stored documents unchanged`, async () => {
    let sent = 0;
    const worker = async (): Promise<void> => {
      while (sent < TOTAL) {
        sent++;
        await oneRequest();
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    // Bounded by count (TOTAL requests); the test's own timeout bounds its time.
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    console.log(`fuzz outcomes (seed ${seed}):`, Object.fromEntries([...outcomes, ...statuses].sort()));
    expect(violations).toEqual([]);
    for (const kind of ['grpc-unary', 'grpc-bidi', 'rest', 'webchannel', 'tcp'])
      expect(statuses.get(kind) ?? 0).toBeGreaterThan(100);

    // Still serving, with the seeded data untouched (byte for byte, in both projects), on every transport.
    expect(await readSeed()).toEqual(before);
    const afterBytes = await readSeedBytes();
    for (const [name, bytes] of beforeBytes) expect(afterBytes.get(name)?.equals(bytes), `${name} unchanged`).toBe(true);
    const getType = lookupType('google.firestore.v1.GetDocumentRequest');
    const docType = lookupType('google.firestore.v1.Document');
    const got = await new Promise<JsonObject>((resolve, reject) => {
      client.makeUnaryRequest(
        '/google.firestore.v1.Firestore/GetDocument',
        (j: JsonObject) => encodeJson(getType, j),
        (b: Buffer) => decodeToJson(docType, b),
        { name: `${SEED_DB}/documents/seed/s3` },
        (err, value) => (err || !value ? reject(err ?? new Error('no value')) : resolve(value)),
      );
    });
    expect(got.fields).toEqual({
      n: { integerValue: '3' },
      s: { stringValue: 'value 3 é✓😀' },
      m: { mapValue: { fields: { x: { booleanValue: true } } } },
    });
    const hs = await fetch(`${base}/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=1&CVER=22&t=1`, {
      method: 'POST',
      body: new URLSearchParams({
        count: '1',
        ofs: '0',
        req0___data__: JSON.stringify({
          database: SEED_DB,
          addTarget: { targetId: 1, documents: { documents: [`${SEED_DB}/documents/seed/s1`] } },
        }),
      }).toString(),
    });
    expect(hs.status).toBe(200);
    expect(await hs.text()).toMatch(/^\d+\n\[\[0,\["c","[^"]+","",8,14,30000\]\]\]$/);
    const bad = await fetch(
      `${base}/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=rpc&SID=unknown&AID=0&CI=0&TYPE=xmlhttp`,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Unknown SID');
  }, 150_000);
});
