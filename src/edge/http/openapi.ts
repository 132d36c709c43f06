import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../../platform/config.js';
import { UNIX_SECONDS_MAX } from '../../platform/validation/schema-types.js';
import { postmanCollection } from './postman.js';
import { DELIVERY_HEADERS_DOC, EVENT_EXAMPLES } from '../../domain/webhooks/event-catalogue.js';

/** OpenAPI 3.1 `webhooks`: what an endpoint receives, one entry per event type, with an example body. */
function webhookDescriptions() {
  return Object.fromEntries(
    Object.entries(EVENT_EXAMPLES).map(([type, { summary, data }]) => [
      type,
      {
        post: {
          operationId: `event_${type.replace('.', '_')}`,
          summary,
          description: DELIVERY_HEADERS_DOC,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: {
                    type: { type: 'string', const: type },
                    timestamp: { type: 'string', format: 'date-time', maxLength: 35, description: 'When the change committed.' },
                    data: { type: 'object', description: 'Ids, version, status and moderation state; never the street address.' },
                  },
                },
                example: { type, timestamp: '2026-11-24T09:41:07.120Z', data },
              },
            },
          },
          responses: { '200': { description: 'Any 2xx within 10 seconds acknowledges the delivery.' } },
        },
      },
    ]),
  );
}

/** What a success answer holds, by operationId and status: read in /docs where "Default Response" would be. */
const SUCCESS_DESCRIPTIONS: Record<string, Record<string, string>> = {
  getMe: { 200: 'The key, its agency and plan, and every quota that applies with its limit, use and reset time.' },
  upsertListing: {
    201: 'Created: the listing is new (version 1). status is active when automatic moderation approved it in this request, pending_moderation when it waits for an operator, rejected when refused. Location gives its URL.',
    200: 'Updated (a new version), or unchanged (the content equals what is stored; no new version): outcome says which.',
  },
  listListings: { 200: 'One page of the agency’s listings, most recently changed first, with the total and whether more pages follow.' },
  getListing: { 200: 'The listing in v1 names; ETag "v{version}" is what If-Match takes.' },
  getListingByExternalId: { 200: 'The listing in v1 names; ETag "v{version}" is what If-Match takes.' },
  updateListing: { 200: 'The listing after the update; its version grew by 1 if anything changed.' },
  setListingStatus: { 200: 'The listing with its new commercial status.' },
  deleteListing: { 200: 'Deleted: the listing has left the public site and every read.' },
  batchUpsertListings: { 200: 'The request was well-formed: one result per item, in order, each created, updated, unchanged or error.' },
  ingestListings: { 200: 'The push was processed: counters, and one entry in errors[] per rejected listing (the others are written).' },
  agencyListings: { 200: 'One page of the agency’s current listings with their contentHash; nextAfterTs is null on the last page.' },
  getListingByExternalIdIngest: { 200: 'The listing in ingestion names, with the service’s own fields.' },
  deleteListingByExternalIdIngest: { 200: 'Deleted: the listing has left the public site and every read.' },
  healthz: { 200: 'The process is up.' },
  readyz: { 200: 'The process is up and its database answers.', 503: 'The database does not answer: send traffic elsewhere.' },
};

// Header values with their bounds, as every other value of the description states them.
const integerHeader = (description: string, required = true, maximum = 2_147_483_647) => ({
  type: 'integer',
  format: maximum > 2_147_483_647 ? 'int64' : 'int32',
  minimum: 0,
  maximum,
  description,
  required,
});
const textHeader = (description: string, required = true, maxLength = 512) => ({ type: 'string', maxLength, description, required });

