import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_PRELOAD_SCRIPT, SNAPSHOT_SCRIPT } from '../../security-headers';
import { dropPrerendered, dropUnshownPrerendered, PRERENDERED_SHOWN_CLASS } from '@/lib/prerendered';
import {
  clearSnapshot,
  saveSnapshot,
  SNAPSHOT_KEY,
  SNAPSHOT_MAX_CHARS,
  SNAPSHOT_SHOWN_CLASS,
  snapshotMarkup,
} from '@/lib/screen-snapshot';

function element(html: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  return root;
}

const SCREEN = [
  '<div class="app-shell menu-open"><header><button aria-controls="nav" aria-expanded="true">Close menu</button>',
  '<div class="menu"><button aria-expanded="true">AO, User menu</button><div class="menu-panel"><a href="/profile">Profile</a></div></div></header>',
  '<nav id="nav" aria-label="Main"><a href="/signal-4">Over 4.5 signal</a></nav>',
  '<main><h1 class="greeting">Hello, Ada</h1>',
  '<section aria-labelledby="recent-title list-help"><h2 id="recent-title">Recent transactions</h2><p id="list-help">Latest</p>',
  '<label for="P0-1">Amount</label><input id="P0-1"></section>',
  '<dialog class="modal"><form><input name="pin"></form></dialog>',
  '<p class="wallet-balance">₦29,500</p></main>',
  '<div class="Toastify"><div class="Toastify__toast">Succesfull</div></div>',
  '<div class="sidebar-backdrop" aria-hidden="true"></div>',
  '<div class="update-prompt" role="status">A new version is ready</div></div>',
].join('');

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.className = '';
  window.history.replaceState(null, '', '/');
});

describe("the copy of the dashboard kept for the next visit's first paint (ADR 0032)", () => {
  it('keeps the screen without its dialogs, toasts, update prompt and open menus, every id and reference to one prefixed', () => {
    const root = element(SCREEN);
    const markup = snapshotMarkup(root);
    const copy = element(markup);
    expect(copy.querySelector('.greeting')?.textContent).toBe('Hello, Ada');
    expect(copy.querySelector('.wallet-balance')?.textContent).toBe('₦29,500');
    expect(copy.querySelector('dialog')).toBeNull();
    expect(copy.querySelector('.Toastify')).toBeNull();
    expect(copy.textContent).not.toContain('A new version is ready');
    // A menu open at the moment of the copy paints closed next time.
    expect(copy.querySelector('.app-shell')?.className).toBe('app-shell');
    expect(copy.querySelector('.menu-panel, .sidebar-backdrop')).toBeNull();
    expect([...copy.querySelectorAll('[aria-expanded]')].map((e) => e.getAttribute('aria-expanded'))).toEqual(['false', 'false']);
    expect([...copy.querySelectorAll('[id]')].map((e) => e.id)).toEqual([
      'snapshot-nav',
      'snapshot-recent-title',
      'snapshot-list-help',
      'snapshot-P0-1',
    ]);
    expect(copy.querySelector('section')?.getAttribute('aria-labelledby')).toBe('snapshot-recent-title snapshot-list-help');
    expect(copy.querySelector('label')?.getAttribute('for')).toBe('snapshot-P0-1');
    expect(copy.querySelector('button')?.getAttribute('aria-controls')).toBe('snapshot-nav');
    // The page's own screen is untouched.
    expect(root.querySelector('#recent-title')).not.toBeNull();
    expect(root.querySelector('dialog')).not.toBeNull();
    expect(root.querySelector('.menu-open .menu-panel')).not.toBeNull();
  });

  it('is stored, replaced by a newer one, dropped when too big to pay off, and removed on request', () => {
    saveSnapshot(element('<p>₦29,500</p>'));
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBe('<p>₦29,500</p>');
    saveSnapshot(element('<p>₦31,000</p>'));
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBe('<p>₦31,000</p>');
    saveSnapshot(element(`<p>${'x'.repeat(SNAPSHOT_MAX_CHARS)}</p>`));
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
    saveSnapshot(element('<p>₦29,500</p>'));
    clearSnapshot();
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
  });

  it('a full or blocked storage costs nothing but the copy', () => {
    const failing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => saveSnapshot(element('<p>₦29,500</p>'), failing)).not.toThrow();
    expect(() => clearSnapshot(failing)).not.toThrow();
  });
});

