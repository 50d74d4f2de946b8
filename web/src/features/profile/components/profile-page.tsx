/**
 * /profile: 'My Profile' (the wallet and bank panel, handed in by the route: features do not import
 * each other), account details, 'My Referrals', Logout.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/notify';
import { LoadState } from '@/components/load-state';
import { PanelBoundary } from '@/components/error-boundary';
import { paths } from '@/config/paths';
import { useReferrals } from '@/features/profile/api/profile-api';
import {
  NO_REFERRALS_MESSAGE,
  permissionLabels,
  referralLinkDisplay,
  referralSubscriptionDisplay,
} from '@/features/profile/components/profile-labels';
import { logout } from '@/lib/api';
import { formatDay } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useProfile } from '@/lib/session';

export const REFERRAL_COPIED_MESSAGE = 'Referral link copied';
export const COPY_FAILED_MESSAGE = 'Failed to copy code';

export function ProfilePage({ walletPanel }: { walletPanel: ReactNode }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const referrals = useReferrals();
  // Live: an admin's change shows here without a reload (ADR 0004).
  const permissions = usePermissions();
  if (!profile) return null;
  const data = profile.data;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(data.referral_link);
      toast.success(REFERRAL_COPIED_MESSAGE);
    } catch {
      toast.error(COPY_FAILED_MESSAGE);
    }
  };

  const details: Array<[string, string]> = [
    ['Name', `${data.first_name} ${data.last_name}`],
    ['Username', data.username],
    ['Email', data.email],
    ['Phone number', data.phone_number],
    ['Gender', data.gender],
    ['Country', data.country],
    ['Member since', formatDay(data.createdAt)],
    ['Access', permissionLabels(permissions ?? data).join(', ')],
  ];

  return (
    <div className="stack-lg">
      <h1>My Profile</h1>
      <div className="grid-2">
        <div className="stack">{walletPanel}</div>
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">Account details</h2>
          <dl className="detail-list">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value || '—'}</dd>
              </div>
            ))}
            <div>
              <dt>Referral code</dt>
              <dd className="row">
                {/* The code reads well on a phone; the link below is shown as SPEC section 5 says. */}
                <span className="strong" data-testid="referral-code">
                  {data.referral_code}
                </span>
              </dd>
            </div>
            <div>
              <dt>Referral link</dt>
              <dd className="row">
                {/* 'Copy link' copies the whole link to share. */}
                <span title={data.referral_link} data-testid="referral-link">
                  {referralLinkDisplay(data.referral_link)}
                </span>
                <button type="button" className="button button-small" onClick={() => void copyLink()}>
                  Copy link
                </button>
              </dd>
            </div>
          </dl>
          <button
            type="button"
            className="button button-danger button-block"
            onClick={() => {
              void logout().then(() => navigate(paths.login.getHref(), { replace: true }));
            }}
          >
            Logout
          </button>
        </section>
      </div>
      <PanelBoundary title="My Referrals">
        <section className="card" aria-labelledby="referrals-title">
          <h2 id="referrals-title">My Referrals</h2>
          <LoadState state={referrals} />
          {referrals.data && referrals.data.length === 0 ? <p className="empty">{NO_REFERRALS_MESSAGE}</p> : null}
          {referrals.data && referrals.data.length > 0 ? (
            <ul className="plain-list referral-list">
              {referrals.data.map((referral) => {
                const sub = referralSubscriptionDisplay(referral.subscription);
                return (
                  <li key={`${referral.first_name}-${referral.last_name}-${referral.createdAt}`}>
                    <span>
                      <strong>
                        {referral.first_name} {referral.last_name}
                      </strong>
                      <small className="muted"> joined {formatDay(referral.createdAt)}</small>
                    </span>
                    <span className={`pill status-${sub.colour}`}>{sub.label}</span>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </section>
      </PanelBoundary>
    </div>
  );
}
