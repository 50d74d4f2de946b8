import { describe, expect, it } from 'vitest';
import {
  FCM_CONNECT_SOURCES,
  ROUTE_PRELOAD_SCRIPT_HASH,
  SNAPSHOT_SCRIPT_HASH,
  addCspSources,
  featureCspSources,
  globToRegExp,
  hostingHeaderRules,
  hostingHeaders,
  localPreviewHeaders,
} from '../security-headers';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe("Hosting's security headers (firebase.json)", () => {
  const headers = hostingHeaders();
  const csp = directives(headers['Content-Security-Policy'] ?? '');

  it('refuse framing and sniffing, and keep the referrer to the origin', () => {
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  it('run only our scripts: self, the route preload and snapshot scripts by their hashes, and Flutterwave checkout', () => {
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      ROUTE_PRELOAD_SCRIPT_HASH,
      SNAPSHOT_SCRIPT_HASH,
      'https://checkout.flutterwave.com',
    ]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).not.toContain('http://127.0.0.1:8080');
  });

  it("frame only the Flutterwave checkout and the how-to player on YouTube's privacy-enhanced domain", () => {
    expect(csp.get('frame-src')).toEqual(['https://checkout.flutterwave.com', 'https://www.youtube-nocookie.com']);
    // No image from YouTube either: the how-to posters are drawn by the app.
    expect(csp.get('img-src')?.join(' ')).not.toMatch(/youtube|ytimg/);
  });

  it('the local preview adds the emulators and the sandbox checkout, and nothing else', () => {
    const local = directives(
      localPreviewHeaders({
        VITE_USE_EMULATORS: 'true',
        VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:4242',
        VITE_PROVIDER_ORIGIN: 'http://127.0.0.1:4343/',
      })['Content-Security-Policy'] ?? '',
    );
    expect(local.get('connect-src')).toEqual(
      expect.arrayContaining(['http://127.0.0.1:4242', 'ws://127.0.0.1:4242', 'http://127.0.0.1:9099', 'http://127.0.0.1:5001']),
    );
    expect(local.get('frame-src')).toContain('http://127.0.0.1:4343');
    for (const name of ['script-src', 'frame-ancestors', 'default-src']) expect(local.get(name)).toEqual(csp.get(name));
    expect(addCspSources("default-src 'self'; img-src 'self'", { 'img-src': ['data:'] })).toBe(
      "default-src 'self'; img-src 'self' data:",
    );
  });

  it("allows FCM's registration origins only when FCM is on (VITE_FCM_VAPID_KEY)", () => {
    const fcm = ['https://fcmregistrations.googleapis.com', 'https://firebaseinstallations.googleapis.com'];
    expect([...FCM_CONNECT_SOURCES]).toEqual(fcm);
    const connect = (env: NodeJS.ProcessEnv) =>
      directives(localPreviewHeaders(env)['Content-Security-Policy'] ?? '').get('connect-src');
    const off = connect({ VITE_USE_EMULATORS: 'false' });
    for (const origin of fcm) expect(off).not.toContain(origin);
    expect(connect({ VITE_USE_EMULATORS: 'false', VITE_FCM_VAPID_KEY: '' })).toEqual(off);
    expect(featureCspSources({})).toEqual({});

    const on = connect({ VITE_USE_EMULATORS: 'false', VITE_FCM_VAPID_KEY: 'BPublicVapidKey' });
    expect(on).toEqual([...(off ?? []), ...fcm]);
    // Hosting's own policy (firebase.json) stays without them: FCM is off by default.
    for (const origin of fcm) expect(csp.get('connect-src')).not.toContain(origin);
  });
});

describe("Hosting's headers path by path (firebase.json)", () => {
  const rules = hostingHeaderRules();
  const SECURITY = ['Content-Security-Policy', 'X-Frame-Options', 'Referrer-Policy', 'Permissions-Policy'];

  it('every document and the worker carry the security headers and nosniff, and are revalidated on every use', () => {
    const paths = ['/', '/index.html', '/login', '/dashboard', '/pot/abc', '/punter/john.doe', '/sw.js', '/manifest.webmanifest'];
    // Paths that only start like the assets folder are documents too.
    paths.push('/a', '/as', '/asset', '/assets', '/assetsx', '/asset/x', '/assets.js', '/xassets/a.js', '/no-such-page');
    for (const path of paths) {
      const headers = hostingHeaders(path, rules);
      expect(Object.keys(headers).sort(), path).toEqual([...SECURITY, 'X-Content-Type-Options', 'Cache-Control'].sort());
      expect(headers['X-Content-Type-Options']).toBe('nosniff');
      // Hosting would otherwise let a browser keep index.html for an hour, naming an older deploy's chunks.
      expect(headers['Cache-Control']).toBe('no-cache');
    }
  });

  it('a hashed file under /assets/ gets nosniff and a year of immutable cache, without the security headers', () => {
    for (const path of ['/assets/index-DZrOISEp.js', '/assets/index-BhsYB19n.css', '/assets/', '/assets/a/b.js']) {
      expect(hostingHeaders(path, rules), path).toEqual({
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    }
  });

  it('the local preview adds its origins only where there is a CSP', () => {
    const env = { VITE_USE_EMULATORS: 'true' };
    expect(localPreviewHeaders(env, '/assets/x-1.js')).toEqual(hostingHeaders('/assets/x-1.js', rules));
    expect(localPreviewHeaders(env, '/sw.js')['Content-Security-Policy']).toContain('http://127.0.0.1:8080');
  });

  it('reads the globs it knows, and refuses other glob syntax rather than guess', () => {
    expect(globToRegExp('**').test('/any/path.js')).toBe(true);
    expect(globToRegExp('/assets/**').test('/assets/a.js')).toBe(true);
    expect(globToRegExp('/assets/**').test('/assetsx/a.js')).toBe(false);
    expect(globToRegExp('/*.js').test('/sw.js')).toBe(true);
    expect(globToRegExp('/*.js').test('/a/sw.js')).toBe(false);
    expect(globToRegExp('/*.js').test('/swxjs')).toBe(false);
    expect(() => globToRegExp('**/*.@(js|css)')).toThrow('uses syntax this project does not read');
    expect(() => globToRegExp('/{a,b}')).toThrow('uses syntax this project does not read');
  });
});
