/**
 * The gRPC face of the emulator served straight from node:http2 (ADR 0053): google.firestore.v1.Firestore's
 * unary, server-streaming and bidirectional methods, framed as gRPC over HTTP/2 specifies (PROTOCOL-HTTP2.md in
 * grpc/grpc), messages decoded and encoded with the same protobufjs codec as before (proto-json.ts).
 *
 * grpc-js's server did the same with a per-call stack of interceptors, metadata objects, channelz and stream
 * wrappers that cost more CPU than the emulator's own work on a commit (bench/profile-commits.ts); the SDKs only
 * see the wire, and the wire is unchanged: same headers, same length-prefixed messages, same status trailers.
 */
import type { IncomingHttpHeaders, ServerHttp2Session, ServerHttp2Stream } from 'node:http2';
import { constants, createServer } from 'node:http2';
import type { Socket } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import type protobuf from 'protobufjs';
import type { BidiMethod, FirestoreBackend, JsonObject, ServerStreamMethod, UnaryMethod } from '../contract';
import { Code, RpcError } from '../contract';
import { callerFromAuthorization } from './caller';
import { decodeToJson, firestoreRoot, responseEncoder } from './proto-json';

const UNARY: ReadonlySet<string> = new Set<UnaryMethod>([
  'GetDocument',
  'ListDocuments',
  'CreateDocument',
  'UpdateDocument',
  'DeleteDocument',
  'BeginTransaction',
  'Commit',
  'Rollback',
  'ListCollectionIds',
  'BatchWrite',
  'PartitionQuery',
]);
const SERVER_STREAM: ReadonlySet<string> = new Set<ServerStreamMethod>(['BatchGetDocuments', 'RunQuery', 'RunAggregationQuery']);
const BIDI: ReadonlySet<string> = new Set<BidiMethod>(['Listen', 'Write']);

const SERVICE = '/google.firestore.v1.Firestore/';
/** As the grpc-js server was configured: 64 MiB each way. */
const MAX_MESSAGE = 64 * 1024 * 1024;

interface Method {
  name: string;
  kind: 'unary' | 'serverStream' | 'bidi' | 'unimplemented';
  requestType: protobuf.Type;
  encode: (json: JsonObject) => Buffer;
}

interface Status {
  code: number;
  message: string;
}

function statusOf(err: unknown): Status {
  if (err instanceof RpcError) return { code: err.code, message: err.message };
  const message = err instanceof Error ? err.message : String(err);
  return { code: Code.INTERNAL, message: `Internal error: ${message}` };
}

/**
 * grpc-message is percent-encoded; as grpc-js's server did, with encodeURI (spaces too: HTTP/2 drops a header
 * value that ends in whitespace). A string encodeURI refuses (a lone surrogate) is encoded byte by byte.
 */
function encodeGrpcMessage(message: string): string {
  try {
    return encodeURI(message);
  } catch {
    let out = '';
    for (const byte of Buffer.from(message, 'utf8')) {
      out +=
        byte > 0x20 && byte <= 0x7e && byte !== 0x25
          ? String.fromCharCode(byte)
          : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    return out;
  }
}

/** A gRPC message on the wire: 1 byte compressed flag (0), 4 bytes length (big-endian), the message. */
export function frame(message: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + message.length);
  out[0] = 0;
  out.writeUInt32BE(message.length, 1);
  out.set(message, 5);
  return out;
}

const OK: Status = { code: 0, message: '' };

/** A status as gRPC sends it: in trailers, or in the headers of a trailers-only answer. */
function statusHeaders(status: Status): Record<string, string> {
  const headers: Record<string, string> = { 'grpc-status': String(status.code) };
  if (status.message !== '') headers['grpc-message'] = encodeGrpcMessage(status.message);
  return headers;
}

const RESPONSE_HEADERS = {
  [constants.HTTP2_HEADER_STATUS]: 200,
  [constants.HTTP2_HEADER_CONTENT_TYPE]: 'application/grpc+proto',
  'grpc-accept-encoding': 'identity,deflate,gzip',
};

