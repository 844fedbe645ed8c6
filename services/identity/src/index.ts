export { createEmbeddedIdentity, type EmbeddedIdentity, type EmbeddedIdentityOptions } from './embedded-identity.js';
export { loadIdentityFiles, type IdentityFiles } from './identity-files.js';
export { embeddedIdentityPlugin, type EmbeddedIdentityPluginOptions } from './embedded-identity.plugin.js';
export { describeDemoAccounts, findDemoAccount, type DemoAccount } from './demo-accounts.js';
export { signAccessToken, type AccessTokenIssuer, type AccessTokenSubject } from './access-token.js';
export { signDemoAccountToken, DemoTokenError } from './demo-account-token.js';
