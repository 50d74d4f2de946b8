import { afterEach, describe, expect, it, vi } from 'vitest';
import { isWellFormedText } from './document-id';
import { firstGrapheme, graphemes, truncateGraphemes } from './graphemes';

describe('firstGrapheme', () => {
  it('keeps a Yoruba tone mark with its letter, in NFC and in NFD', () => {
    expect(firstGrapheme('Ọ̀ṣun')).toBe('Ọ̀');
    expect(firstGrapheme('Ọ̀ṣun'.normalize('NFD'))).toBe('Ọ̀'.normalize('NFD'));
    expect(firstGrapheme('Àdìgún')).toBe('À');
  });

  it('never splits a surrogate pair or an emoji sequence', () => {
    expect(firstGrapheme('😀 smile')).toBe('😀');
    expect(firstGrapheme('👩🏾‍💻 dev')).toBe('👩🏾‍💻');
    expect(firstGrapheme('🇳🇬 Naija')).toBe('🇳🇬');
  });

  it('answers an empty string for empty text, and the one character of ASCII', () => {
    expect(firstGrapheme('')).toBe('');
    expect(firstGrapheme('Ada')).toBe('A');
  });
});

describe('truncateGraphemes', () => {
  it('leaves text that fits, and cuts the rest after max characters with an ellipsis', () => {
    expect(truncateGraphemes('Never chase losses.', 280)).toBe('Never chase losses.');
    expect(truncateGraphemes('abcdef', 3)).toBe('abc…');
    expect(truncateGraphemes('abcdef', 3, '...')).toBe('abc...');
  });

  it('counts what a reader sees: an emoji or a letter with its tone mark is one character', () => {
    // 5 clusters in 11 UTF-16 units: nothing to cut at 5.
    expect(truncateGraphemes('Ọ̀ṣun😀', 5)).toBe('Ọ̀ṣun😀');
    expect(truncateGraphemes('₦😀😀😀', 2)).toBe('₦😀…');
  });

  it('never leaves a lone surrogate where a code-unit slice would', () => {
    const text = `${'x'.repeat(279)}😀 and more`;
    expect(isWellFormedText(text.slice(0, 280))).toBe(false);
    const cut = truncateGraphemes(text, 280);
    expect(isWellFormedText(cut)).toBe(true);
    expect(cut).toBe(`${'x'.repeat(279)}😀…`);
  });
});

describe('graphemes', () => {
  it('splits into what a reader sees as characters', () => {
    expect(graphemes('Ọ̀ṣọ́ ₦')).toEqual(['Ọ̀', 'ṣ', 'ọ́', ' ', '₦']);
    expect(graphemes('')).toEqual([]);
  });
});

describe('without Intl.Segmenter (Firefox before 125)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('still keeps combining marks with their letter and surrogate pairs whole', async () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
    vi.resetModules();
    const bare = await import('./graphemes');
    expect(bare.firstGrapheme('Ọ̀ṣun')).toBe('Ọ̀');
    expect(bare.firstGrapheme('😀 smile')).toBe('😀');
    expect(bare.graphemes('Ọ̀ṣọ́ ₦')).toEqual(['Ọ̀', 'ṣ', 'ọ́', ' ', '₦']);
    expect(bare.truncateGraphemes('₦😀😀😀', 2)).toBe('₦😀…');
    expect(bare.firstGrapheme('')).toBe('');
  });
});
