/**
 * The /login screen as static HTML, rendered at build time (prerenderLogin in build-plugins.ts, ADR 0031) from the same
 * components the app renders, so it cannot drift from them. index.html carries it; the route preload script
 * shows it on /login for a visitor without a stored session, so the screen paints as soon as the HTML and
 * the stylesheet arrive instead of after the scripts have loaded and run. It is inert until the app renders
 * the real screen in its place (LoginPage drops it, lib/prerendered.ts).
 */
import { renderToString } from 'react-dom/server';
import { AuthShell } from '@/app/auth-shell';
import { LoginPage } from '@/features/auth/components/login-page';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

export function loginShellHtml(): string {
  return renderToString(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route element={<AuthShell />}>
          <Route path="/login" element={<LoginPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}
