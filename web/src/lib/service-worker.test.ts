import { describe, expect, it, vi } from 'vitest';
import { applyUpdate, watchForUpdates } from '@/lib/service-worker';

/** A worker as the update flow sees it: a state that changes, and messages it receives. */
class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
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

  it("takes over only on the user's click, and the page reloads only when the new worker controls it", () => {
    const container = new FakeContainer(activeWorker());
    const waiting = new FakeWorker('installed');
    const reload = vi.fn();
    applyUpdate(waiting, container, reload);
    expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
