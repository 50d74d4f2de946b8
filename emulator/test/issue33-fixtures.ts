/** Data shared by the issue 33 conformance tests (Node SDKs and Chromium). */

/** Documents whose strings hold accents, Yoruba tone marks, CJK and emoji (surrogate pairs) everywhere. */
export const NON_ASCII_DOCS: Record<string, Record<string, unknown>> = {
  ọ̀ṣọ́: { name: 'Ọlámídé Ọ̀ṣọ́', amount: '₦5,000', tags: ['naïve', '中文', '👍🏽'] },
  日本語: { name: '東京', nested: { 键: '值', 'naïra ₦': 1, '🎉': '🥳' } },
  'emoji-😀': { '😀': ['😀', '🇳🇬', 'é'], plain: 'x' },
  café: { s: 'crème brûlée — “quoted” … ✓', long: 'é'.repeat(3000) + '😀'.repeat(2000) },
};

/** Document ids in the order Firestore sorts them: numeric ids first, by value, then the others (UTF-8). */
export const NUMERIC_ID_ORDER = [
  '__id-9223372036854775808__',
  '__id-1__',
  '__id2__',
  '__id10__',
  '__id9223372036854775807__',
  'A',
  'a',
  'b',
];

/** The same ids, written in another order. */
export const NUMERIC_IDS = [
  'a',
  '__id10__',
  'A',
  '__id2__',
  'b',
  '__id-1__',
  '__id9223372036854775807__',
  '__id-9223372036854775808__',
];

/** What each query of the id-order tests answers in Firestore. */
export function expectedIdQueries(): Record<string, string[]> {
  const o = NUMERIC_ID_ORDER;
  const at = (id: string): number => o.indexOf(id);
  return {
    ordered: o,
    descending: [...o].reverse(),
    limit3: o.slice(0, 3),
    limitToLast2: o.slice(-2),
    above: o.slice(at('__id-1__') + 1),
    below: o.slice(0, at('A')),
    after: o.slice(at('__id2__') + 1),
    before: o.slice(0, at('__id2__')),
  };
}
