import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useTestAppWithClock } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { items } from '../../helpers/listings.js';
import { cookieOf, keyIdNamed, newKeyOnPage, postPublicForm, type ProBrowser, proBrowser, signUpAgency } from '../../helpers/pro.js';
import { approve, contact, page } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';
import { figures, spaced, tableCells, tableRows, text } from '../../helpers/page-text.js';

/**
 * The agencies' pro space page by page (issue 17), the rules test/pro-space.test.ts leaves
 * unshown: every column of the key list and of the 7-day panel (read from the daily roll-ups),
 * the dashboard's plan, free period and counts, the listings' columns and versions, leads newest
 * first, and HTML shown escaped. Who may get in is in pro-space-access.test.ts.
 * The app's clock can be moved ahead (`ahead`) for what depends on time.
 */
const { t, ahead } = useTestAppWithClock();

const MINUTE = 60_000;
const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = () => randomBytes(4).toString('hex');
/** A client address no other test (nor test file, on a shared database) uses: the limits count per address. */
const address = () => `2001:db8:17:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;

/** Dates and times as the pro space shows them (France's clock). */
const shortDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
const shownWhen = (date: Date) => spaced(shortDateTime.format(date));
const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
/** The 7 days of the panel, oldest first, as the page labels them. */
const lastSevenDays = (now: Date) => Array.from({ length: 7 }, (_, i) => parisDay.format(new Date(now.getTime() - (6 - i) * DAY)));

/** A signed-up agency that an operator verified, with the LIVE key the verification issued. */
async function verifiedAgency(): Promise<{ browser: ProBrowser; agencyId: string; live: string; testKey: string }> {
  const agency = await signUpAgency(t);
  const verified = await t.admin('POST', `/agencies/${agency.agencyId}/verify`);
  assert.equal(verified.statusCode, 200, verified.body);
  return { browser: agency.browser, agencyId: agency.agencyId, live: verified.json().liveKey, testKey: agency.testKey };
}

/** Calls counted in a quota's reserve come back after a second of idleness: the minute counts are then exact. */
async function settleQuotas() {
  await sleep(1_100);
  await t.services.quotas?.releaseIdle();
}

// --- 4 and 5. The key list and the 7-day panel ---------------------------------------------

test(`[${databaseKind}] /pro/api-keys lists each key with its name, creation date, masked value, env, 24-hour calls out of its limit and last call; the 7-day panel, its chart and table; the log by key, paged`, async () => {
  const agency = await signUpAgency(t);
  const nightly = await newKeyOnPage(agency.browser, { name: 'Logiciel <b>nuit</b>', env: 'test' });
  const portal = await newKeyOnPage(agency.browser, { name: 'Passerelle portail', env: 'test' });
  const nightlyId = await keyIdNamed(t, agency.agencyId, 'Logiciel <b>nuit</b>');
  const portalId = await keyIdNamed(t, agency.agencyId, 'Passerelle portail');

  // The nightly key: a push of 40 listings (the oldest call), then 27 look-ups of unknown listings.
  const pushed = await t.call('POST', '/sandbox/ingest/ingestListings', nightly, { listings: items(40, `KEYS-${unique()}`) });
  assert.equal(pushed.statusCode, 200, pushed.body.slice(0, 500));
  const lookups = Array.from({ length: 27 }, (_, i) => `/sandbox/v1/listings/lst_${String(i + 1).padStart(18, '0')}`);
  for (const path of lookups) {
    assert.equal((await t.call('GET', path, nightly)).statusCode, 404);
    await sleep(2); // one line per millisecond at least: the log's order is the calls' order
  }
  // The portal key: two reads.
  for (let i = 0; i < 2; i++) assert.equal((await t.call('GET', '/sandbox/v1/me', portal)).statusCode, 200);
  await t.services.requestLog.flush();

  const requests = 1 + lookups.length + 2;
  const failures = lookups.length;
  const { rows: logged } = await t.db.query<{ latency: number }>('SELECT latency_ms AS latency FROM request_log WHERE agency_id = $1', [
    agency.agencyId,
  ]);
  assert.equal(logged.length, requests);
  const averageLatency = Math.round(logged.reduce((sum, row) => sum + Number(row.latency), 0) / logged.length);

  // The panel and the log are read now; the key list three minutes later too, for its relative times.
  const current = await agency.browser.get('/pro/api-keys');
  assert.equal(current.statusCode, 200);
  const html = current.body;
  const threeMinutesLater = await ahead(3 * MINUTE + 10_000, () => agency.browser.get('/pro/api-keys'));

  // The key list.
  const { rows: created } = await t.db.query<{ id: string; created_at: Date }>('SELECT id, created_at FROM api_keys WHERE agency_id = $1', [
    agency.agencyId,
  ]);
  const createdAt = new Map(created.map((row) => [row.id, row.created_at]));
  const testKeyId = await keyIdNamed(t, agency.agencyId, 'Clé de test');
  const rows = tableRows(threeMinutesLater.body, 'Vos clés');
  const rowOf = (name: string) => rows.find((row) => row[0] === name) ?? assert.fail(`no row for the key ${name}: ${JSON.stringify(rows)}`);
  assert.deepEqual(rowOf('Logiciel <b>nuit</b>'), [
    'Logiciel <b>nuit</b>',
    `${nightly.slice(0, 16)}…`,
    'TEST',
    shownWhen(createdAt.get(nightlyId)!),
    `${requests - 2} / 1 000`,
    'il y a 3 min',
    'Révoquer…',
  ]);
  assert.deepEqual(rowOf('Passerelle portail'), [
    'Passerelle portail',
    `${portal.slice(0, 16)}…`,
    'TEST',
    shownWhen(createdAt.get(portalId)!),
    '2 / 1 000',
    'il y a 3 min',
    'Révoquer…',
  ]);
  assert.deepEqual(rowOf('Clé de test'), [
    'Clé de test',
    `${agency.testKey.slice(0, 16)}…`,
    'TEST',
    shownWhen(createdAt.get(testKeyId)!),
    '0 / 1 000',
    'jamais utilisée',
    'Révoquer…',
  ]);
  assert.match(html, /<td data-label="Nom">Logiciel &lt;b>nuit&lt;\/b><\/td>/, 'the name is escaped');
  for (const value of [nightly, portal, agency.testKey]) {
    for (const body of [html, threeMinutesLater.body])
      assert.ok(!body.includes(value.slice(0, 17)), 'no more of a key than its prefix and 4 characters');
  }
  const later = await ahead(2 * 3_600_000 + MINUTE, () => agency.browser.get('/pro/api-keys'));
  assert.equal(
    tableRows(later.body, 'Vos clés').find((row) => row[0] === 'Passerelle portail')![5],
    'il y a 2 h',
    'the last call is told relative to now',
  );

  // The 7-day panel, all keys.
  const panel = figures(html);
  assert.equal(panel.get('Appels'), String(requests));
  assert.equal(
    panel.get('Taux de succès'),
    spaced(new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 }).format((requests - failures) / requests)),
  );
  assert.equal(panel.get('Latence moyenne'), `${averageLatency} ms`);
  assert.equal(panel.get('Annonces synchronisées'), '40');
  // The chart: an image whose text alternative says each day's calls, and the same figures in a table.
  const days = lastSevenDays(new Date());
  const today = parisDay.format(new Date());
  assert.equal(days[6], today);
  const svg = /<svg\b([^>]*)>([\s\S]*?)<\/svg>/.exec(html);
  assert.ok(svg, 'a chart');
  assert.match(svg[1]!, /role="img"/);
  const labelledBy = /aria-labelledby="([^"]+)"/.exec(svg[1]!)?.[1];
  const title = new RegExp(`<title id="${labelledBy}">([^<]*)</title>`).exec(svg[2]!)?.[1];
  assert.ok(title, 'the chart is labelled by its title');
  assert.equal(
    spaced(text(title)),
    spaced(`Appels par jour sur 7 jours : ${days.map((day) => `${dayLabel(day)} ${day === today ? requests : 0}`).join(', ')}`),
  );
  const bars = [...svg[2]!.matchAll(/<rect x="[^"]*" y="[^"]*" width="[^"]*" height="([^"]*)" fill="([^"]*)"/g)].map((m) => ({
    height: Number(m[1]),
    fill: m[2],
  }));
  assert.equal(bars.length, 14, 'two bars a day: the calls, and the failures hatched over them');
  assert.deepEqual(bars.slice(-2), [
    { height: 160, fill: '#0b57d0' },
    { height: (160 * failures) / requests, fill: 'url(#hatch)' },
  ]);
  assert.deepEqual(
    tableRows(html, 'Appels par jour'),
    days.map((day) => [dayLabel(day), ...(day === today ? [String(requests), String(failures), '40'] : ['0', '0', '0'])]),
  );

  // The log: newest first, filtered by key, 25 lines a page.
  const callsOf = (body: string) => tableRows(body, 'Derniers appels, les plus récents d’abord');
  const all = callsOf(html);
  assert.equal(all.length, 25);
  assert.deepEqual(
    all.slice(0, 2).map((row) => [row[1], row[2], row[3]]),
    [
      ['Passerelle portail', 'GET /sandbox/v1/me', '200'],
      ['Passerelle portail', 'GET /sandbox/v1/me', '200'],
    ],
  );
  const first = await agency.browser.get(`/pro/api-keys?cle=${nightlyId}`);
  const firstLines = callsOf(first.body);
  assert.equal(firstLines.length, 25);
  assert.ok(
    firstLines.every((row) => row[1] === 'Logiciel <b>nuit</b>'),
    'only the chosen key',
  );
  assert.deepEqual(
    firstLines.map((row) => row[2]),
    [...lookups]
      .reverse()
      .slice(0, 25)
      .map((path) => `GET ${path}`),
  );
  assert.ok(firstLines.every((row) => row[3] === '404 not_found' && /^\d+ ms$/.test(row[4]!)));
  const { rows: newest } = await t.db.query<{ at: Date }>('SELECT at FROM request_log WHERE key_id = $1 AND path = $2', [
    nightlyId,
    lookups.at(-1),
  ]);
  assert.equal(firstLines[0]![0], shownWhen(newest[0]!.at), 'the time of the call');
  assert.equal(figures(first.body).get('Appels'), String(requests - 2), 'the panel follows the chosen key');
  assert.equal(figures(first.body).get('Annonces synchronisées'), '40');
  assert.match(first.body, new RegExp(`<option value="${nightlyId}" selected>`), 'the filter shows its key');
  const older = /<a href="(\/pro\/api-keys\?[^"]*)">Appels plus anciens<\/a>/.exec(first.body)?.[1]?.replace(/&amp;/g, '&');
  assert.ok(older, 'a link to older calls');
  const olderUrl = new URL(older, 'http://x');
  assert.equal(olderUrl.searchParams.get('cle'), nightlyId, 'the next page keeps the filter');
  assert.ok(olderUrl.searchParams.get('avant'));
  const second = await agency.browser.get(older);
  assert.equal(second.statusCode, 200);
  assert.deepEqual(
    callsOf(second.body).map((row) => row[2]),
    [`GET ${lookups[1]}`, `GET ${lookups[0]}`, 'POST /sandbox/ingest/ingestListings'],
  );
  assert.doesNotMatch(second.body, /Appels plus anciens/, 'the last page');
  const portalOnly = callsOf((await agency.browser.get(`/pro/api-keys?cle=${portalId}`)).body);
  assert.deepEqual(
    portalOnly.map((row) => row[1]),
    ['Passerelle portail', 'Passerelle portail'],
  );
  const nightlySuccesses = await agency.browser.get(`/pro/api-keys?cle=${nightlyId}&statut=success`);
  assert.deepEqual(
    callsOf(nightlySuccesses.body).map((row) => [row[2], row[3]]),
    [['POST /sandbox/ingest/ingestListings', '200']],
  );
  // Another agency's key as a filter shows nothing of it.
  const other = await signUpAgency(t);
  const otherKeyId = await keyIdNamed(t, other.agencyId, 'Clé de test');
  await t.call('GET', '/sandbox/v1/me', other.testKey);
  await t.services.requestLog.flush();
  const foreign = await agency.browser.get(`/pro/api-keys?cle=${otherKeyId}`);
  assert.equal(callsOf(foreign.body).length, 0);
  assert.equal(figures(foreign.body).get('Appels'), '0');
});

test(`[${databaseKind}] the 7-day panel reads the daily roll-ups, not the request log: with the agency's log lines deleted its figures stay, and the recent calls are empty`, async () => {
  const agency = await signUpAgency(t);
  const key = await newKeyOnPage(agency.browser, { name: 'Synchronisation', env: 'test' });
  assert.equal((await t.call('POST', '/sandbox/ingest/ingestListings', key, { listings: items(12, `ROLL-${unique()}`) })).statusCode, 200);
  for (let i = 0; i < 3; i++) await t.call('GET', '/sandbox/v1/listings/lst_000000000000000000', key);
  await t.call('GET', '/sandbox/v1/me', key);
  await t.services.requestLog.flush();

  const panelOf = (html: string) => ({
    figures: Object.fromEntries(
      ['Appels', 'Taux de succès', 'Latence moyenne', 'Annonces synchronisées'].map((term) => [term, figures(html).get(term)]),
    ),
    chart: /<title id="chart-title">([^<]*)<\/title>/.exec(html)?.[1],
    table: tableRows(html, 'Appels par jour'),
  });
  const before = await agency.browser.get('/pro/api-keys');
  const shown = panelOf(before.body);
  assert.equal(shown.figures.Appels, '5');
  assert.equal(shown.figures['Annonces synchronisées'], '12');
  assert.equal(tableRows(before.body, 'Derniers appels, les plus récents d’abord').length, 5);

  const deleted = await t.db.query('DELETE FROM request_log WHERE agency_id = $1', [agency.agencyId]);
  assert.equal(deleted.rowCount, 5);
  const after = await agency.browser.get('/pro/api-keys');
  assert.deepEqual(panelOf(after.body), shown, 'the panel did not read the deleted lines');
  assert.deepEqual(tableRows(after.body, 'Derniers appels, les plus récents d’abord'), []);
  assert.match(after.body, /Aucun appel pour ces filtres/);

  // And the figures are the roll-ups': without them, the panel is empty.
  await t.db.query('DELETE FROM request_daily WHERE agency_id = $1', [agency.agencyId]);
  const emptied = figures((await agency.browser.get('/pro/api-keys')).body);
  assert.equal(emptied.get('Appels'), '0');
  assert.equal(emptied.get('Latence moyenne'), '—');
});

