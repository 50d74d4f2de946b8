import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failedModuleUrl, LivePermissions, retryDelayMs } from '@/app/live-permissions';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/permissions-watcher.js');
const Watching = ({ uid }: { uid: string }) => <p>watching {uid}</p>;

/** A loader whose first `failures` calls reject as a chunk that cannot be fetched. */
function flakyLoader(failures: number) {
  let calls = 0;
  const load = vi.fn(() => (++calls <= failures ? Promise.reject(chunkError()) : Promise.resolve(Watching)));
  return load;
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
/**
 * Fake time moves by `ms`; then a few empty steps let the failed load reach the boundary and React run the
 * effects that follow (a browser does that within a frame; act() flushes only what is queued when it ends).
 */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let i = 0; i < 3; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the live permissions watcher', () => {
  it('starts again when the browser comes back online after its chunk could not load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = flakyLoader(1);
    render(<LivePermissions uid="u1" load={load} />);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('watching u1')).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('watching u1')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again after a wait that doubles while the browser says it is online, and not before', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const load = flakyLoader(2);
    render(<LivePermissions uid="u2" load={load} />);
    await advance(0);
    expect(load).toHaveBeenCalledTimes(1);

    await advance(29_000);
    expect(load).toHaveBeenCalledTimes(1);
    await advance(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    // The second failure waits 60 s.
    await advance(59_000);
    expect(load).toHaveBeenCalledTimes(2);
    await advance(1_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByText('watching u2')).toBeTruthy();
    // Once running, nothing loads it again.
    await advance(600_000);
    window.dispatchEvent(new Event('online'));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps its wait when the layout renders again meanwhile (a route change does not restart the clock)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const load = flakyLoader(1);
    const { rerender } = render(<LivePermissions uid="u4" load={load} />);
    await advance(0);
    expect(load).toHaveBeenCalledTimes(1);
    await advance(20_000);
    rerender(<LivePermissions uid="u4" load={load} />);
    await advance(10_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('watching u4')).toBeTruthy();
  });

  it('waits for the connection, not a timer, while the browser is offline', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = flakyLoader(1);
    render(<LivePermissions uid="u3" load={load} />);
    await advance(600_000);
    expect(load).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await advance(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('watching u3')).toBeTruthy();
    onLine.mockRestore();
  });

  it('waits 30 s, 1, 2 and 4 minutes, then 5 minutes at most', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000, 300_000]);
  });
});

describe('the URL of a module that failed to load', () => {
  const origin = 'https://punter.example';
  it.each([
    [
      'Failed to fetch dynamically imported module: https://punter.example/assets/permissions-watcher-A1.js',
      'https://punter.example/assets/permissions-watcher-A1.js',
    ],
    [
      'error loading dynamically imported module: https://punter.example/assets/w.js?attempt=2',
      'https://punter.example/assets/w.js',
    ],
  ])("is read from the browser's message: %s", (message, url) => {
    expect(failedModuleUrl(new TypeError(message), origin)).toBe(url);
  });
  it.each([
    'Failed to fetch dynamically imported module: https://elsewhere.example/assets/w.js',
    'Importing a module script failed.',
    'Failed to fetch dynamically imported module: not a url',
  ])('is none for another origin or a message without it: %s', (message) => {
    expect(failedModuleUrl(new TypeError(message), origin)).toBeNull();
  });
});
