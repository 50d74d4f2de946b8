/**
 * Top up: the amount, then a checkout chosen at build time. Without VITE_FLW_PUBLIC_KEY it is the
 * provider's sandbox checkout in an iframe, which posts its result to this window; with it, Flutterwave's
 * inline checkout (its script loaded on the first click, its code in a chunk of its own). Both report
 * through onCheckoutResult: the provider then verifies the payment (POST /api/v1/user/topup) and the
 * page reloads, successful or not (SPEC section 4). Before the checkout opens the provider is asked
 * whether the user's own deposit limits or a break allow the amount (ADR 0019), so nobody pays first
 * and is refused after; a payment refused at the credit all the same (409, held and refunded) says so.
 * SPEC section 9: 'Funding above 50,000 naira requires contacting support': such an amount opens no checkout,
 * the modal says so with the support chat link instead (ADR 0044).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { parseForm, topUpFormSchema } from '@punter/core/form-schemas';
import { nairaToKobo } from '@punter/core/money';
import { fundingNeedsSupport } from '@punter/core/pots';
import { Alert } from '@/components/alert';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { env } from '@/config/env';
import type { CheckoutResult } from '@/features/wallet/api/checkout';
import { resultFromSandboxMessage } from '@/features/wallet/api/sandbox-checkout';
import { checkTopUp, useVerifyTopUp } from '@/features/wallet/api/wallet-api';
import { WALLET_MESSAGES } from '@/features/wallet/components/messages';
import { toApiFailure } from '@/lib/api';
import { randomId, setFlash } from '@/lib/flash';
import { useProfile } from '@/lib/session';

const TX_REF_PREFIX = 'punter-';
/** Shown when Flutterwave's script (or the chunk that loads it) cannot be loaded. */
const CHECKOUT_LOAD_ERROR = 'The payment page could not be loaded. Check your connection and try again.';
/** Shown when the check before the checkout fails without a message (offline, for example). */
const CHECK_ERROR = 'We could not check this top-up. Check your connection and try again.';
/** SPEC section 9's rule, in its words, for an amount above ₦50,000. */
export const FUNDING_SUPPORT_MESSAGE = 'Funding above ₦50,000 requires contacting support.';

export function checkoutUrl(input: { txRef: string; amount: number; email: string; name: string }): string {
  const url = new URL('/sandbox/checkout', env.VITE_PROVIDER_ORIGIN);
  url.searchParams.set('tx_ref', input.txRef);
  url.searchParams.set('amount', String(input.amount));
  url.searchParams.set('currency', 'NGN');
  url.searchParams.set('customer_email', input.email);
  url.searchParams.set('customer_name', input.name);
  return url.toString();
}

/**
 * What a failed verification says after the reload: SPEC's 'Transaction verification failed', except for a
 * payment the provider took but did not credit (409: over a deposit limit or during a break, ADR 0019's held
 * payments, or a payment already used), whose own words say why and that it is refunded.
 */
function verificationFailureMessage(failure: unknown): string {
  const refused = toApiFailure(failure);
  const message = refused.messages.join(' ');
  // A flash holds at most 300 characters (lib/flash.ts).
  return refused.code === 'already-exists' && message && message.length <= 300
    ? message
    : WALLET_MESSAGES.topUpVerificationFailed;
}

function finish(kind: 'success' | 'error', message: string) {
  setFlash({ kind, message });
  window.location.reload();
}

/** The checkout under way: the sandbox iframe, or Flutterwave's (loading its script, then open on top of the page). */
type Checkout =
  | { kind: 'sandbox'; url: string; txRef: string; amount: number }
  | { kind: 'flutterwave'; txRef: string; amount: number; phase: 'loading' | 'open' };

