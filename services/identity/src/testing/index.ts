export { browser, CookieJar, createPkce, signInThroughInject, type Pkce, type SignInOptions, type TokenSet } from './sign-in-through-inject.js';
export { startTestIdentity, TEST_AUDIENCE, TEST_CLIENT_ID, TEST_ISSUER, TEST_ORIGIN, type TestIdentity } from './test-identity.js';
