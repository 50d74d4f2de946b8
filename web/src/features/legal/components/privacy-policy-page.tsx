import { LegalPage } from '@/features/legal/components/legal-page';

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy policy" updated="22 November 2026">
      <p>
        This policy explains what personal data Punter (&quot;we&quot;) collects when you use this app, why, how long we keep it
        and the rights you have. We process personal data in line with the Nigeria Data Protection Act 2023 (NDPA) and the
        regulations and guidance of the Nigeria Data Protection Commission (NDPC). We are the data controller for the data
        described here.
      </p>
      <h2>1. Who may use Punter</h2>
      <p>
        Punter is for adults aged 18 or over who live in Nigeria. We do not knowingly collect data about anyone under 18; if we
        learn that an account belongs to a minor we close it and delete its data, except what the law requires us to keep.
      </p>
      <h2>2. What we collect</h2>
      <ul>
        <li>
          Account data: first and last name, username, email, phone number, gender, country and your password (stored only as a
          salted, slow hash).
        </li>
        <li>Verification data: one-time codes sent to your phone, kept only until they are used or expire.</li>
        <li>
          Wallet data: your naira balance, top-ups, withdrawals, purchases and their dates, and the bank accounts you save for
          withdrawals (bank, account number, account name).
        </li>
        <li>
          Payment data: the reference and status of card, mobile-money or USSD payments. Card numbers are entered on the payment
          provider&apos;s page; we never see or store them.
        </li>
        <li>
          Use of the app: referrals, subscriptions, betting codes you post, get or buy, pots you join, and the settings of the
          calculators, which stay in your own browser.
        </li>
        <li>Technical data: device type, browser, IP address and security logs.</li>
        <li>
          On your device, in this browser: your session, and your last known balance, latest transactions and dashboard, so the
          app opens fast and works offline. Logging out removes them.
        </li>
      </ul>
      <h2>3. Why we use it and on what lawful basis</h2>
      <ul>
        <li>To open and run your account, wallet and withdrawals (performance of our contract with you).</li>
        <li>
          To verify your phone, keep accounts secure, prevent fraud and money laundering, and keep financial records (legal
          obligation and legitimate interest).
        </li>
        <li>To pay referral bonuses and show your referrals (contract).</li>
        <li>
          To send service messages such as codes and transaction notices (contract). We only send marketing with your consent,
          which you can withdraw at any time.
        </li>
      </ul>
      <h2>4. Who we share it with</h2>
      <p>
        Only with processors that help us run the service, under written contracts: hosting and database (Google Firebase),
        payment and payout providers, bank-account name verification, and SMS delivery. We share data with authorities only when
        Nigerian law requires it. We never sell your personal data.
      </p>
      <h2>5. Transfers outside Nigeria</h2>
      <p>
        Some processors store data outside Nigeria. We only transfer data where the NDPA allows it, with adequate safeguards such
        as contractual clauses approved by the NDPC.
      </p>
      <h2>6. How long we keep it</h2>
      <p>
        Account data for as long as your account is open. Financial records for at least 6 years after the transaction, as
        Nigerian law requires. Security logs for 12 months. After that we delete or anonymise the data.
      </p>
      <h2>7. Your rights</h2>
      <p>
        Under the NDPA you may ask to access your data, correct it, delete it, restrict or object to its use, receive it in a
        portable form, and withdraw consent. Contact support through the WhatsApp link in the app; we answer within 30 days. If
        you are not satisfied you may complain to the Nigeria Data Protection Commission.
      </p>
      <h2>8. Security</h2>
      <p>
        Data travels encrypted, passwords and PINs are hashed, access is limited to staff who need it, and wrong PIN attempts lock
        the PIN for a while. If a breach is likely to put you at risk we will tell you and the NDPC as the law requires.
      </p>
      <h2>9. Responsible play</h2>
      <p>
        Betting can be addictive and you can lose money. If you feel you are losing control, stop, set limits, and talk to someone
        you trust or a support organisation. We can close your account on request.
      </p>
      <h2>10. Changes</h2>
      <p>We will tell you in the app before a material change to this policy takes effect.</p>
    </LegalPage>
  );
}
