import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { browserWith, createOperator, hiddenCsrf, submitLogin, type OperatorBrowser } from '../../helpers/back-office.js';
import { cookieOf, hiddenToken, proBrowser, signUpAgency } from '../../helpers/pro.js';
import { ingestItem } from '../../helpers/listings.js';
import { page } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';
import { LOGIN_LIMITS } from '../../../src/domain/operators/login.js';
import { PRO_LOGIN_LIMITS } from '../../../src/domain/accounts/login.js';

/**
 * Back-office rules (issue 18) an audit found implemented but not shown by any test: sign-in
 * throttling per address, the separation of operator and agency sessions, a decision on a
 * deleted listing, the pro dashboard after a verification, the review page, service health.
 *
 * The file has a database of its own (on PostgreSQL a new one, dropped at the end): sign-in
 * limits are counted per address in the database, the health figures are global, and the
 * clock moves; nothing here may touch, or be touched by, the other files' rows.
 */
const { t, setClock } = useIsolatedTestApp();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const rental = { transaction: 'LOCATION', price: 950, charges: 80, surface: 45, rooms: 2, bedrooms: 1 };

/** Every sign-in from an address of its own, so that only the throttling test meets the per-address limit. */
let addresses = 0;
const freshAddress = () => `2001:db8::${(++addresses).toString(16)}`;
async function signInAs(operator: { email: string; password: string }): Promise<OperatorBrowser> {
  const response = await submitLogin(t, operator.email, operator.password, freshAddress());
  assert.equal(response.statusCode, 303, response.body);
  return browserWith(t, cookieOf(response, 'ls_admin')!);
}

interface AuditRow {
  seq: string;
  actor: string;
  action: string;
  target_id: string;
  after: Record<string, unknown> | null;
}
const lastAuditSeq = async () =>
  Number((await t.db.query<{ seq: string | null }>('SELECT max(seq) AS seq FROM operator_audit')).rows[0]?.seq ?? 0);
const auditSince = async (seq: number) =>
  (await t.db.query<AuditRow>('SELECT seq, actor, action, target_id, after FROM operator_audit WHERE seq > $1 ORDER BY seq', [seq])).rows;

const push = async (key: string, listings: unknown[]) => {
  const response = await t.call('POST', '/ingest/ingestListings', key, { listings });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().results as Array<{ serviceId: string; version: number; moderation: { state: string } }>;
};
/** A push made at a given time (the listing's submission time is the service clock's). */
const pushAt = async (when: Date, key: string, listings: unknown[]) => {
  setClock(when);
  try {
    return await push(key, listings);
  } finally {
    setClock(null);
  }
};
const eventTypes = async (agencyId: string) =>
  ((await t.admin('GET', `/agencies/${agencyId}/events?limit=1000`)).json().events as Array<{ type: string }>).map((e) => e.type);

