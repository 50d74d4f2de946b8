/**
 * The lazy module behind each route's screen, read from the route table (src/app/route-files.ts:
 * one file per built route in src/app/routes). Used at build time to preload the current route's
 * chunks from index.html (vite.config.ts) and by the size benchmark. Paths use react-router's
 * ':param' syntax; the preload script matches them as patterns.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROUTE_FILES_DIR, routeFile } from './src/app/route-files.ts';

/**
 * path -> module relative to web/, e.g. '/reset-pin' -> 'src/app/routes/reset-pin.tsx'. The operator
 * console's routes (access 'admin') are left out: index.html must never preload their code for whoever
 * opens /admin; it loads only once the guard has let a role 1 user in (ADR 0017).
 */
export function routeModules(): Record<string, string> {
  const dir = fileURLToPath(new URL(`./${ROUTE_FILES_DIR}/`, import.meta.url));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.tsx'))
    .sort();
  return Object.fromEntries(
    files
      .map((f) => routeFile(f))
      .filter((r) => r.access !== 'admin')
      .map((r) => [r.path, r.module]),
  );
}
