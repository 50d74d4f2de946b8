/**
 * 'A new version is ready' as a user meets it: the page registers the worker through workbox-window (mocked
 * here: the browser's worker lifecycle is Workbox's to get right, and the e2e update test runs it for real).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = () => void;

const workbox = vi.hoisted(() => {
  class FakeWorkbox {
    readonly listeners = new Map<string, Listener[]>();
    readonly register = vi.fn(() => Promise.resolve({ scope: '/' }));
    readonly update = vi.fn(() => Promise.resolve());
    readonly messageSkipWaiting = vi.fn();
    readonly messageSW = vi.fn((_data: object) => Promise.resolve(true));
    constructor(
      readonly url: string,
      readonly options: RegistrationOptions,
    ) {
      state.instances.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    emit(type: string) {
      this.listeners.get(type)?.forEach((listener) => listener());
    }
  }
  const state = {
    FakeWorkbox,
    instances: [] as FakeWorkbox[],
    /** Whether the worker in control answers the page's PING (an older build's may not). */
    controllerAnswers: true,
    pinged: vi.fn(),
  };
  return state;
});

vi.mock('workbox-window', () => ({
  Workbox: workbox.FakeWorkbox,
  messageSW: (worker: unknown, data: unknown) => {
    workbox.pinged(worker, data);
    return workbox.controllerAnswers ? Promise.resolve({ type: 'PONG' }) : new Promise(() => undefined);
  },
}));

const controller = { state: 'activated' } as ServiceWorker;
const reload = vi.fn();

beforeEach(() => {
  vi.resetModules();
  workbox.instances.length = 0;
  workbox.controllerAnswers = true;
  workbox.pinged.mockClear();
  reload.mockClear();
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller, ready: Promise.resolve({}) } });
  vi.stubGlobal('location', { ...location, origin: location.origin, reload });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The app as main.tsx starts it: the prompt on screen, the worker registered; the fake Workbox it made. */
async function openApp() {
  const { UpdatePrompt } = await import('@/components/update-prompt');
  const { registerServiceWorker } = await import('@/lib/service-worker');
  render(<UpdatePrompt />);
  await act(() => registerServiceWorker());
  const [wb] = workbox.instances;
  if (!wb) throw new Error('the page made no Workbox');
  return wb;
}

describe("'A new version is ready'", () => {
  it('registers /sw.js for the whole site and shows nothing while no new version waits', async () => {
    const wb = await openApp();
    expect(wb.url).toBe('/sw.js');
    expect(wb.options).toEqual({ scope: '/', type: 'classic' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('appears when a new version waits; Reload switches to it once it controls the page, and says so meanwhile', async () => {
    const wb = await openApp();
    act(() => wb.emit('waiting'));
    expect(screen.getByRole('status').textContent).toContain('A new version is ready');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    const button = screen.getByRole('button', { name: 'Reloading...' });
    expect(button).toHaveProperty('disabled', true);
    // The worker in control is woken first (ADR 0024), then the waiting one is told to take over.
    await vi.waitFor(() => expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1));
    expect(workbox.pinged).toHaveBeenCalledWith(controller, { type: 'PING' });
    expect(reload).not.toHaveBeenCalled();
    wb.emit('controlling');
    wb.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads the page on a takeover the user did not ask for', async () => {
    const wb = await openApp();
    act(() => wb.emit('waiting'));
    wb.emit('controlling');
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('asks the new version to take over after 5 s when the worker in control does not answer', async () => {
    workbox.controllerAnswers = false;
    const wb = await openApp();
    act(() => wb.emit('waiting'));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it("on a first visit (no worker in control) tells the worker the app's files it loaded, in Workbox's CACHE_URLS", async () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: null, ready: Promise.resolve({}) } });
    vi.stubGlobal('PerformanceObserver', undefined);
    const origin = location.origin;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${origin}/assets/index-A.js` },
      { name: 'https://firestore.googleapis.com/google.firestore.v1.Firestore/Listen/channel' },
    ] as PerformanceEntry[]);
    const wb = await openApp();
    expect(wb.messageSW).toHaveBeenCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: [`${origin}/assets/index-A.js`] } });
  });
});
