/**
 * In place of the feed for a reader without an active subscription (ADR 0008): what the ₦2,000
 * monthly subscription gives, and paying for it from the wallet (the PIN when the provider asks for it); a reader
 * whose subscription has ended sees the expired-subscription page instead (SPEC section 1).
 */
import { useState } from 'react';
import { ExpiredSubscription } from '@/components/expired-subscription';
import { Modal } from '@/components/modal';
import { SubscribeForm } from '@/components/subscribe-form';
import { useSubscriptionStatus } from '@/lib/subscription';

export function SubscribeOffer({ onSubscribed }: { onSubscribed: () => void }) {
  const [open, setOpen] = useState(false);
  const status = useSubscriptionStatus();
  if (status?.kind === 'expired') return <ExpiredSubscription endedAt={status.endedAt} signedIn heading="h3" />;
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
