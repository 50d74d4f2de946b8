import { describe, expect, it, vi } from 'vitest';
import { applyUpdate, watchForUpdates, watchLoadedAssets } from '@/lib/service-worker';

/** A worker as the update flow sees it: a state that changes, and messages it receives. */
class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  /** Whether it answers a PING on the port it came with (this build's worker does; an older one does not). */
  answers = true;
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions) {
    this.messages.push(message);
    const [port] = Array.isArray(transfer) ? transfer : (transfer?.transfer ?? []);
    if (this.answers && port instanceof MessagePort && (message as { type?: string }).type === 'PING') {
      port.postMessage({ type: 'PONG' });
    }
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
}

class FakeContainer extends EventTarget {
  constructor(public controller: FakeWorker | null) {
    super();
  }
}

const activeWorker = () => new FakeWorker('activated');

describe('a new version of the app', () => {
  it('is offered once its worker is installed while an older one controls the page', () => {
    const registration = new FakeRegistration();
    const onReady = vi.fn();
    watchForUpdates(registration, new FakeContainer(activeWorker()), onReady);
    const next = new FakeWorker('installing');
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    expect(onReady).not.toHaveBeenCalled();
    next.become('installed');
    expect(onReady).toHaveBeenCalledWith(next);
  });

  it('is offered at once when a worker already waits (installed during an earlier visit)', () => {
    const registration = new FakeRegistration();
    const waiting = new FakeWorker('installed');
    registration.waiting = waiting;
    const onReady = vi.fn();
    watchForUpdates(registration, new FakeContainer(activeWorker()), onReady);
    expect(onReady).toHaveBeenCalledWith(waiting);
  });

  it('is not offered for the very first worker (nothing controlled the page before)', () => {
    const registration = new FakeRegistration();
    const onReady = vi.fn();
    watchForUpdates(registration, new FakeContainer(null), onReady);
    const first = new FakeWorker('installing');
    registration.installing = first;
    registration.dispatchEvent(new Event('updatefound'));
    first.become('installed');
    expect(onReady).not.toHaveBeenCalled();
  });

  it("takes over only on the user's click, once the worker in control runs; the page reloads only when the new worker controls it", async () => {
    const controller = activeWorker();
    const container = new FakeContainer(controller);
    const waiting = new FakeWorker('installed');
    const reload = vi.fn();
    await applyUpdate(waiting, container, reload);
    expect(controller.messages).toEqual([{ type: 'PING' }]);
    expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks the new worker to take over anyway when the one in control (an older build) never answers', async () => {
    vi.useFakeTimers();
    try {
      const controller = activeWorker();
      controller.answers = false;
      const waiting = new FakeWorker('installed');
      const applying = applyUpdate(waiting, new FakeContainer(controller), vi.fn(), 1000);
      await vi.advanceTimersByTimeAsync(999);
      expect(waiting.messages).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await applying;
      expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the files the page loaded before the worker controlled it', () => {
  const origin = 'https://punter.example';
  const entry = (name: string) => ({ name }) as PerformanceEntry;

  it('are reported once each, hashed files of this origin only, from the timeline and then as the observer sees them (past the timeline’s 250)', () => {
    let observed: ((list: { getEntries: () => PerformanceEntry[] }) => void) | undefined;
    const observe = vi.fn();
    class FakeObserver {
      constructor(callback: (list: { getEntries: () => PerformanceEntry[] }) => void) {
        observed = callback;
      }
      observe = observe;
    }
    const timeline = {
      getEntriesByType: () => [
        entry(`${origin}/assets/index-A.js`),
        entry(`${origin}/index.html`),
        entry('https://firestore.googleapis.com/assets/x.js'),
      ],
    };
    const reports: string[][] = [];
    watchLoadedAssets(timeline, origin, (urls) => reports.push(urls), FakeObserver as unknown as typeof PerformanceObserver);
    expect(observe).toHaveBeenCalledWith({ type: 'resource', buffered: true });
    // A file loaded once the timeline is full still reaches the observer; one already reported is not sent again.
    const late = Array.from({ length: 300 }, (_, i) => entry(`${origin}/google.firestore.v1.Firestore/Listen/channel?RID=${i}`));
    observed?.({ getEntries: () => [...late, entry(`${origin}/assets/wallet-B.js`), entry(`${origin}/assets/index-A.js`)] });
    observed?.({ getEntries: () => late });
    expect(reports).toEqual([[`${origin}/assets/index-A.js`], [`${origin}/assets/wallet-B.js`]]);
  });

  it('come from the timeline alone where the browser has no observer', () => {
    const reports: string[][] = [];
    const timeline = { getEntriesByType: () => [entry(`${origin}/assets/index-A.js`)] };
    watchLoadedAssets(timeline, origin, (urls) => reports.push(urls), undefined);
    expect(reports).toEqual([[`${origin}/assets/index-A.js`]]);
  });
});
