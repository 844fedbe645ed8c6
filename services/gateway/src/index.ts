export { default as app, API_PREFIX, type AppOptions } from './app.js';
export { buildGateway } from './build.js';
export { createUserDirectory, userIdOfSubject, type UserDirectory } from './users/user-directory.js';
export { localSigningKeys, type SigningKeyResolver } from './auth/signing-keys.js';
export { startEmbeddedIdentity } from './embedded-identity.js';
export { searchResponseBody } from './search/search-response-body.js';
export { renderExposureSheetPdf, type Paper } from './exposure-sheet/render-exposure-sheet-pdf.js';
