/**
 * The page the provider redirects the silent-renew iframe to: it hands the response URL to the
 * app in the parent window, which exchanges the code (oidc-client-ts's iframe protocol).
 */
import { appConfigFor, fetchAuthConfigJson, loadAuthConfig } from './config';
import { createUserManager } from './features/auth/user-manager';

void loadAuthConfig(document, fetchAuthConfigJson).then((auth) => createUserManager(appConfigFor(window.location.origin, auth).oidc).signinSilentCallback());
