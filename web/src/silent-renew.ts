/**
 * The page the provider redirects the silent-renew iframe to: it hands the response URL to the
 * app in the parent window, which exchanges the code (oidc-client-ts's iframe protocol).
 */
import { appConfigFor } from './config';
import { createUserManager } from './features/auth/user-manager';

void createUserManager(appConfigFor(window.location.origin, import.meta.env).oidc).signinSilentCallback();
