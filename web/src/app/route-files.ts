/**
 * The route table is stated once: core's ROUTES gives each route its path and access (SPEC
 * section 2), and a screen exists for a route exactly when src/app/routes/<route-name>.tsx exists
 * (kebab-case of the ROUTES key), exporting `Component`. The router lazy-loads those files, the
 * build preloads their chunks, and the size benchmark measures them, all from this mapping.
 * No React here: vite.config.ts and the benchmark import it in Node.
 */
import { ROUTES, type RouteName } from '@punter/core/account';

export const ROUTE_FILES_DIR = 'src/app/routes';

/** Public routes shown on their own page rather than inside the auth frame (the legal texts, the safer-gambling help). */
export const STANDALONE_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'privacyPolicy',
  'termsAndConditions',
  'saferGambling',
]);

/** Public routes a signed-in user sees inside the app's frame (top bar, menu), a visitor inside the auth frame. */
export const SESSION_FRAMED_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['subscription']);

export interface RouteFile {
  name: RouteName;
  path: string;
  access: 'protected' | 'admin' | 'public';
  /** The module as the build knows it, relative to web/: 'src/app/routes/reset-pin.tsx'. */
  module: string;
}

function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(ROUTES, name);
}

/** 'reset-pin.tsx' (or '/src/app/routes/reset-pin.tsx') -> the route it renders; a file naming no route throws. */
export function routeFile(file: string): RouteFile {
  const base = file.split('/').pop() ?? '';
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.tsx$/.exec(base);
  if (!match?.[1]) throw new Error(`${ROUTE_FILES_DIR}/${base}: a route file is named <route-name>.tsx in kebab-case`);
  const name = match[1].replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  // '/' and '/admin' only redirect: they have no screen of their own.
  if (!isRouteName(name) || name === 'root' || name === 'admin') {
    throw new Error(`${ROUTE_FILES_DIR}/${base}: '${name}' is not a route of core's ROUTES`);
  }
  const route = ROUTES[name];
  return { name, path: route.path, access: route.access, module: `${ROUTE_FILES_DIR}/${base}` };
}
