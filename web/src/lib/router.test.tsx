import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  matchRoutes,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
} from '@/lib/router';

function ShowError() {
  const error = useRouteError();
  return <p role="alert">{isRouteErrorResponse(error) ? `status ${error.status}` : `failed: ${(error as Error).message}`}</p>;
}

function Frame() {
  return (
    <div>
      <nav>
        <NavLink to="/pot/a" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Pot A
        </NavLink>
        <Link to="/games?tab=mine">Games</Link>
      </nav>
      <Outlet />
    </div>
  );
}

function Pot() {
  const { id } = useParams<{ id: string }>();
  return <h1>Pot {id}</h1>;
}

const screen$ = (text: string) => () => Promise.resolve({ Component: () => <h1>{text}</h1> });

function tree(extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      element: <Frame />,
      errorElement: <ShowError />,
      children: [
        { path: '/', element: <Navigate to="/dashboard" replace /> },
        { path: '/dashboard', lazy: screen$('Dashboard'), errorElement: <ShowError /> },
        { path: '/pot/:id', element: <Pot />, errorElement: <ShowError /> },
        { path: '/games', lazy: screen$('Games'), errorElement: <ShowError /> },
        ...extra,
      ],
    },
  ];
}

describe('the router', () => {
  it('matches static paths before params and params before the catch-all, and decodes params', () => {
    const routes: RouteObject[] = [{ path: '*' }, { path: '/pot/:id' }, { path: '/pot/new' }];
    expect(matchRoutes(routes, '/pot/new')?.at(-1)?.route.path).toBe('/pot/new');
    expect(matchRoutes(routes, '/pot/a%20b')?.at(-1)?.params).toEqual({ id: 'a b' });
    expect(matchRoutes(routes, '/pot/a/b')?.at(-1)?.route.path).toBe('*');
    expect(matchRoutes([{ path: '/pot/:id' }], '/pot')).toBeNull();
  });

  it('redirects, loads a lazy screen inside its frame, and follows links and params', async () => {
    const router = createMemoryRouter(tree(), { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');

    fireEvent.click(screen.getByRole('link', { name: 'Pot A' }));
    expect(await screen.findByRole('heading', { name: 'Pot a' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pot A' }).className).toBe('on');
    expect(screen.getByRole('link', { name: 'Pot A' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('link', { name: 'Games' }));
    expect(await screen.findByRole('heading', { name: 'Games' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=mine');
    expect(screen.getByRole('link', { name: 'Pot A' }).className).toBe('off');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Pot a' })).toBeTruthy();
  });

  it('leaves a click with a modifier key to the browser (new tab)', async () => {
    const router = createMemoryRouter(tree(), { initialEntries: ['/pot/b'] });
    render(<RouterProvider router={router} />);
    const link = await screen.findByRole('link', { name: 'Games' });
    expect(link.getAttribute('href')).toBe('/games?tab=mine');
    fireEvent.click(link, { ctrlKey: true });
    expect(router.state.location.pathname).toBe('/pot/b');
  });

  it("keeps the old screen until the new one has loaded, and shows the route's error element when it cannot load", async () => {
    let fail: (error: Error) => void = () => undefined;
    const slow: RouteObject = {
      path: '/slow',
      errorElement: <ShowError />,
      lazy: () => new Promise((_, reject) => (fail = reject)),
    };
    const router = createMemoryRouter(tree([slow]), { initialEntries: ['/pot/c'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Pot c' });
    const going = router.navigate('/slow');
    await Promise.resolve();
    expect(screen.getByRole('heading', { name: 'Pot c' })).toBeTruthy();
    await act(async () => {
      fail(new Error('Failed to fetch dynamically imported module'));
      await going;
    });
    expect(screen.getByRole('alert').textContent).toBe('failed: Failed to fetch dynamically imported module');
    // The frame stays: its links still work.
    expect(screen.getByRole('link', { name: 'Games' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/slow');
  });

  it('lets the latest navigation win when an earlier one is still loading', async () => {
    let finish: () => void = () => undefined;
    const slow: RouteObject = {
      path: '/slow',
      lazy: () => new Promise((resolve) => (finish = () => resolve({ Component: () => <h1>Slow</h1> }))),
    };
    const router = createMemoryRouter(tree([slow]), { initialEntries: ['/pot/d'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Pot d' });
    const first = router.navigate('/slow');
    await act(() => router.navigate('/pot/e'));
    await act(async () => {
      finish();
      await first;
    });
    expect(screen.getByRole('heading', { name: 'Pot e' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pot/e');
  });

  it('shows a screen that throws as its error element, and the next navigation recovers', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    const router = createMemoryRouter(tree([{ path: '/broken', element: <Broken />, errorElement: <ShowError /> }]), {
      initialEntries: ['/broken'],
    });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('alert')).textContent).toBe('failed: boom');
    await act(() => router.navigate('/pot/f'));
    expect(screen.getByRole('heading', { name: 'Pot f' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    spy.mockRestore();
  });

  it('answers an unknown path with a 404 for the root error element', async () => {
    const router = createMemoryRouter(tree(), { initialEntries: ['/nowhere'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('alert')).textContent).toBe('status 404');
  });

  it('keeps navigation state, and sets the query string through useSearchParams', async () => {
    function Arrived() {
      const { id } = useParams<{ id: string }>();
      const { state } = useLocation();
      return (
        <h1>
          Pot {id} from {(state as { from?: string } | null)?.from}
        </h1>
      );
    }
    function Search() {
      const [params, setParams] = useSearchParams();
      const navigate = useNavigate();
      return (
        <>
          <p>league {params.get('league') ?? 'none'}</p>
          <button type="button" onClick={() => setParams({ league: 'epl' })}>
            EPL
          </button>
          <button type="button" onClick={() => void navigate('/pot/g', { state: { from: 'search' } })}>
            Go
          </button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/search']}>
        <Routes>
          <Route path="/search" element={<Search />} />
          <Route path="/pot/:id" element={<Arrived />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('league none')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'EPL' }));
    expect(await screen.findByText('league epl')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByRole('heading', { name: 'Pot g from search' })).toBeTruthy();
  });
});
