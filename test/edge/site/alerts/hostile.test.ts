import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { useTestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import { hostileSegment, hostileText } from '../../../helpers/hostile.js';
import { pageRoutes } from '../../../helpers/page-campaign.js';
import { alertPathIn, alertPost } from '../../../helpers/alerts.js';
import { alertRoutes } from '../../../../src/edge/site/alerts/alert-routes.js';
import { SEARCH_FIELDS } from '../../../../src/edge/site/search-query.js';
import { unstorableTextReason } from '../../../../src/platform/validation/storable.js';

/**
 * The alert pages under hostile input: every route the alerts plugin registers (found by
 * registering it on a probe, so a new one is attacked at once), with hostile tokens, query
 * strings and bodies of every encoding. Every answer is a French page (or a redirect), never a
 * 5xx, never late; a refused request changes no alert.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 90);
const { t } = useTestApp();
const POOL = ['hostile-1@example.org', 'hostile-2@example.org', 'HOSTILE-3@Example.org '];

async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within 10 s`)), 10_000))),
  ]);
}

/** The alerts of this file's addresses and of `typed` (normalised as the service does): what a refused request must leave alone. */
async function alertState(typed: unknown): Promise<string> {
  // A text the database cannot hold was never stored under it.
  const extra = typeof typed === 'string' && unstorableTextReason(typed) === null ? typed.trim().toLowerCase() : '';
  const { rows } = await t.db.query<{ state: string }>(
    `SELECT concat_ws('/', count(*), count(confirmed_at), count(*) FILTER (WHERE frequency = 'daily')) AS state
     FROM alerts WHERE email LIKE 'hostile-%@example.org' OR email = $1`,
    [extra],
  );
  return rows[0]!.state;
}

test(`[${databaseKind}] hostile tokens, queries and bodies on every alert route: a French page, never a 5xx; a refused request changes no alert`, async () => {
  // Real links, so that valid tokens are among those tried.
  assert.equal((await alertPost(t, { city: 'Lyon' }, { email: POOL[0]!, frequency: 'daily' }, '10.97.0.1')).statusCode, 200);
  const { rows } = await t.db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [
    POOL[0],
  ]);
  const tokens = (['confirm', 'manage'] as const).map((kind) => alertPathIn(rows[0]!.text_body, kind).split('/').at(-1)!);
  const token = fc.oneof(
    hostileSegment,
    fc.constantFrom(...tokens),
    fc.constantFrom(...tokens).map((valid) => `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`),
  );
  const routes = await pageRoutes(t, alertRoutes, '');
  assert.ok(routes.length >= 8, `the alert routes: ${routes.map((r) => `${r.method} ${r.url}`).join(', ')}`);

  const query = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...SEARCH_FIELDS, 'fait'), hostileSegment), hostileSegment), { maxLength: 5 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
  const field = fc.oneof(hostileText, fc.constantFrom(...POOL, 'immediate', 'daily', 'Lyon', '69', '250000', '1', '', 'One-Click'));
  const fieldName = fc.constantFrom('email', 'frequency', 'website', 'alert', 'List-Unsubscribe', 'city', 'postcode', 'priceMax', 'dpeMax');
  const body = fc.oneof(
    {
      arbitrary: fc.dictionary(fieldName, field, { maxKeys: 7 }).map((fields) => ({
        type: 'application/x-www-form-urlencoded',
        payload: new URLSearchParams(fields).toString(),
        email: fields.email,
      })),
      weight: 6,
    },
    {
      arbitrary: fc
        .constantFrom('%', '%zz', 'email=%FF', '=&=&', 'email=a&email=b', 'a'.repeat(40_000))
        .map((payload) => ({ type: 'application/x-www-form-urlencoded', payload, email: undefined })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded; charset=latin1',
        )
        .map((type) => ({ type, payload: 'List-Unsubscribe=One-Click', email: undefined })),
      weight: 1,
    },
  );

  let sent = 0;
  for (const route of routes) {
    const path = route.url.includes(':token') ? token.map((value) => route.url.replace(':token', value)) : fc.constant(route.url);
    await fc.assert(
      fc.asyncProperty(path, query, body, fc.integer({ min: 1, max: 250 }), async (url, q, sentBody, host) => {
        const post = route.method === 'POST';
        const before = await alertState(sentBody.email);
        const response = await within(
          t.app.inject({
            method: route.method as 'GET' | 'POST',
            url: url + q,
            headers: { accept: 'text/html', ...(post ? { 'content-type': sentBody.type } : {}) },
            ...(post ? { payload: sentBody.payload } : {}),
            remoteAddress: `10.97.1.${host}`,
          }),
          `${route.method} ${url}`,
        );
        sent += 1;
        const what = `${route.method} ${url}${q} → ${response.statusCode}: ${response.body.slice(0, 200)}`;
        assert.ok([200, 303, 400, 404, 409, 410, 413, 415, 429].includes(response.statusCode), what);
        if (response.statusCode !== 303) assert.match(response.body, /^<!doctype html>\n<html lang="fr">/, what);
        if (post && response.statusCode >= 400)
          assert.equal(await alertState(sentBody.email), before, `refused but changed an alert: ${what}`);
      }),
      { numRuns: RUNS, seed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined },
    );
  }
  console.log(`alert hostile campaign: ${sent} requests on ${routes.length} routes`);
});
