/**
 * The Postman collection served at GET /postman.json, generated from the OpenAPI description
 * by openapi-to-postmanv2, then arranged so that it runs top to bottom (`newman run`, or
 * Postman's runner): folders in an order where each request finds what it needs, a test per
 * request checking the documented success status, and the ids later requests use (syncId,
 * serviceId, externalId, leadId…) kept in collection variables. It runs again and again against the
 * same agency, one that holds listings included: each run names its listings with a `runId`
 * of its own, deletes what it created, and its sync session withdraws none of the agency's listings.
 */

interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  request?: {
    method: string;
    body?: { raw?: string };
    url: {
      host?: string[];
      raw?: string;
      path?: string[];
      query?: Array<{ key: string; value: string }>;
      variable?: Array<{ key: string; value: string }>;
    };
    auth?: unknown;
  };
  event?: Array<{ listen: 'test' | 'prerequest'; script: { type: 'text/javascript'; exec: string[] } }>;
}

interface PostmanCollection {
  info: Record<string, unknown>;
  item: PostmanItem[];
  variable?: Array<{ key: string; value: string; description?: string }>;
  auth?: unknown;
  event?: unknown[];
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        security?: unknown[];
        servers?: Array<{ url: string }>;
        responses?: Record<string, unknown>;
        requestBody?: { content?: Record<string, { schema?: { $ref?: string }; example?: unknown }> };
      }
    >
  >;
  components?: { schemas?: Record<string, { examples?: unknown[] }> };
  servers?: unknown[];
};

/** The run's order: a fresh agency first syncs (nothing to withdraw), pushes, uses v1, then deletes. */
const STEPS: Array<{ name: string; operations: string[] | 'rest' }> = [
  { name: '1. Service and key', operations: ['healthz', 'readyz', 'getMe'] },
  { name: '2. Full sync session', operations: ['startSyncSession', 'getSyncSession', 'completeSyncSession', 'abandonSyncSession'] },
  { name: '3. Ingestion', operations: ['ingestListings', 'computeContentHashes', 'agencyListings', 'getListingByExternalIdIngest'] },
  {
    name: '4. v1',
    operations: [
      'upsertListing',
      'listListings',
      'getListing',
      'getListingByExternalId',
      'getListingPerformance',
      'getAgencyPerformance',
      'updateListing',
      'setListingStatus',
      'sandboxDecideModeration',
      'batchUpsertListings',
    ],
  },
  {
    name: '5. Webhooks',
    operations: [
      'createWebhook',
      'listWebhooks',
      'getWebhook',
      'updateWebhook',
      'rotateWebhookSecret',
      'testWebhook',
      'listWebhookDeliveries',
      'retryWebhookDelivery',
    ],
  },
  { name: '6. Leads', operations: ['sandboxCreateLead', 'listLeads', 'getLead', 'replyToLead', 'setLeadStatus'] },
  { name: '7. Other operations', operations: 'rest' },
  { name: '8. Deletes', operations: ['deleteListing', 'deleteListingByExternalIdIngest', 'deleteWebhook'] },
];

/** Ids a response hands to later requests, beyond the generic top-level `…Id` fields. */
const KEPT_FROM: Record<string, Array<[variable: string, path: string]>> = {
  ingestListings: [['externalId', 'results.0.externalId']],
  createWebhook: [['webhookId', 'webhook.webhookId']],
};

const ID_VARIABLES = ['syncId', 'serviceId', 'externalId', 'webhookId', 'deliveryId', 'leadId'];

/**
 * Operations on one conversation run in the sandbox only, on the test conversation the run
 * opened there (POST /sandbox/v1/leads): a LIVE run would answer real visitors, by mail.
 */
export const SANDBOX_RUN_ONLY = ['getLead', 'replyToLead', 'setLeadStatus'];

/** Operations a run never sends: a passerelle file is the agency's whole set, and would withdraw every listing it lacks. */
export const NEVER_RUN = ['importPoliris'];

