/**
 * SMS one-time codes. The sandbox sends nothing: it keeps each message in the provider's store,
 * where developers and tests read it at GET /sandbox/sms?phone=...
 */
import { sandboxSms } from '../collections';
import { newId, type Store } from '../store';
import { GatewayError, type FetchLike } from './payments';

export interface SmsMessage {
  to: string;
  body: string;
  code: string;
}

export interface SmsSender {
  readonly name: 'sandbox' | 'termii';
  send(message: SmsMessage): Promise<void>;
}

export const SANDBOX_SMS = sandboxSms.path;

export function createSandboxSms(store: Store, now: () => number): SmsSender {
  // Two messages to one phone within the same millisecond (a registration code, then a reset code)
  // must still list newest first: `seq` breaks the tie.
  let seq = 0;
  return {
    name: 'sandbox',
    async send(message) {
      seq += 1;
      await sandboxSms.set(store, newId(), { ...message, created_at: now(), seq });
    },
  };
}

/** Messages to one phone number, newest first. */
export async function sandboxMessages(store: Store, phone: string) {
  const docs = await sandboxSms.query(store, { where: [['to', '==', phone]] });
  return docs
    .map(({ data: m }) => ({
      to: m.to,
      body: m.body,
      code: m.code,
      createdAt: new Date(m.created_at).toISOString(),
      at: m.created_at,
      seq: m.seq ?? 0,
    }))
    .sort((a, b) => b.at - a.at || b.seq - a.seq)
    .map(({ at: _at, seq: _seq, ...rest }) => rest);
}

/**
 * Termii (a Nigerian SMS gateway): POST /api/sms/send. Used when TERMII_API_KEY is set. Numbers are
 * sent as 234XXXXXXXXXX; the 'dnd' channel reaches numbers on the do-not-disturb list (one-time codes).
 */
export function createTermiiSms(options: { apiKey: string; senderId: string; fetch?: FetchLike; baseUrl?: string }): SmsSender {
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const base = options.baseUrl ?? 'https://api.ng.termii.com';
  return {
    name: 'termii',
    async send(message) {
      const res = await doFetch(`${base}/api/sms/send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          to: message.to.replace(/^\+/, ''),
          from: options.senderId,
          sms: message.body,
          type: 'plain',
          channel: 'dnd',
          api_key: options.apiKey,
        }),
      });
      if (res.status >= 300) throw new GatewayError(`Termii answered HTTP ${res.status}`);
    },
  };
}
