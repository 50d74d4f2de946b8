/**
 * The browser SDK's WebChannel (closure-net wire version 8) for Listen and Write:
 * handshake, forward channel with map ids and de-duplication, back channel streaming (CI=0) or long
 * polling (CI=1), length-prefixed chunks counted in UTF-16 code units, AID acknowledgement and re-send
 * of unacknowledged arrays, noop keepalive, terminate, and 400 'Unknown SID'.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BidiMethod, BidiStream, Caller, FirestoreBackend, Json, JsonObject } from '../contract';
import { CODE_NAME, Code, RpcError } from '../contract';
import { callerFromAuthorization } from './caller';

const KEEPALIVE_MS = 30_000;
const NOOP_EVERY_MS = 20_000;
const IDLE_SESSION_MS = 120_000;
/**
 * Arrays already written to a streaming back channel stay queued until the client acknowledges them
 * (AID), so a reconnecting back channel can get them again. The client only sends AID with forward
 * requests, which a quiet Listen session rarely makes: keep at most this many written-but-unacknowledged
 * arrays (the oldest go first). A back channel that then asks for an array no longer kept ends the session
 * (400 'Unknown SID'): the SDK opens a new stream and listens again, where sending the newer arrays alone
 * would leave a gap the client cannot see (ADR 0054).
 */
const MAX_WRITTEN_UNACKED = 1000;

/** `<length in UTF-16 units>\n<payload>` */
export function frame(payload: string): string {
  return `${payload.length}\n${payload}`;
}

interface QueuedArray {
  id: number;
  text: string;
}

interface BackChannel {
  res: ServerResponse;
  streaming: boolean;
  /** The highest array id written to this response. */
  written: number;
  timer: NodeJS.Timeout | undefined;
}

class Session {
  readonly queue: QueuedArray[] = [];
  nextArrayId = 1;
  lastMapId = -1;
  /** The highest array id dropped from the queue before the client acknowledged it (0: none). */
  droppedUnacked = 0;
  back: BackChannel | null = null;
  finished = false;
  closed = false;
  lastActivity = Date.now();
  stream: BidiStream | null = null;

  constructor(
    readonly sid: string,
    readonly method: BidiMethod,
  ) {}

  push(payload: Json[]): void {
    if (this.closed) return;
    const id = this.nextArrayId++;
    this.queue.push({ id, text: JSON.stringify([id, payload]) });
    this.flush();
  }

  ack(aid: number): void {
    if (!Number.isFinite(aid)) return;
    let drop = 0;
    while (drop < this.queue.length && (this.queue[drop]?.id ?? Infinity) <= aid) drop++;
    if (drop > 0) this.queue.splice(0, drop);
  }

  /**
   * UTF-8 bytes of the arrays not yet acknowledged: the third number of a forward-channel answer. The client
   * (closure's WebChannelBase.handlePostResponse_) takes under 37500 for a back channel that may be dead and
   * restarts it after 6 s without data, so text that is not ASCII must not count as fewer (ADR 0054).
   */
  outstandingBytes(): number {
    let n = 0;
    for (const q of this.queue) n += Buffer.byteLength(q.text, 'utf8');
    return n;
  }

  flush(): void {
    const back = this.back;
    if (!back) return;
    const pending = this.queue.filter((q) => q.id > back.written);
    if (pending.length > 0) {
      const last = pending[pending.length - 1];
      back.written = last ? last.id : back.written;
      back.res.write(frame(`[${pending.map((q) => q.text).join(',')}]`));
      if (!back.streaming) {
        this.endBack();
        return;
      }
      if (this.queue.length > MAX_WRITTEN_UNACKED) {
        const dropped = this.queue.splice(0, this.queue.length - MAX_WRITTEN_UNACKED);
        this.droppedUnacked = dropped[dropped.length - 1]?.id ?? this.droppedUnacked;
      }
    }
    if (this.finished && back.streaming && this.queue.every((q) => q.id <= back.written)) this.endBack();
  }

  endBack(): void {
    const back = this.back;
    if (!back) return;
    this.back = null;
    if (back.timer) clearInterval(back.timer);
    if (!back.res.writableEnded) back.res.end();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.finished = true;
    this.endBack();
    const stream = this.stream;
    this.stream = null;
    stream?.close();
  }
}

function errorPayload(err: unknown): JsonObject {
  const e = err instanceof RpcError ? err : new RpcError(Code.INTERNAL, err instanceof Error ? err.message : String(err));
  return { error: { code: e.code as number, message: e.message, status: CODE_NAME[e.code] ?? 'UNKNOWN' } };
}

/** Parses the `headers` field of the handshake ("Name:value\r\n" lines). */
function parseInitHeaders(text: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!text) return out;
  for (const line of text.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    out.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return out;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache, no-store', ...headers });
  res.end(body);
}