// --- 6. The dashboard ----------------------------------------------------------------------

test(`[${databaseKind}] the dashboard shows the plan with its limits, the free period, LIVE calls over 24 hours and the counts`, async () => {
  const expected = {
    solo: { name: 'Pro Solo', daily: '1 000', batch: '10', webhooks: '0', calls: '0 / 1 000' },
    agence: { name: 'Pro Agence', daily: '10 000', batch: '50', webhooks: '1', calls: '0 / 10 000' },
    reseau: { name: 'Pro Réseau', daily: 'illimités', batch: '100', webhooks: '3', calls: '0', callsLabel: 'Appels LIVE sur 24 h' },
  };
  for (const [plan, shown] of Object.entries(expected)) {
    const email = `plan-${plan}-${unique()}@agence.example`;
    const up = await postPublicForm(t, '/pro/signup', {
      agencyName: `Agence ${plan}`,
      siren: '732829320',
      email,
      password: 'un long mot de passe',
      plan,
    });
    assert.equal(up.statusCode, 201);
    const dashboard = await proBrowser(t, cookieOf(up, 'ls_pro')!).get('/pro');
    assert.match(dashboard.body, new RegExp(`<h2>Formule ${shown.name}</h2>`));
    const dl = figures(dashboard.body);
    assert.equal(dl.get('Appels v1 par jour'), shown.daily, plan);
    assert.equal(dl.get('Annonces par lot v1'), shown.batch, plan);
    assert.equal(dl.get('Webhooks'), shown.webhooks, plan);
    assert.equal(dl.get('callsLabel' in shown ? shown.callsLabel : 'Appels v1 sur 24 h'), shown.calls, plan);
  }

  // The free period: until the first 1 May at least 12 months after joining.
  const agency = await verifiedAgency();
  const freeUntil = async (joined: string) => {
    await t.db.query('UPDATE agencies SET created_at = $2 WHERE id = $1', [agency.agencyId, joined]);
    return /Gratuit jusqu’au (\d\d\/\d\d\/\d{4})/.exec((await agency.browser.get('/pro')).body)?.[1];
  };
  assert.equal(await freeUntil('2025-03-10T10:00:00Z'), '01/05/2026');
  assert.equal(await freeUntil('2025-05-01T10:00:00Z'), '01/05/2026', 'joined on 1 May: twelve months to the day');
  assert.equal(await freeUntil('2025-05-02T10:00:00Z'), '01/05/2027', 'joined the day after: the next May');
  assert.equal(await freeUntil('2024-02-29T10:00:00Z'), '01/05/2025');
  assert.equal(await freeUntil('2025-12-31T22:30:00Z'), '01/05/2027', 'joined on 1 January in France');
  await t.db.query('UPDATE agencies SET created_at = now() WHERE id = $1', [agency.agencyId]);

  // Counts: listings of the LIVE side (not deleted, sandbox apart), those waiting for moderation, unread leads.
  const tag = unique();
  let liveCalls = 0;
  const live = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET', url: string, body?: unknown) => {
    liveCalls++;
    return t.call(method, url, agency.live, body);
  };
  const clean = (await live('POST', '/v1/listings', v1Body(`DASH-${tag}-1`, { price: 210000, surface: 41 }))).json();
  assert.equal(clean.moderation.state, 'approved');
  const held = (await live('POST', '/v1/listings', v1Body(`DASH-${tag}-2`, { price: 260000, surface: 52, dpe: null, ges: null }))).json();
  assert.equal(held.moderation.state, 'pending');
  const sold = (await live('POST', '/v1/listings', v1Body(`DASH-${tag}-3`, { price: 310000, surface: 63 }))).json();
  assert.equal((await live('PATCH', `/v1/listings/${sold.serviceId}/status`, { status: 'sold' })).statusCode, 200);
  const gone = (await live('POST', '/v1/listings', v1Body(`DASH-${tag}-4`, { price: 360000, surface: 74 }))).json();
  assert.equal((await live('DELETE', `/v1/listings/${gone.serviceId}`)).statusCode, 200);
  assert.equal(
    (await t.call('POST', '/sandbox/v1/listings', agency.testKey, v1Body(`DASH-${tag}-5`))).statusCode,
    201,
    'a sandbox listing',
  );
  assert.equal(
    (
      await contact(
        t,
        clean.serviceId,
        { name: 'Dominique', email: 'dominique@example.org', message: 'Visite possible samedi ?' },
        address(),
      )
    ).statusCode,
    200,
  );
  // Ingestion calls count against the key's quota, not the plan's daily v1 calls.
  assert.equal((await t.call('GET', `/ingest/listingByExternalId?externalId=DASH-${tag}-1`, agency.live)).statusCode, 200);
  await settleQuotas();

  const dashboard = await agency.browser.get('/pro');
  assert.match(dashboard.body, /SIREN vérifié\. Une clé LIVE est active/, 'a LIVE key exists: no invitation to make one');
  const dl = figures(dashboard.body);
  assert.equal(dl.get('Appels v1 sur 24 h'), `${liveCalls} / 10 000`, 'LIVE v1 calls only, out of the plan’s daily calls');
  assert.equal(dl.get('Annonces'), '3');
  assert.equal(dl.get('En modération'), '1');
  assert.equal(dl.get('Contacts non lus'), '1');

  // The verification's 48 hours, counted down on the dashboard of an agency waiting for it.
  const waiting = await signUpAgency(t);
  const { rows } = await t.db.query<{ created_at: Date }>('SELECT created_at FROM agencies WHERE id = $1', [waiting.agencyId]);
  const joined = rows[0]!.created_at.getTime();
  await ahead(joined + 47 * 3_600_000 - Date.now(), async () => {
    assert.match(
      text((await waiting.browser.get('/pro')).body),
      /SIREN en cours de vérification : réponse sous (1 h 00 min|59 min) au plus/,
    );
  });
  await ahead(joined + 49 * 3_600_000 - Date.now(), async () => {
    assert.match(text((await waiting.browser.get('/pro')).body), /le délai de 48 heures est dépassé/);
  });
});

