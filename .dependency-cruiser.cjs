/**
 * The architecture's one rule, checked in `npm test`: dependencies point one way. Capability
 * folders (what the service does) never import Fastify or the HTTP layer; they return
 * typed outcomes (src/outcome.ts) that src/http turns into answers. Interface folders
 * (v1, ingestion, admin, health, later site/pro) hold routes, whose files say so in their name.
 */
const CAPABILITIES = [
  'agencies', 'db', 'idempotency', 'jobs', 'keys', 'listings', 'listing-model', 'events', 'masking', 'moderation', 'leads', 'webhooks',
  'relay', 'public-listings', 'client-limits', 'html', 'onboarding', 'quotas', 'request-log', 'validation', 'compliance', 'sync',
  'audit', 'verification', 'operators', 'operations', 'sessions', 'credentials', 'accounts', 'usage',
];
const HTTP = ['^src/http/', 'node_modules/(fastify|fastify-plugin|@fastify/[^/]+)/'];

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
      name: 'capabilities-know-no-http',
      severity: 'error',
      comment: 'Capability code returns outcomes; only src/http and route files speak HTTP.',
      from: { path: [`^src/(${CAPABILITIES.join('|')})/`, '^src/(outcome|config)\\.ts$'] },
      to: { path: HTTP },
    },
    {
      name: 'interface-logic-knows-no-http',
      severity: 'error',
      comment: 'Mapping and validation of an interface are plain functions; only its *route* files speak HTTP.',
      from: { path: '^src/(v1|ingestion|admin|health|site|reference|pro|partner)/', pathNot: 'route' },
      to: { path: HTTP },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
