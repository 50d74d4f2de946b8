import { describe, expect, it } from 'vitest';
import { firstMessage } from '../../test/api-fixtures';
import { blogCreateRequestSchema } from './content';

describe('content requests', () => {
  it('admin image URLs must be http(s): a javascript: or data: URL is refused', () => {
    const blog = { title: 'Stake smart', body: 'Never chase losses.' };
    expect(blogCreateRequestSchema.safeParse({ ...blog, image_url: 'https://example.com/b.png' }).success).toBe(true);
    expect(firstMessage(blogCreateRequestSchema, { ...blog, image_url: 'javascript:alert(1)' })).toBe(
      'Must be an http or https URL',
    );
    expect(blogCreateRequestSchema.safeParse({ ...blog, image_url: 'data:text/html,<script>' }).success).toBe(false);
  });
});