/** Requests whose prerequisite the run order cannot give: abandoning needs an open session of its own. */
const PREREQUEST: Record<string, string[]> = {
  importPoliris: [
    '// Send your software’s passerelle ZIP (Body → binary): a file is your whole set, and what it lacks is withdrawn.',
    'pm.execution.skipRequest();',
  ],
  // The run's first request: Postman keeps collection variables from one run to the next.
  healthz: [
    '// A new run: its own runId (the suffix of the externalIds it creates), and no id kept from an earlier run.',
    "pm.collectionVariables.set('runId', Date.now().toString(36) + Math.random().toString(36).slice(2, 6));",
    `${JSON.stringify(ID_VARIABLES)}.forEach(function (name) { pm.collectionVariables.set(name, ''); });`,
  ],
  completeSyncSession: [
    '// Completing withdraws each listing on the market that no push of the session named. So that a run against an',
    '// agency that holds listings withdraws none of them, a push carrying the session names each one by its externalId',
    '// alone: it rejects such entries and writes nothing, but the session counts them as seen (docs/integrator-kit.md).',
    "var ingest = pm.variables.get('baseUrl') + pm.variables.get('sandbox') + '/ingest';",
    "var auth = { Authorization: 'Bearer ' + pm.variables.get('apiKey') };",
    'function page(afterTs) {',
    "  pm.sendRequest({ url: ingest + '/agencyListings?limit=1000&afterTs=' + afterTs, method: 'GET', header: auth }, function (error, response) {",
    '    if (error || response.code !== 200) return;',
    '    var body = response.json();',
    '    var named = body.listings',
    "      .filter(function (l) { return ['active', 'under_offer', 'paused'].indexOf(l.status) >= 0; })",
    '      .map(function (l) { return { externalId: l.externalId }; });',
    '    for (var i = 0; i < named.length; i += 500) {',
    "      pm.sendRequest({ url: ingest + '/ingestListings', method: 'POST',",
    "        header: { Authorization: auth.Authorization, 'Content-Type': 'application/json' },",
    "        body: { mode: 'raw', raw: JSON.stringify({ syncId: pm.collectionVariables.get('syncId'), listings: named.slice(i, i + 500) }) } });",
    '    }',
    '    if (body.nextAfterTs !== null) page(body.nextAfterTs);',
    '  });',
    '}',
    'page(0);',
  ],
  abandonSyncSession: [
    '// Abandoning needs an open session: the one started earlier in the run was completed.',
    "pm.sendRequest({ url: pm.variables.get('baseUrl') + pm.variables.get('sandbox') + '/ingest/syncSessions', method: 'POST',",
    "  header: { Authorization: 'Bearer ' + pm.variables.get('apiKey') } }, function (error, response) {",
    "  if (!error && response.code === 201) pm.collectionVariables.set('syncId', response.json().syncId);",
    '});',
  ],
};

/**
 * The example bodies name fixed externalIds (CRM-1042…): a second run would update the first
 * run's listings, and an agency's own CRM-1042 would be overwritten. Each run suffixes them
 * with its runId. The v1 batch upserts the listing the v1 POST created, so that the deletes at
 * the end remove everything the run wrote.
 */
function externalIdsOfTheRun(body: string, batchTarget: string | null): string {
  const parsed = JSON.parse(body) as { externalId?: string; listings?: Array<{ externalId?: string }> };
  const own = (id: string) => `${id}-{{runId}}`;
  if (typeof parsed.externalId === 'string') parsed.externalId = own(parsed.externalId);
  for (const listing of parsed.listings ?? []) {
    if (typeof listing.externalId === 'string') listing.externalId = batchTarget ?? own(listing.externalId);
  }
  return JSON.stringify(parsed, null, 2);
}

const LISTING_WRITES = ['ingestListings', 'computeContentHashes', 'upsertListing'];

/** Bodies for operations whose schema gives no example that would be accepted as it is. */
const BODY_EXAMPLES: Record<string, unknown> = {
  sandboxDecideModeration: { decision: 'approve' },
  createWebhook: {
    url: 'https://crm.example.com/hooks/listing-sync',
    events: ['listing.published', 'listing.rejected', 'lead.received'],
    description: 'CRM',
  },
  updateWebhook: { description: 'CRM, nightly sync' },
  // The listing the run created (a sandbox one: this operation exists only there).
  sandboxCreateLead: {
    serviceId: '{{serviceId}}',
    name: 'Camille Martin',
    email: 'camille.martin@example.org',
    message: 'Bonjour, ce T3 est-il toujours disponible ? Je peux visiter en fin de semaine.',
  },
};

/** An operation whose own servers are all under /sandbox exists only there (TEST keys). */
const sandboxOnly = (operation: { servers?: Array<{ url: string }> }) =>
  Boolean(operation.servers?.length) && operation.servers!.every((server) => /\/sandbox\/?$/.test(server.url));

const SKIP_OUTSIDE_SANDBOX = [
  '// This operation exists only under /sandbox, with a TEST key.',
  "if (!pm.variables.get('sandbox')) pm.execution.skipRequest();",
];

