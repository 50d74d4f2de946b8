import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { Toasts } from '@/components/toasts';
import { showToast, toast } from '@/lib/notify';

/** The toasts' texts, top to bottom. */
const shown = () => screen.queryAllByRole('alert').map((el) => el.textContent);
const toastOf = (text: string) => screen.getByText(text).closest('.Toastify__toast') as HTMLElement;

/**
 * happy-dom runs no CSS animation: react-toastify closes a toast when its timer bar's animation (as long as the
 * toast's time) ends, which is played here; the exit animation ends at once (testing/setup-dom.ts).
 */
function runOut(text: string): void {
  fireEvent.animationEnd(within(toastOf(text)).getByRole('progressbar', { name: 'notification timer' }));
}
const gone = (text: string) => waitFor(() => expect(screen.queryByText(text)).toBeNull());

describe('toasts (react-toastify, ADR 0036)', () => {
  it('loads the container with the first toast, shows its text, at most three at once, newest on top', async () => {
    // In StrictMode, as main.tsx renders the app: the toasts asked for before the container has mounted show too.
    render(
      <StrictMode>
        <Toasts />
      </StrictMode>,
    );
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    act(() => {
      toast.success('one');
      toast.error('two');
      toast.info('three');
      toast.warning('four');
    });
    await waitFor(() => expect(shown()).toEqual(['three', 'two', 'one']));
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
    expect(toastOf('two').className).toContain('Toastify__toast--error');
    // A tap closes a toast; the fourth takes the free place, on top.
    fireEvent.click(screen.getByText('one'));
    await gone('one');
    await waitFor(() => expect(shown()).toEqual(['four', 'three', 'two']));
  });

  it('closes a toast when its 5 s run out; the password change stays 10 s', async () => {
    render(<Toasts />);
    act(() => {
      toast.success('Saved');
      toast.success('Password changed', { autoClose: 10_000 });
    });
    await screen.findByText('Password changed');
    const timer = (text: string) => within(toastOf(text)).getByRole('progressbar', { name: 'notification timer' });
    expect(timer('Saved').style.animationDuration).toBe('5000ms');
    expect(timer('Password changed').style.animationDuration).toBe('10000ms');
    runOut('Saved');
    await gone('Saved');
    expect(shown()).toEqual(['Password changed']);
  });

  it('keeps one toast of a kind: a quick run shows only its last, and a later one takes its place', async () => {
    render(<Toasts />);
    act(() => {
      showToast('success', 'round 1', 'result');
      showToast('error', 'round 2', 'result');
    });
    await waitFor(() => expect(shown()).toEqual(['round 2']));
    act(() => showToast('success', 'round 3', 'result'));
    await screen.findByText('round 3');
    await gone('round 2');
    expect(shown()).toEqual(['round 3']);
    expect(screen.queryByText('round 1')).toBeNull();
  });
});
