import { createBrowserRouter } from 'react-router-dom';
import { Layout } from './app/Layout';
import { RouteError } from './app/RouteError';
import { HomePage } from './features/home/HomePage';

/** Routes of the app; each screen lives in its feature folder. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [{ index: true, element: <HomePage /> }],
  },
]);
