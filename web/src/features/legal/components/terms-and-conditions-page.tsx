import { LegalPage } from '@/features/legal/components/legal-page';

export function TermsAndConditionsPage() {
  return (
    <LegalPage title="Terms and conditions" updated="22 November 2026">
      <p>
        These terms are the agreement between you and Punter for the use of this app. By creating an account you accept them. If
        you do not agree, do not use Punter.
      </p>
      <h2>1. Eligibility</h2>
      <p>
        You must be 18 or older and live in Nigeria. One account per person. The details you give must be true and your own; we
        may ask you to prove them.
      </p>
      <h2>2. What Punter is, and what it is not</h2>
      <p>
        Punter provides tools for sport traders: a naira wallet, stake calculators, signals, a marketplace of betting codes posted
        by other users, and pooled trading pots. Punter is not a bookmaker and does not accept bets. Calculators, signals, codes
        and pots are information and tools, not financial advice and not a promise of winnings.
      </p>
      <h2>3. The risks of betting</h2>
      <ul>
        <li>Every bet can lose. Past results of a punter, a signal or a pot do not predict future results.</li>
        <li>
          Loss-recovery methods raise the stake after each loss; a long losing run can lose your whole capital. Use the stop loss
          and never stake money you need for living costs, debts or your family.
        </li>
        <li>
          Betting can become addictive. If it stops being fun, stop. Take breaks, set a budget, and seek help if you need it.
        </li>
      </ul>
      <h2>4. Wallet, top-ups and withdrawals</h2>
      <p>
        Amounts are in naira (NGN). Top-ups are credited once the payment provider confirms the payment. Withdrawals go only to a
        bank account in your own name that you saved, need your 4-digit PIN, and may stay pending while they are processed. A
        failed withdrawal is returned to your wallet. Keep your password and PIN secret; we will never ask for them.
      </p>
      <h2>5. Subscription</h2>
      <p>
        The monthly subscription costs ₦2,000 and covers auto-trading and signals for one month. It is paid from your wallet and
        is not refundable once the month has started.
      </p>
      <h2>6. Betting codes and pots</h2>
      <p>
        Codes are posted by users, not by Punter. A bought code is yours once shown, whatever the outcome of the games. Money in a
        pot cannot be withdrawn before its due date; the pot terms shown before you join apply.
      </p>
      <h2>7. Referrals</h2>
      <p>Referral bonuses are paid as described in the app. Bonuses from fake or self-referred accounts are cancelled.</p>
      <h2>8. Acceptable use</h2>
      <p>
        No fraud, money laundering, chargeback abuse, multiple accounts, scraping, or attempts to break the service. We may
        suspend or close an account that breaks these terms and report it where the law requires.
      </p>
      <h2>9. Liability</h2>
      <p>
        We run Punter with care but cannot guarantee it is always available or free of errors. We are not liable for betting
        losses. Nothing in these terms limits rights you have under Nigerian consumer protection law.
      </p>
      <h2>10. Personal data</h2>
      <p>Our privacy policy explains how we handle your personal data under the Nigeria Data Protection Act 2023.</p>
      <h2>11. Law and disputes</h2>
      <p>
        These terms are governed by the laws of the Federal Republic of Nigeria. Contact support first; if we cannot settle a
        dispute, the Nigerian courts decide it.
      </p>
    </LegalPage>
  );
}
