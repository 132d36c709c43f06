import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { page } from '../../helpers/site.js';
import { COMBOBOX_SCRIPT, COMBOBOX_SCRIPT_PATH } from '../../../src/edge/site/commune-combobox.js';

/** GET /communes?q= (docs/site-and-spaces.md, « Suggestions of communes »), and the script of the city field. */
const { t } = useTestApp();

interface Suggestion {
  inseeCode: string;
  name: string;
  postcodes: string[];
  departmentCode: string;
  department: string;
  label: string;
}

const suggest = (q: string | null, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: q === null ? '/communes' : `/communes?q=${encodeURIComponent(q)}`, headers });
async function suggestions(q: string): Promise<Suggestion[]> {
  const response = await suggest(q);
  assert.equal(response.statusCode, 200, `${q}: ${response.body}`);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  return response.json();
}
const codes = async (q: string) => (await suggestions(q)).map((s) => s.inseeCode);

test(`[${databaseKind}] suggestions: a name's beginning, folded; largest first; at most 10`, async () => {
  const lyo = await suggestions('lyo');
  assert.equal(lyo.length, 10);
  assert.deepEqual(lyo[0], {
    inseeCode: '69123',
    name: 'Lyon',
    postcodes: ['69001', '69002', '69003', '69004', '69005', '69006', '69007', '69008', '69009'],
    departmentCode: '69',
    department: 'Rhône',
    label: 'Lyon (69)',
  });
  // Lyon, then its arrondissements, each named as a page shows it.
  assert.ok(lyo.slice(1, 9).every((s) => /^Lyon \d+(er|e)$/.test(s.name) && s.inseeCode.startsWith('6938')));
  // Case, accents, hyphens, spaces and « St » do not matter.
  for (const typed of ['LYO', ' Lyö ', 'lyo']) assert.deepEqual(await codes(typed), await codes('lyo'), typed);
  const saintEtienne = await codes('saint-étienne');
  for (const typed of ['st etienne', 'ST-ETIENNE', 'Saint Etienne', 'st-étie']) assert.equal((await codes(typed))[0], '42218', typed);
  assert.equal(saintEtienne[0], '42218');
  // Largest first: Marseille before its arrondissements and before Martigues; homonyms told apart by their département.
  const mar = await suggestions('mar');
  assert.equal(mar[0]!.label, 'Marseille (13)');
  const nazaire = await suggestions('saint-nazaire');
  assert.equal(nazaire[0]!.label, 'Saint-Nazaire (44)');
  assert.ok(
    nazaire.some((s) => s.departmentCode !== '44' && s.name === 'Saint-Nazaire'),
    'the other Saint-Nazaire',
  );
  assert.equal((await suggestions('s')).length, 10);
  assert.equal((await suggestions('a')).length, 10);
});

test(`[${databaseKind}] suggestions: a postcode's digits, whole or begun`, async () => {
  // The city, then the arrondissement the postcode is of.
  assert.deepEqual(await codes('69003'), ['69123', '69383']);
  assert.deepEqual(await codes('75011'), ['75056', '75111']);
  assert.deepEqual(await codes('20000'), ['2A004'], 'Ajaccio');
  assert.equal((await codes('69'))[0], '69123');
  assert.equal((await codes('750'))[0], '75056');
  assert.deepEqual(await codes('2A'), [], 'a département code, not a postcode, nor a name');
  assert.deepEqual(await codes('97400'), ['97411'], 'overseas: Saint-Denis of La Réunion');
  assert.deepEqual(await codes('00000'), []);
  assert.deepEqual(await codes('99999'), []);
});

test(`[${databaseKind}] suggestions are cached by browsers and proxies, with an ETag answered by a 304`, async () => {
  const first = await suggest('lyo');
  assert.equal(first.headers['cache-control'], 'public, max-age=86400');
  const etag = String(first.headers.etag);
  assert.match(etag, /^"[\w-]{16}"$/);
  assert.equal((await suggest('lyo')).headers.etag, etag, 'the same answer, the same tag');
  assert.notEqual((await suggest('mar')).headers.etag, etag);
  for (const sent of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const again = await suggest('lyo', { 'if-none-match': sent });
    assert.equal(again.statusCode, 304, sent);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, etag);
  }
  assert.equal((await suggest('lyo', { 'if-none-match': '"other"' })).statusCode, 200);
  // Many different texts: each answered, the process keeping only the latest.
  for (let i = 0; i < 1100; i++) assert.equal((await suggest(`x${i}`)).statusCode, 200);
  assert.equal((await suggest('lyo')).headers.etag, etag);
});

