/**
 * Sandbox routes (mounted only when the sandbox adapters are on):
 *   GET  /sandbox/checkout?tx_ref&amount&currency&customer_email&customer_name[&redirect_url]  the checkout page
 *        (redirect_url: only an http(s) page of the web app's own origin, settings.webAppUrl; anything else is a 400)
 *   POST /sandbox/checkout/pay {tx_ref, amount, currency, method, outcome, customer_email}   makes a payment
 *   GET  /sandbox/sms?phone=...                                                             kept SMS messages
 */
import { z } from 'zod';
import { nairaToKobo } from '@punter/core/money';
import { sandboxPayments, type SandboxPayment } from './collections';
import { sandboxMessages } from './adapters/sms';
import type { ProviderDeps } from './context';
import { badRequest, ok, parseBody, type ProviderRequest, type ProviderResponse } from './http';
import { normalizePhone } from './schemas';

const payBody = z.object({
  tx_ref: z.string().trim().min(1).max(100),
  amount: z.number().gt(0).max(1_000_000_000),
  currency: z.literal('NGN', { error: 'Only NGN is supported' }),
  method: z.enum(['card', 'mobilemoney', 'ussd']),
  outcome: z.enum(['successful', 'failed', 'cancelled']).default('successful'),
  customer_email: z.string().trim().max(254).optional(),
});

let counter = 0;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The checkout's redirect_url when it is an absolute http(s) URL on the web app's own origin; null when
 * absent. Anything else (javascript:, data:, another site) is refused: the page would run or open it.
 */
export function checkoutRedirect(raw: string | undefined, webAppUrl: string): string | null {
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    url = new URL('invalid:');
  }
  const allowed = new URL(webAppUrl).origin;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== allowed) {
    throw badRequest(`redirect_url must be a page of the web app (${allowed})`, [
      { message: `redirect_url must be a page of the web app (${allowed})`, field: 'redirect_url' },
    ]);
  }
  return url.toString();
}

/** The page; `redirectUrl` must come from checkoutRedirect. */
function checkoutPage(query: Record<string, string | undefined>, redirectUrl: string | null): string {
  const data = JSON.stringify({
    tx_ref: query.tx_ref ?? '',
    amount: query.amount ?? '',
    currency: query.currency ?? 'NGN',
    customer_email: query.customer_email ?? '',
    customer_name: query.customer_name ?? '',
    redirect_url: redirectUrl ?? '',
  }).replace(/</g, '\\u003c');
  const amount = escapeHtml(query.amount ?? '');
  const name = escapeHtml(query.customer_name ?? '');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b1f24}
main{max-width:380px;margin:24px auto;background:#fff;border-radius:12px;padding:20px;box-shadow:0 2px 12px #0001}
h1{font-size:18px;margin:0 0 4px}.amount{font-size:28px;font-weight:700;margin:8px 0 16px}
.note{font-size:12px;color:#667;margin-bottom:16px}fieldset{border:1px solid #dde;border-radius:8px;margin:0 0 12px;padding:8px 12px}
label{display:block;padding:6px 0;cursor:pointer}button{width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;margin-top:8px;cursor:pointer}
#pay{background:#f5a623;color:#fff}#fail{background:#eee}#cancel{background:#fff;border:1px solid #ccc}
#status{margin-top:12px;font-size:14px;min-height:1em}
</style></head>
<body><main>
<h1>Sandbox checkout</h1>
<div class="note">Test payments only: no real money moves.${name ? ` Paying as ${name}.` : ''}</div>
<div class="amount">NGN ${amount}</div>
<fieldset><legend>Pay with</legend>
<label><input type="radio" name="method" value="card" checked> Card</label>
<label><input type="radio" name="method" value="mobilemoney"> Mobile money</label>
<label><input type="radio" name="method" value="ussd"> USSD</label>
</fieldset>
<button id="pay" type="button">Pay NGN ${amount}</button>
<button id="fail" type="button">Simulate a declined payment</button>
<button id="cancel" type="button">Cancel</button>
<div id="status" role="status"></div>
</main>
<script>
const params = ${data};
const statusEl = document.getElementById('status');
function finish(status, transaction_id) {
  const message = { source: 'sandbox-checkout', status, tx_ref: params.tx_ref, transaction_id };
  if (window.parent && window.parent !== window) window.parent.postMessage(message, '*');
  if (params.redirect_url) {
    const url = new URL(params.redirect_url);
    // The server checked the origin; never navigate to anything but http(s) anyway.
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return;
    url.searchParams.set('status', status);
    url.searchParams.set('tx_ref', params.tx_ref);
    if (transaction_id) url.searchParams.set('transaction_id', transaction_id);
    window.location.href = url.toString();
  }
}
async function pay(outcome) {
  const method = document.querySelector('input[name=method]:checked').value;
  statusEl.textContent = 'Processing...';
  try {
    const res = await fetch('/sandbox/checkout/pay', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tx_ref: params.tx_ref, amount: Number(params.amount), currency: params.currency,
        method, outcome, customer_email: params.customer_email || undefined }),
    });
    const body = await res.json();
    if (!res.ok) { statusEl.textContent = body.message || 'Payment failed'; finish('failed', null); return; }
    statusEl.textContent = outcome === 'successful' ? 'Payment successful' : 'Payment declined';
    finish(outcome, body.data.transaction_id);
  } catch (e) { statusEl.textContent = 'Payment failed'; finish('failed', null); }
}
document.getElementById('pay').onclick = () => pay('successful');
document.getElementById('fail').onclick = () => pay('failed');
document.getElementById('cancel').onclick = () => finish('cancelled', null);
</script>
</body></html>`;
}

export async function handleSandbox(deps: ProviderDeps, req: ProviderRequest): Promise<ProviderResponse | null> {
  if (req.method === 'GET' && req.path === '/sandbox/checkout') {
    const query = req.query ?? {};
    const redirectUrl = checkoutRedirect(query.redirect_url, deps.settings.webAppUrl);
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: checkoutPage(query, redirectUrl) };
  }
  if (req.method === 'POST' && req.path === '/sandbox/checkout/pay') {
    const input = parseBody(payBody, req.body);
    let amountKobo: number;
    try {
      amountKobo = nairaToKobo(input.amount);
    } catch {
      throw badRequest('Amount must have at most 2 decimal places');
    }
    counter += 1;
    const transactionId = `${deps.now()}${String(counter % 1000).padStart(3, '0')}${Math.floor(Math.random() * 1000)
      .toString()
      .padStart(3, '0')}`;
    const payment: SandboxPayment = {
      transaction_id: transactionId,
      tx_ref: input.tx_ref,
      amount_kobo: amountKobo,
      currency: input.currency,
      status: input.outcome,
      method: input.method,
      customer_email: input.customer_email ? input.customer_email.toLowerCase() : null,
      created_at: deps.now(),
    };
    await sandboxPayments.set(deps.store, transactionId, payment);
    return ok({
      message: 'Payment recorded',
      data: { transaction_id: transactionId, status: input.outcome, tx_ref: input.tx_ref },
    });
  }
  if (req.method === 'GET' && req.path === '/sandbox/sms') {
    const phone = (req.query?.phone ?? '').trim();
    if (!phone) throw badRequest('phone is required');
    return { status: 200, body: { messages: await sandboxMessages(deps.store, normalizePhone(phone)) } };
  }
  return null;
}