describe("index.html's snapshot script", () => {
  const slot = () => {
    document.body.innerHTML = '<div id="snapshot" class="snapshot"></div><div id="root"></div>';
    return document.getElementById('snapshot') as HTMLElement;
  };
  // The inline script of index.html, run as the page runs it: code from a string.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = () => (new Function(SNAPSHOT_SCRIPT) as () => void)();
  const shown = () => document.documentElement.classList.contains(SNAPSHOT_SHOWN_CLASS);

  it('shows the copy on /dashboard to a visitor with a stored profile', () => {
    localStorage.setItem('profile', '{"code":200}');
    localStorage.setItem(SNAPSHOT_KEY, '<p class="wallet-balance">₦29,500</p>');
    window.history.replaceState(null, '', '/dashboard/');
    const element = slot();
    run();
    expect(element.querySelector('.wallet-balance')?.textContent).toBe('₦29,500');
    expect(shown()).toBe(true);
  });

  it('shows nothing on another path, without a profile, or without a copy', () => {
    localStorage.setItem('profile', '{"code":200}');
    localStorage.setItem(SNAPSHOT_KEY, '<p>₦29,500</p>');
    window.history.replaceState(null, '', '/transactions');
    let element = slot();
    run();
    expect([element.innerHTML, shown()]).toEqual(['', false]);

    window.history.replaceState(null, '', '/dashboard');
    localStorage.removeItem('profile');
    element = slot();
    run();
    expect([element.innerHTML, shown()]).toEqual(['', false]);

    localStorage.setItem('profile', '{"code":200}');
    localStorage.removeItem(SNAPSHOT_KEY);
    element = slot();
    run();
    expect([element.innerHTML, shown()]).toEqual(['', false]);
  });
});

