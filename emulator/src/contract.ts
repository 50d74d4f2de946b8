/**
 * The contract between the three parts of the emulator:
 *   engine/  - the database: values, store, queries, writes, transactions, listen targets, persistence
 *   server/  - the transports: one port for gRPC (HTTP/2 cleartext) and HTTP/1.1 (WebChannel, REST,
 *              the emulator endpoints), token decoding, CORS, the CLI and start()
 *   rules/   - firestore.rules: parser, evaluator, and the authorization decision
 *
 * Messages cross these boundaries in ONE canonical form: proto3 JSON of google.firestore.v1, exactly
 * as the Firestore REST API and the browser's WebChannel carry it:
 *   - field names camelCase; enums as their names ('ADD', 'REQUEST_TIME', 'ASCENDING');
 *   - google.protobuf.Timestamp as an RFC 3339 string with 9 fractional digits ('2026-11-22T06:57:13.123456789Z');
 *   - int64 as decimal strings ({ integerValue: '5' }); doubles as numbers or 'NaN' / 'Infinity' / '-Infinity';
 *   - bytes as base64 strings (bytesValue, resumeToken, streamToken, transaction);
 *   - null as { nullValue: 'NULL_VALUE' }; a oneof is present as exactly one of its fields.
 * The gRPC layer converts protobuf messages to and from this form; the engine and rules never see protobuf.
 */

/** gRPC status codes (google.rpc.Code). HTTP mapping: see HTTP_STATUS_FOR_CODE. */
export const enum Code {
  OK = 0,
  CANCELLED = 1,
  UNKNOWN = 2,
  INVALID_ARGUMENT = 3,
  DEADLINE_EXCEEDED = 4,
  NOT_FOUND = 5,
  ALREADY_EXISTS = 6,
  PERMISSION_DENIED = 7,
  RESOURCE_EXHAUSTED = 8,
  FAILED_PRECONDITION = 9,
  ABORTED = 10,
  OUT_OF_RANGE = 11,
  UNIMPLEMENTED = 12,
  INTERNAL = 13,
  UNAVAILABLE = 14,
  DATA_LOSS = 15,
  UNAUTHENTICATED = 16,
}

export const CODE_NAME: Readonly<Record<number, string>> = {
  0: 'OK',
  1: 'CANCELLED',
  2: 'UNKNOWN',
  3: 'INVALID_ARGUMENT',
  4: 'DEADLINE_EXCEEDED',
  5: 'NOT_FOUND',
  6: 'ALREADY_EXISTS',
  7: 'PERMISSION_DENIED',
  8: 'RESOURCE_EXHAUSTED',
  9: 'FAILED_PRECONDITION',
  10: 'ABORTED',
  11: 'OUT_OF_RANGE',
  12: 'UNIMPLEMENTED',
  13: 'INTERNAL',
  14: 'UNAVAILABLE',
  15: 'DATA_LOSS',
  16: 'UNAUTHENTICATED',
};

/** The HTTP status Firestore's REST API answers with for each gRPC code. */
export const HTTP_STATUS_FOR_CODE: Readonly<Record<number, number>> = {
  0: 200,
  1: 499,
  2: 500,
  3: 400,
  4: 504,
  5: 404,
  6: 409,
  7: 403,
  8: 429,
  9: 400,
  10: 409,
  11: 400,
  12: 501,
  13: 500,
  14: 503,
  15: 500,
  16: 401,
};

/** An error every layer throws and every transport maps to its wire form. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A google.firestore.v1.Value in canonical form, e.g. { integerValue: '3' } or { mapValue: { fields: {...} } }. */
export type Value = JsonObject;

/** A stored document in canonical form. `name` is the full resource name. */
export interface StoredDocument {
  name: string; // projects/{p}/databases/{d}/documents/{path}
  fields: Record<string, Value>;
  createTime: string; // RFC 3339, 9 fractional digits
  updateTime: string;
}

/** Who is calling, decoded by the transport from `Authorization: Bearer ...`. */
export type Caller =
  | { kind: 'owner' } // 'Bearer owner' (admin SDK, withSecurityRulesDisabled): bypasses rules
  | { kind: 'anonymous' } // no authorization header
  | { kind: 'user'; uid: string; token: Record<string, unknown> }; // decoded (unverified) JWT payload

