/**
 * Flutterwave's inline checkout: the second implementation of the top-up checkout, used when the web
 * app is built with VITE_FLW_PUBLIC_KEY (the provider's sandbox page is the first). The top-up modal
 * imports this module dynamically when such a top-up starts, so neither this code nor Flutterwave's
 * script is part of any route's first load.
 *
 * Pure parts, tested without a DOM: the FlutterwaveCheckout() config, the mapping of its callback
 * payload to a CheckoutResult, the open/close bookkeeping, and a script loader with an injectable
 * document and window. A CheckoutResult only says what the checkout reported: the provider's verify
 * call (POST /api/v1/user/topup) decides whether money is credited.
 */
import { z } from 'zod/mini';

/** What a checkout (sandbox page or Flutterwave) reports back to the top-up modal. */
export interface CheckoutResult {
  status: 'successful' | 'cancelled' | 'failed';
  transactionId?: string | undefined;
}

/**
 * Flutterwave's payment_options is a comma + space separated list. NGN collections: card, bank transfer
 * (a one-time account to pay into) and USSD (NGN only). Mobile money exists for other currencies only.
 */
export const FLUTTERWAVE_PAYMENT_OPTIONS = 'card, banktransfer, ussd';
export const FLUTTERWAVE_CHECKOUT_TITLE = 'Punter top up';

/** The argument of window.FlutterwaveCheckout (the fields this app sends). */
export interface FlutterwaveConfig {
  public_key: string;
  tx_ref: string;
  amount: number;
  currency: 'NGN';
  payment_options: string;
  customer: { email: string; name: string; phone_number?: string };
  customizations: { title: string };
  callback: (payload: unknown) => void;
  onclose: (incomplete?: boolean) => void;
}

/** Recent versions of v3.js return a handle whose close() removes the checkout frame. */
export type FlutterwaveCheckoutFn = (config: FlutterwaveConfig) => { close?: () => void } | undefined | void;

export interface CheckoutInput {
  publicKey: string;
  txRef: string;
  /** Naira, as the amount form gives it. */
  amount: number;
  email: string;
  name: string;
  phoneNumber?: string;
}

export function flutterwaveConfig(
  input: CheckoutInput,
  handlers: Pick<FlutterwaveConfig, 'callback' | 'onclose'>,
): FlutterwaveConfig {
  const phone = input.phoneNumber?.trim();
  return {
    public_key: input.publicKey,
    tx_ref: input.txRef,
    amount: input.amount,
    currency: 'NGN',
    payment_options: FLUTTERWAVE_PAYMENT_OPTIONS,
    customer: { email: input.email, name: input.name, ...(phone ? { phone_number: phone } : {}) },
    customizations: { title: FLUTTERWAVE_CHECKOUT_TITLE },
    callback: handlers.callback,
    onclose: handlers.onclose,
  };
}

/** The part of Flutterwave's callback payload this app reads. Flutterwave's ids are numeric. */
const flutterwaveCallbackSchema = z.object({
  status: z.string(),
  tx_ref: z.optional(z.string()),
  transaction_id: z.nullish(
    z.pipe(z.union([z.number().check(z.int(), z.nonnegative()), z.string().check(z.regex(/^\d{1,20}$/))]), z.transform(String)),
  ),
});

/**
 * Maps the callback payload to a CheckoutResult. 'successful' (and 'completed', which some payment
 * methods report) with a transaction id goes to verification; a payload that does not parse, or that
 * belongs to another tx_ref, is a failure.
 */
export function resultFromFlutterwave(payload: unknown, txRef: string): CheckoutResult {
  const parsed = flutterwaveCallbackSchema.safeParse(payload);
  if (!parsed.success) return { status: 'failed' };
  const { status, tx_ref: paidRef, transaction_id: transactionId } = parsed.data;
  if (paidRef !== undefined && paidRef !== txRef) return { status: 'failed' };
  const normalised = status.trim().toLowerCase();
  if (normalised === 'cancelled') return { status: 'cancelled' };
  if ((normalised === 'successful' || normalised === 'completed') && transactionId) {
    return { status: 'successful', transactionId };
  }
  return transactionId ? { status: 'failed', transactionId } : { status: 'failed' };
}

