import { describe, expect, test } from 'vitest';
import { filterBanks } from '@/features/bank/api/bank-api';

const banks = [
  { code: '044', name: 'Access Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '063', name: 'Access Bank (Diamond)' },
];

describe('filterBanks', () => {
  test('matches names case-insensitively (SPEC section 5)', () => {
    expect(filterBanks(banks, 'ACCESS').map((b) => b.code)).toEqual(['044', '063']);
    expect(filterBanks(banks, '  trust ').map((b) => b.code)).toEqual(['058']);
  });

  test('an empty search keeps every bank; no match gives none', () => {
    expect(filterBanks(banks, '')).toHaveLength(3);
    expect(filterBanks(banks, 'zenith')).toEqual([]);
  });
});
