import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../config.js';

/**
 * The OpenAPI 3.1 description is generated from the route schemas that also validate
 * requests and serialise responses, so the document cannot drift from the behaviour.
 */
// The OpenAPI types know no x- extensions on servers.
const PUBLIC = { 'x-internal': false } as object;

export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    // Shared schemas keep their names ($id) in components instead of def-0, def-1…
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `schema${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'listing-sync',
        version: '1.0.0',
        contact: { name: 'listing-sync integration support', url: `${config.siteUrl}/docs` },
        description:
          'Receives real-estate listings from agency software and publishes them on a public listings site. ' +
          'Two interfaces share one listing model: the bulk ingestion interface (`/ingest`) and the REST v1 interface (`/v1`). ' +
          'Each has a sandbox under `/sandbox` that takes TEST keys only. Errors are RFC 9457 problem details ' +
          '(`application/problem+json`) with a `code` from the spec and `errors[]` of `{field, message}`. ' +
          'CORS: none. The API is called server to server by agencies’ software with secret keys; it never sends ' +
          'Access-Control-Allow-* headers, so browsers refuse cross-origin calls (keys must not live in web pages).',
      },
      servers: [
        // Both are public: agencies' software calls them (x-internal: false, for OWASP API9 inventory).
        { url: config.baseUrl, description: 'Production (LIVE keys)', ...PUBLIC },
        { url: `${config.baseUrl}/sandbox`, description: 'Sandbox (TEST keys)', ...PUBLIC },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: svc_pk_LIVE_… on live paths, svc_pk_TEST_… on the sandbox.' },
        },
      },
      tags: [
        { name: 'ingestion', description: 'Bulk push and reconciliation (no version segment).' },
        { name: 'v1', description: 'REST interface, version 1.0.0.' },
        { name: 'service', description: 'Health and documentation.' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
