import { describe, expect, it } from 'vitest';
import { maskPhone } from './mask-phone';

describe('maskPhone', () => {
  it('masks the phone: first 3 digits, stars, last 2', () => {
    expect(maskPhone('08012345678')).toBe('080******78');
    // Stored as 234..., shown as the punter typed it: 080...
    expect(maskPhone('+234 801 234 5678')).toBe('080******78');
    expect(maskPhone('2348012345678')).toBe('080******78');
    expect(maskPhone('+44 20 7946 0958')).toBe('442*******58');
    expect(maskPhone('123456')).toBe('123*56');
    expect(maskPhone('12345')).toBe('*****');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });
});
