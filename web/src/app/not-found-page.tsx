import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <section className="page-narrow">
      <h1>Page not found</h1>
      <p>This page does not exist, or it is not available yet.</p>
      <Link className="button" to={paths.dashboard.getHref()}>
        Go to dashboard
      </Link>
    </section>
  );
}
