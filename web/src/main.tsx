/** The app's composition root: telemetry, theme, sign-in and the API client are built here and passed down. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createApiClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { AppProviders } from './app/AppProviders';
import { appConfigFor, fetchAuthConfigJson, loadAuthConfig } from './config';
import { createAuthClient } from './features/auth/auth-client';
import { router } from './router';
import { installBrowserTelemetry, logger } from './telemetry';
import { applyStoredTheme } from './theme/ThemeProvider';
import './styles/base.css';
import './styles/app.css';

installBrowserTelemetry(logger);
const initialTheme = applyStoredTheme();

async function start(): Promise<void> {
  // The gateway inlines the sign-in settings into this page, so this makes no call before the first paint.
  const config = appConfigFor(window.location.origin, await loadAuthConfig(document, fetchAuthConfigJson));
  const auth = createAuthClient(config.oidc, logger);
  const api = createApiClient({
    baseUrl: config.apiBase,
    fetch: (input, init) => fetch(input, init),
    getAccessToken: () => auth.getAccessToken(),
    logger,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle),
  });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders services={{ auth, api, queryClient: createQueryClient(), initialTheme }}>
          <RouterProvider router={router} />
        </AppProviders>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

// A failure to start reaches the telemetry's unhandled-rejection handler.
void start();
