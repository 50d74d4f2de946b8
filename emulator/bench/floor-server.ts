/**
 * The side-by-side bench's "floor" (issue 33 item 5): a gRPC Firestore server that does no work. It speaks gRPC
 * over node:http2 directly (no grpc-js, no message decoding beyond the few bytes it must read) and answers
 * Commit, BeginTransaction, Rollback, BatchGetDocuments and RunQuery with fixed, valid responses encoded once.
 * Nothing is stored: what the client measures against it is the cost of the client itself (firebase-admin and
 * grpc-js in the bench process) plus HTTP/2 on the same cores, the ceiling any server can reach on this client.
 *
 * Answers, in the only detail the admin SDK checks:
 * - Commit: as many write results as the request has writes (the SDK pairs them with its writes);
 * - BatchGetDocuments: every requested name found (the SDK looks documents up by name), with a transaction id
 *   when the request opens one, the document { n: 0 };
 * - RunQuery: 20 documents under the query's parent (the bench's query asks for 20).
 *
 *   node --import tsx bench/floor-server.ts <port>     prints "floor ready" when it listens
 */
import { createServer } from 'node:http2';
import type { ServerHttp2Stream } from 'node:http2';
import protobuf from 'protobufjs';
import { z } from 'zod';
import { frame } from '../src/server/grpc-h2';
import { firestoreRoot } from '../src/server/proto-json';

const port = z.coerce.number().int().min(1).max(65_535).parse(process.argv[2]);
const root = firestoreRoot();
const T = (name: string): protobuf.Type => root.lookupType(`google.firestore.v1.${name}`);
const TIME = { seconds: 1_800_000_000, nanos: 0 };
const TX = Buffer.from('floor-transaction');

function encode(type: string, value: Record<string, unknown>): Buffer {
  const t = T(type);
  return frame(t.encode(t.fromObject(value)).finish());
}

const EMPTY = frame(new Uint8Array(0));
const BEGIN = encode('BeginTransactionResponse', { transaction: TX });
const commits = new Map<number, Buffer>();
function commitResponse(writes: number): Buffer {
  let hit = commits.get(writes);
  if (!hit) {
    hit = encode('CommitResponse', {
      writeResults: Array.from({ length: writes }, () => ({ updateTime: TIME })),
      commitTime: TIME,
    });
    commits.set(writes, hit);
  }
  return hit;
}
const DOC_FIELDS = { n: { integerValue: 0 } };
const queries = new Map<string, Buffer>();
const reads = new Map<string, Buffer>();
function queryResponse(parent: string): Buffer {
  let hit = queries.get(parent);
  if (!hit) {
    const parts = Array.from({ length: 20 }, (_, i) =>
      encode('RunQueryResponse', {
        document: { name: `${parent}/q/d${i}`, fields: DOC_FIELDS, createTime: TIME, updateTime: TIME },
        readTime: TIME,
      }),
    );
    hit = Buffer.concat(parts);
    queries.set(parent, hit);
  }
  return hit;
}

/** The top-level fields of a protobuf message: counts of `countField` and the string values of `stringFields`. */
function scan(
  buf: Uint8Array,
  countField: number,
  stringFields: readonly number[],
): { count: number; strings: string[]; has: Set<number> } {
  const r = protobuf.Reader.create(buf);
  let count = 0;
  const strings: string[] = [];
  const has = new Set<number>();
  while (r.pos < r.len) {
    const tag = r.uint32();
    const field = tag >>> 3;
    has.add(field);
    if (field === countField) count++;
    if ((tag & 7) === 2 && stringFields.includes(field)) strings.push(r.string());
    else r.skipType(tag & 7);
  }
  return { count, strings, has };
}

function answer(stream: ServerHttp2Stream, body: Buffer): void {
  stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
  stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
  stream.end(body);
}

const METHOD = '/google.firestore.v1.Firestore/';

const server = createServer();
server.on('stream', (stream, headers) => {
  const path = String(headers[':path'] ?? '');
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('error', () => undefined);
  stream.on('end', () => {
    const all = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    const message = all.subarray(5);
    switch (path.slice(METHOD.length)) {
      case 'Commit':
        answer(stream, commitResponse(scan(message, 2, []).count)); // CommitRequest.writes = 2
        return;
      case 'BeginTransaction':
        answer(stream, BEGIN);
        return;
      case 'Rollback':
        answer(stream, EMPTY);
        return;
      case 'BatchGetDocuments': {
        // database = 1, documents = 2, new_transaction = 5
        const s = scan(message, 0, [2]);
        const opens = s.has.has(5);
        const key = `${opens ? 1 : 0}${s.strings.join('\n')}`;
        let body = reads.get(key);
        if (!body) {
          body = Buffer.concat(
            s.strings.map((name, i) =>
              encode('BatchGetDocumentsResponse', {
                found: { name, fields: DOC_FIELDS, createTime: TIME, updateTime: TIME },
                readTime: TIME,
                ...(opens && i === 0 ? { transaction: TX } : {}),
              }),
            ),
          );
          if (reads.size > 1000) reads.clear();
          reads.set(key, body);
        }
        answer(stream, body);
        return;
      }
      case 'RunQuery':
        answer(stream, queryResponse(scan(message, 0, [1]).strings[0] ?? '')); // parent = 1
        return;
      default:
        stream.respond({ ':status': 200, 'content-type': 'application/grpc', 'grpc-status': '12' }, { endStream: true });
    }
  });
});
server.listen(port, '127.0.0.1', () => console.log('floor ready'));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 500).unref();
});
