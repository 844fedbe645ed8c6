import type { AuthConfig } from '@ust/schemas';
import { AUTH_CONFIG_ELEMENT_ID } from '@ust/schemas/constants';

/** Where the app finds its API and its OpenID provider. */
export interface AppConfig {
  /** Relative: the gateway serves the app and the API from one origin. */
  apiBase: string;
  oidc: {
    issuer: string;
    clientId: string;
    /** Sent as `resource` so the access token is a JWT for the API (RFC 8707). */
    audience: string;
    /** Must match the redirect URIs the provider registers for the client. */
    redirectUri: string;
    silentRedirectUri: string;
    postLogoutRedirectUri: string;
  };
}

export const AUTH_CONFIG_PATH = '/api/auth-config';

/** The issuer, client and audience from the gateway; the redirect URIs from the page's own origin. */
export function appConfigFor(origin: string, auth: AuthConfig): AppConfig {
  return {
    apiBase: '/api',
    oidc: {
      issuer: auth.issuer,
      clientId: auth.client_id,
      audience: auth.audience,
      redirectUri: `${origin}/callback`,
      silentRedirectUri: `${origin}/silent-renew.html`,
      postLogoutRedirectUri: `${origin}/`,
    },
  };
}

function authConfigOf(value: unknown): AuthConfig {
  const candidate = value as Partial<Record<keyof AuthConfig, unknown>> | null;
  const fields = ['issuer', 'client_id', 'audience'] as const;
  if (typeof candidate !== 'object' || candidate === null || fields.some((field) => typeof candidate[field] !== 'string' || !candidate[field])) {
    throw new Error('The sign-in settings are incomplete: issuer, client_id and audience are required');
  }
  return { issuer: candidate.issuer as string, client_id: candidate.client_id as string, audience: candidate.audience as string };
}

/**
 * How the app signs in, from the gateway at run time, so one build works with any issuer: the
 * data block the gateway inlines into the page (no call before the first paint), or, where the
 * page has none (the Vite dev server), one call to GET /api/auth-config.
 */
export async function loadAuthConfig(page: Pick<Document, 'getElementById'>, fetchJson: (path: string) => Promise<unknown>): Promise<AuthConfig> {
  const inlined = page.getElementById(AUTH_CONFIG_ELEMENT_ID)?.textContent;
  if (inlined) return authConfigOf(JSON.parse(inlined));
  return authConfigOf(await fetchJson(AUTH_CONFIG_PATH));
}

/** GET /api/auth-config with the browser's fetch. */
export async function fetchAuthConfigJson(path: string): Promise<unknown> {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response.json();
}