/** Sent on every answer to an authenticated call (the quota counted it), refusals included. */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': integerHeader('Calls allowed by the tightest quota that applies (rolling 24 hours).'),
  'X-RateLimit-Remaining': integerHeader('Calls left in that quota.'),
  'X-RateLimit-Reset': integerHeader('When that quota has room again, in Unix seconds.', true, UNIX_SECONDS_MAX),
  'RateLimit-Policy': textHeader('IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400.'),
  RateLimit: textHeader('IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t).'),
};
const RETRY_AFTER = { 'Retry-After': integerHeader('Seconds to wait before the quota admits a call again.') };
const IDEMPOTENT_REPLAYED = {
  'Idempotent-Replayed': textHeader('"true" when this is the stored answer to an earlier request with the same Idempotency-Key.', false),
};
const LOCATION = {
  Location: {
    ...textHeader('URL of what was created: the new listing, sync session or lead (GET it for the full record).', true, 2048),
    format: 'uri-reference',
  },
};

type RouteSchema = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  body?: { $id?: string };
  headers?: { properties?: Record<string, unknown> };
  response?: Record<string, Record<string, unknown>>;
};

/**
 * Completes each documented operation with what its route schema does not say: success
 * descriptions, the headers every authenticated answer carries, and shared schemas as
 * references. Works on copies: the route schemas also validate and serialise.
 */
function documentOperation(schema: RouteSchema, sharedIds: Set<string>): RouteSchema {
  const asReference = <T extends { $id?: string }>(part: T): T =>
    part.$id && sharedIds.has(part.$id) ? ({ $ref: part.$id } as unknown as T) : part;
  const authenticated = (schema.security?.length ?? 0) > 0;
  const idempotent = Boolean(schema.headers?.properties?.['idempotency-key']);
  const response: Record<string, Record<string, unknown>> = {};
  for (const [status, original] of Object.entries(schema.response ?? {})) {
    const {
      headers: ownHeaders,
      description: ownDescription,
      ...rest
    } = original as { headers?: Record<string, unknown>; description?: string };
    const isSchema = !('content' in rest);
    const body = isSchema ? asReference(rest as { $id?: string }) : rest;
    const headers: Record<string, unknown> = {};
    for (const [name, header] of Object.entries(ownHeaders ?? {})) headers[name] = { required: true, ...(header as object) };
    if (authenticated && status !== '401') {
      // A suspended agency's key is refused (403) before any quota is counted: no quota headers then.
      for (const [name, header] of Object.entries(RATE_LIMIT_HEADERS))
        headers[name] = status === '500' || status === '403' ? { ...header, required: false } : header;
    }
    if (status === '429') Object.assign(headers, RETRY_AFTER);
    if (idempotent && status !== '401' && status !== '429') Object.assign(headers, IDEMPOTENT_REPLAYED);
    if (status === '201') Object.assign(headers, LOCATION);
    const description =
      ownDescription ??
      SUCCESS_DESCRIPTIONS[schema.operationId ?? '']?.[status] ??
      (Number(status) < 300 && schema.summary ? `${schema.summary}: done.` : undefined);
    response[status] = {
      ...body,
      ...(description ? { description } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    };
  }
  return { ...schema, ...(schema.body ? { body: asReference(schema.body) } : {}), ...(schema.response ? { response } : {}) };
}

type OpenApiDocument = {
  paths?: Record<
    string,
    Record<string, { responses?: Record<string, { headers?: Record<string, { schema?: Record<string, unknown>; required?: boolean }> }> }>
  >;
};

/** @fastify/swagger copies a header's whole entry into its schema; `required` belongs beside it. */
function liftHeaderRequired(document: OpenApiDocument) {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        for (const header of Object.values(response.headers ?? {})) {
          if (typeof header.schema?.required !== 'boolean') continue;
          const { required, ...schema } = header.schema;
          header.schema = schema;
          header.required = required as boolean;
        }
      }
    }
  }
  return document;
}

/**
 * The OpenAPI 3.1 description is generated from the route schemas that also validate
 * requests and serialise responses, so the document cannot drift from the behaviour.
 */
// The OpenAPI types know no x- extensions on servers.
const PUBLIC = { 'x-internal': false } as object;

