/**
 * The architecture, checked in `npm test` by path alone (docs/architecture.md): four layers,
 * arrows pointing down only.
 *
 *   src/main      composition: the app, the server, the mounts, the schedule, the CLI
 *   src/edge      HTTP and pages: the shared kits (http, html), then one folder per interface
 *   src/domain    capabilities: typed outcomes, no HTTP
 *   src/platform  database, jobs, validation, idempotency, request log, throttling, config
 *
 * No list of folders to keep up to date: a new folder is placed by the layer it lives in.
 */
const FASTIFY = 'node_modules/(fastify|fastify-plugin|@fastify/[^/]+)/';
const KITS = 'http|html';

module.exports = {
  forbidden: [
    {
      name: 'no-circular-modules',
      severity: 'error',
      comment: 'An import cycle between modules.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'Folders of src/ import each other: one of them should own what both need.',
      scope: 'folder',
      from: { path: '^src/' },
      to: { path: '^src/', circular: true },
    },
    {
      name: 'platform-imports-nothing-above',
      severity: 'error',
      comment: 'The platform (database, jobs, validation, config) knows no capability, interface or composition, and no HTTP.',
      from: { path: '^src/platform/' },
      to: { path: ['^src/(domain|edge|main)/', FASTIFY] },
    },
    {
      name: 'domain-knows-no-http',
      severity: 'error',
      comment: 'Capabilities return typed outcomes (src/platform/outcome.ts); only src/edge speaks HTTP.',
      from: { path: '^src/domain/' },
      to: { path: ['^src/(edge|main)/', FASTIFY] },
    },
    {
      name: 'edge-never-imports-main',
      severity: 'error',
      comment: 'Interfaces are composed by src/main, never the other way round.',
      from: { path: '^src/edge/' },
      to: { path: '^src/main/' },
    },
    {
      name: 'interfaces-are-independent',
      severity: 'error',
      comment: 'An interface imports its own folder and the shared kits (edge/http, edge/html), never another interface.',
      from: { path: `^src/edge/(?!(?:${KITS})/)([^/]+)/` },
      to: { path: '^src/edge/', pathNot: [`^src/edge/$1/`, `^src/edge/(${KITS})/`] },
    },
    {
      name: 'kits-import-no-interface',
      severity: 'error',
      comment: 'The shared kits serve every interface and so know none of them.',
      from: { path: `^src/edge/(${KITS})/` },
      to: { path: '^src/edge/', pathNot: `^src/edge/(${KITS})/` },
    },
    {
      name: 'views-know-no-http',
      severity: 'error',
      comment: 'Views and the HTML kit render typed data; they neither read requests nor send replies.',
      from: { path: ['^src/edge/html/', '^src/edge/[^/]+/views/'] },
      to: { path: ['^src/edge/http/', FASTIFY] },
    },
    {
      name: 'no-database-in-edge',
      severity: 'error',
      comment:
        'Routes call capabilities and run no SQL: nothing under src/edge imports the Database port, its adapters, migrations or ' +
        'statistics, not even as a type; only the id formats (ids.ts). The database reaches a capability through app.services, typed by main.',
      from: { path: '^src/edge/' },
      to: { path: '^src/platform/db/', pathNot: '^src/platform/db/ids\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