test(`[${databaseKind}] operator sign-in is throttled per address across accounts: a 429 page even for the right password, another address unaffected, only refusals audited`, async () => {
  // The back-office counts as the pro space does (docs/decisions.md §13), in buckets of its own.
  assert.deepEqual(
    [LOGIN_LIMITS.address.limit, LOGIN_LIMITS.address.periodMs, LOGIN_LIMITS.account.limit, LOGIN_LIMITS.account.periodMs],
    [PRO_LOGIN_LIMITS.address.limit, PRO_LOGIN_LIMITS.address.periodMs, PRO_LOGIN_LIMITS.account.limit, PRO_LOGIN_LIMITS.account.periodMs],
  );
  assert.notEqual(LOGIN_LIMITS.address.action, PRO_LOGIN_LIMITS.address.action);
  const perAddress = LOGIN_LIMITS.address.limit; // 30 in 30 minutes
  const operators = [];
  for (let i = 0; i < 5; i++) operators.push(await createOperator(t, `mot de passe opérateur n°${i}`));
  const guesser = freshAddress();
  const since = await lastAuditSeq();

  // 30 failures spread over 5 accounts: 6 each, under the per-account limit (10), so only the address limit can speak.
  for (let attempt = 0; attempt < perAddress; attempt++) {
    const target = operators[attempt % operators.length]!;
    const refused = await submitLogin(t, target.email, 'pas le bon mot de passe', guesser);
    assert.equal(refused.statusCode, 401, `attempt ${attempt + 1}: ${refused.body.slice(0, 200)}`);
  }
  const first = operators[0]!;
  const throttled = await submitLogin(t, first.email, first.password, guesser);
  assert.equal(throttled.statusCode, 429, 'the right password from the guessing address is refused meanwhile');
  assert.match(throttled.body, /Trop de tentatives : réessayez dans \d+ min\./);
  assert.match(throttled.body, /<form method="post" action="\/admin\/login"/, 'a page with the form, not a bare error');
  const retryAfter = Number(throttled.headers['retry-after']);
  assert.ok(retryAfter > 0 && retryAfter <= LOGIN_LIMITS.address.periodMs / 1000, String(retryAfter));
  assert.equal(cookieOf(throttled, 'ls_admin'), undefined, 'no session');
  const stranger = await submitLogin(t, 'personne@back-office.example', 'peu importe', guesser);
  assert.equal(stranger.statusCode, 429);

  // The lock itself is reported once, under the address's hash (docs/accounts.md, "Sign-in throttling").
  const locks = (await auditSince(since)).filter((e) => e.action === 'sign_in.address_locked');
  assert.equal(locks.length, 1, 'the lock is reported once');
  const audited = (await auditSince(since)).filter((e) => e.action !== 'sign_in.address_locked');
  assert.equal(audited.length, perAddress, 'one entry per refused password, none for the throttled attempts');
  assert.ok(audited.every((e) => e.action === 'operator.login_failed' && e.actor === e.target_id));
  for (const operator of operators)
    assert.equal(audited.filter((e) => e.actor === operator.operatorId).length, perAddress / operators.length);

  // Another address is not held back by the guesser's failures.
  const elsewhere = await submitLogin(t, first.email, first.password, freshAddress());
  assert.equal(elsewhere.statusCode, 303, elsewhere.body);
  assert.equal((await browserWith(t, cookieOf(elsewhere, 'ls_admin')!).get('/admin')).statusCode, 200);
  const afterwards = await auditSince(since);
  assert.deepEqual(
    afterwards.filter((e) => !['operator.login_failed', 'sign_in.address_locked'].includes(e.action)).map((e) => [e.action, e.actor]),
    [['operator.login', first.operatorId]],
    'the only success is the one from the other address',
  );
});

