import { describe, expect, it } from 'vitest';
import { displayText, normalizeDisplayText } from './display-text';

const firstIssue = (schema: ReturnType<typeof displayText>, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? `ok: ${result.data}` : result.error.issues[0]?.message;
};

describe('displayText: names and texts other people see', () => {
  const name = displayText(60, 'First name', 'name');
  const title = displayText(120, 'Title');
  const body = displayText(1000, 'Body', 'multiline');

  it('normalises: NFC, collapsed spaces, trimmed; single-line kinds lose their line breaks', () => {
    expect(name.parse('  Ada \t  Obi\n')).toBe('Ada Obi');
    // 'e' + combining acute (2 code units) becomes the one precomposed 'é'.
    expect(name.parse('Chine\u0301du')).toBe('Chinédu');
    expect(name.parse('Chine\u0301du')).toHaveLength(7);
    expect(title.parse('Sure\r\nodds\u2028today')).toBe('Sure odds today');
    expect(body.parse('  Stake plans \r\n\r\n\r\n\r\n  explained\t\there  ')).toBe('Stake plans\n\nexplained here');
    expect(normalizeDisplayText('a\u00a0\u00a0b', 'line')).toBe('a b');
  });

  it('refuses NUL and other control characters, naming the field', () => {
    for (const bad of ['Ada\u0000', 'A\u0007da', 'Ada\u001b[31m', 'A\u007fda', 'A\u0085da\u009b']) {
      expect(firstIssue(name, bad)).toBe('First name must not contain control characters');
    }
    expect(firstIssue(body, 'line one\n\u0000')).toBe('Body must not contain control characters');
  });

  it('refuses right-to-left overrides, embeddings, isolates and direction marks', () => {
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
    ]) {
      expect(firstIssue(title, `Sure odds ${c}gnp.exe`)).toBe('Title must not contain text-direction characters');
    }
  });

  it('refuses invisible characters; zero-width joiners only in names', () => {
    expect(firstIssue(name, 'A\u200bda')).toBe('First name must not contain invisible characters');
    expect(firstIssue(name, 'A\u2060da')).toBe('First name must not contain invisible characters');
    expect(firstIssue(name, 'Ad\u200da')).toBe('First name must not contain invisible characters');
    // An emoji sequence in a title keeps its joiner.
    expect(firstIssue(title, 'Team \u{1F468}\u200d\u{1F469}\u200d\u{1F467} banker')).toBe(
      'ok: Team \u{1F468}\u200d\u{1F469}\u200d\u{1F467} banker',
    );
  });

  it('refuses < and > in names, not in other texts', () => {
    expect(firstIssue(name, '<img src=x onerror=alert(1)>')).toBe('First name must not contain < or >');
    expect(firstIssue(title, 'Odds > 2.0 only')).toBe('ok: Odds > 2.0 only');
  });

  it('still requires a value and bounds the length after normalising', () => {
    expect(firstIssue(name, '   \n ')).toBe('First name is required');
    expect(firstIssue(name, 42)).toBe('First name is required');
    expect(firstIssue(name, `${'a'.repeat(30)}      ${'b'.repeat(29)}`)).toBe(`ok: ${'a'.repeat(30)} ${'b'.repeat(29)}`);
    expect(firstIssue(name, 'a'.repeat(61))).toBe('First name must not be more than 60 characters');
  });
});
