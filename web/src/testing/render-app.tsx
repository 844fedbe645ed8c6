/**
 * Renders a screen or component the way main.tsx does (StrictMode, the app's providers, a
 * router), signed in as a demo account, over a stubbed gateway (gateway-stub.ts): only the
 * network is faked, plus the identity provider behind a signed-in AuthClient. Importing this file
 * also adds jest-dom's matchers, the jsdom shims and the clean-up between tests; test files that
 * use it run in jsdom (`// @vitest-environment jsdom`).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, render } from '@testing-library/react';
import type { Role } from '@ust/schemas';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/AppProviders';
import type { AuthClient, AuthUser } from '../features/auth/auth-client';
import { logger } from '../telemetry';
import { applyStoredTheme } from '../theme/ThemeProvider';
import { installDomShims } from './dom-shims';
import { stubGateway, type GatewayRoutes } from './gateway-stub';

// The find* queries wait for answers of the stubbed gateway and for the app's own pauses
// (the profile call, debounced suggestions); the machine may be shared with other test runs.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** The demo accounts of the embedded identity provider (services/identity/src/demo-accounts.ts). */
const DEMO_NAMES: Record<Role, string> = { general: 'Gina General', broker: 'Brian Broker', underwriter: 'Uma Underwriter', admin: 'Ada Admin' };

export function demoUser(role: Role): AuthUser {
  return { sub: `local|demo-${role}`, email: `${role}@ust.local`, name: DEMO_NAMES[role] };
}

/** An AuthClient whose provider session is already signed in: the app restores it at start. */
function signedInAuthClient(user: AuthUser): AuthClient {
  return {
    signIn: async () => {},
    completeSignIn: async () => ({ user, returnTo: '/dashboard' }),
    restoreSession: async () => user,
    signOut: async () => {},
    getAccessToken: async () => `access-token-of-${user.sub}`,
    currentAccessToken: () => `access-token-of-${user.sub}`,
    onUserChange: () => () => {},
  };
}

export interface RenderAppOptions {
  /** @defaultValue 'broker' */
  role?: Role;
  /** Answers of the gateway beyond the user's profile and telemetry. */
  routes?: GatewayRoutes;
  /** @defaultValue '/' */
  path?: string;
}

export function renderApp(ui: ReactElement, { role = 'broker', routes = {}, path = '/' }: RenderAppOptions = {}) {
  const user = demoUser(role);
  const gateway = stubGateway({
    // POST /api/user-profile answers the user's stored role (RoleProvider).
    'POST /api/user-profile': { id: `user-${role}`, sub: user.sub, email: user.email, name: user.name, role, is_active: true },
    ...routes,
  });
  const auth = signedInAuthClient(user);
  const api = createApiClient({
    fetch: (input, init) => fetch(input, init),
    getAccessToken: () => auth.getAccessToken(),
    logger,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle),
  });
  const services = { auth, api, queryClient: createQueryClient(), initialTheme: applyStoredTheme() };
  const rendered = render(
    <StrictMode>
      <AppProviders services={services}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  return { ...rendered, gateway, user };
}
