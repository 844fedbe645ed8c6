/**
 * The layering of docs/architecture.md section 2 as rules, checked by `pnpm lint`
 * (dependency-cruiser). Workspace packages resolve to their sources (services/<name>/src/...), so
 * the rules speak of folders. Each package may use the packages below it; nothing reaches into
 * another package's files by relative path.
 *
 *   schemas  <-  platform, domain  <-  read-model, identity, ingest  <-  gateway, pipelines
 *            <-  workers (which run the pipelines' import jobs)  <-  standalone  <-  e2e harness, bench
 *   web/src  uses schemas only.
 */
// A package by folder (resolved) or by name (an import of a package the importer does not
// declare cannot be resolved, and must fail the same rule rather than slip through).
const pkg = (name) => `^(services/${name}/|@ust/${name}(/|$))`;

/** Packages each package must not import (besides the general rules below). */
const forbiddenBelow = {
  schemas: ['services/', 'pipelines/', 'web/'],
  'services/platform': [pkg('domain'), pkg('read-model'), pkg('identity'), pkg('ingest'), pkg('workers'), pkg('gateway'), pkg('standalone'), '^pipelines/'],
  'services/domain': [pkg('platform'), pkg('read-model'), pkg('identity'), pkg('ingest'), pkg('workers'), pkg('gateway'), pkg('standalone'), '^pipelines/'],
  'services/read-model': [pkg('identity'), pkg('ingest'), pkg('workers'), pkg('gateway'), pkg('standalone'), '^pipelines/'],
  'services/identity': [pkg('domain'), pkg('read-model'), pkg('ingest'), pkg('workers'), pkg('gateway'), pkg('standalone'), '^pipelines/'],
  'services/ingest': [pkg('read-model'), pkg('identity'), pkg('workers'), pkg('gateway'), pkg('standalone'), '^pipelines/'],
  'services/workers': [pkg('identity'), pkg('ingest'), pkg('gateway'), pkg('standalone')],
  // The gateway enqueues jobs and reads what they record; the workers run them (docs/decisions/0105-workers-run-every-job.md).
  'services/gateway': [pkg('ingest'), pkg('workers'), pkg('standalone'), '^(pipelines/|@ust/pipelines(/|$))'],
  pipelines: [pkg('workers'), pkg('gateway'), pkg('identity'), pkg('standalone')],
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one: neither can be read, tested or moved alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import nobody can resolve: a typo, or a package the importer does not declare in its package.json.',
      from: {},
      // geojson and topojson-specification exist only as @types packages: nothing to resolve at run time.
      to: { couldNotResolve: true, pathNot: '^(geojson|topojson-specification)$' },
    },
    {
      name: 'web-only-through-schemas',
      severity: 'error',
      comment: 'The browser app shares only the API contracts with the services (docs/architecture.md section 2).',
      from: { path: '^web/src/' },
      to: { path: ['^(services|pipelines|bench|deploy)/', '^@ust/(?!schemas(/|$))'] },
    },
    {
      name: 'no-reaching-into-another-package',
      severity: 'error',
      comment: 'A package is used through its name and exports, never by relative path into its files.',
      from: { path: '^(services/[^/]+|schemas|pipelines|web/src|bench)/' },
      to: { dependencyTypes: ['local'], pathNot: ['^$1/'] },
    },
    {
      name: 'e2e-only-into-the-app-it-tests',
      severity: 'error',
      comment: "Browser tests may compare what is drawn with the web app's own modules (palettes, metrics); nothing else by path.",
      from: { path: '^web/e2e/' },
      to: { dependencyTypes: ['local'], pathNot: ['^web/e2e/', '^web/src/'] },
    },
    ...Object.entries(forbiddenBelow).map(([from, targets]) => ({
      name: `layering-${from.replace('services/', '')}`,
      severity: 'error',
      comment: `${from} must not depend on a package at its level or above (docs/architecture.md section 2).`,
      from: { path: `^${from}/` },
      to: { path: targets.map((target) => (target.startsWith('^') ? target : `^${target}`)) },
    })),
    {
      name: 'web-api-knows-no-feature',
      severity: 'error',
      comment:
        "web/src/api is the app's data layer: the screens (web/src/features) use it, never the reverse, so a feature can move or go without the data layer following it.",
      from: { path: '^web/src/api/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'cpu-worker-stays-pure',
      severity: 'error',
      comment:
        "The gateway's CPU pool threads run cpu-worker.ts: what it reaches must be pure code. chDB crashes in a worker thread, and a port or a route has no place there; every module it loads is loaded again in each thread.",
      from: { path: '^services/gateway/src/cpu-pool/cpu-worker\\.ts$' },
      to: {
        reachable: true,
        path: [
          pkg('platform'),
          pkg('read-model'),
          pkg('identity'),
          pkg('ingest'),
          pkg('workers'),
          pkg('standalone'),
          '^(pipelines/|@ust/pipelines)',
          '(^|/)chdb(/|$)',
          '(^|/)fastify(/|$)',
          '^services/gateway/src/(routes|plugins|queries|auth|imports/(?!upload-rules))',
        ],
      },
    },
    {
      name: 'rebuild-thread-stays-a-rebuild',
      severity: 'error',
      comment:
        "The rebuild thread runs rebuild-worker.ts: it reaches the rebuild, the read model and the platform's cache and logger, never a service, an HTTP server or the pipelines (every module it loads is loaded again in the thread). chDB crashes in a worker thread: the platform loads it only inside createChdbStore, which the thread never calls; its store is the main thread's, over a port.",
      from: { path: '^services/workers/src/dataset/rebuild-thread/rebuild-worker\\.ts$' },
      to: {
        reachable: true,
        path: [pkg('identity'), pkg('ingest'), pkg('gateway'), pkg('standalone'), '^(pipelines/|@ust/pipelines)', '(^|/)fastify(/|$)', '(^|/)kafkajs(/|$)'],
      },
    },
    {
      name: 'import-thread-stays-an-import',
      severity: 'error',
      comment:
        "The import thread runs import-worker.ts: it reaches the pipelines' readers, generator and publisher, the read model and the platform's logger, never a service, an HTTP server or a broker client (every module it loads is loaded again in the thread). chDB crashes in a worker thread: its store and event log are the main thread's, over a port.",
      from: { path: '^pipelines/src/import/import-thread/import-worker\\.ts$' },
      to: {
        reachable: true,
        path: [pkg('identity'), pkg('ingest'), pkg('gateway'), pkg('workers'), pkg('standalone'), '(^|/)chdb(/|$)', '(^|/)fastify(/|$)', '(^|/)kafkajs(/|$)'],
      },
    },
    {
      name: 'standalone-only-from-harnesses',
      severity: 'error',
      comment: 'standalone composes every service; only the e2e harness and benchmarks may start it.',
      from: { pathNot: ['^services/standalone/', '^web/e2e/', '^bench/'] },
      to: { path: pkg('standalone') },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', 'web/e2e/screenshots'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    // Workspace packages are symlinks in node_modules: resolve them to their folders.
    preserveSymlinks: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
