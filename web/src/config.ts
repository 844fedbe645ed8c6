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

type OidcEnv = Pick<ImportMetaEnv, 'VITE_OIDC_ISSUER' | 'VITE_OIDC_CLIENT_ID' | 'VITE_OIDC_AUDIENCE'>;

export function appConfigFor(origin: string, env: OidcEnv): AppConfig {
  return {
    apiBase: '/api',
    oidc: {
      issuer: env.VITE_OIDC_ISSUER || `${origin}/idp`,
      clientId: env.VITE_OIDC_CLIENT_ID || 'ust-web',
      audience: env.VITE_OIDC_AUDIENCE || `${origin}/api`,
      redirectUri: `${origin}/callback`,
      silentRedirectUri: `${origin}/silent-renew.html`,
      postLogoutRedirectUri: `${origin}/`,
    },
  };
}
