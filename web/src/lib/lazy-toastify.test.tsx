import { render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/lazy-toastify';

describe("the screens' toast (react-toastify loaded on first use)", () => {
  it('shows what toast(), toast.success() and toast.error() were given, in the order they were called', async () => {
    render(<ToastContainer newestOnTop={false} />);
    toast('First');
    toast.success('Second');
    toast.error('Third');
    await screen.findByText('Third');
    const shown = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(shown).toEqual(['First', 'Second', 'Third']);
  });

  it('passes the options through (the toast carries the id it was given)', async () => {
    render(<ToastContainer />);
    toast.info('With an id', { toastId: 'mine' });
    expect((await screen.findByText('With an id')).closest('#mine')).not.toBeNull();
  });
});
