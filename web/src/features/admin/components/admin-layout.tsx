/**
 * The operator console's frame (its own chunk, loaded by app/require-admin.tsx for role 1 only): the
 * console's sections as tabs (one row that scrolls sideways on a phone, the open one kept in view), and the
 * screen below them.
 */
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import './admin.css';

const SECTIONS = [
  { to: paths.adminWithdrawals.getHref(), label: 'Withdrawals' },
  { to: paths.adminUsers.getHref(), label: 'Users' },
  { to: paths.adminTransactions.getHref(), label: 'Transactions' },
  { to: paths.adminAdmins.getHref(), label: 'Admins' },
  { to: paths.adminPots.getHref(), label: 'Pots' },
  { to: paths.adminCodes.getHref(), label: 'Betting codes' },
  { to: paths.adminSignals.getHref(), label: 'Signals' },
  { to: paths.adminAudit.getHref(), label: 'Audit log' },
  // Reports and content (ADR 0023).
  { to: paths.adminReports.getHref(), label: 'Reports' },
  { to: paths.adminBlogs.getHref(), label: 'Blogs' },
  { to: paths.adminGiftCards.getHref(), label: 'Gift cards' },
  { to: paths.adminBatches.getHref(), label: 'Batches' },
  { to: paths.adminAds.getHref(), label: 'Ads' },
  { to: paths.adminCrypto.getHref(), label: 'Crypto rates' },
] as const;

export default function AdminLayout() {
  const tabs = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    // The open section's tab, scrolled into the row's view (a no-op where the tabs wrap).
    tabs.current?.querySelector('.admin-tab.active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="admin stack">
      <nav className="admin-tabs" aria-label="Operator console" ref={tabs}>
        <ul className="plain-list">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} className={({ isActive }) => (isActive ? 'admin-tab active' : 'admin-tab')}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
