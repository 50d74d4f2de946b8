/** The monthly subscription (₦2,000 from the wallet, 30 days): what opens the signal feed (ADR 0008). */
import { callApi } from '@/lib/api';

export async function subscribe(input: { pin: string; idempotencyKey: string }): Promise<{ expiresAt: string }> {
  const answer = await callApi('subscribe', { body: { pin: input.pin }, headers: { 'Idempotency-Key': input.idempotencyKey } });
  return { expiresAt: answer.data.subscription_expires_at };
}
