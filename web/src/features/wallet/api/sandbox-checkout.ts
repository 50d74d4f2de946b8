/**
 * The sandbox checkout's result message (provider/src/sandbox-pages.ts posts it to the page that
 * framed it). Cancel and a payment that could not be made carry `transaction_id: null`: they must
 * still reach the top-up modal (a dropped Cancel left the checkout open, doing nothing).
 */
import { z } from 'zod/mini';
import type { CheckoutResult } from '@/features/wallet/api/checkout';

const sandboxCheckoutMessage = z.object({
  source: z.literal('sandbox-checkout'),
  status: z.enum(['successful', 'cancelled', 'failed']),
  tx_ref: z.string(),
  transaction_id: z.nullish(z.pipe(z.union([z.string().check(z.minLength(1)), z.number()]), z.transform(String))),
});

/** The result for this attempt's tx_ref, or null for a message that is not one (or another attempt's). */
export function resultFromSandboxMessage(data: unknown, txRef: string): CheckoutResult | null {
  const parsed = sandboxCheckoutMessage.safeParse(data);
  if (!parsed.success || parsed.data.tx_ref !== txRef) return null;
  const { status, transaction_id: transactionId } = parsed.data;
  return transactionId ? { status, transactionId } : { status };
}