describe("index.html's two scripts: the route preload and the app wait for the first paint of what it painted", () => {
  const CHUNKS = { '/dashboard': ['/assets/dashboard-a1.js', '/assets/wallet-b2.js'], '/transactions': ['/assets/tx-c3.js'] };
  /** The test environment's window (happy-dom), the setting read here. */
  type HappyDomWindow = { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } };
  const ENTRY = '/assets/index-e1.js';
  /** The observers the snapshot script made, and whether the browser reports paint timing at all. */
  let observers: { callback: PerformanceObserverCallback; observer: PerformanceObserver }[] = [];
  let paintTiming = true;
  class FakeObserver {
    disconnected = false;
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe(options: PerformanceObserverInit) {
      if (!paintTiming || options.type !== 'paint') throw new TypeError('entry type not supported');
      observers.push({ callback: this.callback, observer: this as unknown as PerformanceObserver });
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  /** The browser reports a paint timing entry to every observer still connected. */
  const painted = (name: 'first-paint' | 'first-contentful-paint') => {
    for (const { callback, observer } of observers) {
      if ((observer as unknown as FakeObserver).disconnected) continue;
      const list = { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) } as unknown as PerformanceObserverEntryList;
      callback(list, observer);
    }
  };
  // The page as index.html has it: the entry left as a link, the chunk map and the route preload script in <head>,
  // the copy's slot and the root in <body>.
  const load = (path: string, { worker }: { worker: boolean }) => {
    window.history.replaceState(null, '', path);
    document.documentElement.className = '';
    document.head.innerHTML =
      `<link rel="modulepreload" crossorigin href="${ENTRY}" id="app-entry">` +
      `<script type="application/json" id="route-chunks">${JSON.stringify(CHUNKS)}</script>`;
    document.body.innerHTML = '<div id="snapshot" class="snapshot"></div><div id="root"></div>';
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: worker ? {} : null } });
    /* eslint-disable @typescript-eslint/no-implied-eval -- the inline scripts, run as the page runs them */
    (new Function(ROUTE_PRELOAD_SCRIPT) as () => void)();
    (new Function(SNAPSHOT_SCRIPT) as () => void)();
    /* eslint-enable @typescript-eslint/no-implied-eval */
  };
  const preloaded = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]:not(#app-entry)')].map((l) => l.getAttribute('href'));
  /** The app's module scripts the snapshot script added (the entry: the app started). */
  const started = () =>
    [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) => new URL(s.src).pathname);
  const returning = () => {
    localStorage.setItem('profile', '{"code":200}');
    localStorage.setItem(SNAPSHOT_KEY, '<p class="wallet-balance">₦29,500</p>');
  };

  beforeEach(() => {
    // happy-dom loads no script file; the module script the snapshot script adds counts as loaded, without an error.
    (window as unknown as HappyDomWindow).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
    observers = [];
    paintTiming = true;
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.head.innerHTML = '';
    localStorage.clear();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('on a repeat visit the copy paints first; the chunks are asked for and the app starts after that paint', () => {
    returning();
    load('/dashboard', { worker: true });
    expect(document.documentElement.classList.contains(SNAPSHOT_SHOWN_CLASS)).toBe(true);
    expect([preloaded(), started()]).toEqual([[], []]);
    // A paint without content (the page's background) is not the copy.
    painted('first-paint');
    expect([preloaded(), started()]).toEqual([[], []]);
    painted('first-contentful-paint');
    expect([preloaded(), started()]).toEqual([CHUNKS['/dashboard'], [ENTRY]]);
    // Once: neither the fallback timer nor a later report starts it again.
    vi.runAllTimers();
    painted('first-contentful-paint');
    expect([preloaded(), started()]).toEqual([CHUNKS['/dashboard'], [ENTRY]]);
  });

  it('the prerendered /login waits for its paint too (its chunks are preloaded at once by the route script)', () => {
    load('/login', { worker: false });
    expect(document.documentElement.classList.contains(PRERENDERED_SHOWN_CLASS)).toBe(true);
    expect(started()).toEqual([]);
    painted('first-contentful-paint');
    expect(started()).toEqual([ENTRY]);
  });

  it('starts the app anyway when no paint is reported in 3 s (a tab sent to the background meanwhile)', () => {
    returning();
    load('/dashboard', { worker: true });
    vi.advanceTimersByTime(2999);
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect([preloaded(), started()]).toEqual([CHUNKS['/dashboard'], [ENTRY]]);
  });

  it('starts the app at once in a hidden tab, or where the browser reports no paint timing', () => {
    returning();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    load('/dashboard', { worker: true });
    expect([preloaded(), started()]).toEqual([CHUNKS['/dashboard'], [ENTRY]]);
    vi.restoreAllMocks();

    paintTiming = false;
    load('/dashboard', { worker: true });
    expect([preloaded(), started()]).toEqual([CHUNKS['/dashboard'], [ENTRY]]);
  });

  it('preloads at once otherwise: no worker answering yet (the first visit), no copy, another route; the app waits only for a copy', () => {
    returning();
    load('/dashboard', { worker: false });
    expect([preloaded(), started()]).toEqual([CHUNKS['/dashboard'], []]);
    painted('first-contentful-paint');
    expect(started()).toEqual([ENTRY]);

    localStorage.removeItem(SNAPSHOT_KEY);
    load('/dashboard', { worker: true });
    expect([preloaded(), started()]).toEqual([CHUNKS['/dashboard'], [ENTRY]]);

    returning();
    load('/transactions', { worker: true });
    expect([preloaded(), started()]).toEqual([CHUNKS['/transactions'], [ENTRY]]);
    expect(document.documentElement.classList.contains(SNAPSHOT_SHOWN_CLASS)).toBe(false);
    // Only the copy of the first case waited for a paint.
    expect(observers).toHaveLength(1);
  });
});

describe('what index.html painted before the app ran', () => {
  const page = () => {
    document.body.innerHTML = '<div id="snapshot"></div><div id="root" inert><h1>Welcome back</h1></div>';
  };
  const root = () => document.getElementById('root')!;

  it('at start-up, only what shows stays', () => {
    page();
    document.documentElement.className = SNAPSHOT_SHOWN_CLASS;
    dropUnshownPrerendered();
    expect(root().innerHTML).toBe('');
    expect(root().inert).toBe(false);
    expect(document.getElementById('snapshot')).not.toBeNull();

    page();
    document.documentElement.className = PRERENDERED_SHOWN_CLASS;
    dropUnshownPrerendered();
    expect(root().innerHTML).toBe('<h1>Welcome back</h1>');
    expect(root().inert).toBe(true);
    expect(document.getElementById('snapshot')).toBeNull();
  });

  it("when the app's first screen commits: the copy goes, the root (hydrated, not replaced) becomes live", () => {
    page();
    document.documentElement.classList.add(SNAPSHOT_SHOWN_CLASS, PRERENDERED_SHOWN_CLASS);
    dropPrerendered();
    expect(document.getElementById('snapshot')).toBeNull();
    expect(document.documentElement.className).toBe('');
    expect(root().inert).toBe(false);
    expect(root().innerHTML).toBe('<h1>Welcome back</h1>');
  });
});