export class WebChannelServer {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly backend: FirestoreBackend) {
    this.sweeper = setInterval(() => this.sweep(), 15_000);
    this.sweeper.unref();
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [sid, s] of this.sessions) {
      if (!s.back && now - s.lastActivity > IDLE_SESSION_MS) {
        s.close();
        this.sessions.delete(sid);
      }
    }
  }

  closeAll(): void {
    clearInterval(this.sweeper);
    for (const s of this.sessions.values()) s.close();
    this.sessions.clear();
  }

  /** Handles `/google.firestore.v1.Firestore/{Listen|Write}/channel`. `body` is the raw POST body. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, method: BidiMethod, body: string): void {
    const params = url.searchParams;
    const sid = params.get('SID');
    const type = params.get('TYPE');
    if (sid === null) {
      if (req.method !== 'POST') {
        send(res, 400, 'Missing SID');
        return;
      }
      this.handshake(req, res, method, body);
      return;
    }
    const session = this.sessions.get(sid);
    if (!session || session.method !== method) {
      send(res, 400, 'Unknown SID');
      return;
    }
    session.lastActivity = Date.now();
    if (type === 'terminate') {
      session.close();
      this.sessions.delete(sid);
      send(res, 200, '');
      return;
    }
    const aid = Number(params.get('AID') ?? NaN);
    session.ack(aid);
    if (req.method === 'GET' && session.droppedUnacked > 0 && !(aid >= session.droppedUnacked)) {
      // The client lost arrays this session no longer keeps: it cannot go on without a gap.
      session.close();
      this.sessions.delete(sid);
      send(res, 400, 'Unknown SID');
      return;
    }
    if (req.method === 'GET') {
      this.backChannel(session, req, res, params);
      return;
    }
    if (req.method === 'POST') {
      this.forward(session, res, body);
      return;
    }
    send(res, 405, 'Method not allowed');
  }

  private handshake(req: IncomingMessage, res: ServerResponse, method: BidiMethod, body: string): void {
    const form = new URLSearchParams(body);
    const headers = parseInitHeaders(form.get('headers'));
    const url = new URL(req.url ?? '/', 'http://x');
    const httpHeaders = parseInitHeaders(url.searchParams.get('$httpHeaders'));
    const auth = headers.get('authorization') ?? httpHeaders.get('authorization') ?? req.headers.authorization;
    const caller: Caller = callerFromAuthorization(auth);
    const sid = randomBytes(12).toString('base64url');
    const session = new Session(sid, method);
    let stream: BidiStream;
    try {
      stream = this.backend.openStream(method, caller, {
        send: (message) => session.push([message]),
        fail: (error) => {
          if (session.finished) return;
          session.push([errorPayload(error)]);
          session.finished = true;
          session.flush();
          const s = session.stream;
          session.stream = null;
          s?.close();
        },
        end: () => {
          if (session.finished) return;
          session.push(['close']);
          session.finished = true;
          session.flush();
        },
      });
    } catch (err) {
      send(res, 500, JSON.stringify(errorPayload(err)));
      return;
    }
    session.stream = stream;
    this.sessions.set(sid, session);
    const gsid = randomBytes(12).toString('base64url');
    const extra: Record<string, string> = {};
    if (url.searchParams.has('X-HTTP-Session-Id')) extra['X-HTTP-Session-Id'] = gsid;
    send(res, 200, frame(JSON.stringify([[0, ['c', sid, '', 8, 14, KEEPALIVE_MS]]])), extra);
    this.deliver(session, form);
  }

  /** Hands the forward-channel messages in `form` to the engine, skipping map ids already seen. */
  private deliver(session: Session, form: URLSearchParams): void {
    const count = Number(form.get('count') ?? 0);
    const ofs = Number(form.get('ofs') ?? 0);
    if (!Number.isInteger(count) || count < 0 || count > 1000 || !Number.isInteger(ofs) || ofs < 0) {
      this.failSession(session, new RpcError(Code.INVALID_ARGUMENT, 'Malformed forward channel request.'));
      return;
    }
    for (let i = 0; i < count; i++) {
      const mapId = ofs + i;
      const data = form.get(`req${i}___data__`);
      if (mapId <= session.lastMapId) continue;
      session.lastMapId = mapId;
      if (data === null || session.finished) continue;
      let message: unknown;
      try {
        message = JSON.parse(data);
      } catch {
        message = undefined;
      }
      if (typeof message !== 'object' || message === null || Array.isArray(message)) {
        this.failSession(session, new RpcError(Code.INVALID_ARGUMENT, 'Invalid JSON payload received.'));
        return;
      }
      try {
        session.stream?.receive(message as JsonObject);
      } catch (err) {
        this.failSession(session, err);
        return;
      }
    }
  }

  private failSession(session: Session, err: unknown): void {
    if (session.finished) return;
    session.push([errorPayload(err)]);
    session.finished = true;
    const s = session.stream;
    session.stream = null;
    s?.close();
    session.flush();
  }

  private forward(session: Session, res: ServerResponse, body: string): void {
    this.deliver(session, new URLSearchParams(body));
    send(res, 200, frame(JSON.stringify([1, session.nextArrayId - 1, session.outstandingBytes()])));
  }

  private backChannel(session: Session, req: IncomingMessage, res: ServerResponse, params: URLSearchParams): void {
    const streaming = params.get('CI') !== '1';
    session.endBack();
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
      'X-Content-Type-Options': 'nosniff',
    });
    res.flushHeaders();
    const aid = Number(params.get('AID') ?? NaN);
    const back: BackChannel = { res, streaming, written: Number.isFinite(aid) ? aid : 0, timer: undefined };
    session.back = back;
    const onClose = (): void => {
      if (back.timer) clearInterval(back.timer);
      if (session.back === back) session.back = null;
      session.lastActivity = Date.now();
    };
    res.on('close', onClose);
    req.on('close', onClose);
    if (streaming) {
      back.timer = setInterval(() => session.push(['noop']), NOOP_EVERY_MS);
    } else {
      const to = Number(params.get('TO') ?? NaN);
      const wait = Number.isFinite(to) && to > 0 ? Math.min(to * 1000 * 0.8, NOOP_EVERY_MS) : NOOP_EVERY_MS;
      back.timer = setTimeout(() => session.push(['noop']), wait);
    }
    back.timer.unref();
    session.flush();
  }
}