test(`[${databaseKind}] the free period counts from the day of joining in France`, async () => {
  const agency = await signUpAgency(t);
  // 2025-05-01T22:30Z is 2 May 2025, 00:30 in Paris: 1 May 2026 is less than 12 months later.
  await t.db.query('UPDATE agencies SET created_at = $2 WHERE id = $1', [agency.agencyId, '2025-05-01T22:30:00Z']);
  assert.equal(/Gratuit jusqu’au (\d\d\/\d\d\/\d{4})/.exec((await agency.browser.get('/pro')).body)?.[1], '01/05/2027');
  // 2025-04-30T22:30Z is already 1 May (00:30) in Paris: 1 May 2026 is exactly 12 months later.
  await t.db.query('UPDATE agencies SET created_at = $2 WHERE id = $1', [agency.agencyId, '2025-04-30T22:30:00Z']);
  assert.equal(/Gratuit jusqu’au (\d\d\/\d\d\/\d{4})/.exec((await agency.browser.get('/pro')).body)?.[1], '01/05/2026');
});

// --- 7. Listings ---------------------------------------------------------------------------

test(`[${databaseKind}] /pro/listings shows each listing's moderation state and reasons, commercial status, last change and public link; a listing's page shows the public version beside the latest`, async () => {
  const agency = await verifiedAgency();
  const tag = unique();
  const create = async (suffix: string, overrides: Record<string, unknown>) => {
    const created = await t.call('POST', '/v1/listings', agency.live, v1Body(`LST-${tag}-${suffix}`, overrides));
    assert.equal(created.statusCode, 201, created.body);
    return created.json().serviceId as string;
  };
  // Oldest change first: a rejected listing, one waiting, one sold, one published then edited.
  const rejected = await create('R', {
    title: 'Studio Vieux-Lyon',
    price: 150000,
    surface: 22,
    rooms: 1,
    bedrooms: 0,
    dpe: null,
    ges: null,
  });
  const decided = await t.admin('POST', `/listings/${rejected}/moderation`, {
    decision: 'reject',
    reason: 'Les photos montrent un autre bien.',
  });
  assert.equal(decided.statusCode, 200, decided.body);
  const waiting = await create('W', { title: 'Loft Confluence', price: 540000, surface: 120, dpe: null, ges: null });
  const sold = await create('S', { title: 'T2 Guillotière', price: 198000, surface: 45, rooms: 2, bedrooms: 1 });
  await approve(t, sold);
  const edited = await create('E', {
    title: 'Maison des Glycines',
    description: 'Jardin clos et puits ancien, au calme.',
    price: 690000,
    surface: 150,
    rooms: 6,
    bedrooms: 4,
    category: 'house',
  });
  await approve(t, edited);
  await sleep(5);
  assert.equal((await t.call('PATCH', `/v1/listings/${sold}/status`, agency.live, { status: 'sold' })).statusCode, 200);
  await sleep(5);
  const edit = await t.call(
    'PUT',
    `/v1/listings/${edited}`,
    agency.live,
    v1Body(`LST-${tag}-E`, {
      title: 'Maison des Glycines rénovée',
      description: 'Véranda neuve et pompe à chaleur posée cette année.',
      price: 690000,
      surface: 150,
      rooms: 6,
      bedrooms: 4,
      category: 'house',
      dpe: null,
      ges: null,
    }),
  );
  assert.equal(edit.json().moderation.state, 'pending');

  const { rows: stored } = await t.db.query<{ id: string; updated_at: Date }>('SELECT id, updated_at FROM listings WHERE agency_id = $1', [
    agency.agencyId,
  ]);
  const changed = new Map(stored.map((row) => [row.id, row.updated_at]));
  const list = await agency.browser.get('/pro/listings');
  assert.equal(list.statusCode, 200);
  const cells = tableCells(list.body, 'Annonces de l’agence');
  const rows = cells.map((row) => row.map(text));
  const publicLink = (id: string) => `<a href="${t.config.siteUrl}/listings/${id}">`;
  assert.deepEqual(rows, [
    [
      `Maison des Glycines rénovée LST-${tag}-E`,
      'en attente de modération DPE manquant',
      'en vente',
      shownWhen(changed.get(edited)!),
      'Voir',
      '0 vue · 0 contact',
    ],
    [`T2 Guillotière LST-${tag}-S`, 'publiée', 'vendu', shownWhen(changed.get(sold)!), '—', '0 vue · 0 contact'],
    [
      `Loft Confluence LST-${tag}-W`,
      'en attente de modération DPE manquant',
      'en vente',
      shownWhen(changed.get(waiting)!),
      '—',
      '0 vue · 0 contact',
    ],
    [
      `Studio Vieux-Lyon LST-${tag}-R`,
      'refusée DPE manquant Décision d’un modérateur',
      'en vente',
      shownWhen(changed.get(rejected)!),
      '—',
      '0 vue · 0 contact',
    ],
  ]);
  assert.ok(cells[0]![4]!.includes(publicLink(edited)), 'the public page of the listing the public still sees (its approved version)');
  assert.match(cells[0]![0]!, new RegExp(`href="/pro/listings/${edited}"`));
  assert.match(cells[3]![1]!, /title="[^"]*Les photos montrent un autre bien/, 'the rejection’s reason is given');
  assert.equal((await page(t, `/listings/${sold}`)).statusCode, 410, 'the sold listing is off the site: no public link for it');
  assert.equal((await page(t, `/listings/${edited}`)).statusCode, 200);

  // The edited listing: the latest content beside what the public sees, each with only its own text.
  const detail = await agency.browser.get(`/pro/listings/${edited}`);
  assert.equal(detail.statusCode, 200);
  const sections = [...detail.body.matchAll(/<section>([\s\S]*?)<\/section>/g)].map((m) => m[1]!);
  const latest = sections.find((s) => /Dernière version \(v2\)/.test(s)) ?? assert.fail('the latest version');
  const shown = sections.find((s) => /Ce que voit le public \(v1\)/.test(s)) ?? assert.fail('the public version');
  assert.match(text(latest), /Véranda neuve et pompe à chaleur posée cette année\./);
  assert.doesNotMatch(latest, /Jardin clos/);
  assert.match(text(shown), /Maison des Glycines/);
  assert.doesNotMatch(shown, /rénovée|Véranda/);
  assert.match(text(shown), /Jardin clos et puits ancien, au calme\./);
  assert.ok(shown.includes(publicLink(edited)));
  assert.match(text(detail.body), /Motifs de modération/);
  const publicPage = await page(t, `/listings/${edited}`);
  assert.match(publicPage.body, /Jardin clos et puits ancien/, 'the public page shows that same version');
  assert.doesNotMatch(publicPage.body, /Véranda neuve/);

  // A listing never approved: nothing public to show.
  const never = await agency.browser.get(`/pro/listings/${waiting}`);
  assert.match(never.body, /Pas encore en ligne/);
  assert.doesNotMatch(never.body, new RegExp(`${t.config.siteUrl}/listings/${waiting}`));
  // The sold one: its last published version, said to be off the site, without a link to a page that is gone.
  const off = await agency.browser.get(`/pro/listings/${sold}`);
  assert.doesNotMatch(off.body, /Ce que voit le public/);
  assert.match(text(off.body), /Dernière version publiée \(v2\), hors du site T2 Guillotière .* Hors du site : l’annonce est « vendu »/);
  assert.doesNotMatch(off.body, new RegExp(`href="${t.config.siteUrl}/listings/${sold}"`));

  // A listing kept off the site by its agency (shareWithService false): approved, yet not public.
  const unshared = await create('U', {
    title: 'Garage Part-Dieu',
    category: 'parking',
    price: 30000,
    surface: 14,
    rooms: 1,
    bedrooms: 0,
    shareWithService: false,
  });
  await approve(t, unshared);
  assert.equal((await page(t, `/listings/${unshared}`)).statusCode, 404);
  const unsharedRow = tableRows((await agency.browser.get('/pro/listings')).body, 'Annonces de l’agence')[0]!;
  assert.deepEqual([unsharedRow[0], unsharedRow[4]], [`Garage Part-Dieu LST-${tag}-U`, '—']);
  assert.match(unsharedRow[1]!, /^publiée/);
  assert.match(text((await agency.browser.get(`/pro/listings/${unshared}`)).body), /hors du site .* Annonce non partagée avec le site/);

  // Sandbox listings are not the pro space's: neither listed nor opened.
  const sandbox = await t.call(
    'POST',
    '/sandbox/v1/listings',
    agency.testKey,
    v1Body(`LST-${tag}-T`, { price: 99000, surface: 18, rooms: 1, bedrooms: 0 }),
  );
  assert.equal(sandbox.statusCode, 201);
  assert.equal((await agency.browser.get(`/pro/listings/${sandbox.json().serviceId}`)).statusCode, 404);
  assert.equal(
    tableRows((await agency.browser.get('/pro/listings')).body, 'Annonces de l’agence').length,
    5,
    'the list is the LIVE listings',
  );

  // A suspended agency's listings are all off the site: no public link anywhere.
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/suspend`, { reason: 'Contrôle en cours' })).statusCode, 200);
  assert.equal((await page(t, `/listings/${edited}`)).statusCode, 410);
  assert.deepEqual(
    tableRows((await agency.browser.get('/pro/listings')).body, 'Annonces de l’agence').map((row) => row[4]),
    ['—', '—', '—', '—', '—'],
  );
  const suspended = await agency.browser.get(`/pro/listings/${edited}`);
  assert.match(text(suspended.body), /Dernière version publiée \(v1\), hors du site .* Compte suspendu : vos annonces sont hors du site\./);
  assert.doesNotMatch(suspended.body, new RegExp(`href="${t.config.siteUrl}/listings/${edited}"`));
});

// --- 8. Leads ------------------------------------------------------------------------------

test(`[${databaseKind}] /pro/contacts shows the conversations opened from the public site, latest first; opening one marks it read`, async () => {
  const agency = await verifiedAgency();
  const created = await t.call(
    'POST',
    '/v1/listings',
    agency.live,
    v1Body(`LEAD-${unique()}`, { title: 'T4 avec terrasse', price: 455000, surface: 91, rooms: 4 }),
  );
  const serviceId = created.json().serviceId as string;
  await approve(t, serviceId);
  const from = address();
  assert.equal(
    (
      await contact(
        t,
        serviceId,
        { name: 'Alix Premier', email: 'alix@example.org', message: 'Premier message : le parking est-il compris ?' },
        from,
      )
    ).statusCode,
    200,
  );
  await ahead(2 * MINUTE, async () => {
    assert.equal(
      (
        await contact(
          t,
          serviceId,
          { name: 'Basile Second', email: 'basile@example.org', phone: '06 12 34 56 78', message: 'Second message : visite jeudi ?' },
          from,
        )
      ).statusCode,
      200,
    );
  });
  const { rows } = await t.db.query<{ name: string; received_at: Date }>('SELECT name, received_at FROM leads WHERE listing_id = $1', [
    serviceId,
  ]);
  const receivedAt = new Map(rows.map((row) => [row.name, row.received_at]));

  const leads = await agency.browser.get('/pro/contacts');
  assert.equal(leads.statusCode, 200);
  const shown = tableRows(leads.body, 'Contacts de l’agence');
  assert.equal(shown.length, 2);
  assert.deepEqual(shown[0], [
    'Basile Second',
    `T4 avec terrasse ${rowsExternalId(leads.body)}`,
    `${shownWhen(receivedAt.get('Basile Second')!)} Second message : visite jeudi ?`,
    'nouveau',
    '1',
  ]);
  assert.equal(shown[1]![0], 'Alix Premier');
  assert.ok(shown[1]![2]!.startsWith(shownWhen(receivedAt.get('Alix Premier')!)), shown[1]![2]);
  assert.equal(shown[1]![3], 'nouveau');
  assert.match(leads.body, />Contacts non lus\u00a0:\u00a02<\/a>/);
  // The visitor's details and message are on the conversation's page; opening it marks it read
  // (later than Basile's message, written with the clock 2 minutes ahead).
  const links = [...leads.body.matchAll(/<a href="(\/pro\/contacts\/lead_[0-9A-Za-z]+)">/g)].map((m) => m[1]!);
  const basile = text((await ahead(3 * MINUTE, () => agency.browser.get(links[0]!))).body);
  assert.ok(basile.includes('E-mail basile@example.org Téléphone 06 12 34 56 78'), basile);
  assert.ok(basile.includes('Second message : visite jeudi ?'));
  const alix = text((await agency.browser.get(links[1]!)).body);
  assert.ok(alix.includes('E-mail alix@example.org Téléphone —'));
  assert.ok(alix.includes('Premier message : le parking est-il compris ?'));
  const again = await agency.browser.get('/pro/contacts');
  assert.deepEqual(
    tableRows(again.body, 'Contacts de l’agence').map((row) => [row[0], row[3], row[4]]),
    [
      ['Basile Second', 'lu', '0'],
      ['Alix Premier', 'lu', '0'],
    ],
  );
  assert.match(again.body, />Contacts non lus\u00a0:\u00a00<\/a>/);
});

/** The listing's externalId as the inbox's rows show it beside its title. */
const rowsExternalId = (html: string) => /<span class="muted"> (LEAD-[0-9a-f]+)<\/span>/.exec(html)![1]!;

// --- 10. HTML shown escaped ----------------------------------------------------------------

test(`[${databaseKind}] HTML in a lead's message and in a listing's title is shown escaped in /pro/contacts and /pro/listings`, async () => {
  const agency = await verifiedAgency();
  const title = 'Loft <img src=x onerror=alert(1)> "atelier" & cour';
  const created = await t.call(
    'POST',
    '/v1/listings',
    agency.live,
    v1Body(`XSS-${unique()}`, { title, price: 480000, surface: 105, rooms: 4 }),
  );
  assert.equal(created.statusCode, 201, created.body);
  const serviceId = created.json().serviceId as string;
  await approve(t, serviceId);
  const message = 'Bonjour <script>alert("lead")</script> <b>merci</b> & à bientôt';
  const name = '<i>Zoé</i>';
  assert.equal((await contact(t, serviceId, { name, email: 'zoe@example.org', message }, address())).statusCode, 200);

  /** The input's markup that a page carries as markup: its tags (a quoted attribute value holding `<` is text, not a tag). */
  const raw = (body: string) =>
    [...body.matchAll(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g)]
      .map((m) => m[0])
      .filter((tag) => /^<\/?(img|script|b|i)\b/i.test(tag) && !/^<script src="\/pro\/assets\//.test(tag));
  const inbox = await agency.browser.get('/pro/contacts');
  assert.deepEqual(raw(inbox.body), [], 'no markup from the visitor or the agency reaches the inbox as markup');
  assert.ok(inbox.body.includes('&lt;i>Zoé&lt;/i>'), 'the name escaped');
  const conversation = /<a href="(\/pro\/contacts\/lead_[0-9A-Za-z]+)">/.exec(inbox.body)![1]!;
  const leads = await agency.browser.get(conversation);

  assert.deepEqual(raw(leads.body), [], 'no markup from the visitor or the agency reaches the page as markup');
  assert.ok(
    leads.body.includes('Bonjour &lt;script>alert(') && leads.body.includes('&lt;/script> &lt;b>merci&lt;/b> &amp; à bientôt'),
    'the message, as typed, escaped',
  );
  assert.ok(leads.body.includes('&lt;i>Zoé&lt;/i>'), 'the name escaped');
  assert.ok(text(leads.body).includes(message), 'and read as typed');
  const { rows } = await t.db.query<{ public_title: string }>('SELECT public_title FROM listings WHERE id = $1', [serviceId]);
  assert.ok(text(leads.body).includes(`Annonce ${rows[0]!.public_title} Référence`), 'the listing’s title, as the public sees it');
  assert.ok(text(inbox.body).includes(rows[0]!.public_title));

  const list = await agency.browser.get('/pro/listings');
  assert.deepEqual(raw(list.body), []);
  assert.ok(list.body.includes('Loft &lt;img src=x onerror=alert(1)>'), 'the title escaped');
  assert.ok(text(list.body).includes(title), 'and read as typed');
  const detail = await agency.browser.get(`/pro/listings/${serviceId}`);
  assert.deepEqual(raw(detail.body), []);
  assert.ok(text(/<h1>([\s\S]*?)<\/h1>/.exec(detail.body)![1]!) === title);
  assert.match(/<title>([^<]*)<\/title>/.exec(detail.body)![1]!, /^Loft &lt;img/, 'the page title too');
});

test(`[${databaseKind}] a listing rejected with its rule's own wording shows that reason once on its pro page`, async () => {
  const agency = await verifiedAgency();
  const body = v1Body(`LST-WORDING-${unique()}`, { description: 'Appartement lumineux. Locataires français uniquement.' });
  const created = await t.call('POST', '/v1/listings', agency.live, body);
  assert.equal(created.statusCode, 201, created.body);
  const { serviceId, moderation } = created.json();
  const ruleMessage: string = moderation.reasons.find((r: { code: string }) => r.code === 'discriminatory_wording').messageFr;
  // The back-office offers the rule's message as a reason; the operator picked it as it is.
  const decided = await t.admin('POST', `/listings/${serviceId}/moderation`, { decision: 'reject', reason: ruleMessage });
  assert.equal(decided.statusCode, 200, decided.body);
  const detail = text((await agency.browser.get(`/pro/listings/${serviceId}`)).body);
  assert.match(detail, /Motifs de modération/);
  assert.equal(detail.split(text(ruleMessage)).length - 1, 1, 'the reason once');
});
