/// <reference types="vite/client" />

/**
 * Build-time settings. All optional: the gateway serves the app from the same origin as the
 * API and the embedded issuer, so the defaults are derived from `location.origin`.
 */
interface ImportMetaEnv {
  /** An external issuer (Auth0, Keycloak, ...). @defaultValue `${origin}/idp` */
  readonly VITE_OIDC_ISSUER?: string;
  /** @defaultValue 'ust-web' */
  readonly VITE_OIDC_CLIENT_ID?: string;
  /** The API's resource indicator (audience of access tokens). @defaultValue `${origin}/api` */
  readonly VITE_OIDC_AUDIENCE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