test(`[${databaseKind}] an operator session never acts as an agency, and an agency session never as an operator`, async () => {
  const operator = await createOperator(t);
  const login = await submitLogin(t, operator.email, operator.password, freshAddress());
  const operatorToken = cookieOf(login, 'ls_admin')!.slice('ls_admin='.length);
  const operatorCsrf = hiddenCsrf((await browserWith(t, `ls_admin=${operatorToken}`).get('/admin')).body)!;
  const agency = await signUpAgency(t, 'Agence curieuse');
  const agencyToken = agency.browser.cookie.slice('ls_pro='.length);
  const agencyCsrf = hiddenToken((await agency.browser.get('/pro')).body)!;
  assert.ok(operatorCsrf && agencyCsrf);
  const waiting = (
    await t.admin('POST', '/agencies', { name: 'Agence en attente', plan: 'solo', verified: false, siren: '732829320' })
  ).json().agencyId as string;

  const state = async () =>
    (
      await t.db.query(
        `SELECT (SELECT count(*)::int FROM api_keys) AS keys, (SELECT count(*)::int FROM invitations) AS invitations,
                (SELECT count(*)::int FROM sessions) AS sessions, (SELECT count(*)::int FROM operator_audit) AS audit,
                (SELECT count(*)::int FROM agencies WHERE verified OR verification_refused_at IS NOT NULL) AS decided`,
      )
    ).rows[0];
  const before = await state();

  // The operator's session cookie value, sent as an agency's.
  const asAgency = proBrowser(t, `ls_pro=${operatorToken}`);
  for (const path of ['/pro', '/pro/api-keys', '/pro/listings', '/pro/team']) {
    const response = await asAgency.get(path);
    assert.equal(response.statusCode, 303, path);
    assert.equal(response.headers.location, `/pro/login?next=${encodeURIComponent(path)}`);
  }
  const both = await t.app.inject({
    method: 'GET',
    url: '/pro',
    headers: { cookie: `ls_admin=${operatorToken}; ls_pro=${operatorToken}` },
  });
  assert.equal(both.statusCode, 303, 'both cookies at once open nothing either');
  for (const [path, fields] of [
    ['/pro/api-keys', { name: 'Clé opérateur', env: 'test' }],
    ['/pro/team/invitations', { role: 'admin' }],
    ['/pro/logout', {}],
  ] as const) {
    const response = await asAgency.post(path, { _csrf: operatorCsrf, ...fields });
    assert.equal(response.statusCode, 401, `${path}: ${response.body.slice(0, 200)}`);
    assert.match(response.body, /Session expirée/);
  }
  // Nor as a bearer token, on the agencies' API or on the operator API.
  assert.equal((await t.call('GET', '/v1/me', operatorToken)).statusCode, 401);
  assert.equal((await t.call('GET', '/admin/api/agencies/' + agency.agencyId, operatorToken)).statusCode, 401);

  // The agency's session cookie value, sent as an operator's: not even its own agency can be verified.
  const asOperator = browserWith(t, `ls_admin=${agencyToken}`);
  for (const path of ['/admin', '/admin/verifications', '/admin/moderation', `/admin/agencies/${agency.agencyId}`]) {
    const response = await asOperator.get(path);
    assert.equal(response.statusCode, 303, path);
    assert.equal(response.headers.location, `/admin/login?next=${encodeURIComponent(path)}`);
  }
  for (const agencyId of [agency.agencyId, waiting]) {
    const response = await asOperator.post(`/admin/agencies/${agencyId}/verify`, { _csrf: agencyCsrf });
    assert.equal(response.statusCode, 401);
    assert.match(response.body, /Session expirée/);
    const refused = await asOperator.post(`/admin/agencies/${agencyId}/refuse`, { _csrf: agencyCsrf, reason: 'refus forgé' });
    assert.equal(refused.statusCode, 401);
  }

  assert.deepEqual(await state(), before, 'nothing changed: no key, invitation, session, audit entry or verification');
  assert.equal((await t.admin('GET', `/agencies/${agency.agencyId}`)).json().verified, false);
  // Each session still works in its own space.
  assert.equal((await agency.browser.get('/pro')).statusCode, 200);
  assert.equal((await browserWith(t, `ls_admin=${operatorToken}`).get('/admin')).statusCode, 200);
});

test(`[${databaseKind}] a decision on a listing deleted since its page was opened is a French 404 page; nothing is published, nothing audited`, async () => {
  const own = await t.agency({ name: 'Agence qui supprime' });
  const browser = await signInAs(await createOperator(t));
  const serviceId: string = (await t.call('POST', '/v1/listings', own.live, v1Body('GONE-1', { dpe: null, ges: null }))).json().serviceId;
  const review = await browser.get(`/admin/moderation/${serviceId}`);
  assert.equal(review.statusCode, 200);
  assert.match(review.body, /name="version" value="1"/);
  const deleted = await t.call('DELETE', `/v1/listings/${serviceId}`, own.live);
  assert.ok(deleted.statusCode < 300, deleted.body);
  const since = await lastAuditSeq();

  const decisions: Array<Record<string, string>> = [
    { decision: 'approve', version: '1' },
    { decision: 'reject', version: '1', reason: 'Trop tard' },
    { decision: 'reject', version: '1' },
  ];
  for (const fields of decisions) {
    const response = await browser.post(`/admin/moderation/${serviceId}`, fields);
    assert.equal(response.statusCode, 404, `${JSON.stringify(fields)}: ${response.body.slice(0, 300)}`);
    assert.match(response.body, /Annonce introuvable/);
    assert.match(response.body, /supprimée/);
    assert.match(response.body, /Rien n’a été décidé/);
    assert.doesNotMatch(response.body, /not found/i, 'the back-office speaks French');
  }
  assert.equal((await browser.get(`/admin/moderation/${serviceId}`)).statusCode, 404);

  assert.notEqual((await page(t, `/listings/${serviceId}`)).statusCode, 200);
  assert.equal((await t.db.query('SELECT 1 FROM public_listings WHERE id = $1', [serviceId])).rows.length, 0);
  const { rows } = await t.db.query<{ moderation_state: string; decided_at: Date | null; published_version: number | null }>(
    'SELECT moderation_state, decided_at, published_version FROM listings WHERE id = $1',
    [serviceId],
  );
  assert.deepEqual(rows[0], { moderation_state: 'pending', decided_at: null, published_version: null });
  assert.deepEqual(await eventTypes(own.agencyId), ['listing.created', 'listing.deleted'], 'no decision event');
  // The code audits only stale decisions (listing.decision_refused); a vanished listing leaves no trace.
  assert.deepEqual(await auditSince(since), []);
});