/**
 * One call on one HTTP/2 stream: sends response headers once, then framed messages, then the status in
 * trailers (or headers and status together when nothing was sent: gRPC's trailers-only answer).
 */
class Call {
  private headersSent = false;
  private ended = false;
  /** The status the trailers carry once the stream asks for them. */
  private trailers: Status = OK;

  constructor(private readonly stream: ServerHttp2Stream) {}

  get open(): boolean {
    return !this.ended && !this.stream.destroyed && !this.stream.closed;
  }

  /** The response headers, once per call; the trailers follow when the stream ends. */
  private sendHeaders(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    this.stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
    this.stream.once('wantTrailers', () => {
      try {
        this.stream.sendTrailers(statusHeaders(this.trailers));
      } catch {
        // The stream went away meanwhile.
      }
    });
  }

  write(message: Buffer): void {
    if (!this.open) return;
    this.sendHeaders();
    this.stream.write(frame(message));
  }

  finish(status: Status): void {
    if (!this.open) return;
    this.ended = true;
    this.trailers = status;
    if (this.headersSent) this.stream.end();
    else this.stream.respond({ ...RESPONSE_HEADERS, ...statusHeaders(status) }, { endStream: true });
  }

  /** Every message of the answer then OK, in one write of data (headers, data, trailers). */
  reply(messages: readonly Buffer[]): void {
    if (!this.open) return;
    if (this.headersSent || messages.length === 0) {
      for (const m of messages) this.write(m);
      this.finish(OK);
      return;
    }
    this.ended = true;
    this.sendHeaders();
    this.stream.end(messages.length === 1 ? frame(messages[0] as Buffer) : Buffer.concat(messages.map(frame)));
  }
}

/**
 * Splits a gRPC request body into messages as bytes arrive: 1 byte compressed flag, 4 bytes length, message.
 * Returns an error status for what gRPC refuses (too large, compressed without an encoding it knows).
 */