const SKIP_LIVE_CONVERSATION = [
  '// Run in the sandbox only, on the test conversation this run opened: with a LIVE key it would answer a real visitor.',
  "if (!pm.variables.get('sandbox')) pm.execution.skipRequest();",
];

/** openapi-to-postmanv2 takes a body's example from the body's own schema, not through a $ref. */
function inlineReferencedExamples(document: OpenApi): OpenApi {
  const doc = structuredClone(document);
  for (const operations of Object.values(doc.paths)) {
    for (const operation of Object.values(operations)) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        const ref = media.schema?.$ref;
        const examples = ref ? doc.components?.schemas?.[ref.replace('#/components/schemas/', '')]?.examples : undefined;
        if (examples?.length && media.example === undefined) media.example = examples[0];
      }
    }
  }
  return doc;
}

/** The converter is large and used only by GET /postman.json: loaded on its first call, not at start. */
async function convert(document: OpenApi): Promise<PostmanCollection> {
  const { convertV2 } = await import('openapi-to-postmanv2');
  return new Promise((resolve, reject) => {
    convertV2(
      { type: 'json', data: document as never },
      { folderStrategy: 'Paths', parametersResolution: 'Example', enableOptionalParameters: false, requestNameSource: 'Fallback' },
      (error, result) => {
        if (error || !result?.result) reject(error ?? new Error(`openapi-to-postmanv2: ${result?.reason}`));
        else resolve(result.output![0]!.data as unknown as PostmanCollection);
      },
    );
  });
}

const requests = (items: PostmanItem[]): PostmanItem[] => items.flatMap((item) => (item.item ? requests(item.item) : [item]));

function testScript(method: string, path: string, statuses: number[], operationId: string): string[] {
  const kept = KEPT_FROM[operationId] ?? [];
  const check = [
    `pm.test(${JSON.stringify(`${method} ${path} answers ${statuses.join(' or ')}`)}, function () {`,
    `  pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(statuses)});`,
    '});',
  ];
  // Only writes hand ids on: a read of another listing must not replace the one a write made.
  if (method !== 'POST') return check;
  return [
    ...check,
    '// Ids for the requests that follow; the first value kept wins.',
    'let body = null;',
    'try { body = pm.response.json(); } catch (e) { body = null; }',
    'function keep(name, value) {',
    "  if (typeof value === 'string' && !pm.collectionVariables.get(name)) pm.collectionVariables.set(name, value);",
    '}',
    `if (body && typeof body === 'object') {`,
    `  ${JSON.stringify(ID_VARIABLES)}.forEach(function (name) { keep(name, body[name]); });`,
    ...kept.map(
      ([variable, at]) =>
        `  keep(${JSON.stringify(variable)}, ${JSON.stringify(at.split('.'))}.reduce(function (v, k) { return v == null ? v : v[k]; }, body));`,
    ),
    '}',
  ];
}

/**
 * Fits one request of the converted collection to the service: its path as the description
 * writes it, the sandbox host of keyed operations, an example body, ids from earlier answers,
 * and its test and pre-request scripts. Returns its operationId, or null when the description
 * has no such operation.
 */
function prepareRequest(item: PostmanItem, doc: OpenApi): string | null {
  const request = item.request!;
  const segments = (request.url.path ?? []).map((segment) => segment.replace(/^:(.+)$/, '{$1}'));
  // An operation with servers of its own gets them in its URL (/sandbox…): its path is the rest.
  if (segments[0] === 'sandbox' && !doc.paths['/' + segments.join('/')]) segments.shift();
  const path = '/' + segments.join('/');
  const method = request.method.toLowerCase();
  const operation = doc.paths[path]?.[method];
  if (!operation?.operationId) return null;
  const onlySandbox = sandboxOnly(operation);
  request.url.path = segments.map((segment) => segment.replace(/^\{(.+)\}$/, ':$1'));
  // Any documented success: an upsert answers 201 on a fresh agency and 200 when run again.
  const successes = Object.keys(operation.responses ?? {})
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort();
  // Keyed operations live under /sandbox too; the health probes only at the root.
  if (operation.security?.length || onlySandbox) {
    request.url.host = [onlySandbox ? '{{baseUrl}}/sandbox' : '{{baseUrl}}{{sandbox}}'];
    delete request.url.raw;
  }
  const example = BODY_EXAMPLES[operation.operationId];
  if (example !== undefined && request.body) request.body.raw = JSON.stringify(example, null, 2);
  // Path and query ids come from the variables earlier responses set.
  for (const variable of request.url.variable ?? []) if (ID_VARIABLES.includes(variable.key)) variable.value = `{{${variable.key}}}`;
  for (const query of request.url.query ?? []) if (ID_VARIABLES.includes(query.key)) query.value = `{{${query.key}}}`;
  item.event = [
    { listen: 'test', script: { type: 'text/javascript', exec: testScript(request.method, path, successes, operation.operationId) } },
  ];
  const prerequest = [
    ...(onlySandbox ? SKIP_OUTSIDE_SANDBOX : []),
    ...(SANDBOX_RUN_ONLY.includes(operation.operationId) ? SKIP_LIVE_CONVERSATION : []),
    ...(PREREQUEST[operation.operationId] ?? []),
  ];
  if (prerequest.length) item.event.push({ listen: 'prerequest', script: { type: 'text/javascript', exec: prerequest } });
  return operation.operationId;
}

