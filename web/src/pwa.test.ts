import { describe, expect, it } from 'vitest';
import { shellFiles, shellOnly } from '../pwa';

/** A build manifest as Vite writes it (dist/.vite/manifest.json), the fields read. */
const manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    isEntry: true,
    imports: ['_react-R.js', '_session-S.js'],
    css: ['assets/index-C.css'],
  },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_session-S.js': { file: 'assets/session-S.js', imports: ['_react-R.js'] },
  'src/features/pots/pot-page.tsx': { file: 'assets/pot-page-P.js', imports: ['_react-R.js', '_sdk-firestore-F.js'] },
  '_sdk-firestore-F.js': { file: 'assets/sdk-firestore-F.js' },
};
const entry = (url: string, revision: string | null = null) => ({ url, revision, size: 100 });

describe('the precached app shell', () => {
  it("is index.html and the entry with its static imports and CSS; a route's chunks and the SDKs are cached on use", () => {
    expect([...shellFiles(manifest)].sort()).toEqual([
      'assets/index-A.js',
      'assets/index-C.css',
      'assets/react-R.js',
      'assets/session-S.js',
      'index.html',
    ]);
  });

  it("is cut from Workbox's list of the build's files, and a build without an entry or shell file fails", () => {
    const shell = shellFiles(manifest);
    const files = [entry('index.html', 'aa'), ...Object.values(manifest).map((c) => entry(c.file)), entry('assets/index-C.css')];
    expect(shellOnly(files, shell, '').map((e) => e.url)).toEqual([
      'index.html',
      'assets/index-A.js',
      'assets/react-R.js',
      'assets/session-S.js',
      'assets/index-C.css',
    ]);
    expect(() => shellOnly([entry('index.html', 'aa')], shell, '')).toThrow('assets/index-A.js');
    expect(() => shellFiles({ 'x.js': { file: 'assets/x.js' } })).toThrow('no entry');
  });

  it("changes index.html's revision, and so the worker, when the headers Hosting sends it with change", () => {
    const shell = new Set(['index.html']);
    const revision = (served: string) => shellOnly([entry('index.html', 'aa')], shell, served)[0]?.revision;
    expect(revision('csp 1')).toBe(revision('csp 1'));
    expect(revision('csp 1')).not.toBe(revision('csp 2'));
    expect(revision('csp 1')).not.toBe(shellOnly([entry('index.html', 'bb')], shell, 'csp 1')[0]?.revision);
  });
});
