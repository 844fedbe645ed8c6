import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiClientContext } from '../api/api-context';
import type { ApiClient } from '../api/client';
import type { AuthClient } from '../features/auth/auth-client';
import { AuthProvider } from '../features/auth/AuthProvider';
import { RoleProvider } from '../features/auth/RoleProvider';
import type { Theme } from '../theme/themes';
import { ThemeProvider } from '../theme/ThemeProvider';

export interface AppServices {
  auth: AuthClient;
  api: ApiClient;
  queryClient: QueryClient;
  initialTheme: Theme;
}

/** Everything screens reach through hooks: useTheme, useAuth, useApiClient (via query hooks), useRole. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ThemeProvider initialTheme={services.initialTheme}>
      <QueryClientProvider client={services.queryClient}>
        <ApiClientContext.Provider value={services.api}>
          <AuthProvider client={services.auth}>
            <RoleProvider>{children}</RoleProvider>
          </AuthProvider>
        </ApiClientContext.Provider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
