/** What the build tells the service worker to precache (service-worker-plugin.ts writes it, sw/offline-cache.ts reads it). */
export interface PrecacheManifest {
  /** Names this build; every cache of another version is deleted when this one activates. */
  version: string;
  /** Same-origin paths: '/index.html' and the entry's hashed files. Empty in the dev server: no offline there. */
  urls: string[];
  /**
   * Hashed files that outlive deploys (the SDK chunks, ADR 0033): a new version takes them from an older
   * version's cache on install instead of downloading them again, and keeps them when that cache is deleted.
   */
  keep: string[];
}
