/**
 * SMS one-time codes. The sandbox sends nothing: it keeps each message in the provider's store,
 * where developers and tests read it at GET /sandbox/sms?phone=...
 */
import { newId, type Store } from '../store';

export interface SmsMessage {
  to: string;
  body: string;
  code: string;
}

export interface SmsSender {
  readonly name: 'sandbox' | 'log';
  send(message: SmsMessage): Promise<void>;
}

export const SANDBOX_SMS = 'provider_sandbox_sms';

export function createSandboxSms(store: Store, now: () => number): SmsSender {
  return {
    name: 'sandbox',
    async send(message) {
      await store.set(SANDBOX_SMS, newId(), { ...message, created_at: now() });
    },
  };
}

/** Messages to one phone number, newest first. */
export async function sandboxMessages(store: Store, phone: string) {
  const docs = await store.query(SANDBOX_SMS, { where: [['to', '==', phone]] });
  return docs
    .map((d) => ({
      to: String(d.data.to),
      body: String(d.data.body),
      code: String(d.data.code),
      createdAt: new Date(Number(d.data.created_at)).toISOString(),
      at: Number(d.data.created_at),
    }))
    .sort((a, b) => b.at - a.at)
    .map(({ at: _at, ...rest }) => rest);
}
