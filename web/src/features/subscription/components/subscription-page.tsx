/**
 * /subscription (a public route, SPEC section 2): a visitor sees the expired-subscription page, whose
 * Re-activate goes to login and back here (SPEC section 1); a signed-in user sees what the ₦2,000
 * monthly subscription covers, their state (active until a day, ended, or none) and pays or renews it
 * from the wallet (a renewal names the end it extends, so a stale screen never pays twice). The payment is a SUBSCRIPTION entry in the transaction list.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ExpiredSubscription } from '@/components/expired-subscription';
import { Modal } from '@/components/modal';
import { SubscribeForm } from '@/components/subscribe-form';
import { paths } from '@/config/paths';
import { hasActiveSession, useProfile } from '@/lib/session';
import { subscriptionDay, useSubscriptionStatus } from '@/lib/subscription';
import type { SubscriptionStatus } from '@punter/core/subscription';

export function SubscriptionPage() {
  const profile = useProfile();
  if (!hasActiveSession(profile)) {
    return (
      <section className="auth-card" aria-label="Subscription">
        <ExpiredSubscription endedAt={null} signedIn={false} heading="h1" />
      </section>
    );
  }
  return <SubscriberView />;
}

function StateText({ status }: { status: SubscriptionStatus }) {
  if (status.kind === 'active') {
    return (
      <p>
        <span className="pill status-green">Active</span> until <strong>{subscriptionDay(status.until)}</strong>.
        {status.endsSoon ? ' It ends in less than three days: renew now to keep signals and Auto-Trada.' : null}
      </p>
    );
  }
  if (status.kind === 'expired') {
    return (
      <p>
        <span className="pill status-orange">Expired</span> on <strong>{subscriptionDay(status.endedAt)}</strong>. Live signals
        and Auto-Trada are closed until you renew.
      </p>
    );
  }
  return (
    <p>
      <span className="pill status-grey">Not subscribed</span> Live signals and Auto-Trada open as soon as you subscribe.
    </p>
  );
}

function SubscriberView() {
  const [open, setOpen] = useState(false);
  // What the last payment answered, until the live permissions document says the same.
  const [paidUntil, setPaidUntil] = useState<string | null>(null);
  const status = useSubscriptionStatus(paidUntil) ?? { kind: 'none' };
  const renewing = status.kind !== 'none';

  return (
    <div className="stack-lg subscription-page">
      <h1>Monthly subscription</h1>
      <section className="card stack" aria-labelledby="subscription-state-title">
        <h2 id="subscription-state-title">Your subscription</h2>
        <StateText status={status} />
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {renewing ? 'Renew for ₦2,000' : 'Subscribe for ₦2,000'}
        </button>
        {status.kind === 'active' ? (
          <p className="muted">Renewing now adds 30 days to the current end, so no day is lost.</p>
        ) : null}
      </section>
      <section className="card stack" aria-labelledby="subscription-covers-title">
        <h2 id="subscription-covers-title">What ₦2,000 a month covers</h2>
        <ul className="subscription-covers">
          <li>
            <Link to={paths.signal.getHref()}>Over 4.5 signal</Link>: every signal for your category the moment it is posted
            (Pre-signal, Start Trading, Stop Trading, Boom).
          </li>
          <li>
            <Link to={paths.autoTrada.getHref()}>Auto-Trada</Link>: joining pooled trading pots, with the 5% referral bonus.
          </li>
        </ul>
        <p className="muted">
          Paid from your naira wallet for 30 days; nothing renews by itself. Three days before the end a notification reminds you.
          The stake calculators, the how-to videos and the signal rules stay free.
        </p>
        <p>
          Each payment shows in your <Link to={paths.transactions.getHref()}>transactions</Link> as Subscription.
        </p>
      </section>
      <Modal open={open} title={renewing ? 'Renew subscription' : 'Subscribe'} onClose={() => setOpen(false)}>
        <SubscribeForm
          renewFrom={status.kind === 'active' ? new Date(status.until).toISOString() : null}
          onDone={(expiresAt) => {
            setPaidUntil(expiresAt);
            setOpen(false);
          }}
        />
      </Modal>
    </div>
  );
}
