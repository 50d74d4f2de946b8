import { afterEach, describe, expect, it } from 'vitest';
import { preloadRoute, resetRoutePreload } from '@/lib/route-preload';

const CHUNKS = {
  '/signal-4': ['/assets/signal-a1.js', '/assets/sdk-firestore-b2.js', '/assets/sdk-reactfire-c3.js'],
  '/pot/:id': ['/assets/pot-d4.js', '/assets/sdk-firestore-b2.js'],
};
const withMap = (json: string) => {
  document.head.innerHTML = `<script type="application/json" id="route-chunks">${json}</script>`;
};
const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
  resetRoutePreload();
});

describe("a route opened after the first page preloads its chunks from index.html's map", () => {
  it('each file once, across routes, and not again when the first page already asked for it', () => {
    withMap(JSON.stringify(CHUNKS));
    document.head.insertAdjacentHTML('beforeend', '<link rel="modulepreload" href="/assets/signal-a1.js">');
    preloadRoute('/signal-4');
    preloadRoute('/signal-4');
    preloadRoute('/pot/:id');
    expect(preloaded()).toEqual([
      '/assets/signal-a1.js',
      '/assets/sdk-firestore-b2.js',
      '/assets/sdk-reactfire-c3.js',
      '/assets/pot-d4.js',
    ]);
  });

  it('does nothing for a route the map does not list, without a map (the dev server) or with a damaged one', () => {
    withMap(JSON.stringify(CHUNKS));
    preloadRoute('/profile');
    expect(preloaded()).toEqual([]);

    resetRoutePreload();
    document.head.innerHTML = '';
    preloadRoute('/signal-4');
    expect(preloaded()).toEqual([]);

    for (const damaged of ['{"/signal-4":', JSON.stringify({ '/signal-4': ['https://elsewhere.example/x.js'] })]) {
      resetRoutePreload();
      withMap(damaged);
      preloadRoute('/signal-4');
      expect(preloaded()).toEqual([]);
    }
  });
});
