/** /dashboard: wallet card, services, recent transactions, withdraw and top-up modals (SPEC section 2; they load on first open). */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { needsPinSetup } from '@punter/core/account';
import { LoadState } from '@/components/load-state';
import { DeferredModal } from '@/components/deferred';
import { PanelBoundary } from '@/components/error-boundary';
import { StaleNote } from '@/components/stale-note';
import {
  AutoTradaIcon,
  CalculatorIcon,
  HowToIcon,
  iconProps,
  MyGamesIcon,
  OverTwoFiveIcon,
  ProfileIcon,
  PuntersHubIcon,
  SignalIcon,
} from '@/components/icons';
import { paths } from '@/config/paths';
import { useBalance, useRecentTransactions } from '@/features/wallet/api/wallet-api';
import { TransactionList } from '@/features/wallet/components/transaction-list';
import { TRANSACTIONS_EMPTY_MESSAGE, VIEW_ALL_TRANSACTIONS_LABEL } from '@/features/wallet/components/transaction-list-view';
import { WalletCard } from '@/features/wallet/components/wallet-card';
import { useScreenSnapshot } from '@/lib/use-screen-snapshot';
import { useProfile } from '@/lib/session';
import { subscriptionDay, useSubscriptionStatus } from '@/lib/subscription';
import { useOnline } from '@/lib/use-online';

// The money modals load when first opened: most visits only look at the balance (issue 17).
const loadWithdrawModal = () => import('@/features/wallet/components/withdraw-modal').then((m) => m.WithdrawModal);
const loadTopUpModal = () => import('@/features/wallet/components/top-up-modal').then((m) => m.TopUpModal);

const SERVICES = [
  { to: paths.puntersHub.getHref(), Icon: PuntersHubIcon, title: 'Punters Hub', text: 'Betting codes from approved punters.' },
  {
    to: paths.autoTrada.getHref(),
    Icon: AutoTradaIcon,
    title: 'Auto-Trada',
    text: 'Pooled trading pots, 5% referral bonus.',
    subscription: true,
  },
  {
    to: paths.signal.getHref(),
    Icon: SignalIcon,
    title: 'Over 4.5 signal',
    text: 'Live signals for your group.',
    subscription: true,
  },
  { to: paths.stakeCalculator.getHref(), Icon: CalculatorIcon, title: 'Stake calculator', text: 'Recover losses with a target.' },
  {
    to: paths.overTwoFiveCalculator.getHref(),
    Icon: OverTwoFiveIcon,
    title: 'Over 2.5 calculator',
    text: 'Stop loss, splits and stakes.',
  },
  { to: paths.howTo.getHref(), Icon: HowToIcon, title: 'How to', text: 'Tutorial videos.' },
  { to: paths.profile.getHref(), Icon: ProfileIcon, title: 'Profile', text: 'Your account and referrals.' },
  { to: paths.myGames.getHref(), Icon: MyGamesIcon, title: 'My Games', text: 'Codes you got or bought.' },
] as const;

/** The subscription's state beside the services it unlocks, and a link to pay or renew it. */
function SubscriptionSummary() {
  const status = useSubscriptionStatus();
  if (!status) return null;
  const text =
    status.kind === 'active'
      ? `Subscription active until ${subscriptionDay(status.until)}`
      : status.kind === 'expired'
        ? `Subscription expired on ${subscriptionDay(status.endedAt)}`
        : 'No subscription';
  const action = status.kind === 'none' ? 'Subscribe' : status.kind === 'active' && !status.endsSoon ? 'Manage' : 'Renew';
  return (
    <p className="service-subscription">
      <span className={`pill ${status.kind === 'active' ? 'status-green' : 'status-orange'}`}>{text}</span>{' '}
      <span className="muted">Over 4.5 signal and Auto-Trada need it.</span>{' '}
      <Link to={paths.subscription.getHref()}>{action}</Link>
    </p>
  );
}

function ServiceLock() {
  const status = useSubscriptionStatus();
  const active = status?.kind === 'active';
  return (
    <span className={`pill service-status ${active ? 'status-green' : 'status-orange'}`}>
      {active ? 'Subscribed' : 'Needs subscription'}
    </span>
  );
}

export function DashboardPage() {
  const profile = useProfile();
  const recent = useRecentTransactions();
  const balance = useBalance();
  const online = useOnline();
  const [modal, setModal] = useState<'withdraw' | 'topup' | null>(null);
  const needsPin = needsPinSetup(profile);
  // Once the balance and the transactions show, the next visit paints this screen from the copy (ADR 0032).
  useScreenSnapshot(
    balance.data !== undefined && recent.data !== undefined ? `${balance.updatedAt}:${recent.updatedAt}` : null,
    online,
  );

  return (
    <div className="stack-lg">
      <h1 className="greeting">Hello, {profile?.data.first_name || 'trader'}</h1>
      {needsPin ? (
        <div className="banner" role="status">
          <span>Your account has no transaction PIN yet. You need one to withdraw.</span>
          <Link className="button button-small" to={paths.createPin.getHref()}>
            Create PIN
          </Link>
        </div>
      ) : null}
      <WalletCard onPayout={() => setModal('withdraw')} onTopUp={() => setModal('topup')} />
      <section aria-labelledby="services-title">
        <h2 id="services-title">Services</h2>
        <SubscriptionSummary />
        <ul className="plain-list services">
          {SERVICES.map((service) => (
            <li key={service.to}>
              <Link to={service.to} className="service-card">
                <span className="service-icon">
                  <service.Icon {...iconProps} size={22} />
                </span>
                <span className="service-title">{service.title}</span>
                <span className="service-text muted">{service.text}</span>
                {'subscription' in service ? <ServiceLock /> : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <PanelBoundary title="Recent transactions">
        <section className="card" aria-labelledby="recent-title">
          <div className="card-header">
            <h2 id="recent-title">Recent transactions</h2>
            <Link to={paths.transactions.getHref()}>{VIEW_ALL_TRANSACTIONS_LABEL}</Link>
          </div>
          <LoadState state={recent} />
          {recent.data ? <StaleNote updatedAt={recent.updatedAt} /> : null}
          {recent.data && recent.data.length === 0 ? <p className="empty">{TRANSACTIONS_EMPTY_MESSAGE}</p> : null}
          {recent.data && recent.data.length > 0 ? <TransactionList items={recent.data} /> : null}
        </section>
      </PanelBoundary>
      <DeferredModal
        title="Withdraw"
        load={loadWithdrawModal}
        props={{
          open: modal === 'withdraw',
          needsPin,
          onClose: () => setModal(null),
          // The withdrawal refreshed the balance and the lists itself (useWithdraw).
          onDone: () => setModal(null),
        }}
      />
      <DeferredModal title="Top up" load={loadTopUpModal} props={{ open: modal === 'topup', onClose: () => setModal(null) }} />
    </div>
  );
}
