/** /subscription: the expired-subscription page; re-activate goes to /login (SPEC section 1). */
import { Link } from 'react-router-dom';
import { formatNaira, nairaToKobo } from '@punter/core/money';
import { paths } from '@/config/paths';

const MONTHLY_PRICE_NAIRA = 2000;

export function ExpiredSubscriptionPage() {
  return (
    <section className="auth-card" aria-labelledby="expired-title">
      <h1 id="expired-title">Your subscription has expired</h1>
      <p>
        Auto-trading and signals need an active monthly subscription of {formatNaira(nairaToKobo(MONTHLY_PRICE_NAIRA))}. Log in to
        re-activate it from your wallet.
      </p>
      <Link className="button button-block" to={paths.login.getHref()}>
        Re-activate
      </Link>
    </section>
  );
}
