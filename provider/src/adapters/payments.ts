/**
 * Card payments. The web opens a checkout (the provider's sandbox page by default, Flutterwave's
 * inline widget when keys are set) which calls back with a `transaction_id`; the provider then asks
 * the gateway what that transaction really is before crediting anything.
 */
import { z } from 'zod';
import { nairaToKobo } from '@punter/core/money';
import { sandboxPayments } from '../collections';
import type { Store } from '../store';

export interface VerifiedPayment {
  transactionId: string;
  /** 'successful' is the only status that credits a wallet. */
  status: string;
  currency: string;
  amountKobo: number;
  txRef: string;
  customerEmail: string | null;
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'flutterwave';
  /** null when the gateway does not know the transaction. Throws when the gateway cannot be reached. */
  verify(transactionId: string): Promise<VerifiedPayment | null>;
}

export const SANDBOX_PAYMENTS = sandboxPayments.path;

/** The sandbox gateway: payments are made on /sandbox/checkout and kept in the provider's store. */
export function createSandboxPayments(store: Store): PaymentGateway {
  return {
    name: 'sandbox',
    async verify(transactionId) {
      const p = await sandboxPayments.get(store, transactionId);
      if (!p) return null;
      return {
        transactionId: p.transaction_id,
        status: p.status,
        currency: p.currency,
        amountKobo: p.amount_kobo,
        txRef: p.tx_ref,
        customerEmail: p.customer_email,
      };
    },
  };
}

export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  json(): Promise<unknown>;
}>;

const flutterwaveVerifySchema = z.object({
  status: z.string(),
  message: z.string().optional(),
  data: z
    .object({
      id: z.union([z.number(), z.string()]),
      tx_ref: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      customer: z.object({ email: z.string().nullable().optional() }).partial().optional(),
    })
    .nullable()
    .optional(),
});

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
}

/** Flutterwave v3: GET /v3/transactions/{id}/verify with the secret key. */
export function createFlutterwavePayments(options: { secretKey: string; fetch?: FetchLike; baseUrl?: string }): PaymentGateway {
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const base = options.baseUrl ?? 'https://api.flutterwave.com';
  return {
    name: 'flutterwave',
    async verify(transactionId) {
      if (!/^\d{1,20}$/.test(transactionId)) return null; // Flutterwave ids are numeric
      const res = await doFetch(`${base}/v3/transactions/${encodeURIComponent(transactionId)}/verify`, {
        method: 'GET',
        headers: { Authorization: `Bearer ${options.secretKey}`, Accept: 'application/json' },
      });
      if (res.status === 404 || res.status === 400) return null;
      if (res.status >= 500 || res.status === 401 || res.status === 403) {
        throw new GatewayError(`Flutterwave verify answered HTTP ${res.status}`);
      }
      const parsed = flutterwaveVerifySchema.safeParse(await res.json());
      if (!parsed.success) throw new GatewayError('Flutterwave verify answered an unexpected body');
      const data = parsed.data.data;
      if (parsed.data.status !== 'success' || !data) return null;
      let amountKobo: number;
      try {
        amountKobo = nairaToKobo(data.amount);
      } catch {
        throw new GatewayError('Flutterwave verify answered an amount that is not naira');
      }
      return {
        transactionId: String(data.id),
        status: data.status,
        currency: data.currency,
        amountKobo,
        txRef: data.tx_ref,
        customerEmail: data.customer?.email ?? null,
      };
    },
  };
}