class Deframer {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private readonly encoding: string | undefined) {}

  push(chunk: Buffer, out: (message: Buffer) => void): Status | null {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    while (this.buf.length >= 5) {
      const compressed = this.buf[0] === 1;
      const length = this.buf.readUInt32BE(1);
      if (length > MAX_MESSAGE) {
        return {
          code: Code.RESOURCE_EXHAUSTED,
          message: `Received message larger than max (${length} vs. ${MAX_MESSAGE})`,
        };
      }
      if (this.buf.length < 5 + length) break;
      let message = this.buf.subarray(5, 5 + length);
      this.buf = this.buf.subarray(5 + length);
      if (compressed) {
        try {
          if (this.encoding === 'gzip') message = gunzipSync(message);
          else if (this.encoding === 'deflate') message = inflateSync(message);
          else
            return {
              code: Code.INTERNAL,
              message: `Received compressed message but "grpc-encoding" header was ${this.encoding ?? 'identity'}`,
            };
        } catch (err) {
          return {
            code: Code.INTERNAL,
            message: `Could not decompress message: ${err instanceof Error ? err.message : String(err)}`,
          };
        }
      }
      out(message);
    }
    return null;
  }

  get pending(): boolean {
    return this.buf.length > 0;
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Decodes a request; never throws (a malformed message is INVALID_ARGUMENT, as Firestore answers). */
function decodeRequest(type: protobuf.Type, bytes: Buffer): JsonObject | RpcError {
  try {
    return decodeToJson(type, bytes);
  } catch (err) {
    return new RpcError(Code.INVALID_ARGUMENT, `Invalid request: ${err instanceof Error ? err.message : 'malformed protobuf'}`);
  }
}

export interface GrpcConnections {
  /** Serves gRPC on a socket whose first bytes are the HTTP/2 preface (still buffered on it). */
  accept(socket: Socket): void;
  /** Ends every call and session. */
  close(): void;
}

/** The Firestore gRPC service on node:http2 for `backend`. */
export function createGrpcConnections(backend: FirestoreBackend): GrpcConnections {
  const root = firestoreRoot();
  const service = root.lookupService('google.firestore.v1.Firestore');
  const methods = new Map<string, Method>();
  for (const m of service.methodsArray) {
    const kind = UNARY.has(m.name)
      ? 'unary'
      : SERVER_STREAM.has(m.name)
        ? 'serverStream'
        : BIDI.has(m.name)
          ? 'bidi'
          : 'unimplemented';
    methods.set(`${SERVICE}${m.name}`, {
      name: m.name,
      kind,
      requestType: root.lookupType(m.requestType),
      encode: responseEncoder(root.lookupType(m.responseType)),
    });
  }

  const sessions = new Set<ServerHttp2Session>();
  const server = createServer({ maxSessionMemory: Number.MAX_SAFE_INTEGER });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
    session.on('error', () => undefined);
  });
  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined);
    const call = new Call(stream);
    const path = header(headers, ':path') ?? '';
    const method = methods.get(path);
    if (!method || method.kind === 'unimplemented') {
      const name = method?.name ?? path;
      call.finish({
        code: Code.UNIMPLEMENTED,
        message: method ? `${name} is not supported by this emulator` : `The server does not implement the method ${path}`,
      });
      stream.resume();
      return;
    }
    const caller = callerFromAuthorization(header(headers, 'authorization'));
    const deframer = new Deframer(header(headers, 'grpc-encoding'));
    if (method.kind === 'bidi') {
      serveBidi(method, stream, call, deframer, backend, caller);
      return;
    }
    // Unary and server streaming: exactly one request message, answered when the client half-closes.
    let request: Buffer | undefined;
    let count = 0;
    let failed: Status | null = null;
    stream.on('data', (chunk: Buffer) => {
      if (failed) return;
      failed = deframer.push(chunk, (m) => {
        request = m;
        count++;
      });
      if (failed) call.finish(failed);
    });
    stream.on('end', () => {
      if (failed) return;
      if (count !== 1 || request === undefined || deframer.pending) {
        call.finish({
          code: Code.UNIMPLEMENTED,
          message: count === 0 ? 'Received no request message' : 'Received a second request message for a unary call',
        });
        return;
      }
      const json = decodeRequest(method.requestType, request);
      let promise: Promise<JsonObject | JsonObject[]>;
      try {
        if (json instanceof RpcError) throw json;
        promise =
          method.kind === 'unary'
            ? backend.unary(method.name as UnaryMethod, json, caller)
            : backend.serverStream(method.name as ServerStreamMethod, json, caller);
      } catch (err) {
        promise = Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
      promise.then(
        (res) => call.reply(Array.isArray(res) ? res.map(method.encode) : [method.encode(res)]),
        (err: unknown) => call.finish(statusOf(err)),
      );
    });
  });

  return {
    accept(socket) {
      server.emit('connection', socket);
    },
    close() {
      for (const s of sessions) s.destroy();
      sessions.clear();
      server.close();
    },
  };
}

function serveBidi(
  method: Method,
  stream: ServerHttp2Stream,
  call: Call,
  deframer: Deframer,
  backend: FirestoreBackend,
  caller: ReturnType<typeof callerFromAuthorization>,
): void {
  let done = false;
  let bidi: ReturnType<FirestoreBackend['openStream']> | undefined;
  const finish = (status: Status | null): void => {
    if (done) return;
    done = true;
    bidi?.close();
    if (status) call.finish(status);
  };
  try {
    bidi = backend.openStream(method.name as BidiMethod, caller, {
      send(message) {
        if (!done) call.write(method.encode(message));
      },
      fail(error) {
        finish(statusOf(error));
      },
      end() {
        finish(OK);
      },
    });
  } catch (err) {
    done = true;
    call.finish(statusOf(err));
    stream.resume();
    return;
  }
  stream.on('data', (chunk: Buffer) => {
    if (done) return;
    const failed = deframer.push(chunk, (bytes) => {
      if (done) return;
      const json = decodeRequest(method.requestType, bytes);
      try {
        if (json instanceof RpcError) throw json;
        bidi?.receive(json);
      } catch (err) {
        finish(statusOf(err));
      }
    });
    if (failed) finish(failed);
  });
  stream.on('end', () => finish(OK));
  stream.on('close', () => finish(null));
  stream.on('aborted', () => finish(null));
}
