/**
 * For route tests (here, not in src/testing: shared code imports no part of the app): a route tree (the
 * app's own by default) under MemoryRouter at `path`, as app/app.tsx renders it under BrowserRouter, and
 * the address the user would read in the address bar.
 */
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation, type RouteObject } from 'react-router-dom';
import { routes as appRoutes, RouteTree } from '@/app/router';

/** The current location, hidden from the accessibility tree: it stands for the address bar. */
function Address() {
  const { pathname, search } = useLocation();
  return (
    <output hidden data-testid="address">
      {pathname}
      {search}
    </output>
  );
}

export interface RenderedRoutes extends RenderResult {
  user: UserEvent;
  /** The address (path and query) the app is at. */
  address: () => string;
}

export function renderRoutes(path: string, routes: RouteObject[] = appRoutes): RenderedRoutes {
  const user = userEvent.setup();
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <RouteTree routes={routes} />
      <Address />
    </MemoryRouter>,
  );
  return { ...result, user, address: () => screen.getByTestId('address').textContent ?? '' };
}
