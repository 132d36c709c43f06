import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { approve, page, publicListing, uniqueCity } from '../../helpers/site.js';
import { ingestItem } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';
import type { CommercialStatus } from '../../../src/domain/listing-model/model.js';
import { isPublic, wasPublic } from '../../../src/domain/public-listings/visibility.js';
import { searchStatement } from '../../../src/domain/public-listings/search.js';

/**
 * docs/decisions.md §12: "is a listing public" is written twice, as the public_listings view (for
 * SQL) and as isPublic (for decisions in memory). They must say the same of every listing, and
 * the site must answer 200, 410 or 404 as isPublic and wasPublic say.
 */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

test(`[${databaseKind}] isPublic says of every kind of listing what the public_listings view says, and the site answers accordingly`, async () => {
  const city = uniqueCity('Règleville');
  const body = (id: string, overrides: Record<string, unknown> = {}) => v1Body(id, { city, ...overrides });
  const create = async (key: string, id: string, overrides: Record<string, unknown> = {}, path = '/v1/listings') =>
    (await t.call('POST', path, key, body(id, overrides))).json().serviceId as string;
  const ids: Record<string, string> = {};
  ids.approved = await publicListing(t, agency.live, 'RULE-APPROVED', { city });
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('RULE-OFFER', { city, status: 'under_offer', surface: 90, price: 410000 })],
  });
  ids.underOffer = pushed.json().results[0].serviceId;
  await approve(t, ids.underOffer!);
  ids.pending = await create(agency.live, 'RULE-PENDING', { dpe: null, ges: null, surface: 120 });
  ids.rejected = await create(agency.live, 'RULE-REJECTED', { type: 'rental', price: 900, dpe: 'G', ges: 'G', fees: null, surface: 30 });
  ids.notShared = await create(agency.live, 'RULE-NOTSHARED', { shareWithService: false, surface: 150 });
  ids.sandbox = await create(agency.test, 'RULE-SANDBOX', {}, '/sandbox/v1/listings');
  for (const [name, status] of [
    ['sold', 'sold'],
    ['withdrawn', 'withdrawn'],
    ['paused', 'paused'],
    ['deleted', null],
  ] as const) {
    ids[name] = await publicListing(t, agency.live, `RULE-${name.toUpperCase()}`, { city, surface: 200 + name.length * 10 });
    if (status) await t.call('PATCH', `/v1/listings/${ids[name]}/status`, agency.live, { status });
    else await t.call('DELETE', `/v1/listings/${ids[name]}`, agency.live);
  }
  const suspended = await t.agency({ plan: 'reseau' });
  ids.suspendedAgency = await publicListing(t, suspended.live, 'RULE-SUSPENDED', { city });
  assert.equal((await t.admin('POST', `/agencies/${suspended.agencyId}/suspend`, { reason: 'Contrôle' })).statusCode, 200);

  const { rows } = await t.db.query<{
    id: string;
    env: 'live' | 'test';
    status: CommercialStatus;
    share_with_service: boolean;
    published_version: number | null;
    deleted: boolean;
    first_published_at: Date | null;
    suspended: boolean;
    in_view: boolean;
  }>(
    `SELECT l.id, l.env, l.status, l.share_with_service, l.published_version, l.deleted_at IS NOT NULL AS deleted, l.first_published_at,
            a.suspended_at IS NOT NULL AS suspended, EXISTS (SELECT 1 FROM public_listings p WHERE p.id = l.id) AS in_view
     FROM listings l JOIN agencies a ON a.id = l.agency_id WHERE l.id = ANY($1)`,
    [Object.values(ids)],
  );
  const names = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  const inView: Record<string, boolean> = {};
  const answers: Record<string, number> = {};
  for (const row of rows) {
    const name = names.get(row.id)!;
    const facts = {
      env: row.env,
      status: row.status,
      shareWithService: row.share_with_service,
      publishedVersion: row.published_version,
      deleted: row.deleted,
    };
    assert.equal(isPublic(facts, row.suspended), row.in_view, `${name}: isPublic and the view disagree`);
    inView[name] = row.in_view;
    const expected = row.in_view
      ? 200
      : wasPublic({ env: row.env, shareWithService: row.share_with_service, firstPublishedAt: row.first_published_at })
        ? 410
        : 404;
    answers[name] = (await page(t, `/listings/${row.id}`)).statusCode;
    assert.equal(answers[name], expected, `${name}: the site's answer`);
  }
  // The cases above cover both sides of every condition of the rule.
  assert.deepEqual(answers, {
    approved: 200,
    underOffer: 200,
    pending: 404,
    rejected: 404,
    notShared: 404,
    sandbox: 404,
    sold: 410,
    withdrawn: 410,
    paused: 410,
    deleted: 410,
    suspendedAgency: 410,
  });
});

test(`[${databaseKind}] a search's statement joins no agency row: the view's LEFT JOIN is dropped where agency_name is not read, and read where it is`, async () => {
  const city = uniqueCity('Jointville');
  const serviceId = await publicListing(t, agency.live, 'RULE-JOIN', { city });
  // Migration 260: planning the join in each of the three places a search names the view was
  // a third of a city search's planning at 1,000,000 listings (docs/benchmarks.md).
  const { sql, params } = searchStatement({ city, transaction: 'sale' }, 'newest', 1);
  const plan = (await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows.map((row) => row['QUERY PLAN']).join('\n');
  assert.doesNotMatch(plan, /on agencies a\b/, plan);
  const { rows } = await t.db.query<{ agency_name: string }>('SELECT agency_name FROM public_listings WHERE id = $1', [serviceId]);
  const named = await t.db.query<{ name: string }>('SELECT name FROM agencies WHERE id = $1', [agency.agencyId]);
  assert.equal(rows[0]?.agency_name, named.rows[0]!.name);
});
