/**
 * Card payments. The web opens a checkout (the provider's sandbox page by default, Flutterwave's
 * inline widget when keys are set) which calls back with a `transaction_id`; the provider then asks
 * the gateway what that transaction really is before crediting anything.
 */
import { z } from 'zod';
import { koboToNaira, nairaToKobo } from '@punter/core/money';
import { sandboxPayments, sandboxRefunds } from '../collections';
import { sha256 } from '../secrets';
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

/** A refund of (part of) a payment back to its payer, once per idempotency key. */
export interface RefundRequest {
  transactionId: string;
  amountKobo: number;
  /** The same key answers the same refund, however often it is sent (a retry after a lost answer). */
  idempotencyKey: string;
  /** Why, for the gateway's records (the hold's reason). */
  reason: string;
}

/** 'accepted': the gateway took the refund (it may still take days to reach the card); 'refused': it will not. */
export type RefundResult = { status: 'accepted'; refundId: string } | { status: 'refused'; reason: string };

export interface PaymentGateway {
  readonly name: 'sandbox' | 'flutterwave';
  /** null when the gateway does not know the transaction. Throws when the gateway cannot be reached. */
  verify(transactionId: string): Promise<VerifiedPayment | null>;
  /**
   * Sends (part of) a payment back to its payer. Throws a GatewayError when the answer is unknown (the gateway
   * could not be reached, answered 5xx or an unexpected body): the refund may or may not have been taken, so
   * the caller retries with the same idempotency key.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export const SANDBOX_PAYMENTS = sandboxPayments.path;

/**
 * The sandbox gateway: payments are made on /sandbox/checkout and kept in the provider's store. Refunds are
 * recorded there too, one per idempotency key (the same key answers the first refund again), and never more
 * than the payment: a second refund of a refunded payment is refused, as a real gateway does.
 */
export function createSandboxPayments(store: Store): PaymentGateway {
  return {
    name: 'sandbox',
    refund(request) {
      return store.runTransaction(async (tx): Promise<RefundResult> => {
        const id = sha256(request.idempotencyKey);
        const earlier = await sandboxRefunds.get(tx, id);
        const payment = await sandboxPayments.get(tx, request.transactionId);
        if (earlier) {
          if (earlier.transaction_id !== request.transactionId || earlier.amount_kobo !== request.amountKobo) {
            return { status: 'refused', reason: 'This idempotency key was used for another refund' };
          }
          return { status: 'accepted', refundId: earlier.refund_id };
        }
        if (!payment || payment.status !== 'successful') {
          return { status: 'refused', reason: 'No successful payment with this transaction id' };
        }
        const refunded = payment.refunded_kobo ?? 0;
        if (request.amountKobo <= 0 || refunded + request.amountKobo > payment.amount_kobo) {
          return { status: 'refused', reason: 'The refund is more than what is left of the payment' };
        }
        const refundId = `sandbox-refund-${id.slice(0, 16)}`;
        sandboxRefunds.create(tx, id, {
          refund_id: refundId,
          idempotency_key: request.idempotencyKey,
          transaction_id: request.transactionId,
          amount_kobo: request.amountKobo,
          reason: request.reason,
          created_at: Date.now(),
        });
        sandboxPayments.update(tx, request.transactionId, { refunded_kobo: refunded + request.amountKobo });
        return { status: 'accepted', refundId };
      });
    },
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

const flutterwaveRefundSchema = z.object({
  status: z.string(),
  message: z.string().optional(),
  data: z
    .object({ id: z.union([z.number(), z.string()]), status: z.string().optional() })
    .nullable()
    .optional(),
});

/** The message of a Flutterwave error body, if it has one (for an operator: never a key or a card number). */
async function flutterwaveMessage(res: { json(): Promise<unknown> }): Promise<string> {
  try {
    const body = z.object({ message: z.string().max(300) }).safeParse(await res.json());
    return body.success ? body.data.message : 'no message';
  } catch {
    return 'no message';
  }
}

/**
 * Flutterwave v3: GET /v3/transactions/{id}/verify and POST /v3/transactions/{id}/refund with the secret key.
 * The refund body is `{ amount, comments }` (naira; developer.flutterwave.com "Refunds"); an answer of status
 * 'success' means the refund was initiated (it reaches the card in days). The idempotency key goes in
 * `X-Idempotency-Key`, the header Flutterwave documents for its refunds; a gateway that ignores it still refuses
 * to refund a payment twice past its amount, which is what a retry of a full refund would ask.
 */
export function createFlutterwavePayments(options: { secretKey: string; fetch?: FetchLike; baseUrl?: string }): PaymentGateway {
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const base = options.baseUrl ?? 'https://api.flutterwave.com';
  return {
    name: 'flutterwave',
    async refund(request) {
      if (!/^\d{1,20}$/.test(request.transactionId)) {
        return { status: 'refused', reason: 'Not a Flutterwave transaction id' };
      }
      const res = await doFetch(`${base}/v3/transactions/${encodeURIComponent(request.transactionId)}/refund`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-Idempotency-Key': request.idempotencyKey,
        },
        body: JSON.stringify({ amount: koboToNaira(request.amountKobo), comments: request.reason.slice(0, 200) }),
      }).catch((error: unknown) => {
        throw new GatewayError(`Flutterwave refund could not be reached (${error instanceof Error ? error.name : 'error'})`);
      });
      if (res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 429) {
        throw new GatewayError(`Flutterwave refund answered HTTP ${res.status}`);
      }
      if (res.status >= 400) {
        return {
          status: 'refused',
          reason: `Flutterwave refused the refund (HTTP ${res.status}): ${await flutterwaveMessage(res)}`,
        };
      }
      const parsed = flutterwaveRefundSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new GatewayError('Flutterwave refund answered an unexpected body');
      const data = parsed.data.data;
      if (parsed.data.status !== 'success' || !data) {
        return { status: 'refused', reason: `Flutterwave refused the refund: ${parsed.data.message ?? parsed.data.status}` };
      }
      if (data.status === 'failed') return { status: 'refused', reason: 'Flutterwave answered the refund failed' };
      return { status: 'accepted', refundId: String(data.id) };
    },
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
