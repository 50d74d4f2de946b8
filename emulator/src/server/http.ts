/**
 * The HTTP/1.1 face of the emulator: CORS, the WebChannel, the REST API the browser SDK and curl use,
 * and the emulator endpoints (rules, clear, 'Ok').
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FirestoreBackend, JsonObject, RulesIssue, ServerStreamMethod, UnaryMethod } from '../contract';
import { CODE_NAME, Code, HTTP_STATUS_FOR_CODE, RpcError } from '../contract';
import { callerFromAuthorization } from './caller';
import { canonicalizeEnums, lookupType } from './proto-json';
import type { WebChannelServer } from './webchannel';

const MAX_BODY_BYTES = 24 * 1024 * 1024;

/** GET /emulator/v1/production-limits?top=N: how many documents and collections the report lists. */
const reportQuery = z.object({ top: z.coerce.number().int().min(1).max(1000).default(10) });

export interface RulesLoader {
  /** Compiles and installs a project's rules; on errors keeps the previous rules and answers the issues. */
  load(files: { name?: string; content: string }[], project: string): { ok: boolean; issues: RulesIssue[] };
}

function cors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  } else {
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  res.setHeader('Access-Control-Expose-Headers', 'X-HTTP-Session-Id, Content-Type, Date');
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      typeof requested === 'string' && requested !== ''
        ? requested
        : 'authorization, content-type, google-cloud-resource-prefix, x-firebase-gmpid, x-goog-api-client, x-goog-api-key, x-goog-request-params, x-firebase-appcheck',
    'Access-Control-Max-Age': '3600',
    'Content-Length': '0',
  });
  res.end();
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendRestError(res: ServerResponse, err: unknown): void {
  const e =
    err instanceof RpcError
      ? err
      : new RpcError(Code.INTERNAL, `Internal error: ${err instanceof Error ? err.message : String(err)}`);
  const http = HTTP_STATUS_FOR_CODE[e.code] ?? 500;
  sendJson(res, http, { error: { code: http, message: e.message, status: CODE_NAME[e.code] ?? 'UNKNOWN' } });
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge('Request payload too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJsonObject(text: string): JsonObject {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid JSON payload received.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid JSON payload received. Expected an object.');
  }
  return parsed as JsonObject;
}

function decodeSegments(path: string): string {
  return path
    .split('/')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw new RpcError(Code.INVALID_ARGUMENT, 'Invalid percent-encoding in the resource name.');
      }
    })
    .join('/');
}

const DB_RE = /^\/v1\/(projects\/[^/]+\/databases\/[^/]+)\/documents(\/[^:]*)?(?::([A-Za-z]+))?$/;

const DATABASE_METHODS: Record<string, UnaryMethod | ServerStreamMethod> = {
  commit: 'Commit',
  batchGet: 'BatchGetDocuments',
  beginTransaction: 'BeginTransaction',
  rollback: 'Rollback',
  batchWrite: 'BatchWrite',
};
const PARENT_METHODS: Record<string, UnaryMethod | ServerStreamMethod> = {
  runQuery: 'RunQuery',
  runAggregationQuery: 'RunAggregationQuery',
  listCollectionIds: 'ListCollectionIds',
  partitionQuery: 'PartitionQuery',
};
const STREAMING = new Set<string>(['BatchGetDocuments', 'RunQuery', 'RunAggregationQuery']);

function fieldPaths(params: URLSearchParams, key: string): JsonObject | undefined {
  const paths = params.getAll(key);
  return paths.length > 0 ? { fieldPaths: paths } : undefined;
}

function precondition(params: URLSearchParams): JsonObject | undefined {
  const exists = params.get('currentDocument.exists');
  const updateTime = params.get('currentDocument.updateTime');
  if (exists !== null) return { exists: exists === 'true' };
  if (updateTime !== null) return { updateTime };
  return undefined;
}

function withOptional(base: JsonObject, extra: Record<string, JsonObject | string | number | boolean | undefined>): JsonObject {
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) base[k] = v;
  return base;
}