test(`[${databaseKind}] the agency's pro dashboard follows the operator: verified (LIVE keys possible), or refused with the reason`, async () => {
  const browser = await signInAs(await createOperator(t));
  const accepted = await signUpAgency(t, 'Agence Acceptée');
  const refused = await signUpAgency(t, 'Agence Refusée');

  const waiting = (await accepted.browser.get('/pro')).body;
  assert.match(waiting, /SIREN en cours de vérification : réponse sous 4[78] h \d\d min au plus/);
  assert.doesNotMatch(waiting, /SIREN vérifié/);
  assert.match((await accepted.browser.get('/pro/api-keys')).body, /Les clés LIVE sont disponibles une fois le SIREN de l’agence vérifié/);
  assert.equal((await accepted.browser.post('/pro/api-keys', { name: 'Production', env: 'live' })).statusCode, 403);

  assert.equal((await browser.post(`/admin/agencies/${accepted.agencyId}/verify`)).statusCode, 303);
  const verified = (await accepted.browser.get('/pro')).body;
  assert.match(verified, /SIREN vérifié : vous pouvez créer des clés LIVE\./);
  assert.doesNotMatch(verified, /en cours de vérification|Vérification refusée/);
  assert.doesNotMatch((await accepted.browser.get('/pro/api-keys')).body, /Les clés LIVE sont disponibles une fois/);
  const live = await accepted.browser.post('/pro/api-keys', { name: 'Production', env: 'live' });
  assert.equal(live.statusCode, 201, live.body.slice(0, 300));
  assert.match(live.body, /svc_pk_LIVE_/);

  const reason = 'Le Kbis fourni date de 2019 <à renouveler> & le SIREN diffère';
  assert.equal((await browser.post(`/admin/agencies/${refused.agencyId}/refuse`, { reason })).statusCode, 303);
  const told = (await refused.browser.get('/pro')).body;
  assert.ok(told.includes('Vérification refusée : Le Kbis fourni date de 2019 &lt;à renouveler'), told.slice(0, 3000));
  assert.ok(told.includes('&amp; le SIREN diffère. Écrivez au support pour la reprendre.'));
  assert.ok(!told.includes('<à renouveler>'), 'the reason is escaped');
  assert.doesNotMatch(told, /SIREN vérifié|en cours de vérification/);
  assert.equal((await refused.browser.post('/pro/api-keys', { name: 'Production', env: 'live' })).statusCode, 403);
});

