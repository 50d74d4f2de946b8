import { createBrowserRouter, RouterProvider } from '@/lib/router';
import { routes } from '@/app/router';

const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
