/**
 * One schema for every id that comes from outside and names a document (issue 31 item 7): a pot, a game, a
 * saved bank, a dispute, a transaction, a URL's `:id`. Firestore's own rules for a document id
 * (firebase.google.com/docs/firestore/quotas, "Constraints on collections, documents, and fields"): valid
 * UTF-8, at most 1,500 bytes, no '/', not '.' or '..', not matching `__.*__`. An id that breaks one of them
 * is refused here with a message naming the field (the error body prefixes the field's path), before any
 * read: Firestore itself would throw (a 500) or, on some servers, never answer (a 503 after the deadline).
 *
 * The project's ids are also at most 128 characters: ids are built into other ids (`pot:{id}`, `{purpose}:{id}`,
 * `join-pot:{id}`), and 128 UTF-16 units are at most 384 bytes, so a composite id stays far below 1,500.
 */
import { z } from 'zod/mini';

/** Firestore's limit on a document id. */
export const DOCUMENT_ID_MAX_BYTES = 1500;
/** The project's limit (see above). */
export const ID_MAX_LENGTH = 128;

const ID_REQUIRED = 'Id is required';
const ID_NOT_STRING = 'Id must be a string';

/** True when every surrogate of `value` is paired (the string can be written as UTF-8). */
export function isWellFormedText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** UTF-8 length of a well-formed string. */
function utf8Bytes(value: string): number {
  let bytes = 0;
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Why `value` cannot be a document id, or null when it can. */
export function documentIdProblem(value: string): string | null {
  if (value.trim().length === 0) return ID_REQUIRED;
  if (!isWellFormedText(value)) return 'Id must be valid text (it has a broken Unicode character)';
  if (value.includes('/')) return "Id must not contain '/'";
  if (value === '.' || value === '..') return "Id must not be '.' or '..'";
  if (/^__.*__$/su.test(value)) return "Id must not start and end with '__'";
  if (utf8Bytes(value) > DOCUMENT_ID_MAX_BYTES) return `Id must not be more than ${DOCUMENT_ID_MAX_BYTES} bytes`;
  if (value.length > ID_MAX_LENGTH) return `Id must not be more than ${ID_MAX_LENGTH} characters`;
  return null;
}

/** A document id from outside: a string that Firestore accepts as a document id (and at most 128 characters). */
export const documentIdSchema = z.string({ error: ID_NOT_STRING }).check((ctx) => {
  const problem = documentIdProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

/** The `:id` (or other) placeholders of a URL, each a document id: `{ id: documentIdSchema }`. */
export function documentIdParams<K extends string>(names: readonly K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, documentIdSchema])) as Record<K, typeof documentIdSchema>);
}
