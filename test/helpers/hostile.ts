import fc from 'fast-check';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Services } from '../../src/main/app.js';
import { adminRoutes } from '../../src/edge/operator-api/routes.js';
import { passerelleBodies } from './hostile-poliris.js';

/**
 * Hostile requests derived from the served OpenAPI description (and, for the operator API,
 * which the description leaves out, from the routes' own schemas). Used by the campaign in
 * the suite and by scripts/hostile-rss.ts, which measures a running server under them.
 */

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  method: string;
  template: string;
  parameters: Parameter[];
  body: Schema | null;
  /** Takes passerelle files (a ZIP or Annonces.csv) rather than JSON. */
  passerelle?: boolean;
  statuses: Set<number>;
  auth: 'live' | 'test' | 'admin' | 'relay' | 'metrics';
}

export interface Description {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses: Record<string, unknown>;
        servers?: Array<{ url: string }>;
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

/** The bearer each kind of operation is called with. */
export interface Credentials {
  live: string;
  test: string;
  admin: string;
  relay: string;
  metrics: string;
}

/** Operations of the description, each on its live path and, for the two interfaces, under /sandbox. */
export function describedOperations(doc: Description): Operation[] {
  const out: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const statuses = new Set(Object.keys(op.responses).map(Number));
      const base = {
        method: method.toUpperCase(),
        parameters: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema ?? null,
        passerelle: Boolean(op.requestBody?.content['application/zip']),
        statuses,
      };
      const sandboxOnly = op.servers?.every((server) => server.url.endsWith('/sandbox')) ?? false;
      if (sandboxOnly) {
        out.push({ ...base, template: `/sandbox${template}`, auth: 'test' });
      } else if (template.startsWith('/relay/')) {
        out.push({ ...base, template, auth: 'relay' });
      } else if (/^\/(v1|ingest)\//.test(template)) {
        out.push({ ...base, template, auth: 'live' }, { ...base, template: `/sandbox${template}`, auth: 'test' });
      } else {
        out.push({ ...base, template, auth: 'live' });
      }
    }
  }
  return out;
}

/** Routes of the operator API, from their own schemas: it is kept out of the public description. */
export async function operatorOperations(services: Services): Promise<Operation[]> {
  const routes: RouteOptions[] = [];
  const probe: FastifyInstance = Fastify();
  probe.decorate('services', services);
  probe.addHook('onRoute', (route) => void routes.push(route));
  await probe.register(adminRoutes, { prefix: '/admin/api' });
  await probe.ready();
  await probe.close();
  const methods = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  return routes.flatMap((route) =>
    methods(route).map((method) => {
      const schema = (route.schema ?? {}) as { params?: Schema; querystring?: Schema; body?: Schema };
      const parameters = [
        ...Object.entries((schema.params?.properties ?? {}) as Record<string, Schema>).map(([name, s]) => ({
          name,
          in: 'path',
          required: true,
          schema: s,
        })),
        ...Object.entries((schema.querystring?.properties ?? {}) as Record<string, Schema>).map(([name, s]) => ({
          name,
          in: 'query',
          schema: s,
        })),
      ];
      const template = route.url.replace(/:(\w+)/g, '{$1}');
      // Each status the operator API answers, as its handlers and the shared error handler send them.
      const statuses = new Set([200, 201, 400, 401, 403, 404, 409, 413, 415, 422]);
      return { method, template, parameters, body: schema.body ?? null, statuses, auth: 'admin' as const };
    }),
  );
}

/**
 * GET /metrics, which the description leaves out (its reader is Prometheus): no parameter of its
 * own, so the campaign sends it unknown query parameters and bodies, with METRICS_TOKEN.
 */
export const metricsOperation: Operation = {
  method: 'GET',
  template: '/metrics',
  parameters: [],
  body: null,
  statuses: new Set([200, 401]),
  auth: 'metrics',
};

// ---------------------------------------------------------------------------------------
// Hostile values. Strings are what reached PostgreSQL unchecked: NUL, lone surrogates,
// control characters, extreme lengths and timestamps; numbers beyond every integer type.

