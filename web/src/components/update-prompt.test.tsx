import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UPDATE_READY_MESSAGE, UpdatePrompt } from '@/components/update-prompt';

const update = vi.hoisted(() => ({ ready: true, reload: vi.fn() }));
vi.mock('@/lib/service-worker', () => ({ useUpdateReady: () => update }));

describe("'A new version is ready'", () => {
  it('reloads once on the click, and says it is reloading until the new version takes over', () => {
    render(<UpdatePrompt />);
    expect(screen.getByRole('status').textContent).toContain(UPDATE_READY_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    const button = screen.getByRole('button', { name: 'Reloading...' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(update.reload).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while no new version waits', () => {
    update.ready = false;
    const { container } = render(<UpdatePrompt />);
    expect(container.innerHTML).toBe('');
  });
});
