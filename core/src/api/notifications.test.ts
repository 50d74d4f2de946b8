import { describe, it } from 'vitest';
import { expectEveryFieldChecked, notification } from '../../test/api-fixtures';
import { notificationSchema } from './notifications';

describe('notifications', () => {
  it('notification: every field is required and typed', () => {
    expectEveryFieldChecked(notificationSchema, notification);
  });
});
