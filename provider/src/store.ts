/**
 * The provider's view of its database: documents of plain JSON data addressed by a collection path
 * and an id, simple queries, and transactions with reads before writes. Two implementations:
 * Firestore through firebase-admin (store-firestore.ts, what runs) and an in-memory one
 * (store-memory.ts, for fast unit tests of the business rules).
 *
 * Values stored are JSON-like: strings, finite numbers (money always as integer kobo), booleans,
 * null, arrays and nested objects. Times are stored as epoch milliseconds.
 */

export type Data = Record<string, unknown>;

export interface Doc {
  id: string;
  data: Data;
}

export type WhereOp = '==' | '<' | '<=' | '>' | '>=';

export interface QuerySpec {
  where?: ReadonlyArray<readonly [field: string, op: WhereOp, value: string | number | boolean]>;
  /** Ties are in document-id order, in the same direction (as Firestore orders them). */
  orderBy?: { field: string; direction: 'asc' | 'desc' };
  limit?: number;
  /** Skips this many matching documents (after ordering). */
  offset?: number;
  /** A cursor: starts after the document with this `orderBy` value and this id (needs `orderBy`). */
  startAfter?: { value: string | number; id: string };
}

/** A transaction: every read must come before the first write; it may run more than once. */
export interface Tx {
  get(collection: string, id: string): Promise<Data | null>;
  /** Writes a new document; the transaction fails if it exists at commit time. */
  create(collection: string, id: string, data: Data): void;
  /** Replaces (or creates) a document. */
  set(collection: string, id: string, data: Data): void;
  /** Merges top-level fields into an existing document. */
  update(collection: string, id: string, data: Data): void;
  delete(collection: string, id: string): void;
}

export interface Store {
  get(collection: string, id: string): Promise<Data | null>;
  query(collection: string, spec?: QuerySpec): Promise<Doc[]>;
  /** How many documents match (`limit`, `offset` and `startAfter` ignored), counted by the database. */
  count(collection: string, spec?: QuerySpec): Promise<number>;
  set(collection: string, id: string, data: Data): Promise<void>;
  update(collection: string, id: string, data: Data): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  /**
   * Adds `by` to a numeric field atomically (creating the document with `fields` if it is missing)
   * and returns the field's value read afterwards. Under concurrency the value read may include other
   * callers' increments, never fewer than this one's: at most L callers ever see a value <= L.
   */
  increment(collection: string, id: string, field: string, by: number, fields?: Data): Promise<number>;
  /** Runs `fn` atomically, retrying on contention. Side effects do not belong inside `fn`. */
  runTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Releases connections (tests and scripts). */
  close(): Promise<void>;
}

/**
 * The database did not answer in time or is unreachable. The provider answers 503: nothing is known
 * to have happened, and the money calls are idempotent, so trying again is safe.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/** A fresh random document id (20 characters, like Firestore's auto ids). */
export function newId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  let id = '';
  for (const b of bytes) id += alphabet[b % alphabet.length];
  return id;
}

/** A stored field as a string ('' when it is not a string or a number). */
export function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}
