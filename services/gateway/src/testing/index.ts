/**
 * What tests of the gateway outside this package use (`@ust/gateway/testing`): the test issuer,
 * the embedded ports and gateways of route tests, and the trust boundary fuzz's route table and
 * arbitraries. Tests that need a dataset the workers built live in services/standalone, which
 * runs the workers; the gateway does not depend on them.
 */
export { createTestIssuer, type TestIssuer, type TestTokenClaims, type TestTokenOptions } from './test-issuer.js';
export { openEmbeddedTestPorts, type EmbeddedTestPorts } from './embedded-test-ports.js';
export { startGatewayOnRecords, type RecordsGateway } from './gateway-on-records.js';
export { bodyProblemsOf } from './body-problems.js';
export { refusalProblems, type AnsweredRequest } from './refusal-problems.js';
export { multipartBody } from './multipart-body.js';
export { startTestGateway, TEST_ADMIN, type TestGateway, type TestGatewayOptions } from './test-gateway.js';
export { accessDecision, readRouteTable, routeName, urlWith, type OpenApiDocument, type RouteTableEntry } from './route-table.js';
export { FUZZ_ADMIN_EMAIL, FUZZ_CALLER_NAMES, signInCallers, type FuzzCaller } from './fuzz/callers.js';
export { seedsFromData } from './fuzz/data-seeds.js';
export { FuzzTally } from './fuzz/fuzz-tally.js';
export { fuzzRequest, requestArbitrary, type FuzzRequest } from './fuzz/request-arbitrary.js';
export { createResponseChecker } from './fuzz/response-invariants.js';
export { routingOf } from './fuzz/routing.js';
export { schemaArbitraries, type SchemaArbitraries } from './fuzz/schema-arbitrary.js';
