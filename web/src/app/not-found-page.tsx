/**
 * The catch-all route: a public 'Page not found' with a link home, for visitors and users alike
 * (core account.ts: unknown paths are not protected, they 404). Every route of core's ROUTES has its
 * own screen (router.test.ts checks it), so only unknown paths come here.
 */
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <section className="auth-card" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>This page does not exist. Check the address, or start again from the home page.</p>
      <Link className="button button-block" to={paths.root.getHref()}>
        Go to the home page
      </Link>
    </section>
  );
}
