/**
 * Preloads a route's chunks before its module is imported, from the map index.html carries
 * (`#route-chunks`, written by the build: route path -> its JS files not in the entry). The inline
 * script of index.html uses it for the page being opened; this, for every route opened after. Without
 * it, a route's module would be fetched first and its imports only once it had arrived, a round trip
 * each. In the dev server there is no map, and nothing to do.
 */
import { z } from 'zod/mini';

/** The id of index.html's JSON block with the map (vite.config.ts writes it, ROUTE_PRELOAD_SCRIPT reads it too). */
export const ROUTE_CHUNKS_ID = 'route-chunks';
const mapSchema = z.record(z.string(), z.array(z.string().check(z.regex(/^\/assets\/[\w.-]+\.js$/))));

let map: Readonly<Record<string, readonly string[]>> | null | undefined;

function readMap(): Readonly<Record<string, readonly string[]>> | null {
  const text = globalThis.document?.getElementById(ROUTE_CHUNKS_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = mapSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Starts downloading the chunks of the route at `path` (its pattern, '/pot/:id'), each once: a file already linked is skipped. */
export function preloadRoute(path: string): void {
  map ??= readMap();
  for (const href of map?.[path] ?? []) {
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/** For tests: forget the map. */
export function resetRoutePreload(): void {
  map = undefined;
}
