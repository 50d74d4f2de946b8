import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assetResponse,
  cacheLoaded,
  cacheNames,
  cachePolicy,
  deleteOldCaches,
  installOfflineCache,
  navigationResponse,
  precache,
  SHELL_URL,
  workerMessageSchema,
} from '@/sw/offline-cache';

const ORIGIN = 'https://punter.example';
const V = 'v1';

const keyOf = (request: RequestInfo | URL): string =>
  request instanceof Request ? request.url : new URL(String(request), ORIGIN).href;
type Fetcher = (r: Request) => Promise<Response>;
const offline: Fetcher = () => Promise.reject(new TypeError('offline'));

/** One cache in memory, keyed by absolute URL, honouring a response's `Vary` as browsers do unless told to ignore it. */
class MemoryCache implements Cache {
  readonly entries = new Map<string, { request: Request; response: Response }>();
  constructor(private readonly fetcher: Fetcher) {}
  private static varyMatches(stored: Request, response: Response, request: RequestInfo | URL): boolean {
    const asked = request instanceof Request ? request : new Request(keyOf(request));
    const vary = (response.headers.get('Vary') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    return vary.every((header) => stored.headers.get(header) === asked.headers.get(header));
  }
  put(request: RequestInfo | URL, response: Response): Promise<void> {
    const stored = request instanceof Request ? request : new Request(keyOf(request));
    this.entries.set(keyOf(request), { request: stored, response });
    return Promise.resolve();
  }
  async add(request: RequestInfo | URL): Promise<void> {
    const response = await this.fetcher(request instanceof Request ? request : new Request(keyOf(request)));
    if (!response.ok) throw new TypeError(`${keyOf(request)}: ${response.status}`);
    await this.put(request, response);
  }
  async addAll(requests: RequestInfo[]): Promise<void> {
    for (const request of requests) await this.add(request);
  }
  match(request: RequestInfo | URL, options?: CacheQueryOptions): Promise<Response | undefined> {
    const hit = this.entries.get(keyOf(request));
    if (!hit || (!options?.ignoreVary && !MemoryCache.varyMatches(hit.request, hit.response, request)))
      return Promise.resolve(undefined);
    return Promise.resolve(hit.response.clone());
  }
  matchAll(): Promise<readonly Response[]> {
    return Promise.resolve([...this.entries.values()].map((e) => e.response));
  }
  delete(request: RequestInfo | URL): Promise<boolean> {
    return Promise.resolve(this.entries.delete(keyOf(request)));
  }
  keys(): Promise<readonly Request[]> {
    return Promise.resolve([...this.entries.values()].map((e) => e.request));
  }
}

/** CacheStorage in memory; `addAll` fetches through `fetcher`. */
class MemoryCaches implements CacheStorage {
  readonly stores = new Map<string, MemoryCache>();
  constructor(readonly fetcher: Fetcher = offline) {}
  open(name: string): Promise<Cache> {
    const store = this.stores.get(name) ?? new MemoryCache(this.fetcher);
    this.stores.set(name, store);
    return Promise.resolve(store);
  }
  async match(request: RequestInfo | URL, options?: MultiCacheQueryOptions): Promise<Response | undefined> {
    for (const [name, store] of this.stores) {
      if (options?.cacheName && options.cacheName !== name) continue;
      const hit = await store.match(request, options);
      if (hit) return hit;
    }
    return undefined;
  }
  has(name: string): Promise<boolean> {
    return Promise.resolve(this.stores.has(name));
  }
  keys(): Promise<string[]> {
    return Promise.resolve([...this.stores.keys()]);
  }
  delete(name: string): Promise<boolean> {
    return Promise.resolve(this.stores.delete(name));
  }
}

/** A same-origin response as a browser's fetch gives it (type 'basic'). */
function basic(body: string, init: ResponseInit = {}): Response {
  const response = new Response(body, init);
  Object.defineProperty(response, 'type', { value: 'basic' });
  return response;
}
const html = (body: string) => basic(body, { headers: { 'Content-Type': 'text/html' } });
const at = (path: string) => new Request(new URL(path, ORIGIN));

describe('what the worker answers', () => {
  const policy = (url: string, mode = 'cors', method = 'GET') => cachePolicy({ url, mode, method }, ORIGIN);

  it('answers navigations with the shell and hashed files from the cache', () => {
    expect(policy(`${ORIGIN}/dashboard`, 'navigate')).toBe('shell');
    expect(policy(`${ORIGIN}/assets/index-Ab12.js`)).toBe('asset');
  });

  it('never caches the API, Firestore, Auth, other origins, non-GETs or Firebase Hosting reserved paths', () => {
    expect(policy('http://127.0.0.1:5001/demo/us-central1/providerCall', 'cors', 'POST')).toBe('network');
    expect(policy('https://firestore.googleapis.com/google.firestore.v1.Firestore/Listen/channel?x=1')).toBe('network');
    expect(policy('https://identitytoolkit.googleapis.com/v1/accounts:lookup', 'cors', 'POST')).toBe('network');
    expect(policy(`${ORIGIN}/assets/index-Ab12.js`, 'cors', 'POST')).toBe('network');
    expect(policy(`${ORIGIN}/__/auth/handler`, 'navigate')).toBe('network');
    expect(policy(`${ORIGIN}/sw.js`)).toBe('network');
    expect(policy(`${ORIGIN}/manifest.webmanifest`)).toBe('network');
    // A file opened in the tab is the file, not the app.
    expect(policy(`${ORIGIN}/manifest.webmanifest`, 'navigate')).toBe('network');
    expect(policy(`${ORIGIN}/icons/icon-192.png`, 'navigate')).toBe('network');
    expect(policy(`${ORIGIN}/assets/x.js?v=2`)).toBe('network');
  });
});

describe('hashed files: cache first', () => {
  it('fetches once, then answers from the cache without the network', async () => {
    const caches = new MemoryCaches();
    const fetcher = vi.fn(() => Promise.resolve(basic('chunk')));
    const first = await assetResponse(at('/assets/route-1.js'), caches, V, fetcher);
    expect(await first.text()).toBe('chunk');
    const second = await assetResponse(at('/assets/route-1.js'), caches, V, () => Promise.reject(new TypeError('offline')));
    expect(await second.text()).toBe('chunk');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("answers a module script (sent with Origin) from a copy precached without it, despite the server's Vary: Origin", async () => {
    const caches = new MemoryCaches(() => Promise.resolve(basic('entry', { headers: { Vary: 'Origin' } })));
    await precache(caches, { version: V, urls: ['/assets/index-A.js'], keep: [] }, ORIGIN, caches.fetcher);
    const moduleScript = new Request(new URL('/assets/index-A.js', ORIGIN), { headers: { Origin: ORIGIN } });
    const response = await assetResponse(moduleScript, caches, V, offline);
    expect(await response.text()).toBe('entry');
  });

  it('does not cache a failed answer', async () => {
    const caches = new MemoryCaches();
    await assetResponse(at('/assets/gone.js'), caches, V, () => Promise.resolve(basic('no', { status: 404 })));
    expect(await caches.match(at('/assets/gone.js'))).toBeUndefined();
  });
});

describe('navigations: the cached shell first', () => {
  it("answers from this version's shell without asking the network", async () => {
    const caches = new MemoryCaches(() => Promise.resolve(html('shell v1')));
    await precache(caches, { version: V, urls: [SHELL_URL], keep: [] }, ORIGIN, caches.fetcher);
    const network = vi.fn(() => Promise.resolve(html('network')));
    for (const path of ['/dashboard', '/transactions', '/pot/abc']) {
      const response = await navigationResponse(at(path), caches, V, network);
      expect(await response.text()).toBe('shell v1');
    }
    expect(network).not.toHaveBeenCalled();
    // Offline changes nothing: the same shell.
    expect(await (await navigationResponse(at('/dashboard'), caches, V, offline)).text()).toBe('shell v1');
  });

  it("never answers with another version's shell", async () => {
    const caches = new MemoryCaches(() => Promise.resolve(html('shell v1')));
    await precache(caches, { version: V, urls: [SHELL_URL], keep: [] }, ORIGIN, caches.fetcher);
    const response = await navigationResponse(at('/dashboard'), caches, 'v2', () => Promise.resolve(html('shell v2')));
    expect(await response.text()).toBe('shell v2');
  });

  it('without a cached shell, the network answers, and its failure stands (nothing made up)', async () => {
    const caches = new MemoryCaches();
    expect(await (await navigationResponse(at('/dashboard'), caches, V, () => Promise.resolve(html('network')))).text()).toBe(
      'network',
    );
    await expect(
      navigationResponse(at('/dashboard'), caches, V, () => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toThrow('Failed to fetch');
  });
});

describe('versions', () => {
  it('precaches the shell list and deletes only our caches of other versions', async () => {
    const caches = new MemoryCaches((r) => Promise.resolve(basic(new URL(r.url).pathname)));
    await precache(caches, { version: 'old', urls: ['/index.html', '/assets/index-old.js'], keep: [] }, ORIGIN, caches.fetcher);
    await caches.open('someone-else');
    await precache(caches, { version: 'new', urls: ['/index.html', '/assets/index-new.js'], keep: [] }, ORIGIN, caches.fetcher);
    await deleteOldCaches(caches, 'new');
    expect(await caches.keys()).toEqual(['someone-else', cacheNames('new').shell]);
    expect(await (await caches.match(at('/assets/index-new.js')))?.text()).toBe('/assets/index-new.js');
  });

  it("asks for index.html past the HTTP cache (an older deploy's copy may sit there), and lets it answer hashed files", async () => {
    const asked: Array<[string, RequestCache]> = [];
    const caches = new MemoryCaches((r) => {
      asked.push([new URL(r.url).pathname, r.cache]);
      return Promise.resolve(basic(new URL(r.url).pathname));
    });
    await precache(caches, { version: V, urls: [SHELL_URL, '/assets/index-A.js'], keep: [] }, ORIGIN, caches.fetcher);
    expect(asked).toEqual([
      ['/index.html', 'no-cache'],
      ['/assets/index-A.js', 'default'],
    ]);
    expect(await (await caches.match(at(SHELL_URL)))?.text()).toBe('/index.html');
  });

  it('asks for the shell under the URL of an open page of ours (its answer is in the HTTP cache), past everything that is not a screen', async () => {
    const asked: Array<[string, RequestCache]> = [];
    const caches = new MemoryCaches((r) => {
      asked.push([new URL(r.url).pathname + new URL(r.url).search, r.cache]);
      return Promise.resolve(html(`shell via ${new URL(r.url).pathname}`));
    });
    const pages = [
      'https://evil.example/dashboard',
      `${ORIGIN}/manifest.webmanifest`,
      `${ORIGIN}/__/auth/handler`,
      `${ORIGIN}/signal-4?tab=1#top`,
    ];
    await precache(caches, { version: V, urls: [SHELL_URL, '/assets/index-A.js'], keep: [] }, ORIGIN, caches.fetcher, pages);
    expect(asked).toEqual([
      ['/signal-4?tab=1', 'no-cache'],
      ['/assets/index-A.js', 'default'],
    ]);
    expect(await (await navigationResponse(at('/profile'), caches, V, offline)).text()).toBe('shell via /signal-4');
  });

  it('asks /index.html when the open page does not answer with the shell (an error, a redirect, not HTML) or none is open', async () => {
    const notTheShell: Record<string, () => Response> = {
      '/gone': () => basic('no', { status: 404, headers: { 'Content-Type': 'text/html' } }),
      '/moved': () => {
        const response = html('moved');
        Object.defineProperty(response, 'redirected', { value: true });
        return response;
      },
      '/data': () => basic('{}', { headers: { 'Content-Type': 'application/json' } }),
    };
    for (const page of [...Object.keys(notTheShell), null]) {
      const asked: string[] = [];
      const caches = new MemoryCaches((r) => {
        const path = new URL(r.url).pathname;
        asked.push(path);
        return path === '/broken'
          ? Promise.reject(new TypeError('offline'))
          : Promise.resolve((notTheShell[path] ?? (() => html('the shell')))());
      });
      await precache(
        caches,
        { version: V, urls: [SHELL_URL], keep: [] },
        ORIGIN,
        caches.fetcher,
        page ? [`${ORIGIN}${page}`] : [],
      );
      expect(asked).toEqual(page ? [page, SHELL_URL] : [SHELL_URL]);
      expect(await (await caches.match(at(SHELL_URL)))?.text()).toBe('the shell');
    }
  });

  it('fails the install when no shell answers, and caches nothing of it', async () => {
    const caches = new MemoryCaches((r) =>
      Promise.resolve(new URL(r.url).pathname === SHELL_URL ? basic('down', { status: 503 }) : basic(new URL(r.url).pathname)),
    );
    await expect(
      precache(caches, { version: V, urls: [SHELL_URL, '/assets/index-A.js'], keep: [] }, ORIGIN, caches.fetcher, [
        `${ORIGIN}/broken`,
      ]),
    ).rejects.toThrow('/index.html: 503');
    expect(await caches.match(at('/assets/index-A.js'))).toBeUndefined();
  });

  it("takes the shell's hashed files an older version holds from its cache, and only index.html and new files from the network", async () => {
    const asked: string[] = [];
    const caches = new MemoryCaches((r) => {
      asked.push(new URL(r.url).pathname);
      return Promise.resolve(basic(`new copy of ${new URL(r.url).pathname}`));
    });
    const old = await caches.open(cacheNames('old').shell);
    await old.put(at('/assets/jsx-runtime-A.js'), basic('jsx-runtime'));
    await old.put(at('/assets/index-old.js'), basic('old entry'));
    await precache(
      caches,
      { version: 'new', urls: [SHELL_URL, '/assets/index-new.js', '/assets/jsx-runtime-A.js'], keep: [] },
      ORIGIN,
      caches.fetcher,
    );
    expect(asked).toEqual(['/index.html', '/assets/index-new.js']);
    const shell = await caches.open(cacheNames('new').shell);
    expect(await (await shell.match(at('/assets/jsx-runtime-A.js')))?.text()).toBe('jsx-runtime');
    expect(await shell.match(at('/assets/index-old.js'))).toBeUndefined();
  });

  it('keeps the SDK chunks an older version cached on use when its caches go, and drops its other files (ADR 0033)', async () => {
    const asked: string[] = [];
    const caches = new MemoryCaches((r) => {
      asked.push(new URL(r.url).pathname);
      return Promise.resolve(basic(new URL(r.url).pathname));
    });
    const used = await caches.open(cacheNames('old').assets);
    await used.put(at('/assets/sdk-firestore-F.js'), basic('firestore'));
    await used.put(at('/assets/signal-old.js'), basic('old signal screen'));
    const keep = ['/assets/sdk-firestore-F.js', '/assets/sdk-reactfire-R.js'];
    await precache(caches, { version: 'new', urls: [SHELL_URL, '/assets/index-new.js'], keep }, ORIGIN, caches.fetcher);
    await deleteOldCaches(caches, 'new');
    // Nothing is downloaded for a file to keep: one no version holds is fetched when a screen needs it.
    expect(asked).toEqual(['/index.html', '/assets/index-new.js']);
    expect(await (await caches.match(at('/assets/sdk-firestore-F.js')))?.text()).toBe('firestore');
    expect(await caches.match(at('/assets/sdk-reactfire-R.js'))).toBeUndefined();
    expect(await caches.match(at('/assets/signal-old.js'))).toBeUndefined();
    expect(await caches.keys()).toEqual([cacheNames('new').shell, cacheNames('new').assets]);
  });

  it('caches the hashed files the page loaded before the worker controlled it, and nothing else', async () => {
    const caches = new MemoryCaches();
    const fetcher = vi.fn((r: Request) => Promise.resolve(basic(new URL(r.url).pathname)));
    await cacheLoaded(
      caches,
      V,
      [`${ORIGIN}/assets/dashboard-1.js`, 'https://firestore.googleapis.com/x', `${ORIGIN}/sw.js`],
      ORIGIN,
      fetcher,
    );
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(await caches.match(at('/assets/dashboard-1.js'))).toBeDefined();
  });
});

describe("the page's messages", () => {
  it('accepts SKIP_WAITING and a bounded list of URLs, nothing else', () => {
    expect(workerMessageSchema.safeParse({ type: 'SKIP_WAITING' }).success).toBe(true);
    expect(workerMessageSchema.safeParse({ type: 'CACHE_URLS', urls: ['/assets/a.js'] }).success).toBe(true);
    expect(workerMessageSchema.safeParse({ type: 'CACHE_URLS', urls: Array(301).fill('/a') }).success).toBe(false);
    expect(workerMessageSchema.safeParse({ type: 'DELETE_ALL' }).success).toBe(false);
    expect(workerMessageSchema.safeParse('SKIP_WAITING').success).toBe(false);
  });
});

describe("the worker's message listener", () => {
  afterEach(() => vi.unstubAllGlobals());

  class FakeWindowClient {
    constructor(readonly url: string) {}
  }

  function installed() {
    vi.stubGlobal('WindowClient', FakeWindowClient);
    const listeners = new Map<string, (event: unknown) => void>();
    const skipWaiting = vi.fn(() => Promise.resolve());
    const self = {
      location: { origin: ORIGIN },
      caches: new MemoryCaches(),
      skipWaiting,
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    } as unknown as ServiceWorkerGlobalScope;
    installOfflineCache(self, { version: V, urls: [], keep: [] });
    /** Sends `data` from `source` with a port; resolves with the answer on it, or 'no answer' after 50 ms. */
    const send = (data: unknown, source: unknown) => {
      const channel = new MessageChannel();
      const answer = new Promise<unknown>((resolve) => {
        channel.port1.onmessage = (event) => resolve(event.data);
        setTimeout(() => resolve('no answer'), 50);
      }).finally(() => channel.port1.close());
      listeners.get('message')?.({ data, source, ports: [channel.port2], waitUntil: (p: Promise<unknown>) => p });
      return answer;
    };
    return { send, skipWaiting };
  }

  it('answers a PING from a page of its own origin on the port it came with, and takes over on SKIP_WAITING', async () => {
    const { send, skipWaiting } = installed();
    const page = new FakeWindowClient(`${ORIGIN}/login`);
    expect(await send({ type: 'PING' }, page)).toEqual({ type: 'PONG' });
    expect(skipWaiting).not.toHaveBeenCalled();
    await send({ type: 'SKIP_WAITING' }, page);
    expect(skipWaiting).toHaveBeenCalledTimes(1);
  });

  it('ignores another origin, a sender that is not a page, and a message of another shape', async () => {
    const { send, skipWaiting } = installed();
    expect(await send({ type: 'PING' }, new FakeWindowClient('https://evil.example/'))).toBe('no answer');
    expect(await send({ type: 'PING' }, { url: `${ORIGIN}/login` })).toBe('no answer');
    expect(await send('PING', new FakeWindowClient(`${ORIGIN}/`))).toBe('no answer');
    await send({ type: 'SKIP_WAITING' }, new FakeWindowClient('https://evil.example/'));
    expect(skipWaiting).not.toHaveBeenCalled();
  });
});
