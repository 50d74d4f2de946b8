/** The callables behind Post Signal and Clear Signals (functions/src/content.ts checks can_post_signal). */
import {
  postSignalSchema,
  clearResultSchema,
  registerSignalPushSchema,
  type PostSignalPayload,
  type RegisterSignalPushPayload,
} from '@punter/core/bridge-schemas';
import { ApiFailure, toApiFailure } from '@/lib/api';

async function call(name: 'postSignal' | 'clearSignals' | 'registerSignalPush', payload: unknown): Promise<unknown> {
  try {
    return await (await import('@/lib/firebase-session')).callFunction(name, payload);
  } catch (error) {
    throw toApiFailure(error);
  }
}

export async function postSignal(payload: PostSignalPayload): Promise<void> {
  await call('postSignal', postSignalSchema.parse(payload));
}

/** Deletes every signal; resolves with how many were deleted. */
export async function clearSignals(): Promise<number> {
  const result = clearResultSchema.safeParse(await call('clearSignals', {}));
  if (!result.success) throw new ApiFailure(['An error occurred'], 'bad-answer');
  return result.data.deleted;
}

/** Puts this browser's FCM token on the topic of the reader's category (ADR 0014; only with FCM configured). */
export async function registerSignalPush(payload: RegisterSignalPushPayload): Promise<void> {
  await call('registerSignalPush', registerSignalPushSchema.parse(payload));
}