test(`[${databaseKind}] bad q: missing, blank or too long is a 400 naming the field and the rule; symbols and SQL find nothing`, async () => {
  for (const url of ['/communes', '/communes?q=', '/communes?q=%20%20', '/communes?other=lyon', `/communes?q=${'a'.repeat(101)}`]) {
    const response = await t.app.inject({ method: 'GET', url });
    assert.equal(response.statusCode, 400, url);
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/, url);
    const problem = response.json();
    assert.equal(problem.code, 'validation_error');
    assert.equal(problem.errors.length, 1);
    assert.equal(problem.errors[0].field, 'q');
    assert.match(problem.errors[0].message, /q .*(obligatoire|100 au plus)/, url);
    assert.equal(problem.detail, problem.errors[0].message);
  }
  // A browser gets the same JSON: the script asks, not a page.
  const fromBrowser = await page(t, '/communes?q=');
  assert.equal(fromBrowser.statusCode, 400);
  assert.match(String(fromBrowser.headers['content-type']), /^application\/problem\+json/);
  for (const q of [
    'a'.repeat(100),
    '!!!',
    '%',
    '--',
    "' OR 1=1 --",
    "lyon'; DROP TABLE listings; --",
    '<script>alert(1)</script>',
    '6',
    '690031',
    '🏠',
  ]) {
    assert.deepEqual(await suggestions(q), [], q);
  }
  // Punctuation around letters is folded away, as in the names of listings' cities.
  assert.deepEqual(await codes('lyo%'), await codes('lyo'));
  assert.deepEqual(await codes('\u0000lyo'), await codes('lyo'));
  // No wildcard: « _yon » is « yon » (Yonval…), never Lyon.
  assert.deepEqual(await codes('_yon'), await codes('yon'));
  assert.ok(!(await codes('_yon')).includes('69123'));
  // As every site parameter, the first of repeated values; bad percent-encoding is no 5xx.
  const repeated = await t.app.inject({ method: 'GET', url: '/communes?q=lyo&q=mar' });
  assert.equal(repeated.json()[0].name, 'Lyon');
  for (const url of ['/communes?q=%E0%A4%A', '/communes?q=%FF', '/communes?q[a]=b', '/communes?q=%00']) {
    const response = await t.app.inject({ method: 'GET', url });
    assert.ok([200, 400].includes(response.statusCode), `${url} → ${response.statusCode}`);
  }
});

test(`[${databaseKind}] the city field: its script on the search forms, a hashed asset cached for ever; the field itself unchanged`, async () => {
  for (const path of ['/', '/listings', '/listings?city=Lyon']) {
    const body = (await page(t, path)).body;
    assert.ok(body.includes(`<script type="module" src="${COMBOBOX_SCRIPT_PATH}"></script>`), path);
    assert.match(
      body,
      /<div class="combo" data-source="\/communes"><div><label for="f-city">Ville<\/label><input id="f-city" name="city" type="text"/,
    );
    // Without script: no combobox roles, no hidden commune field.
    assert.ok(!/role="combobox"|name="commune"/.test(body), path);
  }
  assert.match(COMBOBOX_SCRIPT_PATH, /^\/assets\/communes\.[0-9a-f]{12}\.js$/);
  const asset = await t.app.inject({ method: 'GET', url: COMBOBOX_SCRIPT_PATH });
  assert.equal(asset.statusCode, 200);
  assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.match(String(asset.headers['content-type']), /^text\/javascript/);
  assert.equal(asset.body, COMBOBOX_SCRIPT);
  // Plain JavaScript a browser parses as it is, and small.
  assert.doesNotThrow(() => new Function(COMBOBOX_SCRIPT));
  assert.ok(Buffer.byteLength(COMBOBOX_SCRIPT) < 8192, `${Buffer.byteLength(COMBOBOX_SCRIPT)} bytes`);
  const stale = await t.app.inject({ method: 'GET', url: '/assets/communes.000000000000.js', headers: { accept: 'text/html' } });
  assert.equal(stale.statusCode, 404);
});
