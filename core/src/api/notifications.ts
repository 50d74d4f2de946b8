/** The notification list (SPEC section 7, admin/notifications, read by every user). */
import { z } from 'zod/mini';
import { idSchema, isoDateTime } from './primitives';

export const notificationSchema = z.object({
  id: idSchema,
  meta_data: z.record(z.string(), z.unknown()),
  type: z.string(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;
