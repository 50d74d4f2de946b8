/**
 * What an FCM push for a signal carries (functions/src/signal-push.ts builds it): FCM delivers a data
 * message to the worker as JSON `{ data: { kind, id, group, title, details, url }, from, ... }`.
 * Parsed with zod (its small 'mini' build, the worker stays a few KB): anything else (another sender's push, an older shape) is ignored.
 */
import { z } from 'zod/mini';

const signalPushSchema = z.object({
  data: z.object({
    kind: z.literal('signal'),
    id: z.string().check(z.minLength(1), z.maxLength(200)),
    group: z.string().check(z.minLength(1), z.maxLength(20)),
    title: z.string().check(z.minLength(1), z.maxLength(100)),
    details: z.string().check(z.maxLength(500)),
    url: z.string().check(z.regex(/^\/[^/]/, { error: 'must be a path of this site' })),
  }),
});

export type SignalPush = z.infer<typeof signalPushSchema>['data'];

export function parseSignalPush(text: string | null): SignalPush | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = signalPushSchema.safeParse(json);
  return parsed.success ? parsed.data.data : null;
}

/** The page a notification's click opens: the path in its data if it is one of this site's, else the app's root. */
export function notificationTarget(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : '/';
  return new URL(url.startsWith('/') && !url.startsWith('//') ? url : '/', origin).href;
}
