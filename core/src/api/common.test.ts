import { describe, expect, it } from 'vitest';
import { firstMessage } from '../../test/api-fixtures';
import { timestampMillis } from './common';

describe('timestampMillis', () => {
  it('timestamps: pending server time is null, junk is refused', () => {
    expect(timestampMillis.parse(null)).toBeNull();
    expect(timestampMillis.parse(undefined)).toBeNull();
    expect(timestampMillis.parse(1234)).toBe(1234);
    expect(timestampMillis.safeParse({}).success).toBe(false);
    expect(timestampMillis.safeParse(Infinity).success).toBe(false);
    expect(timestampMillis.safeParse(new Date('invalid')).success).toBe(false);
    expect(timestampMillis.safeParse({ toMillis: () => 'x' }).success).toBe(false);
    expect(timestampMillis.safeParse(true).success).toBe(false);
    expect(firstMessage(timestampMillis, 'soon')).toBe('Must be a timestamp');
  });
});
