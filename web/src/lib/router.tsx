/**
 * The app's router (ADR 0028): the part of react-router's API this app uses, under the same names —
 * one route tree with pathless frames, screens loaded on navigation (`lazy`), an error element per
 * route, links, redirects, params and the query string — in a few KB where react-router's data router
 * was 33 KB gzip on every page.
 *
 * A navigation first loads the matched routes' modules, then commits: the URL and the screen change
 * together and the old screen stays until the new one can render (as react-router's data router did).
 * If a module cannot load (offline) or a screen throws, the nearest route with an error element shows
 * it, and `useRouteError` gives the error.
 */
import {
  Children,
  Component,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ErrorInfo,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` carried (kept in the history entry). */
  state: unknown;
  /** New for every navigation. */
  key: string;
}

export interface RouteObject {
  /** Absolute ('/pot/:id'), or relative to the parent's path; '*' matches any path. None: a frame. */
  path?: string;
  element?: ReactNode;
  errorElement?: ReactNode;
  /** Loads the route's screen before the navigation commits. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  children?: RouteObject[];
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => Promise<void>;

interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}

export interface RouterState {
  location: Location;
  matches: RouteMatch[];
  /** A route's module failed to load, or no route matched: shown by the nearest error element. */
  error?: { index: number; error: unknown };
}

/** What the router throws to an error element when no route matches the URL. */
export class ErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {}
}

export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  return error instanceof ErrorResponse;
}

// ---- History --------------------------------------------------------------------------------------

interface History {
  location: () => Location;
  write: (location: Location, replace: boolean) => void;
  go: (delta: number) => void;
  /** Back and forward: the new location is already current. */
  listen: (listener: () => void) => () => void;
}

let keys = 0;
const newKey = () => `${Date.now().toString(36)}-${(keys += 1).toString(36)}`;

/** Resolves `to` (absolute, or relative to `from`) into a location. */
function toLocation(to: string, from: string, state: unknown): Location {
  const url = new URL(to, `http://app${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: state ?? null, key: newKey() };
}

export const createHref = (location: Pick<Location, 'pathname' | 'search' | 'hash'>): string =>
  `${location.pathname}${location.search}${location.hash}`;

