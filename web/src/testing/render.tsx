/**
 * Rendering for component and route tests: a fresh query cache per test (nothing shared between
 * tests), the toast container (so a toast can be read from the screen), and a signed-in session
 * unless the test asks for a visitor. The API is the typed fake (testing/fake-api.ts).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '@/lib/query-client';
import { saveProfile } from '@/lib/session';
import { testProfile } from '@/testing/fixtures';

/** Stores a signed-in profile (SPEC section 3, code 200) as a login would. */
export function signIn(options: Parameters<typeof testProfile>[0] = {}): void {
  saveProfile(testProfile(options));
}

export function TestProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastContainer />
    </QueryClientProvider>
  );
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  client: QueryClient;
}

/** Renders one screen or component at `path` (default '/'), signed in unless `visitor`. */
export function renderWithApp(ui: ReactElement, options: { path?: string; visitor?: boolean } = {}): Rendered {
  if (!options.visitor) signIn();
  const client = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <TestProviders client={client}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
    </TestProviders>,
  );
  return { ...result, user, client };
}
