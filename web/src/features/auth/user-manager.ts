/** oidc-client-ts settings, shared by the app and the silent-renew page. */
import { UserManager, type UserManagerSettings } from 'oidc-client-ts';
import type { AppConfig } from '../../config';

/** docs/product.md section 9. */
export const SCOPE = 'openid profile email';
/** Silent renew may take a slow issuer's whole page load (docs/decisions/0001-id-token-verification.md). */
export const SILENT_RENEW_TIMEOUT_SECONDS = 60;
/** Token and discovery calls, like the API's (docs/decisions/0001-id-token-verification.md). */
export const IDENTITY_HTTP_TIMEOUT_SECONDS = 10;

export function userManagerSettings(oidc: AppConfig['oidc']): UserManagerSettings {
  return {
    authority: oidc.issuer,
    client_id: oidc.clientId,
    redirect_uri: oidc.redirectUri,
    silent_redirect_uri: oidc.silentRedirectUri,
    post_logout_redirect_uri: oidc.postLogoutRedirectUri,
    response_type: 'code',
    scope: SCOPE,
    // RFC 8707 resource indicator in the authorize and the token request: the provider then
    // issues a JWT access token for the API audience instead of an opaque one.
    extraQueryParams: { resource: oidc.audience },
    extraTokenParams: { resource: oidc.audience },
    automaticSilentRenew: true,
    silentRequestTimeoutInSeconds: SILENT_RENEW_TIMEOUT_SECONDS,
    requestTimeoutInSeconds: IDENTITY_HTTP_TIMEOUT_SECONDS,
    // The embedded provider has no userinfo endpoint; name and e-mail come from the ID token.
    loadUserInfo: false,
  };
}

export function createUserManager(oidc: AppConfig['oidc']): UserManager {
  return new UserManager(userManagerSettings(oidc));
}