const COLLECTION_DESCRIPTION =
  'Generated from the OpenAPI description of listing-sync (GET /openapi.json). Set `apiKey` to a LIVE key of the agency; for the sandbox, ' +
  'a TEST key and `sandbox` set to `/sandbox`. Run the folders in order, as often as you like, on any agency: each request checks its ' +
  'documented success status and keeps the ids the next ones use (syncId, serviceId, externalId). Each run names the listings it ' +
  'creates with a runId of its own (CRM-2001-{{runId}}) and deletes them at the end. Before completing its sync session it names ' +
  'each listing the agency has on the market in a push that carries the session and only externalIds (rejected, nothing written), ' +
  'so the session withdraws none of them. In the sandbox it opens a test conversation on its listing and answers it; a LIVE run ' +
  'only lists the conversations (answering one would mail a real visitor).\n\n';

/** The collection's variables: where the service is, the key, and the ids a run keeps. */
const collectionVariables = (baseUrl: string) => [
  { key: 'baseUrl', value: baseUrl, description: 'The service’s address (BASE_URL).' },
  { key: 'sandbox', value: '', description: 'Empty for live data with a LIVE key; /sandbox with a TEST key.' },
  { key: 'apiKey', value: '', description: 'An API key of the agency: svc_pk_LIVE_… (or svc_pk_TEST_… with the sandbox).' },
  ...ID_VARIABLES.map((key) => ({ key, value: '', description: 'Kept from an earlier response of the run.' })),
  { key: 'runId', value: '', description: 'Set by the run’s first request: the suffix of the externalIds the run creates.' },
];

export async function postmanCollection(document: object, baseUrl: string): Promise<PostmanCollection> {
  const doc = document as OpenApi;
  const collection = await convert(inlineReferencedExamples(doc));
  const byOperation = new Map<string, PostmanItem>();
  for (const item of requests(collection.item)) {
    const operationId = prepareRequest(item, doc);
    if (operationId !== null) byOperation.set(operationId, item);
  }
  for (const id of LISTING_WRITES) {
    const body = byOperation.get(id)?.request?.body;
    if (body?.raw) body.raw = externalIdsOfTheRun(body.raw, null);
  }
  const upserted = byOperation.get('upsertListing')?.request?.body?.raw;
  const batch = byOperation.get('batchUpsertListings')?.request?.body;
  if (batch?.raw && upserted) batch.raw = externalIdsOfTheRun(batch.raw, (JSON.parse(upserted) as { externalId: string }).externalId);
  const placed = new Set(STEPS.flatMap((step) => (step.operations === 'rest' ? [] : step.operations)));
  const folders = STEPS.map((step) => ({
    name: step.name,
    item:
      step.operations === 'rest'
        ? [...byOperation].filter(([id]) => !placed.has(id)).map(([, item]) => item)
        : step.operations.flatMap((id) => byOperation.get(id) ?? []),
  })).filter((folder) => folder.item.length > 0);

  const described = String((collection.info.description as { content?: string } | undefined)?.content ?? '');
  const arranged: PostmanCollection = {
    ...collection,
    info: {
      ...collection.info,
      description: {
        content: COLLECTION_DESCRIPTION + described,
        type: 'text/markdown',
      },
    },
    item: folders,
    variable: collectionVariables(baseUrl),
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] },
  };
  return JSON.parse(JSON.stringify(arranged).replaceAll('{{bearerToken}}', '{{apiKey}}')) as PostmanCollection;
}
