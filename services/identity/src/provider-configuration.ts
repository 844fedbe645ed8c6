/**
 * oidc-provider's configuration for the one first-party web client: authorization code with
 * PKCE (S256), refresh tokens with rotation, RP-initiated logout, and RS256 JWT access tokens
 * for the API resource (docs/decisions/0026-embedded-identity-tokens.md) that the gateway
 * verifies with the JWKS like any issuer's.
 */
import { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { DemoAccount } from './demo-accounts.js';
import type { IdentityKeys } from './identity-keys.js';
import { ACCESS_TOKEN_TTL_SECONDS, API_SCOPE } from './access-token.js';
import { renderErrorPage, renderLogoutPage, renderLogoutSuccessPage } from './pages.js';

const HOUR = 60 * 60;
const FOURTEEN_DAYS = 14 * 24 * HOUR;

/**
 * How long the web client's refresh tokens last, counted from the sign-in that started them, so
 * a token taken from the browser is of use for hours at most. oidc-provider rotates a public
 * client's refresh token on every use; a number in `ttl.RefreshToken` would give each rotated
 * token a fresh lifetime and let a chain of them run on while used, so the rotated token gets
 * what is left of the first one's (oidc-provider's own default does the same, over 14 days).
 */
export const REFRESH_TOKEN_LIFETIME_SECONDS = 12 * HOUR;

/** What the web client is granted without a consent page: it is the platform's own app. */
export const CLIENT_SCOPE = 'openid profile email offline_access';

export interface ProviderSettings {
  mountPath: string;
  audience: string;
  clientId: string;
  webOrigins: readonly string[];
  accounts: readonly DemoAccount[];
  keys: IdentityKeys;
}

function findAccountBySub(accounts: readonly DemoAccount[], sub: string): DemoAccount | undefined {
  return accounts.find((account) => account.sub === sub);
}

export function providerConfiguration({ mountPath, audience, clientId, webOrigins, accounts, keys }: ProviderSettings): Configuration {
  return {
    clients: [
      {
        client_id: clientId,
        client_name: 'UST Risk Platform',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: webOrigins.flatMap((origin) => [`${origin}/callback`, `${origin}/silent-renew.html`]),
        post_logout_redirect_uris: webOrigins.map((origin) => `${origin}/`),
      },
    ],
    jwks: { keys: [keys.signingKey] },
    cookies: {
      keys: keys.cookieKeys,
      // Cookies are per host, not per port: prefixed names keep clear of other apps on localhost.
      names: { session: 'ust_idp_session', interaction: 'ust_idp_interaction', resume: 'ust_idp_resume' },
    },
    scopes: CLIENT_SCOPE.split(' '),
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    // The web app reads e-mail and name from the ID token
    // (docs/decisions/0001-id-token-verification.md); the userinfo endpoint is off because the
    // access tokens are for the API, not for it.
    conformIdTokenClaims: false,
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = renderLogoutSuccessPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget(`resource ${resource} is not served by this provider`);
          return {
            scope: API_SCOPE,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The gateway reads who is calling from the access token alone
    // (docs/decisions/0032-identity-from-token.md); the demo accounts' addresses are the
    // provider's own, so it vouches for them.
    extraTokenClaims: (_ctx, token) => {
      const account = 'accountId' in token ? findAccountBySub(accounts, token.accountId) : undefined;
      return account ? { email: account.email, email_verified: true, name: account.name } : undefined;
    },
    issueRefreshToken: (_ctx, client) => client.clientId === clientId && client.grantTypeAllowed('refresh_token'),
    // oidc-provider's default rotates the refresh tokens of public clients on every use, and a
    // used one presented again revokes the grant: both the thief's and the user's chain end.
    findAccount: (_ctx, sub) => {
      const account = findAccountBySub(accounts, sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({ sub: account.sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    // A first-party client: its grant is created (or extended) here, so no consent page is shown.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const grant =
        (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ??
        new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      if (oidc.client.clientId === clientId) {
        grant.addOIDCScope(CLIENT_SCOPE);
        grant.addResourceScope(audience, API_SCOPE);
        await grant.save();
      }
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    clientBasedCORS: (_ctx, origin) => webOrigins.includes(origin),
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage('Sign-in could not continue', 'The request to the sign-in service was not valid. Go back to the application and try again.', {
        error: out.error,
        description: out.error_description,
      });
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: HOUR,
      // totalLifetime() counts from the first token of the chain (its iiat, kept on rotation).
      RefreshToken: (_ctx, token) => Math.max(1, REFRESH_TOKEN_LIFETIME_SECONDS - token.totalLifetime()),
      Session: FOURTEEN_DAYS,
      Grant: FOURTEEN_DAYS,
      Interaction: HOUR,
    },
  };
}
