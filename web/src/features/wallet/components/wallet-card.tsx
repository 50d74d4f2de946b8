/**
 * The wallet card: the balance (useBalance) with a show/hide toggle, optional Payout and Top up buttons.
 * Offline it shows the last known balance marked stale, and says that moving money needs a connection.
 */
import { useState } from 'react';
import { EyeIcon, EyeOffIcon, iconProps } from '@/components/icons';
import { StaleNote } from '@/components/stale-note';
import { useBalance } from '@/features/wallet/api/wallet-api';
import { formatApiNaira } from '@/lib/format';
import { useOnline } from '@/lib/use-online';

export const MONEY_NEEDS_NETWORK = 'Payouts and top-ups need a connection.';

interface WalletCardProps {
  onPayout?: () => void;
  onTopUp?: () => void;
}

export function WalletCard({ onPayout, onTopUp }: WalletCardProps) {
  const balance = useBalance();
  const online = useOnline();
  const [visible, setVisible] = useState(true);
  let amount = '₦****';
  if (visible) amount = balance.data === undefined ? (balance.status === 'loading' ? '...' : '—') : formatApiNaira(balance.data);
  return (
    <section className="wallet-card" aria-label="Naira wallet">
      <div className="wallet-top">
        <span className="wallet-label">Wallet balance</span>
        <button
          type="button"
          className="eye-button"
          aria-pressed={!visible}
          aria-label={visible ? 'Hide balance' : 'Show balance'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon {...iconProps} /> : <EyeIcon {...iconProps} />}
        </button>
      </div>
      <p className="wallet-balance" data-testid="wallet-balance" aria-live="polite">
        {amount}
      </p>
      {balance.data === undefined ? null : <StaleNote updatedAt={balance.updatedAt} />}
      {balance.status === 'error' ? (
        <p className="wallet-error">
          {balance.error.message}{' '}
          <button type="button" className="link-button light" onClick={balance.reload}>
            Try again
          </button>
        </p>
      ) : null}
      {onPayout || onTopUp ? (
        <div className="wallet-actions">
          {onPayout ? (
            <button type="button" className="button button-light" onClick={onPayout} disabled={!online}>
              Payout
            </button>
          ) : null}
          {onTopUp ? (
            <button type="button" className="button button-gold" onClick={onTopUp} disabled={!online}>
              Top up
            </button>
          ) : null}
        </div>
      ) : null}
      {(onPayout || onTopUp) && !online ? <p className="wallet-offline">{MONEY_NEEDS_NETWORK}</p> : null}
    </section>
  );
}
