import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { attackPages, pageRoutes } from '../../helpers/page-campaign.js';
import fc from 'fast-check';
import { hostileSegment } from '../../helpers/hostile.js';
import { hiddenToken, signUpAgency } from '../../helpers/pro.js';
import { proPages } from '../../../src/edge/pro/pro-routes.js';

/**
 * The pro space under hostile input, signed in as an agency's admin, with a right or a wrong
 * CSRF token: never a 5xx, never anything but a French page or a redirect; a refused form
 * creates no key, user or invitation.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
const NOT_PAGES = ['/pro/contacts.csv', '/pro/leads'];
const { t } = useTestApp();

test(`[${databaseKind}] hostile paths, queries and forms on every pro page: a page or a redirect, never a 5xx`, async () => {
  const agency = await signUpAgency(t);
  const csrf = hiddenToken((await agency.browser.get('/pro')).body)!;
  const keyId = (await t.db.query<{ id: string }>('SELECT id FROM api_keys WHERE agency_id = $1', [agency.agencyId])).rows[0]!.id;
  // Signing out, revoking the campaign's only key or removing its user would end what it attacks;
  // the CSV export and the old address's redirect are not pages: attacked below on their own terms.
  const routes = (await pageRoutes(t, proPages, '/pro')).filter((route) => !['/pro/logout', ...NOT_PAGES].includes(route.url));
  assert.ok(routes.length >= 15, `the probe found ${routes.length} routes`);
  const writes = async () =>
    (
      await t.db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM api_keys WHERE agency_id = $1 AND revoked_at IS NULL) + (SELECT count(*) FROM users WHERE agency_id = $1)
           + (SELECT count(*) FROM invitations WHERE agency_id = $1) + (SELECT count(*) FROM agencies WHERE email LIKE 'hostile%') AS n`,
        [agency.agencyId],
      )
    ).rows[0]!.n;
  const sent = await attackPages({
    t,
    routes,
    cookie: agency.browser.cookie,
    csrf,
    valid: {
      keyId,
      serviceId: 'lst_000000000000000000',
      userId: 'usr_000000000000000000',
      leadId: 'lead_000000000000000000',
      token: 'A'.repeat(43),
    },
    queryNames: ['cle', 'statut', 'nonlus', 'avant', 'page', 'fait', 'next'],
    fieldValues: ['test', 'live', 'agent', 'admin', 'listings:read', '732829320', 'hostile@agence.example', 'un long mot de passe'],
    runs: RUNS,
    writes: async () => Number(await writes()),
    refusalsWritten: () => false,
  });
  assert.ok(sent >= routes.length * RUNS);
});

test(`[${databaseKind}] hostile queries on the CSV export and the old /pro/leads: a CSV or a French 400, a 301 to the inbox; never a 5xx`, async () => {
  const agency = await signUpAgency(t);
  const query = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom('statut', 'nonlus', 'page'), hostileSegment), hostileSegment), { maxLength: 3 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      const csv = await t.app.inject({ method: 'GET', url: `/pro/contacts.csv${q}`, headers: { cookie: agency.browser.cookie } });
      assert.ok([200, 400].includes(csv.statusCode), `${q} → ${csv.statusCode}`);
      if (csv.statusCode === 200) assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
      else assert.match(csv.body, /^<!doctype html>\n<html lang="fr">/);
      const moved = await t.app.inject({ method: 'GET', url: `/pro/leads${q}` });
      assert.equal(moved.statusCode, 301, q);
      // The query kept, re-encoded: nothing but URL-safe characters reaches the header.
      assert.match(String(moved.headers.location), /^\/pro\/contacts(\?[A-Za-z0-9%._~*+=&-]+)?$/, q);
    }),
    { numRuns: RUNS * 2 },
  );
});