/** One authorization question the engine asks the rules for every client (non-owner) access. */
export interface AccessRequest {
  caller: Exclude<Caller, { kind: 'owner' }>;
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  /** 'projects/{p}/databases/{d}' */
  database: string;
  /**
   * For get/create/update/delete: the document path below the database's documents root,
   * e.g. 'signal/abc'. For list: the queried collection path, e.g. 'users/u1/my-games' (for a
   * collection-group query: the collection id, with `collectionGroup: true`).
   */
  path: string;
  collectionGroup?: boolean;
  /** The stored document before the access (null when it does not exist). For list: null. */
  resource: StoredDocument | null;
  /** The document as it would be after the write (merges and transforms applied); null for reads and deletes. */
  requestResource: StoredDocument | null;
  /** For list: the google.firestore.v1.StructuredQuery in canonical form (filters, orderBy, limit, offset, cursors). */
  query?: JsonObject;
  /** The request time, RFC 3339. */
  time: string;
  /** Reads another document as stored now (for get() / exists()). Counts toward the rules' call limits. */
  lookup: (path: string) => StoredDocument | null;
  /** Reads another document as it would be after the whole batch commits (for getAfter() / existsAfter()). */
  /** Every AccessRequest of one commit carries the SAME lookupAfter function: the rules count a batch's reads by it. */
  lookupAfter: (path: string) => StoredDocument | null;
  /**
   * For writes: the number of writes in the commit this access belongs to (a batched write or a transaction,
   * verify entries included). The rules allow 20 get()/exists() calls when it is above 1, else 10.
   * Absent for reads, queries and listens.
   */
  batchSize?: number;
}

export type AccessDecision = { allowed: true } | { allowed: false; message: string };

/** What the rules module hands the engine once a rules file compiled. Synchronous and pure. */
export type Authorizer = (request: AccessRequest) => AccessDecision;

/** A problem found while loading a rules file, in the shape firebase-tools reads. */
export interface RulesIssue {
  sourcePosition: { fileName?: string; line: number; column: number };
  description: string;
  severity: 'ERROR' | 'WARNING';
}

export type CompileResult = { ok: true; authorize: Authorizer } | { ok: false; issues: RulesIssue[] };

/** Where a bidirectional or server stream sends its responses. */
export interface StreamSink {
  send(message: JsonObject): void;
  /** Ends the stream with an error (the transport maps it to gRPC status / WebChannel error). */
  fail(error: RpcError): void;
  /** Ends the stream normally. */
  end(): void;
}

/** A bidirectional stream (Listen, Write) as the engine exposes it. */
export interface BidiStream {
  /** A request message from the client. */
  receive(message: JsonObject): void;
  /** The client went away (or half-closed): release targets and timers. */
  close(): void;
}

export type UnaryMethod =
  | 'GetDocument'
  | 'ListDocuments'
  | 'CreateDocument'
  | 'UpdateDocument'
  | 'DeleteDocument'
  | 'BeginTransaction'
  | 'Commit'
  | 'Rollback'
  | 'ListCollectionIds'
  | 'BatchWrite'
  | 'PartitionQuery';

export type ServerStreamMethod = 'BatchGetDocuments' | 'RunQuery' | 'RunAggregationQuery';
export type BidiMethod = 'Listen' | 'Write';

/**
 * The database as the transports see it. Request and response messages are the canonical JSON
 * of the google.firestore.v1 request/response types of each method (e.g. CommitRequest ->
 * CommitResponse). Errors are thrown (or passed to sink.fail) as RpcError.
 */
export interface FirestoreBackend {
  unary(method: UnaryMethod, request: JsonObject, caller: Caller): Promise<JsonObject>;
  /** Server-streaming RPCs: the responses, in order (REST answers them as one JSON array). */
  serverStream(method: ServerStreamMethod, request: JsonObject, caller: Caller): Promise<JsonObject[]>;
  openStream(method: BidiMethod, caller: Caller, sink: StreamSink): BidiStream;

  /** Emulator endpoints. */
  clear(database: string): void;
  /** Installs a compiled rules file (null: no rules, everything allowed, as with no --rules). */
  setAuthorizer(authorize: Authorizer | null): void;
  /** Production-limits mode's report (GET /emulator/v1/production-limits); null or absent when the mode is off. */
  productionLimitsReport?(top?: number): JsonObject | null;
}