export function TopUpModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const profile = useProfile();
  const verifyTopup = useVerifyTopUp();
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<string>();
  const [loadError, setLoadError] = useState<string>();
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [checking, setChecking] = useState(false);
  const [support, setSupport] = useState(false);
  const handled = useRef(false);
  /** The attempt whose result counts (null once the modal is closed or the checkout cancelled). */
  const attempt = useRef<{ txRef: string; amount: number } | null>(null);

  /** The one path from a checkout's result to verification and the page reload, for both checkouts. */
  const onCheckoutResult = useCallback(
    ({ status, transactionId }: CheckoutResult) => {
      const current = attempt.current;
      if (!current || handled.current) return;
      if (status === 'cancelled') {
        attempt.current = null;
        setCheckout(null);
        return;
      }
      handled.current = true;
      if (status !== 'successful' || !transactionId) {
        finish('error', WALLET_MESSAGES.topUpVerificationFailed);
        return;
      }
      setVerifying(true);
      verifyTopup(transactionId, current.amount).then(
        () => finish('success', WALLET_MESSAGES.topUpSuccess),
        (failure: unknown) => finish('error', verificationFailureMessage(failure)),
      );
    },
    [verifyTopup],
  );

  useEffect(() => {
    if (checkout?.kind !== 'sandbox') return;
    const providerOrigin = new URL(env.VITE_PROVIDER_ORIGIN).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== providerOrigin) return;
      const result = resultFromSandboxMessage(event.data, checkout.txRef);
      if (result) onCheckoutResult(result);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [checkout, onCheckoutResult]);

  const close = () => {
    if (verifying) return;
    attempt.current = null;
    setCheckout(null);
    onClose();
  };

  const startFlutterwave = async (
    publicKey: string,
    input: { txRef: string; amount: number; email: string; name: string; phoneNumber: string },
  ) => {
    const { txRef } = input;
    setCheckout({ kind: 'flutterwave', txRef, amount: input.amount, phase: 'loading' });
    try {
      const flutterwave = await import('@/features/wallet/api/checkout');
      const checkoutFn = await flutterwave.loadFlutterwaveCheckout(env.VITE_FLW_CHECKOUT_SCRIPT);
      if (attempt.current?.txRef !== txRef) return; // the modal was closed meanwhile
      // Our <dialog> is modal (the rest of the page inert): it steps aside while Flutterwave's frame is open.
      setCheckout({ kind: 'flutterwave', txRef, amount: input.amount, phase: 'open' });
      flutterwave.openFlutterwaveCheckout(checkoutFn, { publicKey, ...input }, onCheckoutResult);
    } catch {
      if (attempt.current?.txRef !== txRef || handled.current) return;
      attempt.current = null;
      setCheckout(null);
      setLoadError(CHECKOUT_LOAD_ERROR);
    }
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    const form = parseForm(topUpFormSchema, { amount: amountText });
    if (!form.ok) {
      setError(form.errors.amount);
      return;
    }
    setError(undefined);
    setLoadError(undefined);
    if (fundingNeedsSupport(nairaToKobo(form.data.amount))) {
      setSupport(true);
      return;
    }
    setChecking(true);
    try {
      await checkTopUp(form.data.amount);
    } catch (refused) {
      setLoadError(toApiFailure(refused).messages.join(' ') || CHECK_ERROR);
      return;
    } finally {
      setChecking(false);
    }
    handled.current = false;
    const txRef = `${TX_REF_PREFIX}${randomId()}`;
    const amount = form.data.amount;
    attempt.current = { txRef, amount };
    const email = profile?.data.email ?? '';
    const name = profile ? `${profile.data.first_name} ${profile.data.last_name}`.trim() : '';
    if (env.VITE_FLW_PUBLIC_KEY) {
      void startFlutterwave(env.VITE_FLW_PUBLIC_KEY, {
        txRef,
        amount,
        email,
        name,
        phoneNumber: profile?.data.phone_number ?? '',
      });
      return;
    }
    setCheckout({ kind: 'sandbox', url: checkoutUrl({ txRef, amount, email, name }), txRef, amount });
  };

  const flutterwaveOpen = checkout?.kind === 'flutterwave' && checkout.phase === 'open' && !verifying;

  return (
    <Modal open={open && !flutterwaveOpen} title="Top up" onClose={close} wide={checkout?.kind === 'sandbox'}>
      {verifying ? <Spinner label="Verifying your payment..." /> : null}
      {!verifying && checkout?.kind === 'sandbox' ? (
        <iframe className="checkout-frame" title="Payment checkout" src={checkout.url} />
      ) : null}
      {!verifying && checkout?.kind === 'flutterwave' ? <Spinner label="Opening the payment page..." /> : null}
      {!checkout ? (
        <form noValidate onSubmit={(event) => void start(event)}>
          {loadError ? <Alert>{loadError}</Alert> : null}
          <TextField
            label="Amount (₦)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={(value) => {
              setAmountText(value);
              setSupport(false);
            }}
            error={error}
            hint={env.VITE_FLW_PUBLIC_KEY ? 'Pay by card, bank transfer or USSD.' : 'Pay by card, mobile money or USSD.'}
          />
          {support ? (
            <p role="status">
              {FUNDING_SUPPORT_MESSAGE}{' '}
              <a href={`https://wa.me/${env.VITE_SUPPORT_WHATSAPP}`} target="_blank" rel="noopener noreferrer">
                Contact support
              </a>
            </p>
          ) : null}
          <button type="submit" className="button button-block" disabled={checking}>
            {checking ? 'Checking...' : 'Continue to payment'}
          </button>
        </form>
      ) : null}
    </Modal>
  );
}
