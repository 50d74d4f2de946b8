/**
 * Paying the ₦2,000 monthly subscription from the wallet. useSubscribe keeps one Idempotency-Key per intended
 * payment, so a retried click cannot charge twice. While a period runs, the payment is a renewal that names the
 * period's end (`renewFrom`); when the provider answers that a period already runs (a stale screen, a second
 * tab), the form says the user is already subscribed until that day and nothing is charged. The provider asks
 * for the transaction PIN as a step-up once the login is older than 15 minutes: the PIN field shows then.
 * Used by /subscription and, in place of the feed, by /signal-4.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/notify';
import { z } from 'zod/mini';
import { createPinFormSchema } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { StepUpPin, stepUpPin } from '@/components/step-up-pin';
import { paths } from '@/config/paths';
import { subscriptionDay, useSubscribe } from '@/lib/subscription';
import { useFormSubmit } from '@/lib/use-form-submit';
import { isStepUpNeeded } from '@/lib/use-money-mutation';

const withPinSchema = z.object({ pin: createPinFormSchema.shape.pin });
const withoutPinSchema = z.object({});

/** What the form says when a period already runs and nothing was charged. */
export function alreadySubscribedMessage(expiresAt: string): string {
  return `You are already subscribed until ${subscriptionDay(Date.parse(expiresAt))}. Nothing was charged.`;
}

export function SubscribeForm({
  renewFrom = null,
  onDone,
}: {
  /** The end (ISO) of the period that runs now: the payment renews it from there. Null: no period runs. */
  renewFrom?: string | null;
  onDone: (expiresAt: string) => void;
}) {
  const [pin, setPin] = useState('');
  const [alreadyUntil, setAlreadyUntil] = useState<string | null>(null);
  const pay = useSubscribe();
  const { submit, errors, failure, busy } = useFormSubmit(
    pay.needsPin ? withPinSchema : withoutPinSchema,
    async () => {
      try {
        const result = await pay.run({ renewFrom }, stepUpPin(pay.needsPin, pin));
        if (!result.charged) {
          setAlreadyUntil(result.expiresAt);
          return;
        }
        toast.success(`Subscribed until ${subscriptionDay(Date.parse(result.expiresAt))}`);
        onDone(result.expiresAt);
      } catch (error) {
        // The step-up is a question, not a failure: the PIN field shows with the provider's message.
        if (isStepUpNeeded(error)) return;
        throw error;
      }
    },
    { fallback: 'An error occurred' },
  );

  if (alreadyUntil !== null) {
    return (
      <div className="stack">
        <p role="status">{alreadySubscribedMessage(alreadyUntil)}</p>
        <button type="button" className="button button-block" onClick={() => onDone(alreadyUntil)}>
          OK
        </button>
      </div>
    );
  }
  return (
    <form noValidate className="stack" onSubmit={(event) => submit(event, { pin })}>
      <p>₦2,000 will be paid from your wallet for 30 days of signals and Auto-Trada.</p>
      {pay.needsPin ? <StepUpPin value={pin} onChange={setPin} error={errors.pin} /> : null}
      <ErrorMessages messages={failure} />
      {failure.some((m) => /insufficient/i.test(m)) ? <Link to={paths.dashboard.getHref()}>Top up your wallet</Link> : null}
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? 'Paying...' : 'Pay ₦2,000'}
      </button>
    </form>
  );
}
