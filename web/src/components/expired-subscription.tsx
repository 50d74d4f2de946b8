/**
 * The expired-subscription page (SPEC section 1): what the subscription gave and a Re-activate button
 * that goes to login, which then brings the user to /subscription to pay. Shown on /subscription to a
 * visitor, and in place of what an expired subscription blocks (the signal feed). A signed-in reader
 * may also renew at once from the wallet.
 */
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { subscriptionDay } from '@/lib/subscription';

export const REACTIVATE_LABEL = 'Re-activate';

interface ExpiredSubscriptionProps {
  /** When it ended, if known. */
  endedAt: number | null;
  signedIn: boolean;
  /** The heading's level where it is shown: the page's title on /subscription, a panel's elsewhere. */
  heading?: 'h1' | 'h2' | 'h3';
}

export function ExpiredSubscription({ endedAt, signedIn, heading: Heading = 'h2' }: ExpiredSubscriptionProps) {
  return (
    <div className="stack expired-subscription">
      <Heading>Your subscription has expired</Heading>
      <p>
        {endedAt === null ? 'Live signals and Auto-Trada' : `Since ${subscriptionDay(endedAt)}, live signals and Auto-Trada`} need
        an active monthly subscription of ₦2,000 from your wallet. Log in to re-activate it.
      </p>
      <Link className="button button-block" to={paths.login.getHref(paths.subscription.getHref())}>
        {REACTIVATE_LABEL}
      </Link>
      {signedIn ? (
        <p className="muted">
          Already logged in? <Link to={paths.subscription.getHref()}>Renew now from your wallet</Link>.
        </p>
      ) : null}
    </div>
  );
}
