/**
 * Paying the ₦2,000 monthly subscription from the wallet with the transaction PIN. useSubscribe keeps
 * one Idempotency-Key per intended payment, so a retried click cannot charge twice. Used by
 * /subscription and, in place of the feed, by /signal-4.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/notify';
import { z } from 'zod/mini';
import { createPinFormSchema } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { CodeInput } from '@/components/code-input';
import { paths } from '@/config/paths';
import { subscriptionDay, useSubscribe } from '@/lib/subscription';
import { useFormSubmit } from '@/lib/use-form-submit';

const subscribeFormSchema = z.object({ pin: createPinFormSchema.shape.pin });

export function SubscribeForm({ onDone }: { onDone: (expiresAt: string) => void }) {
  const [pin, setPin] = useState('');
  const pay = useSubscribe();
  const { submit, errors, failure, busy } = useFormSubmit(
    subscribeFormSchema,
    async (data) => {
      const { expiresAt } = await pay(data.pin);
      toast.success(`Subscribed until ${subscriptionDay(Date.parse(expiresAt))}`);
      onDone(expiresAt);
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
