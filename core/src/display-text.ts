/**
 * Text people type that other people see (names, titles, blog posts, pot texts, dispute notes, bank and card
 * names): one normaliser and one set of refusals for every edge (issue 10 section 5, issue 31 item 9); every
 * schema with free text uses `displayText` (api/primitives' `text` too). Normalising: Unicode NFC, line breaks to '\n', runs of
 * spaces collapsed, trimmed. Refused, with a message naming the field: C0/C1 control characters (NUL
 * included), the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and
 * marks that flip or hide text, invisible characters (zero-width ones, the tag characters U+E0000-U+E007F),
 * unpaired surrogates (not UTF-8: Firestore refuses them), line breaks outside multi-line fields (turned into
 * spaces), and in names '<' and '>'. A refusal rather than
 * a silent strip: the caller learns what is wrong, and what is stored is what was typed.
 */
import { z } from 'zod/mini';
import { isWellFormedText } from './document-id';

export type DisplayTextKind = 'name' | 'line' | 'multiline';

/** C0 and C1 controls and DEL, NUL included; a multiline text keeps its line feeds. */
function hasControl(value: string, kind: DisplayTextKind): boolean {
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 0x0a && kind === 'multiline') continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
// Embeddings, overrides and isolates, plus the left-to-right / right-to-left / Arabic letter marks.
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
// Invisible characters that make two texts look alike: zero-width space, word joiner and friends,
// the byte order mark, soft hyphen. The zero-width joiners (U+200C, U+200D) are needed in emoji and
// some scripts, so only names (where they only disguise) refuse them.
const INVISIBLE = /[\u00AD\u180E\u200B\u2060-\u2064\uFEFF]/u;
const JOINERS = /[\u200C\u200D]/u;
// Tag characters (U+E0000-U+E007F): invisible, they can carry a hidden message inside any text.
const TAGS = /[\u{E0000}-\u{E007F}]/u;
const ANGLE = /[<>]/u;

/** NFC, '\r\n' and '\r' to '\n', spaces collapsed, trimmed; single-line kinds turn every line break into a space. */
export function normalizeDisplayText(value: string, kind: DisplayTextKind): string {
  const text = value.normalize('NFC').replace(/\r\n?|[\u2028\u2029\u0085]/gu, '\n');
  if (kind !== 'multiline') return text.replace(/\s+/gu, ' ').trim();
  return text
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/gu, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}

/** Why `value` (already normalised) may not be stored, or null. */
function displayTextProblem(value: string, kind: DisplayTextKind, what: string): string | null {
  if (!isWellFormedText(value)) return `${what} must be valid text (it has a broken Unicode character)`;
  if (hasControl(value, kind)) return `${what} must not contain control characters`;
  if (BIDI.test(value)) return `${what} must not contain text-direction characters`;
  if (INVISIBLE.test(value) || TAGS.test(value) || (kind === 'name' && JOINERS.test(value)))
    return `${what} must not contain invisible characters`;
  if (kind === 'name' && ANGLE.test(value)) return `${what} must not contain < or >`;
  return null;
}

/** A zod string for such a field: normalised, 1..max characters, refused as above. */
export function displayText(max: number, what: string, kind: DisplayTextKind = 'line') {
  return z
    .string({ error: `${what} is required` })
    .check(
      z.overwrite((value) => normalizeDisplayText(value, kind)),
      z.minLength(1, { error: `${what} is required` }),
      z.maxLength(max, { error: `${what} must not be more than ${max} characters` }),
    )
    .check((ctx) => {
      const problem = displayTextProblem(ctx.value, kind, what);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    });
}
