import { describe, expect, it } from 'vitest';
import { errorBodyFromZod } from './api/errors';
import { bankAddRequestSchema } from './api/bank';
import { giftCardCreateRequestSchema } from './api/content';
import { autoTradaSwitchRequestSchema, potCreateRequestSchema } from './api/pots';
import { createCodeRequestSchema } from './api/punters-hub';
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

describe('one normaliser for every free text (issue 31 item 9)', () => {
  const tagged = 'Sure odds\u{E0041}\u{E0042}\u{E007F}';
  const pot = {
    pot_volume: 100_000,
    percentage: 10,
    raising_to: '2099-01-01T00:00:00.000Z',
    trade_from: '2099-01-02T00:00:00.000Z',
    trade_to: '2099-02-02T00:00:00.000Z',
    duration: 1,
    type: 'Over 4.5',
    manager: 'Mc Dasaint',
    terms: 'Capital at risk.\nPaid on the due date.',
    managers_number: '+2348030000000',
  };
  const potIssue = (patch: Record<string, unknown>) => {
    const result = potCreateRequestSchema.safeParse({ ...pot, ...patch });
    return result.success ? 'ok' : errorBodyFromZod(result.error).message;
  };

  it('pot type, manager and terms refuse direction overrides, zero-width characters and NUL, naming the field', () => {
    expect(potIssue({})).toBe('ok');
    expect(potIssue({ type: 'Over 4.5 \u202egnp.exe' })).toBe('type: type must not contain text-direction characters');
    expect(potIssue({ manager: 'Mc\u2066 Dasaint' })).toBe('manager: manager must not contain text-direction characters');
    expect(potIssue({ manager: 'Mc\u200bDasaint' })).toBe('manager: manager must not contain invisible characters');
    expect(potIssue({ terms: 'Paid\u0000 on the due date' })).toBe('terms: terms must not contain control characters');
    expect(potIssue({ type: tagged })).toBe('type: type must not contain invisible characters');
    // Terms are multi-line; type is one line: its line break becomes a space.
    expect(potCreateRequestSchema.parse({ ...pot, type: 'Over\n4.5' }).type).toBe('Over 4.5');
    expect(potCreateRequestSchema.parse(pot).terms).toBe('Capital at risk.\nPaid on the due date.');
  });

  it('code titles refuse invisible tag characters and unpaired surrogates, and keep to one line', () => {
    const code = {
      odd: '2.5',
      title: 'Banker',
      game_code: 'ABC123',
      platform: 'bet9ja',
      amount: 0,
      startDate: '2099-11-22T18:00',
      endDate: '2099-11-22T21:00',
    };
    const titleIssue = (title: string) => {
      const result = createCodeRequestSchema.safeParse({ ...code, title });
      return result.success ? `ok: ${result.data.title}` : errorBodyFromZod(result.error).message;
    };
    expect(titleIssue(tagged)).toBe('title: Title must not contain invisible characters');
    expect(titleIssue('Banker \uD83D')).toBe('title: Title must be valid text (it has a broken Unicode character)');
    expect(titleIssue('Banker \uDE00 today')).toBe('title: Title must be valid text (it has a broken Unicode character)');
    expect(titleIssue('Banker\nof the day')).toBe('ok: Banker of the day');
    expect(titleIssue('Banker \u{1F600}')).toBe('ok: Banker \u{1F600}');
  });

  it("every other free text goes through it too: bank and card names, a batch's creator, the switch's reason", () => {
    expect(
      bankAddRequestSchema.safeParse({
        bank_name: 'Access\u202e',
        account_name: 'ADA OBI',
        code: '044',
        account_number: '0123456789',
      }).success,
    ).toBe(false);
    expect(giftCardCreateRequestSchema.safeParse({ name: 'iTunes\u0000', category_id: 'apple', rate: 650 }).success).toBe(false);
    expect(autoTradaSwitchRequestSchema.safeParse({ enabled: false, reason: 'Back soon\u{E0020}' }).success).toBe(false);
    expect(autoTradaSwitchRequestSchema.parse({ enabled: false, reason: '  ' })).toEqual({ enabled: false });
    expect(autoTradaSwitchRequestSchema.parse({ enabled: false, reason: 'Back\u0301 soon' }).reason).toBe(
      'Back\u0301 soon'.normalize('NFC'),
    );
  });
});
