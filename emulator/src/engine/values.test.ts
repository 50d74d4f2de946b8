import { describe, expect, it } from 'vitest';
import { Code, RpcError } from '../contract';
import type { Value } from '../contract';
import { parseDocumentName } from './names';
import { formatTimestamp, parseTimestamp } from './timestamps';
import {
  compareNames,
  compareUtf8,
  compareValues,
  documentSize,
  formatFieldPath,
  normalizeValue,
  parseFieldPath,
  valuesEqual,
} from './values';
import { toValue } from './test-support';

const ref = (p: string): Value => ({ referenceValue: `projects/p/databases/(default)/documents/${p}` });

describe('document name ordering (issue 33 item 2)', () => {
  it('puts numeric ids __id<n>__ first, by their 64-bit value, then other ids by UTF-8, in every segment', () => {
    const ids = [
      '__id-9223372036854775808__',
      '__id-1__',
      '__id0__',
      '__id2__',
      '__id10__',
      '__id9223372036854775807__',
      'A',
      '_a',
      'a',
      'é',
    ];
    const names = ids.map((id) => `projects/p/databases/(default)/documents/c/${id}`);
    expect([...names].reverse().sort(compareNames)).toEqual(names);
    const nested = ids.map((id) => `projects/p/databases/(default)/documents/c/${id}/sub/x`);
    expect([...nested].reverse().sort(compareNames)).toEqual(nested);
    expect(compareValues(ref('c/__id2__'), ref('c/__id10__'))).toBe(-1);
    expect(compareValues(ref('c/__id10__'), ref('c/A'))).toBe(-1);
  });
});

describe('value ordering', () => {
  it('orders across types as Firestore does', () => {
    const ordered: Value[] = [
      { nullValue: 'NULL_VALUE' },
      { booleanValue: false },
      { booleanValue: true },
      { doubleValue: 'NaN' },
      { doubleValue: '-Infinity' },
      { integerValue: '-5' },
      { doubleValue: 0.5 },
      { integerValue: '1' },
      { doubleValue: 'Infinity' },
      { timestampValue: '2020-01-01T00:00:00.000000000Z' },
      { timestampValue: '2021-01-01T00:00:00.000000000Z' },
      { stringValue: '' },
      { stringValue: 'a' },
      { stringValue: 'b' },
      { bytesValue: 'AA==' },
      { bytesValue: 'AQ==' },
      ref('a/1'),
      ref('a/1/b/1'),
      ref('b/1'),
      { geoPointValue: { latitude: 1, longitude: 2 } },
      { geoPointValue: { latitude: 2, longitude: 0 } },
      toValue([]),
      toValue([1]),
      toValue([1, 2]),
      toValue([2]),
      toValue({}),
      toValue({ a: 1 }),
      toValue({ a: 2 }),
      toValue({ b: 0 }),
    ];
    const shuffled = [...ordered].reverse();
    shuffled.sort(compareValues);
    expect(shuffled).toEqual(ordered);
  });

  it('compares integers and doubles numerically, also beyond 2^53', () => {
    expect(compareValues({ integerValue: '3' }, { doubleValue: 3 })).toBe(0);
    expect(compareValues({ integerValue: '9007199254740993' }, { doubleValue: 9007199254740992 })).toBe(1);
    expect(compareValues({ integerValue: '9223372036854775807' }, { integerValue: '9223372036854775806' })).toBe(1);
    expect(compareValues({ doubleValue: -0 }, { doubleValue: 0 })).toBe(0);
  });

  it('orders strings by UTF-8 bytes, not UTF-16 units', () => {
    expect('😀' < '\uffff').toBe(true); // JS order
    expect(compareUtf8('\uffff', '😀')).toBe(-1); // Firestore order
    expect(compareValues({ stringValue: 'é' }, { stringValue: 'z' })).toBe(1);
  });

  it('treats NaN == NaN, -0 == 0 and 1 == 1.0 as equal', () => {
    expect(valuesEqual({ doubleValue: 'NaN' }, { doubleValue: 'NaN' })).toBe(true);
    expect(valuesEqual({ doubleValue: -0 }, { integerValue: '0' })).toBe(true);
    expect(valuesEqual({ integerValue: '1' }, { doubleValue: 1 })).toBe(true);
    expect(valuesEqual({ integerValue: '1' }, { stringValue: '1' })).toBe(false);
  });
});

