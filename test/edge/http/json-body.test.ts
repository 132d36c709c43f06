import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';

/** A body that is not JSON is answered with where it broke, on every interface (src/edge/http/json-body.ts). */
const { t, agency } = useTestApp();

const JSON_TYPE = { 'content-type': 'application/json' };

async function refused(url: string, key: string, body: string) {
  const response = await t.call('POST', url, key, body, JSON_TYPE);
  assert.equal(response.statusCode, 400, response.body);
  const problem = response.json();
  assert.equal(problem.code, 'validation_error');
  assert.equal(problem.errors.length, 1);
  assert.equal(problem.errors[0].field, 'body');
  return problem as { detail: string; errors: Array<{ field: string; message: string }> };
}

test(`[${databaseKind}] a push cut in the middle says it ends early, and where`, async () => {
  const whole = JSON.stringify({ listings: [ingestItem('CUT-1'), ingestItem('CUT-2')] }, null, 2);
  const cut = whole.slice(0, whole.indexOf('"CUT-2"') + 4);
  const lines = cut.split('\n');
  // The items' French words take two bytes a letter: the offset counts bytes, the column characters.
  const where = `at line ${lines.length}, column ${lines.at(-1)!.length + 1} (byte offset ${Buffer.byteLength(cut)})`;
  assert.ok(Buffer.byteLength(cut) > cut.length);
  for (const [url, key] of [
    ['/ingest/ingestListings', agency.live],
    ['/sandbox/ingest/ingestListings', agency.test],
  ] as const) {
    const problem = await refused(url, key, cut);
    assert.equal(problem.detail, `The body is not valid JSON: unexpected end of the body ${where}`);
    assert.equal(problem.errors[0]!.message, `body must be valid JSON: unexpected end of the body ${where}`);
  }
});

test(`[${databaseKind}] every prefix of a push is an early end, placed at its last byte`, async () => {
  const whole = JSON.stringify({ listings: [ingestItem('PREFIX-1', { title: 'Maison à Évry, 5 pièces' })] });
  for (let length = 1; length < whole.length; length++) {
    const prefix = whole.slice(0, length);
    const problem = await refused('/ingest/ingestListings', agency.live, prefix);
    assert.equal(
      problem.detail,
      `The body is not valid JSON: unexpected end of the body at line 1, column ${length + 1} (byte offset ${Buffer.byteLength(prefix)})`,
    );
  }
});

test(`[${databaseKind}] a trailing comma in a v1 body is named at the comma, by line, column and byte`, async () => {
  const body = '{\n  "externalId": "COMMA-1",\n  "title": "T2 clair",\n}';
  const problem = await refused('/v1/listings', agency.live, body);
  assert.equal(
    problem.detail,
    "The body is not valid JSON: trailing comma: a property must follow ',' at line 3, column 22 (byte offset 50)",
  );
  assert.equal(body.indexOf(',\n}'), 50);
  const inArray = await refused('/v1/listings/batch', agency.live, `{"listings": [${JSON.stringify(v1Body('COMMA-2'))},]}`);
  assert.match(
    inArray.detail,
    /^The body is not valid JSON: trailing comma: a value must follow ',' at line 1, column \d+ \(byte offset \d+\)$/,
  );
});

test(`[${databaseKind}] the operator API says the same; columns count characters and offsets count bytes`, async () => {
  const problem = await refused('/admin/api/agencies', 'test-admin-token-0123456789', '{"name": "Agence Étoile ★", plan: "solo"}');
  assert.equal(
    problem.detail,
    "The body is not valid JSON: expected a property name in double quotes, found 'p' at line 1, column 29 (byte offset 31)",
  );
});

test(`[${databaseKind}] nothing of the body is quoted but the one character at fault, control characters by their code`, async () => {
  const secret = 'svc_pk_LIVE_hunter2hunter2hunter2hunter2';
  const cases: Array<[string, RegExp]> = [
    [`{"listings": [], "password": "${secret}" x}`, /expected ',' or '\}', found 'x' at line 1/],
    [
      `{"listings": [], "token": "${secret}\u0001"}`,
      /control character U\+0001 inside a string: escape it at line 1, column 68 \(byte offset 67\)$/,
    ],
    [`{"listings": [], "token": "${secret}\\x"}`, /invalid escape: .*, found 'x' at line 1/],
    [`{"listings": [], 'token': 1}`, /expected a property name in double quotes, found "'"/],
    [`{"listings": [${secret}]}`, /expected a value, found 's' at line 1, column 15 \(byte offset 14\)$/],
    [`{"listings": [], "n": 01}`, /a number must not have a leading zero/],
    [
      `{"listings": []}\n{"listings": []}`,
      /expected the end of the body after the JSON document, found '\{' at line 2, column 1 \(byte offset 17\)$/,
    ],
  ];
  for (const [body, reason] of cases) {
    const problem = await refused('/ingest/ingestListings', agency.live, body);
    assert.match(problem.detail, reason, body);
    assert.ok(!JSON.stringify(problem).includes('hunter2'), `${body} → ${problem.detail}`);
  }
});

test(`[${databaseKind}] well-formed JSON with a __proto__ key is refused for that, not called invalid JSON`, async () => {
  const problem = await refused('/v1/listings', agency.live, '{"externalId": "P-1", "__proto__": {"admin": true}}');
  assert.match(problem.detail, /"__proto__" key/);
  assert.equal(problem.errors[0]!.message, 'body must not hold a __proto__ or constructor.prototype key');
});
