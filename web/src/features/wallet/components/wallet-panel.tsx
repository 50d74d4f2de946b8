/** The wallet card and the saved bank accounts, as the profile shows them beside the account details. */
import { Link } from 'react-router-dom';
import { BankIcon, iconProps } from '@/components/icons';
import { LoadState } from '@/components/load-state';
import { paths } from '@/config/paths';
import { useSavedBanks } from '@/features/wallet/api/wallet-api';
import { WalletCard } from '@/features/wallet/components/wallet-card';

export function WalletPanel() {
  const banks = useSavedBanks();
  return (
    <>
      <WalletCard />
      <section className="card" aria-labelledby="banks-title">
        <div className="card-header">
          <h2 id="banks-title">Bank accounts</h2>
          <Link to={paths.saveBank.getHref()}>Add bank</Link>
        </div>
        <LoadState state={banks} />
        {banks.data && banks.data.length === 0 ? <p className="empty">You have not saved a bank yet.</p> : null}
        {banks.data && banks.data.length > 0 ? (
          <ul className="plain-list bank-list">
            {banks.data.map((bank) => (
              <li key={bank.id} className="bank-row">
                <span className="bank-icon">
                  <BankIcon {...iconProps} />
                </span>
                <span className="bank-lines">
                  <strong>{bank.bank_name}</strong>
                  <span>
                    {bank.account_number} · {bank.account_name}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
