/** The wallet card: balance with a show/hide toggle, optional Payout and Top up buttons. */
import { useState } from 'react';
import { EyeIcon, EyeOffIcon, iconProps } from '@/components/icons';
import { formatApiNaira } from '@/lib/format';

interface WalletCardProps {
  balance: number | undefined;
  loading: boolean;
  error?: string | undefined;
  onRetry?: () => void;
  onPayout?: () => void;
  onTopUp?: () => void;
}

export function WalletCard({ balance, loading, error, onRetry, onPayout, onTopUp }: WalletCardProps) {
  const [visible, setVisible] = useState(true);
  let amount = '₦****';
  if (visible) amount = balance === undefined ? (loading ? '...' : '—') : formatApiNaira(balance);
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
      {error ? (
        <p className="wallet-error">
          {error}{' '}
          {onRetry ? (
            <button type="button" className="link-button light" onClick={onRetry}>
              Try again
            </button>
          ) : null}
        </p>
      ) : null}
      {onPayout || onTopUp ? (
        <div className="wallet-actions">
          {onPayout ? (
            <button type="button" className="button button-light" onClick={onPayout}>
              Payout
            </button>
          ) : null}
          {onTopUp ? (
            <button type="button" className="button button-gold" onClick={onTopUp}>
              Top up
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
