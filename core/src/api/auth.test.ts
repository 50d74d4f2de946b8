import { describe, expect, it } from 'vitest';
import { REQUESTS, firstMessage } from '../../test/api-fixtures';
import { registerRequestSchema } from './auth';

describe('sign-in bodies', () => {
  it('register takes the avatar as a same-site path or a URL, nothing else', () => {
    const base = REQUESTS.register!;
    expect(registerRequestSchema.safeParse({ ...base, avatar_url: '/avatars/female.svg' }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...base, avatar_url: 'https://example.com/a.png' }).success).toBe(true);
    expect(firstMessage(registerRequestSchema, { ...base, avatar_url: 'javascript:alert(1)' })).toBe(
      'Avatar must be a URL or a path on this site',
    );
    expect(firstMessage(registerRequestSchema, { ...base, avatar_url: '/../../etc<script>' })).toBe(
      'Avatar must be a URL or a path on this site',
    );
  });

  it('register trims the username, lower-cases the email and checks the fixed fields', () => {
    const parsed = registerRequestSchema.parse({ ...REQUESTS.register, username: 'ada_o   ', email: ' Ada@Example.COM ' });
    expect(parsed.username).toBe('ada_o');
    expect(parsed.email).toBe('ada@example.com');
    const base = REQUESTS.register!;
    expect(registerRequestSchema.safeParse({ ...base, device_type: 'IOS' }).success).toBe(false);
    expect(registerRequestSchema.safeParse({ ...base, marketing_channel: 'TV' }).success).toBe(false);
    expect(firstMessage(registerRequestSchema, { ...base, gender: 'other' })).toBe('Gender must be female or male');
    expect(firstMessage(registerRequestSchema, { ...base, password: 'short' })).toBe('Password must be at least 8 characters');
    expect(firstMessage(registerRequestSchema, { ...base, email: 'not-an-email' })).toBe('Please enter a valid email address');
    expect(firstMessage(registerRequestSchema, { ...base, phone_number: '12345' })).toBe('Please enter a valid phone number');
    expect(registerRequestSchema.safeParse({ ...base, phone_number: '+2348012345678' }).success).toBe(true);
    expect(firstMessage(registerRequestSchema, { ...base, username: 'a b' })).toBe(
      'Username can only have letters, digits, _ and .',
    );
    expect(firstMessage(registerRequestSchema, { ...base, first_name: '   ' })).toBe('First name is required');
    expect(firstMessage(registerRequestSchema, { ...base, first_name: 'x'.repeat(61) })).toBe(
      'First name must not be more than 60 characters',
    );
  });
});
