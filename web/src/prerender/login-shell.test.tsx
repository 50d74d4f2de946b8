import { resolve } from 'node:path';
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderLoginShell } from '../../build-plugins';
import { App } from '@/app/app';
import { loadMatchedScreens, routes } from '@/app/router';
import { PRERENDERED_SHOWN_CLASS, showsPrerenderedLogin } from '@/lib/prerendered';

// The markup index.html carries for /login, rendered as the build renders it (build-plugins.ts: a server bundle of
// src/prerender/login-shell.tsx with its own React and react-router, ADR 0031, ADR 0052), and hydrated by the app as
// main.tsx does.
let html = '';
beforeAll(async () => {
  const webDir = resolve(import.meta.dirname, '../..');
  html = await renderLoginShell(webDir, 'production', { '@': resolve(webDir, 'src') });
}, 60_000);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.getElementById('root')?.remove();
  document.documentElement.classList.remove(PRERENDERED_SHOWN_CLASS);
  window.history.replaceState(null, '', '/');
});

describe('the prerendered /login', () => {
  it('is the login screen the app renders: its texts, its fields, its links', () => {
    expect(html).toContain('Welcome back');
    expect(html).toContain('Log in to your wallet, calculators and signals.');
    const inputs = html.match(/<input[^>]*>/g) ?? [];
    expect(inputs.some((tag) => tag.includes('type="email"') && tag.includes('name="email"'))).toBe(true);
    expect(inputs.some((tag) => tag.includes('type="password"') && tag.includes('name="password"'))).toBe(true);
    expect(html).toContain('>Login</button>');
    expect(html).toContain('href="/forgot-password"');
  });

  it('is hydrated by the app at /login: no mismatch, the painted elements kept, the form live', async () => {
    // index.html as the build writes it, after the route preload script chose to show it.
    document.body.insertAdjacentHTML('afterbegin', `<div id="root" inert>${html}</div>`);
    document.documentElement.classList.add(PRERENDERED_SHOWN_CLASS);
    window.history.replaceState(null, '', '/login');
    const container = document.getElementById('root')!;
    expect(showsPrerenderedLogin(container)).toBe(true);
    const paintedEmail = container.querySelector('input[type="email"]');
    const paintedHeading = container.querySelector('h1');

    const mismatches: unknown[] = [];
    await loadMatchedScreens(routes, '/login');
    // Hydration finishes in later tasks (the lazy screens): waitFor below waits for its commit.
    act(() => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    // The app's first commit makes the root live.
    await waitFor(() => expect(container.hasAttribute('inert')).toBe(false));
    expect(mismatches).toEqual([]);
    expect(document.documentElement.classList.contains(PRERENDERED_SHOWN_CLASS)).toBe(false);
    // The same elements: React took them over rather than building the screen again.
    expect(screen.getByLabelText('Email')).toBe(paintedEmail);
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBe(paintedHeading);
    // And they answer: the app's own validation (SPEC's message) on an empty password.
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'someone@punter.test');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('someone@punter.test');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please Enter Your Password')).toBeTruthy();
  });

  it('is not hydrated where it was not shown (a stored session, another route): the root is empty', () => {
    document.body.insertAdjacentHTML('afterbegin', '<div id="root"></div>');
    expect(showsPrerenderedLogin(document.getElementById('root')!)).toBe(false);
  });
});
