import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFERRED_UNREACHABLE, DeferredModal, DeferredPanel } from '@/components/deferred';
import { Modal } from '@/components/modal';

function Greeting({ open, onClose, name }: { open: boolean; onClose: () => void; name: string }) {
  const [count, setCount] = useState(0);
  return (
    <Modal open={open} title="Greeting" onClose={onClose}>
      <p>Hello {name}</p>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        Clicked {count}
      </button>
    </Modal>
  );
}

function Page({ load }: { load: () => Promise<typeof Greeting> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <DeferredModal title="Greeting" load={load} props={{ open, onClose: () => setOpen(false), name: 'Ada' }} />
    </>
  );
}

describe('a modal whose content loads on first open', () => {
  it('loads nothing until it opens, shows its title and a spinner meanwhile, then the content, which stays mounted', async () => {
    let arrive: (c: typeof Greeting) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const user = userEvent.setup();
    render(<Page load={load} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const waiting = await screen.findByRole('dialog', { name: 'Greeting' });
    expect(within(waiting).getByRole('status').textContent).toContain('Loading...');
    expect(load).toHaveBeenCalledTimes(1);

    arrive(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Clicked 0' }));
    // Closed and opened again: the same content, its state kept, nothing loaded again.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Hello Ada')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('button', { name: 'Clicked 1' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says the service is unreachable when the code cannot load, and Try again loads it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Greeting);
    const user = userEvent.setup();
    render(<Page load={load} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(DEFERRED_UNREACHABLE);
    expect(screen.getByRole('dialog', { name: 'Greeting' }).contains(alert)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a panel whose code loads when it shows', () => {
  const Rules = ({ strict }: { strict: boolean }) => <p>{strict ? 'Strict rules' : 'Rules'}</p>;

  it('shows a spinner in its place, then the content with its props', async () => {
    let arrive: (c: typeof Rules) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Rules>((resolve) => (arrive = resolve)));
    render(<DeferredPanel load={load} props={{ strict: true }} />);
    expect((await screen.findByRole('status')).textContent).toContain('Loading...');
    arrive(Rules);
    expect(await screen.findByText('Strict rules')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says the service is unreachable when its code cannot load, and Try again loads it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Rules>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Rules);
    const user = userEvent.setup();
    render(<DeferredPanel load={load} props={{ strict: false }} />);
    expect((await screen.findByRole('alert')).textContent).toBe(DEFERRED_UNREACHABLE);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rules')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