export const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\u0007',
    '\u001f\u007f',
    '',
    ' ',
    '💥',
    '\u202e',
    '../..',
    '%00',
    "'; DROP TABLE listings; --",
    '\\',
    '"',
  ),
  fc.constantFrom(
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+01:00',
    '9999-12-31T23:59:59-01:00',
    '+275760-09-13T00:00:00Z',
    '2016-12-31T23:59:60Z',
    '2026-02-30T10:00:00Z',
  ),
  fc.string({ maxLength: 20 }),
  // Any code points, lone surrogate halves included: what fc.string({ unit: 'binary' }) gives, but
  // that one maps all 1.1 million code points back at its creation (1.5–3 s and ~180 MB per process).
  fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 20 }).map((points) => String.fromCodePoint(...points)),
  fc.integer({ min: 101, max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const anyJson = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant([[[[[[[[[[]]]]]]]]]]),
);

function resolve(description: Description, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.split('/').pop()!;
  return resolve(description, description.components?.schemas?.[name] ?? {});
}

/** A value that mostly follows the schema, with a hostile value somewhere. */
function valueFor(description: Description, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(description, raw);
  const hostile = depth > 3 ? anyJson : fc.oneof(hostileText, hostileNumber, anyJson);
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union)
    return fc.oneof(
      { arbitrary: fc.oneof(...union.map((s) => valueFor(description, s, depth + 1))), weight: 4 },
      { arbitrary: hostile, weight: 1 },
    );
  if (Array.isArray(schema.enum))
    return fc.oneof({ arbitrary: fc.constantFrom(...(schema.enum as unknown[])), weight: 3 }, { arbitrary: hostile, weight: 1 });
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), hostile);
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, valueFor(description, s, depth + 1)])),
        { requiredKeys: (schema.required as string[] | undefined) ?? [] },
      );
      const extra = fc.dictionary(hostileText, anyJson, { maxKeys: 3 });
      return fc.oneof(
        { arbitrary: record, weight: 6 },
        { arbitrary: fc.tuple(record, extra).map(([a, b]) => ({ ...b, ...a })), weight: 1 },
        { arbitrary: hostile, weight: 1 },
      );
    }
    case 'array': {
      const items = valueFor(description, (schema.items ?? {}) as Schema, depth + 1);
      const maxItems = Math.min(Number(schema.maxItems ?? 5), 5);
      return fc.oneof(
        { arbitrary: fc.array(items, { minLength: Number(schema.minItems ?? 0), maxLength: maxItems }), weight: 4 },
        { arbitrary: hostile, weight: 1 },
      );
    }
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Number(schema.minimum ?? -1000), max: Math.min(Number(schema.maximum ?? 1000), 2 ** 31) }),
        hostileNumber,
        hostile,
      );
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), hostile);
    case 'boolean':
      return fc.oneof(fc.boolean(), hostile);
    case 'string':
      return fc.oneof({ arbitrary: hostileText, weight: 3 }, { arbitrary: hostile, weight: 1 });
    default:
      return hostile;
  }
}

/** Text for a path segment or query value: hostile strings, percent-encoded or raw escapes. */
export const hostileSegment = fc.oneof(
  hostileText.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))),
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%C0%80',
    '%',
    '%zz',
    '%FF',
    'lst_',
    'lst_0000000UnknownId',
    'agc_x',
    'key_%00',
    '..',
    '.',
    '-1',
    '1e309',
    '99999999999999999999',
  ),
);

export interface HostileRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export function requestsFor(description: Description, op: Operation, credentials: Credentials): fc.Arbitrary<HostileRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const segments = fc.tuple(...pathParams.map(() => hostileSegment));
  const query = fc.tuple(
    fc.subarray(queryParams),
    fc.array(hostileSegment, { minLength: queryParams.length + 1, maxLength: queryParams.length + 1 }),
    fc.option(fc.tuple(hostileSegment, hostileSegment), { freq: 4 }),
  );
  const acceptsBody = ['POST', 'PUT', 'PATCH'].includes(op.method);
  const body: fc.Arbitrary<{ payload?: string | Buffer; type?: string }> = acceptsBody
    ? fc.oneof(
        ...(op.passerelle ? [{ arbitrary: passerelleBodies, weight: 16 }] : []),
        {
          arbitrary: valueFor(description, op.body ?? {}).map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
          weight: 8,
        },
        {
          arbitrary: fc
            .constantFrom('{', '{"listings":', 'null', '[]', '""', '{"a":1,"a":2}', '\u0000', '{"x":"\\u0000"}', '{"x":"\\ud800"}')
            .map((payload) => ({ payload, type: 'application/json' })),
          weight: 1,
        },
        {
          arbitrary: fc
            .constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x')
            .map((type) => ({ payload: 'a=b', type })),
          weight: 1,
        },
        { arbitrary: fc.constant({}), weight: 1 },
      )
    : fc.constant({});
  const extraHeaders = fc.record(
    { 'idempotency-key': hostileSegment, 'if-match': fc.constantFrom('"v1"', '"v99999999999999999999"', 'W/"v1"', '*', '"v-1"') },
    { requiredKeys: [] },
  );
  return fc.tuple(segments, query, body, extraHeaders).map(([values, [params, queryValues, unknown], { payload, type }, headers]) => {
    let url = op.template;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, values[i]!)));
    const pairs = params.map((p, i) => `${p.name}=${queryValues[i]}`);
    if (unknown) pairs.push(`${unknown[0]}=${unknown[1]}`);
    if (pairs.length > 0) url += `?${pairs.join('&')}`;
    const token = credentials[op.auth];
    return {
      url,
      headers: { authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}), ...headers },
      ...(payload !== undefined ? { payload } : {}),
    };
  });
}
