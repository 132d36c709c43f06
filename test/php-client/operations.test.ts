import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestApp } from '../helpers/app.js';
import { phpMethodName, phpOperations, PHP_OPERATIONS_FILE } from '../../scripts/client-php.js';

const { t } = useTestApp();

let served: { paths: Record<string, Record<string, { operationId?: string }>> } | undefined;
/** The description the service serves, fetched once for all the tests of this file. */
async function servedDescription() {
  served ??= (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  return served!;
}

/** A method's docblock and body, from its docblock's opening to its closing brace. */
function methodText(php: string, method: string): string {
  const start = php.indexOf(`public function ${method}(`);
  assert.ok(start >= 0, `no method ${method}`);
  return php.slice(php.lastIndexOf('/**', start), php.indexOf('\n    }\n', start));
}

const phpAvailable = spawnSync('php', ['--version']).status === 0;

test('the PHP client’s checked-in operations are those the served OpenAPI description generates', async () => {
  const generated = phpOperations(await servedDescription());
  const checkedIn = readFileSync(PHP_OPERATIONS_FILE, 'utf8');
  assert.ok(
    generated === checkedIn,
    'packages/php-client/src/Operations.php is stale: the OpenAPI description changed. Run `npm run client:php` and commit the result.',
  );
});

test('every keyed operation has its method, under the Client’s name for it, and the probes have none', async () => {
  const description = await servedDescription();
  const php = phpOperations(description);
  const operationIds = Object.values(description.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) => operation.operationId ?? []),
  );
  const keyed = operationIds.filter((operationId) => operationId !== 'healthz' && operationId !== 'readyz');
  assert.ok(keyed.length > 30, `only ${keyed.length} operations in the description`);
  for (const operationId of keyed) assert.match(php, new RegExp(`public function ${phpMethodName(operationId)}\\(`, 'u'), operationId);
  const methods = [...php.matchAll(/^ {4}public function (\w+)\(/gmu)].map((match) => match[1]);
  assert.deepEqual(methods.sort(), keyed.map(phpMethodName).sort());
  // The Client's own helpers keep these names; a generated method of the same name would be a fatal error in PHP.
  assert.ok(methods.includes('listLeadsPage') && methods.includes('importPolirisRequest'));
  assert.ok(!methods.includes('listLeads') && !methods.includes('importPoliris') && !methods.includes('healthz'));
});

test('path parameters are rawurlencoded into the path, in the order the path names them', async () => {
  const php = phpOperations(await servedDescription());
  const getLead = methodText(php, 'getLead');
  assert.match(getLead, /public function getLead\(string \$leadId, array \$options = \[\]\): mixed/u);
  assert.match(getLead, /return \$this->request\('GET', '\/v1\/leads\/' \. rawurlencode\(\$leadId\), \$options\);/u);
  const retry = methodText(php, 'retryWebhookDelivery');
  assert.match(retry, /string \$webhookId, string \$deliveryId, array \$options = \[\]/u);
  assert.match(
    retry,
    /'\/v1\/webhooks\/' \. rawurlencode\(\$webhookId\) \. '\/deliveries\/' \. rawurlencode\(\$deliveryId\) \. '\/retry'/u,
  );
});

test('the component schemas are aliases, referred to by name; an enum is a union of literals', async () => {
  const php = phpOperations(await servedDescription());
  const problem = /@phpstan-type Problem array\{\n([\s\S]*?)\n \* \}/u.exec(php)?.[1] ?? '';
  assert.match(problem, /^ \* {5}code: /mu);
  assert.match(problem, /^ \* {5}detail: string,$/mu);
  for (const alias of ['ListingCreate', 'ListingRecord', 'ListingUpdate', 'IngestListing'])
    assert.match(php, new RegExp(`@phpstan-type ${alias} array\\{`, 'u'));
  assert.match(methodText(php, 'getListing'), /@return ListingRecord\n/u);
  assert.match(methodText(php, 'ingestListings'), /body: array\{listings: list<IngestListing>, syncId\?: string\}/u);
  assert.match(methodText(php, 'listLeadsPage'), /status\?: 'new'\|'read'\|'replied'\|'archived'/u);
});

test('the options list only what an operation takes: a required body, an idempotency key where it is read', async () => {
  const php = phpOperations(await servedDescription());
  assert.match(methodText(php, 'getLead'), /@param array\{headers\?: array<string, string>\} \$options/u);
  const poliris = methodText(php, 'importPolirisRequest');
  assert.match(poliris, /\n {5}\* {5}body: string,\n/u);
  assert.match(poliris, /idempotencyKey\?: string/u);
  assert.doesNotMatch(methodText(php, 'setLeadStatus'), /idempotencyKey/u);
  assert.match(methodText(php, 'getListingByExternalIdIngest'), /query: array\{externalId: string\}/u);
});

test('no line of the generated file passes PSR-12’s 120 columns, and none ends in a space', async () => {
  const lines = phpOperations(await servedDescription()).split('\n');
  const long = lines.filter((line) => line.length > 120);
  assert.deepEqual(long, []);
  assert.deepEqual(
    lines.filter((line) => / $/u.test(line)),
    [],
  );
});

test('the mapping of schemas to PHP types, on a description made for it', () => {
  const document = {
    components: {
      schemas: { Thing: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, size: { type: 'number' } } } },
    },
    paths: {
      '/things/{thingId}/parts/{part}': {
        post: {
          operationId: 'makePart',
          description: 'Makes a part. Then more.',
          parameters: [
            { in: 'path', name: 'part', required: true, description: 'The part.' },
            { in: 'path', name: 'thingId', required: true },
          ],
          requestBody: { content: { 'application/json': { schema: { type: 'object', additionalProperties: { type: 'integer' } } } } },
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, size: { type: 'number' } } },
                },
              },
            },
            '201': { content: { 'application/json': { schema: { type: ['integer', 'null'] } } } },
            '204': {},
            '400': { content: { 'application/json': { schema: { type: 'string' } } } },
          },
        },
      },
    },
  };
  const method = methodText(phpOperations(document), 'makePart');
  assert.match(method, /\* Makes a part\.\n {5}\*\n {5}\* Then more\.\n/u);
  assert.match(method, /public function makePart\(string \$thingId, string \$part, array \$options = \[\]\)/u);
  assert.match(method, /@param string \$part The part\./u);
  assert.match(method, /@param array\{body\?: array<string, int>, headers\?: array<string, string>\} \$options/u);
  // The inlined copy of Thing is named back; the 400 answer is an exception, not a return.
  assert.match(method, /@return Thing\|int\|null\n/u);
  assert.match(phpOperations(document), /@phpstan-type Thing array\{id: string, size\?: float\|int\}/u);
});

test('the generated file is valid PHP (php -l)', { skip: phpAvailable ? false : 'php is not on the PATH' }, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'php-operations-'));
  try {
    const file = join(folder, 'Operations.php');
    writeFileSync(file, phpOperations(await servedDescription()));
    const lint = spawnSync('php', ['-l', file], { encoding: 'utf8' });
    assert.equal(lint.status, 0, `${lint.stdout}${lint.stderr}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
