import { BrowserRouter } from 'react-router-dom';
import { routes, RouteTree } from '@/app/router';

export function App() {
  return (
    <BrowserRouter>
      <RouteTree routes={routes} />
    </BrowserRouter>
  );
}
