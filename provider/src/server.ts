/** node:http adapter of the provider: JSON in, JSON (or the sandbox HTML) out, CORS for the sandbox page. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Provider } from './provider';

const MAX_BODY = 1024 * 1024;
/**
 * An oversized body is still read (and thrown away) up to this many bytes, so the client gets its 413
 * instead of a reset connection: closing a socket with unread data makes the kernel send RST, and the
 * client loses the answer. Past this, the connection is closed after the answer.
 */
const MAX_DRAIN = 16 * MAX_BODY;

export const BODY_TOO_LARGE = 'The request body is too large (max 1 MB)';

class BodyTooLarge extends Error {
  constructor(readonly drained: boolean) {
    super(BODY_TOO_LARGE);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > MAX_DRAIN) {
      reject(new BodyTooLarge(false));
      return;
    }
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAIN) {
        req.pause();
        reject(new BodyTooLarge(false));
        return;
      }
      if (size > MAX_BODY) {
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => (size > MAX_BODY ? reject(new BodyTooLarge(true)) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

/** Loopback, as IPv4, IPv6 and IPv4-mapped IPv6. */
export const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * The client's address: the socket's, or, when the socket is a trusted proxy (the Cloud Functions
 * calling with the callable's client address), the right-most X-Forwarded-For entry the proxies did
 * not add themselves. Anything a client writes into the header further left is ignored.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  const trusted = new Set(trustedProxies);
  let address = socketAddress ?? 'unknown';
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');
  while (trusted.has(address) && hops.length > 0) address = hops.pop() ?? address;
  return address;
}

export function createHttpServer(provider: Provider, options: { trustedProxies?: readonly string[] } = {}): Server {
  const trustedProxies = options.trustedProxies ?? LOOPBACK;
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization, content-type, accept, idempotency-key, id',
        'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      let body: unknown;
      try {
        const text = await readBody(req);
        body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          // Not drained (too big even to throw away): answer, then close the connection.
          const answer = JSON.stringify({ status: false, message: BODY_TOO_LARGE, error: [{ message: BODY_TOO_LARGE }] });
          res.writeHead(413, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(answer),
            ...cors,
            ...(error.drained ? {} : { connection: 'close' }),
          });
          res.end(answer);
          return;
        }
        res.writeHead(400, { 'content-type': 'application/json', ...cors });
        res.end(
          JSON.stringify({
            status: false,
            message: 'The request body must be JSON',
            error: [{ message: 'The request body must be JSON' }],
          }),
        );
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const answer = await provider.handle({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body,
        source: clientAddress(req.socket.remoteAddress, headers['x-forwarded-for'], trustedProxies),
      });
      const isText = typeof answer.body === 'string';
      res.writeHead(answer.status, {
        'content-type': isText ? 'text/html; charset=utf-8' : 'application/json',
        ...cors,
        ...answer.headers,
      });
      res.end(isText ? answer.body : JSON.stringify(answer.body));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: false, message: 'Something went wrong. Please try again.', error: [] }));
    });
  });
}
