import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ERROR_CODES } from '../../../src/platform/outcome.js';
import { escapeHtml } from '../../../src/edge/html/render.js';

const { t } = useTestApp();

test(`[${databaseKind}] the type URI of a problem body opens a page that explains its code`, async () => {
  const problem = (await t.call('GET', '/v1/me', null)).json();
  const typePath = new URL(problem.type).pathname;
  assert.equal(typePath, '/errors/unauthorized');
  const page = await t.app.inject({ method: 'GET', url: typePath, headers: { accept: 'text/html' } });
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-type']), /^text\/html/);
  assert.match(page.body, /<h2>What it means<\/h2>/);
  assert.match(page.body, /<h2>Typical cause<\/h2>/);
  assert.match(page.body, /<h2>What to do<\/h2>/);
  assert.match(page.body, /HTTP 401/);
  assert.ok(!/https?:\/\/(cdn|unpkg|jsdelivr)|<script/i.test(page.body), 'no script, no CDN');
  assert.match(String(page.headers['content-security-policy']), /default-src 'self'/);
});

test(`[${databaseKind}] every error code has its page, with its status; an unknown code is a 404 page`, async () => {
  const index = await t.app.inject({ method: 'GET', url: '/errors' });
  assert.equal(index.statusCode, 200);
  for (const code of ERROR_CODES) {
    assert.ok(index.body.includes(`href="/errors/${code}"`), `${code} is listed`);
    const page = await t.app.inject({ method: 'GET', url: `/errors/${code}` });
    assert.equal(page.statusCode, 200, code);
    assert.ok(page.body.includes(`<h1><code>${code}</code></h1>`), code);
    const json = await t.app.inject({ method: 'GET', url: `/errors/${code}`, headers: { accept: 'application/json' } });
    assert.equal(json.json().code, code);
    assert.ok(json.json().whatToDo.length > 20);
  }
  const rateLimit = (
    await t.app.inject({ method: 'GET', url: '/errors/rate_limit_exceeded', headers: { accept: 'application/json' } })
  ).json();
  assert.equal(rateLimit.status, 429);
  const unknown = await t.app.inject({ method: 'GET', url: '/errors/%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
  assert.equal(unknown.statusCode, 404);
  assert.ok(!unknown.body.includes('<script>'), 'the unknown code is escaped');
  assert.ok(unknown.body.includes('&lt;script>alert(1)&lt;/script>'), 'shown as text');
  const css = await t.app.inject({ method: 'GET', url: '/reference.css' });
  assert.match(String(css.headers['content-type']), /^text\/css/);
});

test('escapeHtml escapes what could open a tag, end an attribute or start an entity', () => {
  assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), '&lt;a href=&#34;x&#34; title=&#39;y&#39;>&amp;&lt;/a>');
});

test(`[${databaseKind}] GET /developers is a first-steps page (in French; /developers/en in English) pointing to /docs, /openapi.json and the error codes`, async () => {
  const home = await t.app.inject({ method: 'GET', url: '/developers' });
  assert.equal(home.statusCode, 200);
  assert.match(String(home.headers['content-type']), /^text\/html/);
  for (const link of ['/docs', '/openapi.json', '/errors']) assert.ok(home.body.includes(`href="${link}"`), link);
  assert.match(home.body, /Premiers pas/);
  assert.match(home.body.replace(/&#34;/g, '"'), /"type":"sale","category":"apartment"/, 'the v1 example uses v1 names');
  const english = await t.app.inject({ method: 'GET', url: '/developers/en' });
  assert.match(english.body, /First steps/);
  const support = await t.app.inject({ method: 'GET', url: '/support' });
  assert.equal(support.statusCode, 200);
  assert.match(support.body, /requestId/);
});
