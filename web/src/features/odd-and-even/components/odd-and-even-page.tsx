/** /odd-and-even: the odd-and-even calculator is coming soon (SPEC sections 1 and 2); what is ready meanwhile. */
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function OddAndEvenPage() {
  return (
    <div className="stack-lg">
      <h1>Odd and even calculator</h1>
      <section className="card stack coming-soon" aria-labelledby="coming-soon-title">
        <span className="pill status-orange">Coming soon</span>
        <h2 id="coming-soon-title">We are still building this calculator</h2>
        <p>
          It will work out stakes for odd-and-even goal markets the way the other calculators do for over 2.5. Until it is ready,
          these are open to you:
        </p>
        <ul className="plain-list coming-soon-links">
          <li>
            <Link to={paths.stakeCalculator.getHref()}>Stake calculator</Link>
          </li>
          <li>
            <Link to={paths.overTwoFiveCalculator.getHref()}>Over 2.5 calculator</Link>
          </li>
          <li>
            <Link to={paths.howTo.getHref()}>How-to videos</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
