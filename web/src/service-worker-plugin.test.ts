import { describe, expect, it } from 'vitest';
import { precacheManifest } from '../service-worker-plugin';

const chunk = (fileName: string, imports: string[] = [], css: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  name: fileName.replace(/^assets\/|-[^-]+\.js$/g, ''),
  isEntry,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});
const asset = (fileName: string, source = `content of ${fileName}`) => ({ type: 'asset' as const, fileName, source });

const bundle = {
  'assets/index-A.js': chunk('assets/index-A.js', ['assets/react-B.js'], ['assets/index-C.css'], true),
  'assets/react-B.js': chunk('assets/react-B.js'),
  'assets/dashboard-D.js': chunk('assets/dashboard-D.js', ['assets/react-B.js']),
  'assets/index-C.css': asset('assets/index-C.css'),
  'index.html': asset('index.html'),
  'sw.js': asset('sw.js'),
};

describe("the service worker's precache list", () => {
  it('is index.html and the entry chunk with its static imports and CSS, not the route chunks', () => {
    expect(precacheManifest(bundle).urls).toEqual([
      '/index.html',
      '/assets/index-A.js',
      '/assets/index-C.css',
      '/assets/react-B.js',
    ]);
  });

  it('gets a new version when any file of the build changes, so the browser sees a new worker', () => {
    const { version } = precacheManifest(bundle);
    expect(precacheManifest({ ...bundle }).version).toBe(version);
    const { 'assets/dashboard-D.js': _old, ...rest } = bundle;
    expect(precacheManifest({ ...rest, 'assets/dashboard-E.js': chunk('assets/dashboard-E.js') }).version).not.toBe(version);
  });

  it("gets a new version when the shell's own content or the headers it is served with change (ADR 0030)", () => {
    const { version } = precacheManifest(bundle, 'csp v1');
    expect(precacheManifest(bundle, 'csp v1').version).toBe(version);
    // index.html's name never changes: a new title or meta tag must still make a new worker.
    expect(precacheManifest({ ...bundle, 'index.html': asset('index.html', '<title>New</title>') }, 'csp v1').version).not.toBe(
      version,
    );
    expect(precacheManifest(bundle, 'csp v2').version).not.toBe(version);
    // The worker itself is not part of its own version.
    expect(precacheManifest({ ...bundle, 'sw.js': asset('sw.js', 'other') }, 'csp v1').version).toBe(version);
  });

  it('lists the SDK chunks to keep from one version to the next, whether or not the shell imports them (ADR 0033)', () => {
    const withSdk = {
      ...bundle,
      'assets/sdk-firebase-S.js': chunk('assets/sdk-firebase-S.js'),
      'assets/sdk-firestore-T.js': chunk('assets/sdk-firestore-T.js', ['assets/sdk-firebase-S.js']),
      'assets/signal-U.js': chunk('assets/signal-U.js', ['assets/sdk-firestore-T.js']),
    };
    expect(precacheManifest(withSdk).keep).toEqual(['/assets/sdk-firebase-S.js', '/assets/sdk-firestore-T.js']);
    expect(precacheManifest(bundle).keep).toEqual([]);
  });

  it('refuses a build without an entry', () => {
    expect(() => precacheManifest({ 'index.html': asset('index.html') })).toThrow('no entry chunk');
  });
});
