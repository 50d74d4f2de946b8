import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { RootShell } from '@/app/root-shell';
import { setFlash } from '@/lib/flash';

vi.mock('@/lib/api', () => ({ preloadFirebase: () => undefined }));

function ToastOnOpen() {
  useEffect(() => {
    toast.info('Raised as the screen opened');
  }, []);
  return <button type="button">Somewhere</button>;
}

function renderShell() {
  const router = createMemoryRouter([{ element: <RootShell />, children: [{ path: '/', element: <ToastOnOpen /> }] }], {
    initialEntries: ['/'],
  });
  render(<RouterProvider router={router} />);
}

describe('the root shell', () => {
  it('loads the toasts on the first interaction and then shows a toast raised before it', async () => {
    renderShell();
    await screen.findByRole('button', { name: 'Somewhere' });
    // Nothing of react-toastify on the page until the user does something.
    expect(document.querySelector('.Toastify')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Somewhere' }));
    expect(await screen.findByText('Raised as the screen opened')).toBeTruthy();
  });

  it('shows a toast kept across a reload without waiting for an interaction', async () => {
    setFlash({ kind: 'success', message: 'Wallet topped up' });
    renderShell();
    expect(await screen.findByText('Wallet topped up')).toBeTruthy();
  });
});
