import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Footer } from '@/components/footer';
import { WhatsAppLink } from '@/components/whatsapp-link';
import { paths } from '@/config/paths';

/** Frame of the privacy policy and terms: a readable column and a link back to /dashboard. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <div className="legal-shell">
      <main className="legal">
        <div className="legal-top">
          <Link to={paths.dashboard.getHref()} className="back-link">
            <span aria-hidden="true">←</span> Back to dashboard
          </Link>
          <WhatsAppLink />
        </div>
        <h1>{title}</h1>
        <p className="muted">Last updated: {updated}</p>
        {children}
        <p>
          <Link to={paths.dashboard.getHref()}>Back to dashboard</Link>
        </p>
      </main>
      <Footer />
    </div>
  );
}