export interface HttpDeps {
  backend: FirestoreBackend;
  webchannel: WebChannelServer;
  rules: RulesLoader;
}

export function createHttpHandler(deps: HttpDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(deps, req, res).catch((err: unknown) => {
      if (err instanceof BodyTooLarge) {
        sendJson(res, 413, { error: { code: 413, message: err.message, status: 'INVALID_ARGUMENT' } });
        return;
      }
      sendRestError(res, err);
    });
  };
}

async function handle(deps: HttpDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  cors(req, res);
  if (req.method === 'OPTIONS') {
    preflight(req, res);
    return;
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    sendJson(res, 400, { error: { code: 400, message: 'Bad request URL', status: 'INVALID_ARGUMENT' } });
    return;
  }
  const path = url.pathname;
  const method = req.method ?? 'GET';

  if (path === '/' && method === 'GET') {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Ok');
    return;
  }

  const channel = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/.exec(path);
  if (channel) {
    const body = method === 'POST' ? await readBody(req) : '';
    deps.webchannel.handle(req, res, url, channel[1] as 'Listen' | 'Write', body);
    return;
  }

  const rules = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/.exec(path);
  if (rules) {
    if (method !== 'PUT' && method !== 'POST') {
      sendJson(res, 405, { error: { code: 405, message: 'Use PUT', status: 'INVALID_ARGUMENT' } });
      return;
    }
    const body = parseJsonObject(await readBody(req));
    const rulesField = body.rules;
    const filesField =
      typeof rulesField === 'object' && rulesField !== null && !Array.isArray(rulesField) ? rulesField.files : undefined;
    const files: { name?: string; content: string }[] = [];
    if (Array.isArray(filesField)) {
      for (const f of filesField) {
        if (typeof f !== 'object' || f === null || Array.isArray(f) || typeof f.content !== 'string') continue;
        files.push(typeof f.name === 'string' ? { name: f.name, content: f.content } : { content: f.content });
      }
    }
    if (files.length === 0) {
      sendJson(res, 400, { error: { code: 400, message: 'Expected {rules:{files:[{content}]}}', status: 'INVALID_ARGUMENT' } });
      return;
    }
    const result = deps.rules.load(files, decodeSegments(rules[1] ?? ''));
    const ignoreErrors = body.ignore_errors === true || body.ignoreErrors === true;
    sendJson(res, result.ok || ignoreErrors ? 200 : 400, { issues: result.issues });
    return;
  }

  const clear = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents$/.exec(path);
  if (clear && method === 'DELETE') {
    deps.backend.clear(`projects/${decodeURIComponent(clear[1] ?? '')}/databases/${decodeURIComponent(clear[2] ?? '')}`);
    sendJson(res, 200, {});
    return;
  }
  if (path === '/emulator/v1/production-limits') {
    if (method !== 'GET') {
      sendJson(res, 405, { error: { code: 405, message: 'Use GET', status: 'INVALID_ARGUMENT' } });
      return;
    }
    const query = reportQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) {
      sendJson(res, 400, { error: { code: 400, message: 'top: an integer from 1 to 1000', status: 'INVALID_ARGUMENT' } });
      return;
    }
    sendJson(res, 200, deps.backend.productionLimitsReport?.(query.data.top) ?? { enabled: false });
    return;
  }
  if (path.startsWith('/emulator/')) {
    // Trigger registration and other emulator-hub calls: accepted, not acted on.
    if (method === 'PUT' || method === 'POST') {
      await readBody(req);
      sendJson(res, 200, {});
      return;
    }
    sendJson(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    return;
  }

  const m = DB_RE.exec(path);
  if (!m) {
    sendJson(res, 404, { error: { code: 404, message: `Not found: ${method} ${path}`, status: 'NOT_FOUND' } });
    return;
  }
  const database = decodeSegments(m[1] ?? '');
  const rest = m[2] ? decodeSegments(m[2].replace(/\/$/, '')) : '';
  const verb = m[3];
  const caller = callerFromAuthorization(req.headers.authorization);
  const params = url.searchParams;
  const { backend } = deps;
  const root = `${database}/documents`;

  if (verb !== undefined) {
    if (method !== 'POST') throw new RpcError(Code.NOT_FOUND, `Not found: ${method} ${path}`);
    const body = parseJsonObject(await readBody(req));
    let rpc: UnaryMethod | ServerStreamMethod | undefined = DATABASE_METHODS[verb];
    const requestType = rpc ?? PARENT_METHODS[verb];
    if (requestType) canonicalizeEnums(lookupType(`google.firestore.v1.${requestType}Request`), body);
    if (rpc) {
      if (rest !== '') throw new RpcError(Code.NOT_FOUND, `Not found: ${path}`);
      body.database = database;
    } else {
      rpc = PARENT_METHODS[verb];
      if (!rpc) throw new RpcError(Code.NOT_FOUND, `Unknown method ${verb}`);
      body.parent = root + rest;
    }
    if (STREAMING.has(rpc)) {
      const out = await backend.serverStream(rpc as ServerStreamMethod, body, caller);
      sendJson(res, 200, out);
    } else {
      sendJson(res, 200, await backend.unary(rpc as UnaryMethod, body, caller));
    }
    return;
  }

  const segments = rest === '' ? [] : rest.slice(1).split('/');
  const isCollection = segments.length % 2 === 1;
  const name = root + rest;
  const mask = fieldPaths(params, 'mask.fieldPaths');
  if (isCollection) {
    const parentPath = root + (segments.length > 1 ? '/' + segments.slice(0, -1).join('/') : '');
    const collectionId = segments[segments.length - 1] ?? '';
    if (method === 'GET') {
      const pageSize = params.get('pageSize');
      const request = withOptional(
        { parent: parentPath, collectionId },
        {
          pageSize: pageSize === null ? undefined : Number(pageSize),
          pageToken: params.get('pageToken') ?? undefined,
          orderBy: params.get('orderBy') ?? undefined,
          mask,
          transaction: params.get('transaction') ?? undefined,
          readTime: params.get('readTime') ?? undefined,
          showMissing: params.has('showMissing') ? params.get('showMissing') === 'true' : undefined,
        },
      );
      sendJson(res, 200, await backend.unary('ListDocuments', request, caller));
      return;
    }
    if (method === 'POST') {
      const document = parseJsonObject(await readBody(req));
      canonicalizeEnums(lookupType('google.firestore.v1.Document'), document);
      const request = withOptional(
        { parent: parentPath, collectionId, document },
        { documentId: params.get('documentId') ?? undefined, mask },
      );
      sendJson(res, 200, await backend.unary('CreateDocument', request, caller));
      return;
    }
    throw new RpcError(Code.NOT_FOUND, `Not found: ${method} ${path}`);
  }
  if (segments.length === 0) throw new RpcError(Code.NOT_FOUND, `Not found: ${method} ${path}`);
  if (method === 'GET') {
    const request = withOptional(
      { name },
      { mask, transaction: params.get('transaction') ?? undefined, readTime: params.get('readTime') ?? undefined },
    );
    sendJson(res, 200, await backend.unary('GetDocument', request, caller));
    return;
  }
  if (method === 'PATCH') {
    const document = parseJsonObject(await readBody(req));
    canonicalizeEnums(lookupType('google.firestore.v1.Document'), document);
    document.name = name;
    const request = withOptional(
      { document },
      { updateMask: fieldPaths(params, 'updateMask.fieldPaths'), mask, currentDocument: precondition(params) },
    );
    sendJson(res, 200, await backend.unary('UpdateDocument', request, caller));
    return;
  }
  if (method === 'DELETE') {
    const request = withOptional({ name }, { currentDocument: precondition(params) });
    sendJson(res, 200, await backend.unary('DeleteDocument', request, caller));
    return;
  }
  throw new RpcError(Code.NOT_FOUND, `Not found: ${method} ${path}`);
}
