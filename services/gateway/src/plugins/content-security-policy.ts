/**
 * The web app's Content-Security-Policy, worked out once from configuration: the gateway serves
 * the same two header values on every page load rather than composing them per request.
 *
 * What the app needs beyond its own origin:
 * - the issuer's origin: oidc-client-ts fetches discovery and the token endpoint, jose the
 *   JWKS, and silent renew opens the authorize endpoint in an iframe that the provider
 *   redirects back to silent-renew.html (so frames also need 'self');
 * - the configured map origins: MapLibre fetches the Streets style and tiles, and loads raster
 *   tiles as images when it may;
 * - images from data: (MapLibre's stylesheet draws its control icons as data: SVGs) and blob:
 *   (where a browser lacks createImageBitmap, MapLibre decodes tiles through blob URLs).
 * MapLibre's worker is a same-origin file (its URL is set in RiskMap.tsx), so workers need
 * nothing else; React and MapLibre set styles through the CSSOM, which CSP does not govern, so
 * styles stay 'self' as well. The app uses no web fonts: default-src covers the rest.
 */

export interface WebAppPolicySources {
  /** The origin browsers use (PUBLIC_URL): 'self' already covers it. */
  publicUrl: string;
  /** The OpenID issuer the app signs in with (OIDC_ISSUER or the embedded one). */
  issuer: string;
  /** MAP_STREETS_STYLE_URL */
  streetsStyleUrl?: string | undefined;
  /** MAP_SATELLITE_TILES_URL, a template with `{z}/{x}/{y}` in its path */
  satelliteTilesUrl?: string | undefined;
}

export interface WebAppPolicies {
  /** For the app's pages (index.html and the SPA fallback): framed by nobody. */
  page: string;
  /** For silent-renew.html, which the app itself frames during silent renew. */
  silentRenewPage: string;
}

/** Host names and IP literals only: a placeholder such as `{s}` would make a source browsers drop. */
const PLAIN_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/;

function originOf(variable: string, url: string): string {
  const parsed = new URL(url);
  if (!PLAIN_HOST.test(parsed.hostname)) {
    throw new Error(`${variable}: the host must be a plain host name for the Content-Security-Policy (got ${JSON.stringify(parsed.hostname)})`);
  }
  return parsed.origin;
}

function policyText(directives: ReadonlyArray<readonly [string, readonly string[]]>): string {
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

export function webAppPolicies({ publicUrl, issuer, streetsStyleUrl, satelliteTilesUrl }: WebAppPolicySources): WebAppPolicies {
  const self = originOf('PUBLIC_URL', publicUrl);
  const others = (origins: string[]) => [...new Set(origins)].filter((origin) => origin !== self);
  const issuerOrigins = others([originOf('OIDC_ISSUER', issuer)]);
  const mapOrigins = others([
    ...(streetsStyleUrl ? [originOf('MAP_STREETS_STYLE_URL', streetsStyleUrl)] : []),
    ...(satelliteTilesUrl ? [originOf('MAP_SATELLITE_TILES_URL', satelliteTilesUrl)] : []),
  ]);
  const directives = (frameAncestors: string) =>
    policyText([
      ['default-src', ["'self'"]],
      ['script-src', ["'self'"]],
      ['style-src', ["'self'"]],
      ['img-src', ["'self'", 'data:', 'blob:', ...mapOrigins]],
      ['connect-src', ["'self'", ...others([...issuerOrigins, ...mapOrigins])]],
      ['worker-src', ["'self'"]],
      ['frame-src', ["'self'", ...issuerOrigins]],
      ['object-src', ["'none'"]],
      ['base-uri', ["'self'"]],
      ['form-action', ["'self'"]],
      ['frame-ancestors', [frameAncestors]],
    ]);
  return { page: directives("'none'"), silentRenewPage: directives("'self'") };
}
