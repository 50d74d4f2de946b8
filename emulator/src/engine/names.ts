/** Resource names: projects/{p}/databases/{d}/documents/{col}/{doc}/... validation and parsing. */
import { Code, RpcError } from '../contract';

export interface DocName {
  database: string; // projects/p/databases/d
  path: string; // col/doc/...
  name: string; // full name
}

function invalid(message: string): RpcError {
  return new RpcError(Code.INVALID_ARGUMENT, message);
}

const RESERVED_ID = /^__.*__$/;
/** `__id<n>__`: how Firestore names a document whose id is a Datastore integer id; allowed for documents. */
const NUMERIC_ID = /^__id-?\d{1,19}__$/;
const MAX_NAME_BYTES = 6144;

export function validateDatabaseName(database: unknown): string {
  if (typeof database !== 'string') throw invalid('Missing or invalid database name.');
  const parts = database.split('/');
  if (parts.length !== 4 || parts[0] !== 'projects' || parts[2] !== 'databases' || !parts[1] || !parts[3]) {
    throw invalid(`Invalid database name: ${database.slice(0, 200)}`);
  }
  if (!/^[A-Za-z0-9._:-]+$/.test(parts[1]) || !/^[A-Za-z0-9()_-]+$/.test(parts[3])) {
    throw invalid(`Invalid database name: ${database.slice(0, 200)}`);
  }
  return database;
}

/** Checks each id of a path; `documentsAt` is the parity of the indexes that are document ids (-1: none). */
function validateSegments(segments: string[], full: string, documentsAt: 0 | 1 | -1): void {
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] as string;
    if (seg.length === 0) throw invalid(`Invalid resource name "${full.slice(0, 200)}": empty path segment.`);
    if (seg === '.' || seg === '..') throw invalid(`Invalid resource name "${full.slice(0, 200)}": "${seg}" is not allowed.`);
    if (RESERVED_ID.test(seg) && !(i % 2 === documentsAt && NUMERIC_ID.test(seg))) {
      throw invalid(`Resource id "${seg.slice(0, 100)}" is invalid because it is reserved.`);
    }
    if (Buffer.byteLength(seg, 'utf8') > 1500) throw invalid('Resource id is too long (maximum 1500 bytes).');
  }
  if (Buffer.byteLength(full, 'utf8') > MAX_NAME_BYTES) throw invalid('Resource name is too long.');
}

/** Splits "projects/p/databases/d/documents/rest" into database and rest ('' for the root). */
function splitRoot(name: unknown): { database: string; rest: string } {
  if (typeof name !== 'string') throw invalid('Missing or invalid resource name.');
  const parts = name.split('/');
  if (parts.length < 5 || parts[4] !== 'documents') throw invalid(`Invalid resource name: ${name.slice(0, 200)}`);
  const database = validateDatabaseName(parts.slice(0, 4).join('/'));
  return { database, rest: parts.slice(5).join('/') };
}

/** A document name: an even number (>= 2) of non-empty segments below /documents. */
export function parseDocumentName(name: unknown): DocName {
  const { database, rest } = splitRoot(name);
  const segments = rest.split('/');
  if (rest === '' || segments.length % 2 !== 0) {
    throw invalid(
      `Document name "${String(name).slice(0, 200)}" has ${rest === '' ? 0 : segments.length} path segments; it must have an even number.`,
    );
  }
  validateSegments(segments, name as string, 1);
  return { database, path: rest, name: name as string };
}

/** A parent for queries / listings: the documents root ('' path) or a document. */
export function parseParent(parent: unknown): { database: string; path: string } {
  if (typeof parent === 'string' && /^projects\/[^/]+\/databases\/[^/]+\/documents$/.test(parent)) {
    return { database: validateDatabaseName(parent.slice(0, -'/documents'.length)), path: '' };
  }
  const doc = parseDocumentName(parent);
  return { database: doc.database, path: doc.path };
}

export function validateCollectionId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0) throw invalid('Missing or invalid collection id.');
  if (id.includes('/')) throw invalid(`Invalid collection id "${id.slice(0, 100)}".`);
  validateSegments([id], id, -1);
  return id;
}

export function fullName(database: string, path: string): string {
  return path === '' ? `${database}/documents` : `${database}/documents/${path}`;
}

/** 'a/b/c/d' -> 'a/b/c' (the collection path of a document path). */
export function collectionOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The parent document path of a collection path ('' for a root collection). */
export function parentOfCollection(collectionPath: string): string {
  const i = collectionPath.lastIndexOf('/');
  return i < 0 ? '' : collectionPath.slice(0, i);
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function autoId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += ID_CHARS[Math.floor(Math.random() * ID_CHARS.length)];
  return id;
}
