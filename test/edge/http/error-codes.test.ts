import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ERROR_CODES } from '../../../src/platform/outcome.js';
import { ERROR_CODE_TABLE } from '../../../src/edge/http/error-codes.js';
import { ERROR_CODE_GUIDES } from '../../../src/edge/reference/error-codes.js';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';

/*
 * The list of problem codes (platform/outcome.ts) and the tables keyed by it (status and title
 * in edge/http/error-codes.ts, the integrator's guide in edge/reference/error-codes.ts) must
 * agree with what the code raises and what the OpenAPI description documents.
 */

const { t } = useTestApp();

/**
 * Documented for integrators, never answered by this service itself: Fastify answers its own
 * plain 503 while the server closes (a proxy in front may answer it too). Anything else in the
 * table must be raised.
 */
const NOT_RAISED_HERE = ['service_unavailable'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

const sources = sourceFiles('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));

function literals(pattern: RegExp, only = (_path: string) => true): Map<string, string> {
  const found = new Map<string, string>();
  for (const { path, text } of sources.filter((file) => only(file.path)))
    for (const match of text.matchAll(pattern)) found.set(match[1]!, path);
  return found;
}

/** Codes the service raises: refusals, thrown errors and the codes replies note for the log. */
const raised = literals(/(?:new ApiError\(|refuse\(|refuseFields\(|errorCode = )\s*'([a-z_]+)'/g);
/** Codes the interfaces read back from a refusal to choose what to show. */
const compared = literals(/\.code (?:===|!==) '([a-z_]+)'/g, (path) => path.startsWith(join('src', 'edge')));

test('every code raised or compared has an entry in the list of codes', () => {
  for (const [code, where] of [...raised, ...compared])
    assert.ok((ERROR_CODES as readonly string[]).includes(code), `${code} (${where}) is not in ERROR_CODES`);
  assert.ok(raised.size >= 8, 'the scan finds the codes raised');
});

test('every code of the list is raised somewhere, unless it is documented as answered only in front of the service', () => {
  for (const code of ERROR_CODES) {
    if (NOT_RAISED_HERE.includes(code)) assert.ok(!raised.has(code), `${code} is raised now: take it off NOT_RAISED_HERE`);
    else assert.ok(raised.has(code), `${code} has an entry but nothing raises it`);
  }
});

test('the tables keyed by code list exactly the codes of the list, each status once', () => {
  assert.deepEqual(Object.keys(ERROR_CODE_TABLE).sort(), [...ERROR_CODES].sort());
  assert.deepEqual(Object.keys(ERROR_CODE_GUIDES).sort(), [...ERROR_CODES].sort());
  const statuses = Object.values(ERROR_CODE_TABLE).map((entry) => entry.status);
  assert.equal(new Set(statuses).size, statuses.length);
});

test(`[${databaseKind}] the served description documents every error status with its code, and only codes of the list`, async () => {
  const spec = t.app.swagger() as unknown as {
    components: { schemas: { Problem: { properties: { code: { enum: string[] } } } } };
    paths: Record<string, Record<string, { responses?: Record<string, { description?: string; content?: Record<string, unknown> }> }>>;
  };
  assert.deepEqual(spec.components.schemas.Problem.properties.code.enum, [...ERROR_CODES]);
  let documented = 0;
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!response.content?.['application/problem+json']) continue;
        const code = response.description?.split(':')[0] as keyof typeof ERROR_CODE_TABLE;
        assert.ok(code in ERROR_CODE_TABLE, `${method} ${path} ${status}: "${response.description}" names no code`);
        assert.equal(ERROR_CODE_TABLE[code].status, Number(status), `${method} ${path} ${status}`);
        documented++;
      }
    }
  }
  assert.ok(documented > 50);
});

test(`[${databaseKind}] an answer's status and title are those of its code`, async () => {
  const refused = await t.call('GET', '/v1/me', null);
  assert.equal(refused.statusCode, ERROR_CODE_TABLE.unauthorized.status);
  assert.equal(refused.json().title, ERROR_CODE_TABLE.unauthorized.title);
  const page = (await t.app.inject({ method: 'GET', url: '/errors/precondition_failed', headers: { accept: 'application/json' } })).json();
  assert.equal(page.status, 412);
  assert.equal(page.title, ERROR_CODE_TABLE.precondition_failed.title);
});
