import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toaster';
import { showToast, TOAST_CLOSE_MS, TOAST_LIMIT, TOAST_SETTLE_MS, toast } from '@/lib/toast';

const shown = () => screen.queryAllByRole('alert').map((el) => el.textContent);

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at most TOAST_LIMIT, newest on top; the next waits for a free place', () => {
    render(<Toaster />);
    act(() => {
      toast.success('one');
      toast.error('two');
      toast.info('three');
      toast('four', { type: 'warning' });
    });
    expect(TOAST_LIMIT).toBe(3);
    expect(shown()).toEqual(['three', 'two', 'one']);
    expect(screen.getByText('two').closest('.toast')?.className).toBe('toast toast-error');
    fireEvent.click(screen.getByText('one'));
    expect(shown()).toEqual(['four', 'three', 'two']);
  });

  it('closes a toast by itself after TOAST_CLOSE_MS, not while the pointer rests on it, and from its Close button', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('saved');
      toast.info('kept');
    });
    fireEvent.pointerEnter(screen.getByText('kept').closest('.toast') as Element);
    act(() => {
      vi.advanceTimersByTime(TOAST_CLOSE_MS + 10);
    });
    expect(shown()).toEqual(['kept']);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(shown()).toEqual([]);
  });

  it('keeps a toast given a longer time (the password change) on screen for that time', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Password changed', { autoClose: 10_000 });
      toast.info('short');
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_CLOSE_MS + 10);
    });
    expect(shown()).toEqual(['Password changed']);
    act(() => {
      vi.advanceTimersByTime(10_000 - TOAST_CLOSE_MS);
    });
    expect(shown()).toEqual([]);
  });

  it('keeps one toast of a kind: a quick run shows only its last', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('success', 'round 1', 'result');
      showToast('error', 'round 2', 'result');
      vi.advanceTimersByTime(TOAST_SETTLE_MS + 10);
      showToast('success', 'round 3', 'result');
      vi.advanceTimersByTime(TOAST_SETTLE_MS + 10);
    });
    expect(shown()).toEqual(['round 3']);
  });
});
