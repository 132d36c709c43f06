import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { hostileSegment, hostileText } from '../../helpers/hostile.js';
import { contact, publicListing } from '../../helpers/site.js';
import { latestPrivatePath, uniqueVisitorEmail } from '../../helpers/conversations.js';
import { SEARCH_FIELDS } from '../../../src/edge/site/search-query.js';

/**
 * The site's pages under hostile input (the OpenAPI-driven campaign covers the interfaces;
 * these routes are HTML and not in the description): random query strings, path segments and
 * form bodies. Every answer is a page (or the sitemap's XML), never a 5xx, never late, and a
 * refused contact form (or reply on the private page) stores nothing.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 90);
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const rawValue = fc.oneof(
  hostileSegment,
  hostileText.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))),
  fc.constantFrom('-1', '0', '1e309', '10', 'A', 'sale', 'price_asc', '69', '2A'),
);
const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...SEARCH_FIELDS), hostileSegment), rawValue), { maxLength: 8 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

/** This file's agency's leads: on PostgreSQL other test files store leads in the same database meanwhile. */
async function leadCount(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE agency_id = $1', [agency.agencyId]);
  return rows[0]!.n;
}

async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within 10 s`)), 10_000))),
  ]);
}

test(`[${databaseKind}] hostile query strings, path segments and form bodies on every page: a page, never a 5xx`, async () => {
  const serviceId = await publicListing(t, agency.live, 'HOSTILE-SITE');
  // A place's page: hostile words before a real code (sent on to its address), or a hostile segment.
  const placeSegment = fc.oneof(
    hostileSegment,
    fc
      .tuple(hostileSegment, fc.constantFrom('-69', '-2a', '-2A', '-974', '-20', '-99', '-69383', '-2A004', '-97411', '-75056', '-00000'))
      .map(([words, code]) => words + code),
    fc.constantFrom('rhone-69', 'lyon-3e-69383', 'lozere-48'),
  );
  const pages: Array<{ name: string; method: 'GET' | 'POST'; url: fc.Arbitrary<string>; statuses: number[]; type: RegExp }> = [
    { name: 'home', method: 'GET', url: queryString.map((q) => `/${q}`), statuses: [200], type: /^text\/html/ },
    { name: 'search', method: 'GET', url: queryString.map((q) => `/listings${q}`), statuses: [200, 303, 400, 404], type: /^text\/html/ },
    {
      name: 'listing',
      method: 'GET',
      url: fc.tuple(fc.oneof(hostileSegment, fc.constant(serviceId)), queryString).map(([id, q]) => `/listings/${id}${q}`),
      statuses: [200, 400, 404, 410],
      type: /^text\/html/,
    },
    {
      name: 'sitemaps',
      method: 'GET',
      url: fc.tuple(hostileSegment, queryString).map(([file, q]) => `/sitemaps/${file}${q}`),
      statuses: [200, 400, 404],
      type: /^(text\/html|application\/xml)/,
    },
    {
      name: 'assets',
      method: 'GET',
      url: hostileSegment.map((file) => `/assets/${file}`),
      statuses: [200, 400, 404],
      type: /^(text\/html|text\/css|text\/javascript)/,
    },
    {
      // JSON for the city field's script: suggestions (an array of at most 10), or a problem naming q.
      name: 'communes',
      method: 'GET',
      url: fc
        .tuple(fc.oneof(rawValue, fc.constantFrom('ly', 'saint', '69', 'st%20et', 'a'.repeat(101), '%20')), queryString)
        .map(([q, more]) => `/communes?q=${q}${more.replace(/^\?/, '&')}`),
      statuses: [200, 400],
      type: /^(text\/html|application\/json|application\/problem\+json)/,
    },
    {
      name: 'places',
      method: 'GET',
      url: fc.tuple(placeSegment, queryString).map(([segment, q]) => `/immobilier/${segment}${q}`),
      statuses: [200, 301, 400, 404],
      type: /^text\/html/,
    },
    { name: 'departments', method: 'GET', url: queryString.map((q) => `/immobilier${q}`), statuses: [200], type: /^text\/html/ },
    { name: 'sitemap index', method: 'GET', url: queryString.map((q) => `/sitemap.xml${q}`), statuses: [200], type: /^application\/xml/ },
    { name: 'robots', method: 'GET', url: queryString.map((q) => `/robots.txt${q}`), statuses: [200], type: /^text\/plain/ },
  ];
  let sent = 0;
  for (const target of pages) {
    await fc.assert(
      fc.asyncProperty(target.url, async (url) => {
        const response = await within(t.app.inject({ method: target.method, url, headers: { accept: 'text/html' } }), url);
        sent += 1;
        assert.ok(response.statusCode < 500, `${url} → ${response.statusCode}: ${response.body.slice(0, 200)}`);
        assert.ok(target.statuses.includes(response.statusCode), `${target.name} ${url} → ${response.statusCode}`);
        // A place's page under other words is sent on to its own address, under /immobilier.
        if (response.statusCode === 301) return assert.match(String(response.headers.location), /^\/immobilier\/[a-z0-9-]+$/, url);
        // A search sent with empty fields moves to its clean address, once: that address is the page itself.
        if (response.statusCode === 303) {
          const location = String(response.headers.location);
          assert.ok(location.startsWith('/listings') && !/=(&|$)/.test(location), `${url} → ${location}`);
          const landed = await t.app.inject({ method: 'GET', url: location, headers: { accept: 'text/html' } });
          return assert.ok([200, 404].includes(landed.statusCode), `${url} → ${location} → ${landed.statusCode}`);
        }
        assert.match(String(response.headers['content-type']), target.type, url);
        if (/^text\/html/.test(String(response.headers['content-type'])))
          assert.match(response.body, /^<!doctype html>\n<html lang="fr">/, url);
        if (/json/.test(String(response.headers['content-type']))) {
          const answer = response.json();
          if (response.statusCode === 200) assert.ok(Array.isArray(answer) && answer.length <= 10, url);
          else assert.equal(answer.errors[0].field, 'q', url);
        }
      }),
      { numRuns: RUNS, seed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined },
    );
  }

  // Contact forms: hostile fields, encodings and targets. Only a well-formed message to a public listing is stored.
  const field = fc.oneof(hostileText, fc.constantFrom('Camille', 'camille@example.org', '06 12 34 56 78', 'Bonjour'));
  const form = fc.record(
    { name: field, email: field, phone: field, message: field, website: fc.oneof(fc.constant(''), field) },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    {
      arbitrary: form.map((fields) => ({
        type: 'application/x-www-form-urlencoded',
        payload: new URLSearchParams(fields as Record<string, string>).toString(),
      })),
      weight: 6,
    },
    {
      arbitrary: fc
        .constantFrom('%', '%zz', 'name=%FF', '=&=&', 'a'.repeat(20_000))
        .map((payload) => ({ type: 'application/x-www-form-urlencoded', payload })),
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
        .map((type) => ({ type, payload: 'name=a' })),
      weight: 1,
    },
  );
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(fc.constant(serviceId), hostileSegment),
      body,
      fc.integer({ min: 1, max: 250 }),
      async (id, { type, payload }, host) => {
        const before = await leadCount();
        const response = await within(
          t.app.inject({
            method: 'POST',
            url: `/listings/${id}/contact`,
            headers: { 'content-type': type, accept: 'text/html' },
            payload,
            remoteAddress: `10.99.0.${host}`,
          }),
          `contact ${id}`,
        );
        sent += 1;
        assert.ok(response.statusCode < 500, `contact → ${response.statusCode}: ${response.body.slice(0, 200)}`);
        assert.ok([200, 400, 404, 410, 413, 415, 429].includes(response.statusCode), `contact → ${response.statusCode}`);
        assert.match(response.body, /<html lang="fr">/);
        if (response.statusCode !== 200) assert.equal(await leadCount(), before, `refused with ${response.statusCode} but stored a lead`);
      },
    ),
    { numRuns: RUNS * 2, seed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined },
  );
  console.log(`site hostile campaign: ${sent} requests`);
});

test(`[${databaseKind}] hostile tokens and bodies on the private conversation pages: a page, never a 5xx; a refused reply stores nothing`, async () => {
  const serviceId = await publicListing(t, agency.live, 'HOSTILE-PRIVATE');
  const email = uniqueVisitorEmail('hostile');
  assert.equal((await contact(t, serviceId, { name: 'Camille', email, message: 'Bonjour' }, '10.98.1.1')).statusCode, 200);
  const path = await latestPrivatePath(t.db, email);
  const messages = async () =>
    (
      await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM lead_messages m JOIN leads d ON d.id = m.lead_id WHERE d.email = $1',
        [email],
      )
    ).rows[0]!.n;
  const target = fc.oneof(
    fc.constant(path),
    hostileSegment.map((token) => `/messages/${token}`),
    fc.constant(`${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`),
  );
  await fc.assert(
    fc.asyncProperty(target, fc.boolean(), queryString, async (url, deleting, query) => {
      const response = await within(
        t.app.inject({ method: 'GET', url: `${url}${deleting ? '/delete' : ''}${query}`, headers: { accept: 'text/html' } }),
        url,
      );
      assert.ok([200, 400, 404].includes(response.statusCode), `${url} → ${response.statusCode}`);
      assert.match(response.body, /^<!doctype html>\n<html lang="fr">/, url);
    }),
    { numRuns: RUNS, seed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined },
  );
  const text = fc.oneof(hostileText, fc.constantFrom('', ' ', 'Bonjour', 'é'.repeat(5001)));
  const body = fc.oneof(
    {
      arbitrary: fc
        .record({ text }, { requiredKeys: [] })
        .map((fields) => ({ type: 'application/x-www-form-urlencoded', payload: new URLSearchParams(fields).toString() })),
      weight: 6,
    },
    {
      arbitrary: fc
        .constantFrom('%', 'text=%FF', 'text=a&text=b', 'a'.repeat(60_000))
        .map((payload) => ({ type: 'application/x-www-form-urlencoded', payload })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x')
        .map((type) => ({ type, payload: 'text=a' })),
      weight: 1,
    },
  );
  await fc.assert(
    fc.asyncProperty(target, body, fc.integer({ min: 1, max: 250 }), async (url, { type, payload }, host) => {
      const before = await messages();
      const response = await within(
        t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type, accept: 'text/html' },
          payload,
          remoteAddress: `10.98.0.${host}`,
        }),
        `reply ${url}`,
      );
      assert.ok(
        [303, 400, 404, 413, 415, 429].includes(response.statusCode),
        `reply → ${response.statusCode}: ${response.body.slice(0, 200)}`,
      );
      if (response.statusCode !== 303) {
        assert.match(response.body, /<html lang="fr">/);
        assert.equal(await messages(), before, `refused with ${response.statusCode} but stored a message`);
      }
    }),
    { numRuns: RUNS * 2, seed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined },
  );
});
