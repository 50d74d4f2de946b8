/**
 * Top up: the amount, then the payment provider's checkout in an iframe (the provider's sandbox
 * checkout by default). The checkout posts its result to this window; the provider then verifies
 * the payment (POST /api/v1/user/topup) and the page reloads, successful or not (SPEC section 4).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@punter/core/account';
import { parseForm, topUpFormSchema } from '@punter/core/form-schemas';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { env } from '@/config/env';
import { verifyTopup } from '@/features/wallet/api/wallet-api';
import { randomId, setFlash } from '@/lib/flash';
import { useProfile } from '@/lib/session';

const TX_REF_PREFIX = 'punter-';

const checkoutMessage = z.object({
  source: z.literal('sandbox-checkout'),
  status: z.enum(['successful', 'cancelled', 'failed']),
  tx_ref: z.string(),
  transaction_id: z.union([z.string(), z.number()]).transform(String).optional(),
});

export function checkoutUrl(input: { txRef: string; amount: number; email: string; name: string }): string {
  const url = new URL('/sandbox/checkout', env.VITE_PROVIDER_ORIGIN);
  url.searchParams.set('tx_ref', input.txRef);
  url.searchParams.set('amount', String(input.amount));
  url.searchParams.set('currency', 'NGN');
  url.searchParams.set('customer_email', input.email);
  url.searchParams.set('customer_name', input.name);
  return url.toString();
}

function finish(kind: 'success' | 'error', message: string) {
  setFlash({ kind, message });
  window.location.reload();
}

export function TopUpModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const profile = useProfile();
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<string>();
  const [checkout, setCheckout] = useState<{ url: string; txRef: string; amount: number } | null>(null);
  const [verifying, setVerifying] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    if (!checkout) return;
    const providerOrigin = new URL(env.VITE_PROVIDER_ORIGIN).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== providerOrigin) return;
      const parsed = checkoutMessage.safeParse(event.data);
      if (!parsed.success || parsed.data.tx_ref !== checkout.txRef || handled.current) return;
      const { status, transaction_id: transactionId } = parsed.data;
      if (status === 'cancelled') {
        setCheckout(null);
        return;
      }
      handled.current = true;
      if (status !== 'successful' || !transactionId) {
        finish('error', ACCOUNT_MESSAGES.topUpVerificationFailed);
        return;
      }
      setVerifying(true);
      verifyTopup(transactionId, checkout.amount).then(
        () => finish('success', ACCOUNT_MESSAGES.topUpSuccess),
        () => finish('error', ACCOUNT_MESSAGES.topUpVerificationFailed),
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [checkout]);

  const close = () => {
    if (verifying) return;
    setCheckout(null);
    onClose();
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    const form = parseForm(topUpFormSchema, { amount: amountText });
    if (!form.ok) {
      setError(form.errors.amount);
      return;
    }
    setError(undefined);
    handled.current = false;
    const txRef = `${TX_REF_PREFIX}${randomId()}`;
    const email = profile?.data.email ?? '';
    const name = profile ? `${profile.data.first_name} ${profile.data.last_name}`.trim() : '';
    setCheckout({ url: checkoutUrl({ txRef, amount: form.data.amount, email, name }), txRef, amount: form.data.amount });
  };

  return (
    <Modal open={open} title="Top up" onClose={close} wide={checkout !== null}>
      {verifying ? <Spinner label="Verifying your payment..." /> : null}
      {!verifying && checkout ? (
        <iframe className="checkout-frame" title="Payment checkout" src={checkout.url} />
      ) : null}
      {!checkout ? (
        <form noValidate onSubmit={start}>
          <TextField
            label="Amount (₦)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={setAmountText}
            error={error}
            hint="Pay by card, mobile money or USSD."
          />
          <button type="submit" className="button button-block">
            Continue to payment
          </button>
        </form>
      ) : null}
    </Modal>
  );
}
