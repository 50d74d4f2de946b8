/** The signed-in layout: top bar (with the WhatsApp link, floating from 1024 px), sidebar, page, footer. */
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { UserMenu } from '@/app/user-menu';
import { LivePermissions } from '@/app/live-permissions';
import { PanelBoundary } from '@/components/error-boundary';
import { Footer } from '@/components/footer';
import { WhatsAppLink } from '@/components/whatsapp-link';
import { paths } from '@/config/paths';
import { isAdminRole } from '@/app/require-admin';
import { NotificationsMenu } from '@/features/notifications/components/notifications-menu';
import { usePermissions } from '@/lib/permissions';
import { useProfile } from '@/lib/session';

const SIDEBAR_LINKS = [
  { to: paths.dashboard.getHref(), label: 'Dashboard' },
  { to: paths.overTwoFiveCalculator.getHref(), label: 'Over 2.5 Calculator' },
  { to: paths.stakeCalculator.getHref(), label: 'Stake Calculator' },
  { to: paths.signal.getHref(), label: 'Over 4.5 signal' },
  { to: paths.puntersHub.getHref(), label: 'Punters Hub' },
  { to: paths.howTo.getHref(), label: 'How to' },
] as const;

export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const uid = useProfile()?.data.id;
  const admin = isAdminRole(usePermissions()?.role);

  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className={menuOpen ? 'app-shell menu-open' : 'app-shell'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="icon-button topbar-button menu-toggle"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
          </svg>
        </button>
        <Link to={paths.dashboard.getHref()} className="brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          Punter
        </Link>
        <div className="topbar-actions">
          <WhatsAppLink />
          <PanelBoundary title="Notifications">
            <NotificationsMenu />
          </PanelBoundary>
          <UserMenu />
        </div>
      </header>
      <nav id="sidebar" className="sidebar" aria-label="Main">
        <ul className="plain-list">
          {SIDEBAR_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {admin ? (
            <li>
              <NavLink to={paths.admin.getHref()} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
                Operator console
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
      {menuOpen ? <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} /> : null}
      <div className="content">
        <main id="main" className="page">
          {/* No Suspense here: the screen's module is waited for above the frames (app/router.tsx), so a
              navigation keeps the old screen, and the first load what index.html painted, until it has arrived. */}
          <Outlet />
        </main>
        <Footer />
      </div>
      {uid ? <LivePermissions uid={uid} /> : null}
    </div>
  );
}
