import { describe, expect, it } from 'vitest';
import { formatNaira, nairaToKobo } from './money';

describe('money', () => {
  it('shows whole naira with separators and the sign', () => {
    expect(formatNaira(1_234_550)).toBe('₦12,346');
  });
  it('converts API naira to kobo without float noise', () => {
    expect(nairaToKobo(0.1 + 0.2 - 0.3 + 0.3)).toBe(30);
    expect(nairaToKobo(5000.5)).toBe(500_050);
  });
});
