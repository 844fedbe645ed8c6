import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { Layout } from './app/Layout';
import { notFoundLoader, RouteError } from './app/RouteError';
import { CallbackPage } from './features/auth/CallbackPage';
import { LandingPage } from './features/landing/LandingPage';

/** Each signed-in screen is its own chunk, so a visitor's first page loads only the landing. */
function lazyPage<Name extends string, Props extends object = object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const DashboardPage = lazyPage(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
// Its own chunk too, loaded only when an admin's dashboard renders it: nobody else downloads the
// console. The router hands it to the dashboard, so the two features do not import each other.
const AdminConsole = lazyPage(() => import('./features/admin/AdminConsole'), 'AdminConsole');
const CountyMapPage = lazyPage(() => import('./features/county-map/CountyMapPage'), 'CountyMapPage');
const SearchPage = lazyPage(() => import('./features/search/SearchPage'), 'SearchPage');
const TankAiPage = lazyPage(() => import('./features/tank-ai/TankAiPage'), 'TankAiPage');
const SettingsPage = lazyPage(() => import('./features/settings/SettingsPage'), 'SettingsPage');
const ScreeningsPage = lazyPage(() => import('./features/screening/ScreeningsPage'), 'ScreeningsPage');
const ScreeningPage = lazyPage(() => import('./features/screening/ScreeningPage'), 'ScreeningPage');
const ExposureSheetPage = lazyPage(() => import('./features/exposure-sheet/ExposureSheetPage'), 'ExposureSheetPage');
const WatchlistsPage = lazyPage(() => import('./features/watchlists/WatchlistsPage'), 'WatchlistsPage');
const AlertsPage = lazyPage(() => import('./features/alerts/AlertsPage'), 'AlertsPage');
const RiskModelPage = lazyPage(() => import('./features/risk-model/RiskModelPage'), 'RiskModelPage');

/** docs/product.md section 2. The inner error element keeps the navigation bar around a failing screen. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'dashboard', element: <DashboardPage adminConsole={<AdminConsole />} /> },
          { path: 'county-map', element: <CountyMapPage /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'watchlists', element: <WatchlistsPage /> },
          { path: 'alerts', element: <AlertsPage /> },
          { path: 'tank-ai', element: <TankAiPage /> },
          { path: 'model', element: <RiskModelPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'screenings', element: <ScreeningsPage /> },
          { path: 'screenings/:id', element: <ScreeningPage /> },
          { path: 'facilities/:id/sheet', element: <ExposureSheetPage /> },
          { path: 'callback', element: <CallbackPage /> },
          { path: '*', loader: notFoundLoader },
        ],
      },
    ],
  },
]);
