/** Frame of the auth pages: brand, the page, the floating WhatsApp support link. */
import { Link, Outlet } from 'react-router-dom';
import { WhatsAppLink } from '@/components/whatsapp-link';

export function AuthShell() {
  return (
    <div className="auth-shell">
      <header className="auth-brand">
        <Link to="/login" className="brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          Punter
        </Link>
        <WhatsAppLink />
      </header>
      <main className="auth-main">
        <Outlet />
      </main>
    </div>
  );
}
