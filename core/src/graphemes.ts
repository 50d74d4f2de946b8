/**
 * Cutting people's text where a reader sees a character end (a grapheme cluster), not where a UTF-16 unit or a code
 * point ends. Yoruba tone marks are combining characters ('Ọ̀' is U+1ECC then U+0300 even in NFC), so taking a
 * name's first code point drops the tone, and cutting text by `.slice` can split an emoji into a lone surrogate,
 * which renders as '�' and which Firestore refuses to store. No imports: the web app's top bar uses it.
 */

// Intl.Segmenter is in Chrome 87, Safari 14.1 and Firefox 125 and later (and Node); without it, a base character and
// the combining marks after it: enough for tone marks, not for emoji joined by U+200D or for flags.
const segmenter: Intl.Segmenter | null =
  typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;

/** The text's grapheme clusters, in order. */
export function graphemes(text: string): string[] {
  if (segmenter) return Array.from(segmenter.segment(text), (s) => s.segment);
  return text.match(CLUSTER) ?? [];
}

/** The first character as a reader sees it ('Ọ̀' of 'Ọ̀ṣun'), or '' for empty text. */
export function firstGrapheme(text: string): string {
  if (segmenter) {
    for (const s of segmenter.segment(text)) return s.segment;
    return '';
  }
  return text.match(CLUSTER)?.[0] ?? '';
}

/** At most `max` characters as a reader sees them, then `ellipsis` when something was cut. */
export function truncateGraphemes(text: string, max: number, ellipsis = '…'): string {
  // Every cluster is at least one UTF-16 unit, so text this short cannot need a cut.
  if (text.length <= max) return text;
  const clusters = graphemes(text);
  return clusters.length <= max ? text : `${clusters.slice(0, max).join('')}${ellipsis}`;
}
