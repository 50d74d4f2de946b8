import { describe, expect, test } from 'vitest';
import { notificationText } from '@/features/notifications/api/notifications-api';

const base = { id: 'n1', createdAt: '2026-11-22T07:00:00.000Z' };

describe('notificationText', () => {
  test("uses the notification's message", () => {
    expect(notificationText({ ...base, type: 'FUNDING', meta_data: { message: 'Your wallet was funded with ₦5000' } })).toBe(
      'Your wallet was funded with ₦5000',
    );
  });

  test('falls back to the type in words', () => {
    expect(notificationText({ ...base, type: 'SIGNUP_BONUS', meta_data: {} })).toBe('Signup bonus');
  });
});
