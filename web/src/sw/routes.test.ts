// @vitest-environment happy-dom
// (Workbox's modules expect a worker's `self`; happy-dom's window stands in for it.)
import { describe, expect, it } from 'vitest';
import { appShellRoute, hashedFileRoute } from '@/sw/routes';

const ORIGIN = 'https://punter.example';

/** Whether `route` answers a request (Workbox's match callback, as its router calls it). */
function answers(route: ReturnType<typeof hashedFileRoute>, url: string, mode: RequestMode = 'cors'): boolean {
  const target = new URL(url, ORIGIN);
  return Boolean(
    route.match({
      url: target,
      request: { url: target.href, mode, method: 'GET' } as Request,
      event: {} as ExtendableEvent,
      sameOrigin: target.origin === ORIGIN,
    }),
  );
}

describe('navigations', () => {
  const shell = appShellRoute(() => Promise.resolve(new Response('shell')));

  it("answer every screen of the app with the cached shell, whatever its path's parameters or query", () => {
    for (const path of ['/', '/dashboard', '/pot/abc', '/transactions?page=2', '/login?next=/a.b'])
      expect(answers(shell, path, 'navigate'), path).toBe(true);
  });

  it("leave a file opened in the tab and Hosting's reserved paths to the network", () => {
    for (const path of ['/manifest.webmanifest', '/icons/icon-192.png', '/sw.js', '/__/auth/handler', '/__/auth/handler?x=1'])
      expect(answers(shell, path, 'navigate'), path).toBe(false);
  });

  it('are navigations only: a script or fetch of a screen path is not answered with the shell', () => {
    expect(answers(shell, '/dashboard', 'cors')).toBe(false);
  });
});

describe('hashed files', () => {
  const files = hashedFileRoute(ORIGIN);

  it('under /assets/ of this origin are answered from the cache first', () => {
    expect(answers(files, '/assets/index-Ab12.js')).toBe(true);
    expect(answers(files, '/assets/index-Ab12.css', 'no-cors')).toBe(true);
  });

  it('nothing else: the API, Firestore, Auth, other origins, a query on a file, the worker and the manifest', () => {
    for (const url of [
      'http://127.0.0.1:5001/demo/us-central1/providerCall',
      'https://firestore.googleapis.com/google.firestore.v1.Firestore/Listen/channel?x=1',
      'https://identitytoolkit.googleapis.com/v1/accounts:lookup',
      'https://cdn.example/assets/index-Ab12.js',
      `${ORIGIN}/assets/index-Ab12.js?v=2`,
      `${ORIGIN}/sw.js`,
      `${ORIGIN}/manifest.webmanifest`,
    ])
      expect(answers(files, url), url).toBe(false);
  });
});
