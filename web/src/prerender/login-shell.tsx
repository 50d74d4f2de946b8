/**
 * The /login screen as static HTML, rendered at build time (prerenderLogin in build-plugins.ts, ADR 0031, ADR 0052)
 * by react-dom/static from the app's own route tree, as the app renders it at /login: the same components under
 * StrictMode, a StaticRouter in BrowserRouter's place. index.html carries it inside the app's root; the inline
 * scripts show it on /login to a visitor without a stored session (and empty the root anywhere else), so the
 * screen paints as soon as the HTML and the stylesheet arrive; main.tsx then hydrates it (hydrateRoot), so the
 * app takes over the painted elements instead of replacing them.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { routes, RouteTree } from '@/app/router';

/** The tree main.tsx hydrates (App's, with a StaticRouter at /login). */
export function LoginShell() {
  return (
    <StrictMode>
      <StaticRouter location="/login">
        <RouteTree routes={routes} />
      </StaticRouter>
    </StrictMode>
  );
}

/** The markup of /login once every lazy screen it needs has loaded (prerender waits for them). */
export async function loginShellHtml(): Promise<string> {
  const { prelude } = await prerender(<LoginShell />);
  return await new Response(prelude).text();
}