/**
 * Opens the checkout and reports exactly one result: the callback's (after closing Flutterwave's frame),
 * or 'cancelled' when the customer closes the checkout before any callback.
 */
export function openFlutterwaveCheckout(
  checkout: FlutterwaveCheckoutFn,
  input: CheckoutInput,
  onResult: (result: CheckoutResult) => void,
): void {
  let done = false;
  // Filled once FlutterwaveCheckout() returns (a holder, as the callback may in theory run before that).
  const opened: { handle?: ReturnType<FlutterwaveCheckoutFn> } = {};
  const report = (result: CheckoutResult) => {
    if (done) return;
    done = true;
    onResult(result);
  };
  const config = flutterwaveConfig(input, {
    callback: (payload) => {
      const result = resultFromFlutterwave(payload, input.txRef);
      if (done) return;
      done = true; // closing the frame below fires onclose, which must not report a cancellation
      opened.handle?.close?.();
      onResult(result);
    },
    onclose: () => report({ status: 'cancelled' }),
  });
  opened.handle = checkout(config);
}

export class CheckoutLoadError extends Error {
  override readonly name = 'CheckoutLoadError';
}

/** The parts of a <script> element the loader uses. */
export interface ScriptLike {
  src: string;
  async: boolean;
  addEventListener(type: 'load' | 'error', listener: () => void): void;
  remove(): void;
}
/** S: the element type (HTMLScriptElement on the page, a fake in the tests). */
export interface LoaderDocument<S extends ScriptLike = ScriptLike> {
  createElement(tagName: 'script'): S;
  head: { appendChild(node: S): unknown };
}
export interface LoaderWindow {
  FlutterwaveCheckout?: unknown;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

export const SCRIPT_TIMEOUT_MS = 30_000;

/**
 * A loader for Flutterwave's script: adds it once (concurrent calls share the same load), resolves
 * with window.FlutterwaveCheckout, rejects with a CheckoutLoadError when the script fails to load,
 * loads without defining FlutterwaveCheckout, or takes longer than timeoutMs. After a failure the
 * element is removed and the next call tries again.
 */
export function createFlutterwaveLoader<S extends ScriptLike>(
  host: { document: LoaderDocument<S>; window: LoaderWindow },
  options: { timeoutMs?: number } = {},
): (src: string) => Promise<FlutterwaveCheckoutFn> {
  const timeoutMs = options.timeoutMs ?? SCRIPT_TIMEOUT_MS;
  const current = () => {
    const fn = host.window.FlutterwaveCheckout;
    return typeof fn === 'function' ? (fn as FlutterwaveCheckoutFn) : null;
  };
  let pending: Promise<FlutterwaveCheckoutFn> | null = null;
  return (src) => {
    const ready = current();
    if (ready) return Promise.resolve(ready);
    if (pending) return pending;
    const loading = new Promise<FlutterwaveCheckoutFn>((resolve, reject) => {
      const script = host.document.createElement('script');
      let settled = false;
      const fail = (reason: string) => {
        if (settled) return;
        settled = true;
        host.window.clearTimeout(timer);
        script.remove();
        pending = null;
        reject(new CheckoutLoadError(reason));
      };
      const timer = host.window.setTimeout(() => fail(`${src} did not load within ${timeoutMs} ms`), timeoutMs);
      script.addEventListener('load', () => {
        const fn = current();
        if (!fn) {
          fail(`${src} loaded but defines no FlutterwaveCheckout`);
          return;
        }
        if (settled) return;
        settled = true;
        host.window.clearTimeout(timer);
        resolve(fn);
      });
      script.addEventListener('error', () => fail(`${src} could not be loaded`));
      script.async = true;
      script.src = src;
      host.document.head.appendChild(script);
    });
    pending = loading;
    return loading;
  };
}

let browserLoader: ((src: string) => Promise<FlutterwaveCheckoutFn>) | null = null;

/** The loader on the real page (created on first use, so importing this module needs no DOM). */
export function loadFlutterwaveCheckout(src: string): Promise<FlutterwaveCheckoutFn> {
  browserLoader ??= createFlutterwaveLoader<HTMLScriptElement>({
    document,
    window,
  });
  return browserLoader(src);
}