test(`[${databaseKind}] the review page: shortcuts for approve, reject and next, the flagged version's photos, the agency; a written reason is kept and shown; the queue is oldest first`, async () => {
  const pro = await signUpAgency(t, 'Agence des Pentes & Traboules');
  const key: string = (await t.admin('POST', `/agencies/${pro.agencyId}/verify`)).json().liveKey;
  const operator = await createOperator(t);
  const start = Date.now();
  const ago = (hours: number) => new Date(start - hours * HOUR);
  const shownPhotos = ['https://photos.pentes.example/v1/sejour.jpg'];
  const flaggedPhotos = ['https://photos.pentes.example/v2/sejour-refait.jpg', 'https://photos.pentes.example/v2/cuisine.jpg'];

  // A was approved 4 h ago, then edited 3 h ago with forbidden wording and new photos; C (1 h ago) is pushed before B (2 h ago).
  const [a] = await pushAt(ago(4), key, [ingestItem('REV-A', { ...rental, description: 'Appartement lumineux.', imageUrls: shownPhotos })]);
  assert.equal(a!.moderation.state, 'approved');
  const [edit] = await pushAt(ago(3), key, [
    ingestItem('REV-A', { ...rental, description: 'Appartement lumineux, Français uniquement.', imageUrls: flaggedPhotos }),
  ]);
  assert.deepEqual([edit!.version, edit!.moderation.state], [2, 'pending']);
  const [c] = await pushAt(ago(1), key, [ingestItem('REV-C', { dpe: null })]);
  const [b] = await pushAt(ago(2), key, [ingestItem('REV-B', { dpe: null })]);
  const ids = { a: a!.serviceId, b: b!.serviceId, c: c!.serviceId };

  const browser = await signInAs(operator);
  const queue = (await browser.get('/admin/moderation')).body;
  const rows = [...queue.matchAll(/<a href="\/admin\/moderation\/(lst_[0-9A-Za-z]+)">/g)]
    .map((m) => m[1])
    .filter((id) => Object.values(ids).includes(id!));
  assert.deepEqual(rows, [ids.a, ids.b, ids.c], 'oldest submission first, whatever the order of the pushes');
  assert.ok(queue.includes(`<a href="/admin/moderation/${ids.a}" accesskey="n">`), 'the queue page’s shortcut opens the oldest');
  assert.ok(queue.includes('Agence des Pentes &amp; Traboules'));

  const review = (await browser.get(`/admin/moderation/${ids.a}`)).body;
  const button = (decision: string) => new RegExp(`<button [^>]*value="${decision}"[^>]*>`).exec(review)?.[0] ?? '';
  assert.match(button('approve'), /accesskey="a"/);
  assert.match(button('reject'), /accesskey="r"/);
  assert.ok(review.includes(`<a href="/admin/moderation/${ids.b}" accesskey="n">`), 'next: the following listing of the queue');
  assert.match(review, /Alt\+A approuver, Alt\+R refuser, Alt\+N annonce suivante/);
  const images = [...review.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(images, flaggedPhotos, 'the photos of the flagged version, as the agency sent them');
  assert.ok(review.includes('Agence des Pentes &amp; Traboules · référence REV-A · version 2'), 'the agency, escaped');
  assert.match(review, /Formulation discriminatoire :/);
  const version = /name="version" value="(\d+)"/.exec(review)?.[1];
  const choice = /<option value="([^"]+)">/.exec(review)?.[1];
  assert.equal(version, '2');
  assert.ok(choice, 'the rule messages are offered as reasons');

  // Both a chosen and a written reason: the written one is what the operator meant.
  const written = 'Mention « Français uniquement » interdite : retirez-la <puis republiez>.';
  const decided = await browser.post(`/admin/moderation/${ids.a}`, {
    decision: 'reject',
    version: version!,
    reasonChoice: choice!,
    reason: written,
  });
  assert.equal(decided.statusCode, 303);
  assert.equal(decided.headers.location, `/admin/moderation/${ids.b}`, 'on to the oldest listing still waiting');

  const read = (await t.call('GET', `/v1/listings/${ids.a}`, key)).json();
  assert.equal(read.moderation.state, 'rejected');
  assert.deepEqual(read.moderation.reasons.at(-1), { code: 'operator', message: written, messageFr: written, severity: 'reject' });
  const audit = (await auditSince(0)).filter((e) => e.target_id === ids.a);
  assert.deepEqual(
    audit.map((e) => [e.action, e.actor, e.after?.reason]),
    [['listing.reject', operator.operatorId, written]],
  );
  const escaped = 'Mention « Français uniquement » interdite : retirez-la &lt;puis republiez';
  assert.ok((await pro.browser.get(`/pro/listings/${ids.a}`)).body.includes(escaped), 'the agency reads the reason in its pro space');
  const decidedPage = (await browser.get(`/admin/moderation/${ids.a}`)).body;
  assert.match(decidedPage, /Cette version a déjà été décidée : refusée\./);
  assert.ok(decidedPage.includes(escaped));
  const site = (await page(t, `/listings/${ids.a}`)).body;
  assert.ok(site.includes('Appartement lumineux.') && !site.includes('Français uniquement'), 'the approved version stays public');
});