function browserHistory(): History {
  const read = (): Location => {
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  return {
    location: read,
    write(location, replace) {
      const entry = { usr: location.state, key: location.key };
      if (replace) window.history.replaceState(entry, '', createHref(location));
      else window.history.pushState(entry, '', createHref(location));
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
  };
}

function memoryHistory(initialEntries: string[] = ['/']): History {
  const entries = (initialEntries.length ? initialEntries : ['/']).map((to) => toLocation(to, '/', null));
  let index = entries.length - 1;
  const listeners = new Set<() => void>();
  return {
    location: () => entries[index] as Location,
    write(location, replace) {
      if (replace) entries[index] = location;
      else {
        entries.splice(index + 1, entries.length, location);
        index = entries.length - 1;
      }
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      listeners.forEach((listener) => listener());
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// ---- Matching -------------------------------------------------------------------------------------

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/') || path === '*') return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Every route with a path, with the frames above it. */
function branches(routes: RouteObject[], parents: RouteObject[] = [], base = '/'): Array<{ path: string; chain: RouteObject[] }> {
  return routes.flatMap((route) => {
    const chain = [...parents, route];
    const path = route.path === undefined ? base : joinPath(base, route.path);
    const own = route.path === undefined ? [] : [{ path, chain }];
    return [...own, ...branches(route.children ?? [], chain, path)];
  });
}

/** Params of `pathname` under `pattern`, with a rank (static segments first, '*' last), or null. */
function matchPattern(pattern: string, pathname: string): { params: Record<string, string>; rank: number } | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let rank = 0;
  for (const [i, segment] of want.entries()) {
    if (segment === '*') {
      params['*'] = have.slice(i).join('/');
      return { params, rank: rank - 1 };
    }
    const value = have[i];
    if (value === undefined) return null;
    if (segment.startsWith(':')) {
      params[segment.slice(1)] = safeDecode(value);
      rank += 2;
    } else if (segment.toLowerCase() === safeDecode(value).toLowerCase()) rank += 3;
    else return null;
  }
  return want.length === have.length ? { params, rank } : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The chain of routes that renders `pathname` (frames first), or null. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let best: { chain: RouteObject[]; params: Record<string, string>; rank: number } | null = null;
  for (const { path, chain } of branches(routes)) {
    const found = matchPattern(path, pathname);
    if (found && (!best || found.rank > best.rank)) best = { chain, ...found };
  }
  return best ? best.chain.map((route) => ({ route, params: best.params })) : null;
}

// ---- Router ---------------------------------------------------------------------------------------

export interface Router {
  readonly routes: RouteObject[];
  /** The committed state: the location and screens shown. */
  readonly state: RouterState;
  /** False until the first screen's modules have loaded (nothing renders before). */
  readonly loaded: boolean;
  navigate: NavigateFunction;
  subscribe: (listener: () => void) => () => void;
}

const loadedScreens = new WeakMap<RouteObject, ComponentType>();

async function loadRoute(route: RouteObject): Promise<void> {
  if (!route.lazy || loadedScreens.has(route)) return;
  loadedScreens.set(route, (await route.lazy()).Component);
}

function createRouter(routes: RouteObject[], history: History): Router {
  const listeners = new Set<() => void>();
  let state: RouterState = { location: history.location(), matches: [] };
  let loaded = false;
  let navigation = 0;

  async function commit(location: Location, write: ((location: Location) => void) | null): Promise<void> {
    const id = (navigation += 1);
    const matches = matchRoutes(routes, location.pathname);
    let next: RouterState;
    if (!matches) {
      const root = routes.find((route) => route.errorElement !== undefined) ?? routes[0];
      next = {
        location,
        matches: root ? [{ route: root, params: {} }] : [],
        error: { index: 0, error: new ErrorResponse(404, 'Not Found') },
      };
    } else {
      const failures = await Promise.all(
        matches.map((match) =>
          loadRoute(match.route).then(
            () => null,
            (error: unknown) => ({ error }),
          ),
        ),
      );
      const index = failures.findIndex(Boolean);
      next = index < 0 ? { location, matches } : { location, matches, error: { index, error: failures[index]?.error } };
    }
    if (id !== navigation) return; // a newer navigation started meanwhile
    write?.(location);
    state = next;
    loaded = true;
    listeners.forEach((listener) => listener());
  }

  const navigate: NavigateFunction = async (to, options = {}) => {
    if (typeof to === 'number') {
      history.go(to);
      return;
    }
    const location = toLocation(to, state.location.pathname, options.state);
    await commit(location, (committed) => history.write(committed, options.replace ?? false));
  };

  history.listen(() => void commit(history.location(), null));
  void commit(state.location, null);

  return {
    routes,
    get state() {
      return state;
    },
    get loaded() {
      return loaded;
    },
    navigate,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const createBrowserRouter = (routes: RouteObject[]): Router => createRouter(routes, browserHistory());

export const createMemoryRouter = (routes: RouteObject[], options: { initialEntries?: string[] } = {}): Router =>
  createRouter(routes, memoryHistory(options.initialEntries));

// ---- Rendering ------------------------------------------------------------------------------------

interface Navigator {
  location: Location;
  navigate: NavigateFunction;
}

const NavigatorContext = createContext<Navigator | null>(null);

interface RouteContextValue {
  outlet: ReactNode;
  params: Record<string, string>;
  error: unknown;
}

const RouteContext = createContext<RouteContextValue>({ outlet: null, params: {}, error: undefined });

function useNavigator(): Navigator {
  const navigator = useContext(NavigatorContext);
  if (!navigator) throw new Error('Router hooks and links need a RouterProvider or MemoryRouter above them.');
  return navigator;
}

/** Catches a screen's render error and shows the route's error element until the next navigation. */
class RouteBoundary extends Component<
  { locationKey: string; errorElement: ReactNode; params: Record<string, string>; children: ReactNode },
  { error: unknown; locationKey: string }
> {
  override state = { error: undefined as unknown, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { locationKey: string }, state: { error: unknown; locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { error: undefined, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed', error instanceof Error ? error.message : error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <RouteContext.Provider value={{ outlet: null, params: this.props.params, error: this.state.error }}>
        {this.props.errorElement}
      </RouteContext.Provider>
    );
  }
}

function renderMatches(matches: RouteMatch[], locationKey: string, error?: RouterState['error']): ReactNode {
  // With an error: render down to the deepest route at or above it that has an error element.
  let last = matches.length - 1;
  let errorAt = -1;
  if (error) {
    errorAt = error.index;
    while (errorAt > 0 && !matches[errorAt]?.route.errorElement) errorAt -= 1;
    last = errorAt;
  }
  let outlet: ReactNode = null;
  for (let i = last; i >= 0; i -= 1) {
    const { route, params } = matches[i] as RouteMatch;
    if (i === errorAt && error) {
      outlet = (
        <RouteContext.Provider value={{ outlet: null, params, error: error.error }}>{route.errorElement}</RouteContext.Provider>
      );
      continue;
    }
    const Screen = loadedScreens.get(route);
    const element = route.element ?? (Screen ? <Screen /> : null);
    const rendered = <RouteContext.Provider value={{ outlet, params, error: undefined }}>{element}</RouteContext.Provider>;
    outlet = route.errorElement ? (
      <RouteBoundary locationKey={locationKey} errorElement={route.errorElement} params={params}>
        {rendered}
      </RouteBoundary>
    ) : (
      rendered
    );
  }
  return outlet;
}

export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  const loaded = useSyncExternalStore(router.subscribe, () => router.loaded);
  const navigator = useMemo(() => ({ location: state.location, navigate: router.navigate }), [state.location, router]);
  if (!loaded) return null;
  return (
    <NavigatorContext.Provider value={navigator}>
      {renderMatches(state.matches, state.location.key, state.error)}
    </NavigatorContext.Provider>
  );
}

/** For tests: a router without a route tree, for `<Routes>` or a single screen. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries));
  const [location, setLocation] = useState(history.location);
  useEffect(() => history.listen(() => setLocation(history.location())), [history]);
  const navigator = useMemo<Navigator>(
    () => ({
      location,
      navigate: (to, options = {}) => {
        if (typeof to === 'number') history.go(to);
        else {
          const next = toLocation(to, history.location().pathname, options.state);
          history.write(next, options.replace ?? false);
          setLocation(next);
        }
        return Promise.resolve();
      },
    }),
    [history, location],
  );
  return <NavigatorContext.Provider value={navigator}>{children}</NavigatorContext.Provider>;
}

export interface RouteProps {
  path?: string;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside <Routes>; renders nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function routesFromChildren(children: ReactNode): RouteObject[] {
  return Children.toArray(children)
    .filter((child): child is ReactElement<RouteProps> => isValidElement(child))
    .map(({ props }) => ({
      ...(props.path === undefined ? {} : { path: props.path }),
      element: props.element,
      children: routesFromChildren(props.children),
    }));
}

/** Renders the first <Route> that matches the current location. */
export function Routes({ children }: { children: ReactNode }) {
  const { location } = useNavigator();
  const matches = matchRoutes(routesFromChildren(children), location.pathname);
  return matches ? <>{renderMatches(matches, location.key)}</> : null;
}

// ---- Hooks and components -------------------------------------------------------------------------

export const useLocation = (): Location => useNavigator().location;

export const useNavigate = (): NavigateFunction => useNavigator().navigate;

export const useParams = <T extends Record<string, string | undefined> = Record<string, string | undefined>>(): T =>
  useContext(RouteContext).params as T;

export const useRouteError = (): unknown => useContext(RouteContext).error;

/** The child route's screen, inside a frame. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

type SearchInit = URLSearchParams | Record<string, string> | string;

export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { location, navigate } = useNavigator();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = (next: SearchInit, options?: NavigateOptions) => {
    const query = new URLSearchParams(next).toString();
    void navigate(`${location.pathname}${query ? `?${query}` : ''}${location.hash}`, options);
  };
  return [params, setParams];
}

/** Goes to `to` as soon as it renders. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const { navigate } = useNavigator();
  useEffect(() => {
    void navigate(to, { replace: replace ?? false, state });
    // Once, like a redirect: a re-render of the same redirect does not navigate again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** An <a> that navigates inside the app on a plain click, and stays a normal link otherwise (new tab, copy). */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useNavigator();
  const href = createHref(toLocation(to, location.pathname, null));
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    void navigate(to, { replace: replace ?? false, state });
  };
  return <a {...rest} href={href} target={target} onClick={handle} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A Link that knows when its page (or a page under it) is open: `aria-current="page"` and its class. */
export function NavLink({ className, ...rest }: NavLinkProps) {
  const { pathname } = useNavigator().location;
  const target = rest.to.split(/[?#]/)[0]?.replace(/\/$/, '') ?? '';
  const isActive = pathname === target || pathname.startsWith(`${target}/`) || (target === '' && pathname === '/');
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
