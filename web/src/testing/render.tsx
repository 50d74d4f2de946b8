/**
 * Rendering for component and route tests: the app's query cache (emptied before each test by
 * setup-dom.ts), the toast container (so a toast can be read from the screen; it loads on the first
 * toast), and a signed-in session unless the test asks for a visitor. The API is the typed fake (testing/fake-api.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Toasts } from '@/components/toasts';
import { queryClient } from '@/lib/query-client';
import { saveProfile } from '@/lib/session';
import { testProfile } from '@/testing/fixtures';

/** Stores a signed-in profile (SPEC section 3, code 200) as a login would. */
export function signIn(options: Parameters<typeof testProfile>[0] = {}): void {
  saveProfile(testProfile(options));
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  client: QueryClient;
}

/**
 * Renders one screen or component at `path` (default '/'), signed in (login code `profileCode`, default 200;
 * `profile` sets the id and permissions) unless `visitor`.
 */
export function renderWithApp(
  ui: ReactElement,
  options: { path?: string; visitor?: boolean; profileCode?: number; profile?: Parameters<typeof testProfile>[0] } = {},
): Rendered {
  if (!options.visitor)
    signIn({ ...options.profile, ...(options.profileCode === undefined ? {} : { code: options.profileCode }) });
  const user = userEvent.setup();
  const result = render(
    <>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
      <Toasts />
    </>,
  );
  return { ...result, user, client: queryClient };
}
