/**
 * In place of the feed for a reader without an active subscription (ADR 0008): what the ₦2,000
 * monthly subscription gives, and paying for it from the wallet with the transaction PIN (useSubscribe
 * keeps one Idempotency-Key per intended payment, so a retried click cannot charge twice).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { createPinFormSchema } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { CodeInput } from '@/components/code-input';
import { Modal } from '@/components/modal';
import { paths } from '@/config/paths';
import { useSubscribe } from '@/features/signals/api/subscribe';
import { useFormSubmit } from '@/lib/use-form-submit';

const subscribeFormSchema = z.object({ pin: createPinFormSchema.shape.pin });

function untilText(iso: string): string {
  return new Date(iso).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });
}

export function SubscribeOffer({ onSubscribed }: { onSubscribed: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="stack subscribe-offer">
      <h3>Live signals come with the monthly subscription</h3>
      <ul>
        <li>Every signal for your category the moment it is posted: Pre-signal, Start Trading, Stop Trading and Boom.</li>
        <li>Joining Auto-Trada pots.</li>
        <li>₦2,000 from your wallet for 30 days. Nothing renews by itself.</li>
      </ul>
      <p className="muted">The stake tables, rules and categorizations stay open to everyone.</p>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Subscribe for ₦2,000
      </button>
      <Modal open={open} title="Subscribe" onClose={() => setOpen(false)}>
        <SubscribeForm
          onDone={() => {
            setOpen(false);
            onSubscribed();
          }}
        />
      </Modal>
    </div>
  );
}

function SubscribeForm({ onDone }: { onDone: () => void }) {
  const [pin, setPin] = useState('');
  const pay = useSubscribe();
  const { submit, errors, failure, busy } = useFormSubmit(
    subscribeFormSchema,
    async (data) => {
      const { expiresAt } = await pay(data.pin);
      toast.success(`Subscribed until ${untilText(expiresAt)}`);
      onDone();
    },
    { fallback: 'An error occurred' },
  );
  return (
    <form noValidate className="stack" onSubmit={(event) => submit(event, { pin })}>
      <p>₦2,000 will be paid from your wallet for 30 days of signals and Auto-Trada.</p>
      <CodeInput label="Transaction PIN" kind="pin" value={pin} onChange={setPin} error={errors.pin} />
      <ErrorMessages messages={failure} />
      {failure.some((m) => /insufficient/i.test(m)) ? <Link to={paths.dashboard.getHref()}>Top up your wallet</Link> : null}
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? 'Paying...' : 'Pay ₦2,000'}
      </button>
    </form>
  );
}