describe('value validation', () => {
  it('normalizes integers and timestamps', () => {
    expect(normalizeValue({ integerValue: 5 })).toEqual({ integerValue: '5' });
    expect(normalizeValue({ timestampValue: '2020-01-01T00:00:00.123456789Z' })).toEqual({
      timestampValue: '2020-01-01T00:00:00.123456000Z',
    });
    expect(normalizeValue({ nullValue: null })).toEqual({ nullValue: 'NULL_VALUE' });
  });

  it.each([
    [{}],
    [{ integerValue: 'x' }],
    [{ integerValue: '9223372036854775808' }],
    [{ stringValue: 5 }],
    [{ booleanValue: 'true' }],
    [{ stringValue: 'a', integerValue: '1' }],
    [{ arrayValue: { values: [{ arrayValue: { values: [] } }] } }],
    [{ geoPointValue: { latitude: 91, longitude: 0 } }],
    [{ timestampValue: 'yesterday' }],
    [{ mapValue: { fields: { __x__: { nullValue: null } } } }],
    [{ referenceValue: 'projects/p/databases/d/documents/a' }],
    [{ unknownValue: 1 }],
    [null],
  ])('rejects %j with INVALID_ARGUMENT', (v) => {
    let err: unknown;
    try {
      normalizeValue(v);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RpcError);
    expect((err as RpcError).code).toBe(Code.INVALID_ARGUMENT);
  });
});

describe('field paths', () => {
  it('parses dotted and backtick-quoted segments', () => {
    expect(parseFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('a.`b.c`')).toEqual(['a', 'b.c']);
    expect(parseFieldPath('`x\\`y`.z')).toEqual(['x`y', 'z']);
    expect(parseFieldPath('`1`')).toEqual(['1']);
    expect(formatFieldPath(['a', 'b.c', 'd-e'])).toBe('a.`b.c`.`d-e`');
  });

  it.each(['', 'a..b', 'a.', '.a', '`a', 'a.`b`c'])('rejects %j', (p) => {
    expect(() => parseFieldPath(p)).toThrow(RpcError);
  });
});

describe('document names', () => {
  it('accepts nested documents', () => {
    expect(parseDocumentName('projects/p/databases/(default)/documents/a/b/c/d').path).toBe('a/b/c/d');
  });

  it.each([
    'projects/p/databases/(default)/documents/a',
    'projects/p/databases/(default)/documents/a//b',
    'projects/p/databases/(default)/documents/a/__x__',
    'projects/p/databases/(default)/documents/a/..',
    'projects/p/databases/(default)/docs/a/b',
    'projects/p/databases/(default)/documents',
    'projects/p/databases/(default)/documents/a/' + 'x'.repeat(1501),
  ])('rejects name #%#', (n) => {
    expect(() => parseDocumentName(n)).toThrow(RpcError);
  });

  it('computes document size like Firestore', () => {
    // name: 'c' (2) + 'd' (2) + 16 = 20; field 'f' (2) + string 'abc' (4); + 32
    expect(documentSize('projects/p/databases/(default)/documents/c/d', { f: { stringValue: 'abc' } })).toBe(58);
  });
});

describe('timestamps', () => {
  it('round-trips with nanosecond precision and offsets', () => {
    const ns = parseTimestamp('2026-11-22T06:57:13.123456789Z');
    expect(formatTimestamp(ns)).toBe('2026-11-22T06:57:13.123456789Z');
    expect(parseTimestamp('2026-11-22T07:57:13.123456789+01:00')).toBe(ns);
    expect(formatTimestamp(parseTimestamp('0001-01-01T00:00:00Z'))).toBe('0001-01-01T00:00:00.000000000Z');
    expect(() => parseTimestamp('2026-02-30T00:00:00Z')).toThrow(RpcError);
  });
});
