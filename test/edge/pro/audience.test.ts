import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { signUpAgency, type ProBrowser } from '../../helpers/pro.js';
import { page, publicListing } from '../../helpers/site.js';
import { tableRows, text } from '../../helpers/page-text.js';
import { DESKTOP_UA, IPHONE_UA } from '../../helpers/audience.js';
import { uniqueVisitorEmail } from '../../helpers/conversations.js';

/**
 * docs/decisions.md §17 in the pro space: the dashboard's 28 days (charts and the same numbers
 * in a table), the listings table's 28-day column of views and contacts, each listing's own
 * days; an agency sees its own audience only.
 */
const { t } = useTestApp();

async function verifiedAgency(): Promise<{ browser: ProBrowser; agencyId: string; live: string }> {
  const agency = await signUpAgency(t);
  const verified = await t.admin('POST', `/agencies/${agency.agencyId}/verify`);
  assert.equal(verified.statusCode, 200, verified.body);
  return { browser: agency.browser, agencyId: agency.agencyId, live: verified.json().liveKey };
}

const view = (serviceId: string, ua: string) => page(t, `/listings/${serviceId}`, { 'user-agent': ua });
let addresses = 0;
const lead = (serviceId: string, ua: string) =>
  t.app.inject({
    method: 'POST',
    url: `/listings/${serviceId}/contact`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'user-agent': ua },
    payload: new URLSearchParams({ name: 'Camille', email: uniqueVisitorEmail(), message: 'Bonjour, toujours libre ?' }).toString(),
    remoteAddress: `203.0.113.${++addresses}`,
  });

test(`[${databaseKind}] the dashboard, the listings table and a listing's page show the last 28 days of audience, the agency's own`, async () => {
  const agency = await verifiedAgency();
  const other = await verifiedAgency();
  const first = await publicListing(t, agency.live, 'PRO-AUD-1', { title: 'T3 avec balcon' });
  const second = await publicListing(t, agency.live, 'PRO-AUD-2', { title: 'Studio au calme' });
  const theirs = await publicListing(t, other.live, 'PRO-AUD-THEIRS');
  for (const ua of [DESKTOP_UA, DESKTOP_UA, IPHONE_UA]) await view(first, ua);
  await view(second, IPHONE_UA);
  assert.equal((await lead(first, IPHONE_UA)).statusCode, 200);
  for (let i = 0; i < 5; i++) await view(theirs, DESKTOP_UA);
  await t.services.audience.flush();

  const dashboard = await agency.browser.get('/pro');
  assert.equal(dashboard.statusCode, 200);
  assert.match(text(dashboard.body), /Audience de vos annonces, 28 derniers jours/);
  const days = tableRows(dashboard.body, 'Audience de toutes vos annonces par jour, le plus récent d’abord');
  assert.equal(days.length, 28);
  // Today first: 4 views (2 from a phone) and 1 contact; no appearance (no results page was shown).
  assert.deepEqual(days[0]!.slice(1), ['0', '4', '2', '1']);
  for (const row of days.slice(1)) assert.deepEqual(row.slice(1), ['0', '0', '0', '0']);
  assert.equal((dashboard.body.match(/<svg viewBox=/g) ?? []).length, 3, 'one chart per measure');
  assert.match(
    dashboard.body,
    /<title id="audience-detailViews-title">Vues de l’annonce par jour, du [^<]+ : 4\u00a0vues en tout, au plus 4 le /,
  );

  const listings = await agency.browser.get('/pro/listings');
  const rows = tableRows(listings.body, 'Annonces de l’agence');
  const column = new Map(rows.map((row) => [row[0]!.split(' PRO-AUD')[0], row[5]]));
  assert.equal(column.get('T3 avec balcon'), '3 vues · 1 contact');
  assert.equal(column.get('Studio au calme'), '1 vue · 0 contact');

  const own = await agency.browser.get(`/pro/listings/${first}`);
  assert.equal(own.statusCode, 200);
  const ownDays = tableRows(own.body, 'Audience de l’annonce par jour, le plus récent d’abord');
  assert.deepEqual(ownDays[0]!.slice(1), ['0', '3', '1', '1']);

  const theirsPage = await agency.browser.get(`/pro/listings/${theirs}`);
  assert.equal(theirsPage.statusCode, 404, 'another agency’s listing, its figures with it');
  const otherDashboard = await other.browser.get('/pro');
  assert.deepEqual(tableRows(otherDashboard.body, 'Audience de toutes vos annonces par jour, le plus récent d’abord')[0]!.slice(1), [
    '0',
    '5',
    '0',
    '0',
  ]);
});

test(`[${databaseKind}] an agency with no visit yet is told so, with empty charts and a table of zeros`, async () => {
  const agency = await verifiedAgency();
  const dashboard = await agency.browser.get('/pro');
  assert.match(text(dashboard.body), /Aucune visite comptée sur la période/);
  assert.match(
    dashboard.body,
    /<details><summary>Le détail par jour : que des zéros<\/summary>\s*<div class="table-scroll"/,
    'the zeros folded',
  );
  assert.match(dashboard.body, /<title id="audience-leads-title">Contacts par jour, du [^<]+ : aucune\.<\/title>/);
});