export async function registerOpenApi(app: FastifyInstance, config: Config) {
  const sharedIds = () => new Set(Object.keys(app.getSchemas()));
  await app.register(swagger, {
    // Shared schemas keep their names ($id) in components instead of def-0, def-1…
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `schema${i}`) },
    transformObject: (documents) => liftHeaderRequired((documents as { openapiObject: OpenApiDocument }).openapiObject),
    transform: ({ schema, url }) => ({
      schema: schema ? (documentOperation(schema as RouteSchema, sharedIds()) as typeof schema) : schema,
      url,
    }),
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'listing-sync',
        version: '1.0.0',
        contact: { name: 'listing-sync integration support', url: `${config.baseUrl}/support` },
        description:
          'Receives real-estate listings from agency software and publishes them on a public listings site. ' +
          'Two interfaces share one listing model: the bulk ingestion interface (`/ingest`) and the REST v1 interface (`/v1`). ' +
          'Each has a sandbox under `/sandbox` that takes TEST keys only. Errors are RFC 9457 problem details ' +
          '(`application/problem+json`) with a `code` from the spec; 400 and 422 (and a 409 about one field) add `errors[]` of `{field, message}`; each `type` URI is a page ' +
          'that explains its code. A path called with a method it does not take answers 405 `method_not_allowed` with an `Allow` header ' +
          'listing the methods it takes (`GET /ingest/ingestListings`: `Allow: POST`); a path no operation has answers 404. ' +
          'Every answer to an authenticated call carries the rate-limit headers of its tightest quota. ' +
          'CORS: none. The API is called server to server by agencies’ software with secret keys; it never sends ' +
          'Access-Control-Allow-* headers, so browsers refuse cross-origin calls (keys must not live in web pages).',
      },
      servers: [
        // Relative first: "Try it out" then calls the address the page was loaded from,
        // whichever it is (127.0.0.1, localhost, a proxy's name), never another origin.
        // All are public: agencies' software calls them (x-internal: false, for OWASP API9 inventory).
        { url: '/', description: 'This server, production (LIVE keys)', ...PUBLIC },
        { url: '/sandbox', description: 'This server, sandbox (TEST keys)', ...PUBLIC },
        { url: config.baseUrl, description: 'Production (LIVE keys), at BASE_URL', ...PUBLIC },
        { url: `${config.baseUrl}/sandbox`, description: 'Sandbox (TEST keys), at BASE_URL', ...PUBLIC },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key: svc_pk_LIVE_… on live paths, svc_pk_TEST_… on the sandbox.',
          },
          relayAuth: { type: 'http', scheme: 'bearer', description: 'The partner portal’s RELAY_TOKEN (the relay feed only).' },
        },
      },
      tags: [
        { name: 'ingestion', description: 'Bulk push and reconciliation (no version segment).' },
        { name: 'v1', description: 'REST interface, version 1.0.0.' },
        { name: 'service', description: 'Health probes for load balancers. No key needed.' },
        { name: 'webhooks', description: 'Webhook endpoints (scope webhooks:manage). What is sent is under webhooks in this description.' },
        { name: 'relay', description: 'The partner portal’s pull feed (RELAY_TOKEN).' },
      ],
      webhooks: webhookDescriptions() as never,
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        // Swagger UI sets inline styles from its scripts; with hashes listed, 'unsafe-inline' would be ignored.
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
        .replace(/font-src [^;]*;/, "font-src 'self' data:;")
        .replace(/img-src [^;]*;/, "img-src 'self' data:;")
        // Over plain HTTP (local use, or a LAN address) an upgrade would send "Try it out" to a port that speaks no TLS.
        .replace(/upgrade-insecure-requests;/, config.tls ? 'upgrade-insecure-requests;' : ''),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Generated on the first request (about 0.3 s), then kept: the description does not change while the process runs.
  let collection: Promise<object> | null = null;
  app.get('/postman.json', { schema: { hide: true } }, async () => {
    collection ??= postmanCollection(app.swagger(), config.baseUrl).catch((error: unknown) => {
      collection = null;
      throw error;
    });
    return collection;
  });
}