test(`[${databaseKind}] service health: p50/p95 of the last 7 days' operator decisions, the 8-day-old one left out; the dashboard shows them against the 2-hour promise`, async () => {
  const own = await t.agency({ name: 'Agence chronométrée' });
  // A year ahead: the 7-day window then holds this test's decisions only (the others' are at today's date).
  const end = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + 365 * DAY);
  const ago = (ms: number) => new Date(end.getTime() - ms);
  const decideAt = async (when: Date, serviceId: string, body: Record<string, unknown>) => {
    setClock(when);
    try {
      const response = await t.admin('POST', `/listings/${serviceId}/moderation`, { version: 1, ...body });
      assert.equal(response.statusCode, 200, response.body);
    } finally {
      setClock(null);
    }
  };
  const [old] = await pushAt(ago(8 * DAY + 10 * HOUR), own.live, [ingestItem('HEALTH-OLD', { dpe: null })]);
  await decideAt(ago(8 * DAY), old!.serviceId, { decision: 'approve' }); // waited 10 h, 8 days before `end`
  const waiting = await pushAt(
    ago(6 * HOUR),
    own.live,
    ['HEALTH-1', 'HEALTH-3', 'HEALTH-5'].map((id) => ingestItem(id, { dpe: null })),
  );
  assert.ok(waiting.every((r) => r.moderation.state === 'pending'));
  await decideAt(ago(5 * HOUR), waiting[0]!.serviceId, { decision: 'approve' }); // waited 1 h
  await decideAt(ago(3 * HOUR), waiting[1]!.serviceId, { decision: 'reject', reason: 'DPE manquant' }); // 3 h
  await decideAt(ago(1 * HOUR), waiting[2]!.serviceId, { decision: 'approve' }); // 5 h

  setClock(end);
  try {
    /*
     * The code computes PostgreSQL's percentile_cont: linear interpolation at rank 1 + p·(n − 1).
     * Waits of 1 h, 3 h, 5 h: p50 = 3 h = 10,800 s; p95 at rank 2.9 = 3 h + 0.9 × 2 h = 4.8 h
     * = 17,280 s; mean 3 h. Counting the 8-day-old decision (10 h) would give p50 4 h, mean 4.75 h.
     * Figures are rounded to 0.1 s, which also absorbs the float error of 0.95 × 2.
     */
    const expected = { decisions: 3, p50Seconds: 10_800, p95Seconds: 17_280, meanSeconds: 10_800 };
    const metrics = (await t.admin('GET', '/moderation/metrics')).json();
    assert.deepEqual(metrics.operator, expected);
    assert.deepEqual(metrics.all, expected, 'no automatic decision in the window either');
    assert.equal(metrics.windowDays, 7);
    assert.equal(metrics.targetAverageSeconds, 7200);
    const health = (await t.admin('GET', '/health')).json().moderation;
    assert.deepEqual(
      [health.decisions, health.p50Seconds, health.p95Seconds, health.meanSeconds, health.promiseSeconds, health.keptPromise],
      [3, 10_800, 17_280, 10_800, 7200, false],
    );

    const dashboard = (await (await signInAs(await createOperator(t))).get('/admin')).body;
    const figure = (label: string) => {
      const match = new RegExp(`<dt>${label.replace(/[()]/g, '\\$&')}</dt><dd( class="late")?><(?:span|a[^>]*)>([^<]*)<`).exec(dashboard);
      assert.ok(match, `${label} in ${dashboard.slice(dashboard.indexOf('<dl'), dashboard.indexOf('<dl') + 1500)}`);
      return { value: match[2], late: Boolean(match[1]) };
    };
    assert.deepEqual(figure('Délai médian (p50)'), { value: '3 h 00 min', late: false });
    assert.deepEqual(figure('Délai p95'), { value: '4 h 48 min', late: false });
    assert.deepEqual(figure('Délai moyen'), { value: '3 h 00 min', late: true });
    assert.deepEqual(figure('Décisions (7 jours)'), { value: '3', late: false });
    assert.match(dashboard, /Promesse : publication en <strong>2 h<\/strong> en moyenne\./);
    assert.match(dashboard, /<strong class="late">Non tenue sur 7 jours\.<\/strong>/);
  } finally {
    setClock(null);
  }
});
