/**
 * The texts of /auto-trada written for real (issue 14): what a pot is and is not, the risk, the lock until
 * the due date, the referral bonus, and how to take part. Investment pots are regulated in Nigeria (SEC's
 * collective investment scheme rules): the terms say plainly that this is not one and promises nothing.
 */
import { RISK_DISCLOSURE } from '@punter/core/pots';

export function TermsAndHowTo() {
  return (
    <div className="stack">
      <details className="card">
        <summary>T&amp;Cs</summary>
        <div className="stack">
          <p>
            A pot is a pool of money that Auto-Trada members put together for a fixed period. A named pot manager trades the pool
            on sports markets and the result of that trading is shared by the members in proportion to what each put in.
          </p>
          <p>
            <strong>What it is not.</strong> {RISK_DISCLOSURE} It is not registered with the Securities and Exchange Commission as
            a collective investment scheme, it is not covered by any deposit insurance, and nobody, the manager included,
            guarantees a return.
          </p>
          <p>
            <strong>The lock.</strong> While you have money in a pot that is raising or trading you cannot withdraw from your
            wallet at all, not only the amount in the pot. On the due date the manager&apos;s result is booked into the pot and
            you collect your capital plus your share of the result with the PAYOUT button. If the manager made a loss, your share
            of the loss is taken from your capital.
          </p>
          <p>
            <strong>Limits.</strong> The minimum is ₦10,000 per join and a join can never exceed what the pot has left to raise.
            Amounts above ₦50,000 are arranged with support so that we can confirm your identity and the source of funds.
          </p>
          <p>
            <strong>Referral bonus.</strong> When someone you referred joins a pot you earn 2.5% of what they put in at once, and
            another 2.5% when the pot is due. Bonuses are paid by Auto-Trada, not taken from anyone&apos;s capital, and are not
            locked with the pot that earned them: you can withdraw them whenever no pot of your own is raising or trading.
          </p>
          <p>The operator may pause new joins at any time; pots already running continue to their due date.</p>
        </div>
      </details>
      <details className="card">
        <summary>How To</summary>
        <ol className="stack">
          <li>Top up your wallet and keep an active subscription.</li>
          <li>Open a pot that is still Raising and read its details, its terms and its due date.</li>
          <li>Press Join, type your trading amount (minimum ₦10,000) and check the expected ROI and total.</li>
          <li>The first time, read and accept the risk disclosure, then press Join now.</li>
          <li>Your amount shows in the participants list as Pending, then Active once trading starts.</li>
          <li>On the due date, once the result is booked, press PAYOUT: your capital and result land in your wallet.</li>
        </ol>
      </details>
    </div>
  );
}

export function ReferralExplainer() {
  return (
    <section className="card" aria-labelledby="referral-bonus-title">
      <h2 id="referral-bonus-title">5% referral bonus</h2>
      <p>
        Share your referral link. Each time someone you referred joins a pot, you earn 2.5% of their trading amount immediately
        and 2.5% more when the pot is due: 5% in total, paid into your wallet and not locked in any pot.
      </p>
    </section>
  );
}
