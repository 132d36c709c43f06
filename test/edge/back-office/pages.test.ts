import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { browserWith, createOperator, signIn, submitLogin } from '../../helpers/back-office.js';
import { page, publicListing } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';
import { createSession } from '../../../src/domain/sessions/session-store.js';

/** The back-office pages (issue 18): operator sessions, verification, the moderation queue, agencies. */
// The queue and the verification list are global: on a shared PostgreSQL, other files' rows
// would push this file's listings off their first page, so the file has a database of its own.
const { t, agency, setClock } = useIsolatedTestApp();

const rental = { type: 'rental', price: 950, charges: 80, surface: 45, rooms: 2, bedrooms: 1, fees: null };
const unverified = async (name: string) =>
  (await t.admin('POST', '/agencies', { name, plan: 'solo', verified: false, siren: '732829320' })).json().agencyId as string;
const auditActions = async (targetId: string) =>
  ((await t.admin('GET', '/audit?limit=500')).json().entries as Array<{ action: string; actor: string; targetId: string }>).filter(
    (e) => e.targetId === targetId,
  );

test('an operator signs in with a session cookie that is HttpOnly, SameSite=Lax and limited to /admin', async () => {
  const operator = await createOperator(t);
  const response = await submitLogin(t, operator.email, operator.password);
  assert.equal(response.statusCode, 303);
  assert.equal(response.headers.location, '/admin');
  const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('ls_admin='))!;
  assert.match(cookie, /HttpOnly/i);
  assert.match(cookie, /SameSite=Lax/i);
  assert.match(cookie, /Path=\/admin/);
  assert.doesNotMatch(cookie, /Secure/, 'plain HTTP here: Secure only under TLS');
  const browser = browserWith(t, cookie.split(';')[0]!);
  const dashboard = await browser.get('/admin');
  assert.equal(dashboard.statusCode, 200);
  assert.match(dashboard.body, /Tableau de bord/);
  assert.ok(dashboard.body.includes(operator.email));
  assert.equal(dashboard.headers['cache-control'], 'no-store');
});

test('wrong passwords, unknown e-mails and disabled operators are refused with a page, and guessing is throttled', async () => {
  const operator = await createOperator(t);
  const wrong = await submitLogin(t, operator.email, 'pas le bon mot de passe');
  assert.equal(wrong.statusCode, 401);
  assert.match(wrong.body, /Adresse e-mail ou mot de passe incorrect/);
  assert.ok(!([] as string[]).concat(wrong.headers['set-cookie'] ?? []).some((c) => c.startsWith('ls_admin=')));
  const unknown = await submitLogin(t, `nobody-${operator.email}`, operator.password);
  assert.equal(unknown.statusCode, 401);
  assert.match(unknown.body, /Adresse e-mail ou mot de passe incorrect/);
  assert.ok((await auditActions(operator.operatorId)).some((e) => e.action === 'operator.login_failed'));

  for (let i = 0; i < 9; i++) await submitLogin(t, operator.email, 'encore faux', `203.0.113.${i + 1}`);
  const throttled = await submitLogin(t, operator.email, operator.password, '203.0.113.99');
  assert.equal(throttled.statusCode, 429, 'the account is throttled whatever the address');
  assert.ok(Number(throttled.headers['retry-after']) > 0);

  const disabledOne = await createOperator(t);
  assert.equal((await t.admin('POST', `/operators/${disabledOne.operatorId}/disable`)).statusCode, 200);
  const disabled = await submitLogin(t, disabledOne.email, disabledOne.password);
  assert.equal(disabled.statusCode, 403);
  assert.match(disabled.body, /désactivé/);
});

test('a login form posted without its own token is refused', async () => {
  const operator = await createOperator(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ _csrf: 'forged', email: operator.email, password: operator.password }).toString(),
  });
  assert.equal(response.statusCode, 403);
  assert.ok(!([] as string[]).concat(response.headers['set-cookie'] ?? []).some((c) => c.startsWith('ls_admin=')));
});

test('without a valid admin session every page sends the browser to the login page, and forms are refused', async () => {
  const forged = browserWith(t, 'ls_admin=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  const redirected = await forged.get('/admin/verifications');
  assert.equal(redirected.statusCode, 303);
  assert.equal(redirected.headers.location, '/admin/login?next=%2Fadmin%2Fverifications');

  // A pro session's token, even sent as the back-office cookie, opens nothing here.
  const pro = await createSession(t.db, 'pro', 'usr_someone', new Date(), 3_600_000);
  assert.equal((await browserWith(t, `ls_admin=${pro.token}`).get('/admin')).statusCode, 303);

  const agencyId = await unverified('Agence sans session');
  const post = await forged.post(`/admin/agencies/${agencyId}/verify`, { _csrf: pro.session.csrfToken });
  assert.equal(post.statusCode, 401);
  assert.match(post.body, /Session expirée/);
  assert.equal((await t.admin('GET', `/agencies/${agencyId}`)).json().verified, false);

  const operator = await signIn(t);
  setClock(new Date(Date.now() + 13 * 3_600_000));
  try {
    assert.equal((await operator.get('/admin')).statusCode, 303, 'sessions expire after 12 hours');
  } finally {
    setClock(null);
  }
});

test('a form without the session token, or with another one, changes nothing', async () => {
  const operator = await signIn(t);
  const agencyId = await unverified('Agence CSRF');
  const missing = await t.app.inject({
    method: 'POST',
    url: `/admin/agencies/${agencyId}/verify`,
    headers: { cookie: operator.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  assert.equal(missing.statusCode, 403);
  assert.match(missing.body, /Formulaire expiré/);
  const wrong = await operator.post(`/admin/agencies/${agencyId}/verify`, { _csrf: 'another-token' });
  assert.equal(wrong.statusCode, 403);
  assert.equal((await t.admin('GET', `/agencies/${agencyId}`)).json().verified, false);
  assert.deepEqual(await auditActions(agencyId), []);
});

test('the verification page lists agencies oldest first, overdue ones marked; verifying and refusing are audited under the operator', async () => {
  const operator = await createOperator(t);
  const first = await unverified('Agence <b>Première</b>');
  const second = await unverified('Agence Seconde');
  setClock(new Date(Date.now() + 49 * 3_600_000));
  let html: string;
  try {
    html = (await (await signIn(t, operator)).get('/admin/verifications')).body;
  } finally {
    setClock(null);
  }
  const browser = await signIn(t, operator);
  assert.ok(html.indexOf(first) < html.indexOf(second), 'oldest first');
  assert.ok(html.includes('Agence &lt;b>Première&lt;/b>') || html.includes('Agence &lt;b&gt;Première&lt;/b&gt;'), 'names are escaped');
  assert.match(html, /En retard de/);
  assert.match(html, /clé de contrôle valide/);

  const verified = await browser.post(`/admin/agencies/${first}/verify`);
  assert.equal(verified.statusCode, 303);
  assert.equal(verified.headers.location, '/admin/verifications?fait=verifiee');
  assert.match((await browser.get('/admin/verifications?fait=verifiee')).body, /Agence vérifiée/);
  // No LIVE key nobody would see: the agency generates its own in the pro space (docs/site-and-spaces.md).
  assert.equal((await t.admin('GET', `/agencies/${first}/keys`)).json().keys.filter((k: { env: string }) => k.env === 'live').length, 0);

  const empty = await browser.post(`/admin/agencies/${second}/refuse`, { reason: '' });
  assert.equal(empty.statusCode, 400);
  assert.match(empty.body, /reason/);
  const refused = await browser.post(`/admin/agencies/${second}/refuse`, { reason: 'Kbis illisible' });
  assert.equal(refused.statusCode, 303);
  assert.equal((await t.admin('GET', `/agencies/${second}`)).json().verificationRefusalReason, 'Kbis illisible');
  assert.deepEqual(
    (await auditActions(first)).map((e) => [e.action, e.actor]),
    [['agency.verify', operator.operatorId]],
  );
  assert.deepEqual(
    (await auditActions(second)).map((e) => [e.action, e.actor]),
    [['agency.refuse_verification', operator.operatorId]],
  );
  assert.equal((await browser.post('/admin/agencies/agc_00000000000000000000/verify')).statusCode, 404);
});

test('the queue shows a flagged edit beside the approved version; approving publishes it, a stale decision is refused', async () => {
  const browser = await signIn(t);
  const serviceId = await publicListing(t, agency.live, 'BO-EDIT-1', { ...rental, description: 'Appartement calme, proche des écoles.' });
  const edit = await t.call(
    'PUT',
    `/v1/listings/${serviceId}`,
    agency.live,
    v1Body('BO-EDIT-1', { ...rental, description: 'Appartement calme, proche des écoles. Réservé aux personnes sans enfants.' }),
  );
  assert.equal(edit.statusCode, 200, edit.body);
  assert.equal(edit.json().moderation.state, 'pending');

  const queue = await browser.get('/admin/moderation');
  assert.ok(queue.body.includes(`/admin/moderation/${serviceId}`));
  const review = await browser.get(`/admin/moderation/${serviceId}`);
  assert.equal(review.statusCode, 200);
  assert.match(review.body, /<ins>[^<]*Réservé aux personnes sans enfants/);
  assert.match(review.body, /Version en ligne \(v1\)/);
  assert.match(review.body, /Formulation discriminatoire :/);
  assert.doesNotMatch(review.body, /discriminatory_wording/);
  assert.match(review.body, /accesskey="a"/);

  // The agency edits again while the operator looks at version 2.
  await t.call(
    'PUT',
    `/v1/listings/${serviceId}`,
    agency.live,
    v1Body('BO-EDIT-1', { ...rental, description: 'Appartement calme. Réservé aux couples sans enfants, merci.' }),
  );
  const stale = await browser.post(`/admin/moderation/${serviceId}`, { decision: 'approve', version: '2' });
  assert.equal(stale.statusCode, 409);
  assert.match(stale.body, /a changé depuis l’ouverture/);
  assert.match((await page(t, `/listings/${serviceId}`)).body, /proche des écoles\./);
  assert.ok(!(await page(t, `/listings/${serviceId}`)).body.includes('sans enfants'), 'nothing unseen was published');
  assert.ok((await auditActions(serviceId)).some((e) => e.action === 'listing.decision_refused'));

  const noReason = await browser.post(`/admin/moderation/${serviceId}`, { decision: 'reject', version: '3' });
  assert.equal(noReason.statusCode, 400);
  const rejected = await browser.post(`/admin/moderation/${serviceId}`, {
    decision: 'reject',
    version: '3',
    reasonChoice: 'Formulation discriminatoire',
  });
  assert.equal(rejected.statusCode, 303);
  const read = (await t.call('GET', `/v1/listings/${serviceId}`, agency.live)).json();
  assert.equal(read.moderation.state, 'rejected');
  assert.ok(read.moderation.reasons.some((r: { message: string }) => /Formulation discriminatoire/.test(r.message)));
  assert.match((await page(t, `/listings/${serviceId}`)).body, /proche des écoles\./, 'the approved version stays public');

  const fresh = await t.call('POST', '/v1/listings', agency.live, v1Body('BO-NEW-1', { dpe: null, ges: null }));
  const freshId: string = fresh.json().serviceId;
  const approved = await browser.post(`/admin/moderation/${freshId}`, { decision: 'approve', version: '1' });
  assert.equal(approved.statusCode, 303);
  assert.equal((await page(t, `/listings/${freshId}`)).statusCode, 200, 'the public site follows');
  assert.equal((await browser.get('/admin/moderation/lst_000000000000000000')).statusCode, 404);
});

test('agencies: search, plan change on the next call, key revocation and suspension from the agency page', async () => {
  const browser = await signIn(t);
  const target = await t.agency({ name: 'Immobilière Trouvable', plan: 'solo' });
  const found = await browser.get('/admin/agencies?q=trouvable');
  assert.ok(found.body.includes(`/admin/agencies/${target.agencyId}`));
  assert.ok(!(await browser.get('/admin/agencies?q=introuvable-xyz')).body.includes(target.agencyId));

  assert.equal((await browser.post(`/admin/agencies/${target.agencyId}/plan`, { plan: 'reseau' })).statusCode, 303);
  assert.equal((await t.call('GET', '/v1/me', target.live)).json().agency.plan, 'reseau');
  assert.equal((await browser.post(`/admin/agencies/${target.agencyId}/plan`, { plan: 'gold' })).statusCode, 400);

  const detail = await browser.get(`/admin/agencies/${target.agencyId}`);
  // The TEST key is revoked here; the LIVE one must keep working until the suspension.
  const keyId = ((await t.admin('GET', `/agencies/${target.agencyId}/keys`)).json().keys as Array<{ keyId: string; env: string }>).find(
    (k) => k.env === 'test',
  )!.keyId;
  assert.ok(detail.body.includes(`action="/admin/keys/${keyId}/revoke"`));
  assert.ok(!detail.body.includes(target.live) && !detail.body.includes(target.test), 'key values never appear');
  assert.equal((await browser.post(`/admin/keys/${keyId}/revoke`)).statusCode, 303);
  assert.equal((await t.call('GET', '/sandbox/v1/me', target.test)).statusCode, 401, 'the revoked key is refused');
  assert.equal((await t.call('GET', '/v1/me', target.live)).statusCode, 200, 'the other key still works');

  assert.equal((await browser.post(`/admin/agencies/${target.agencyId}/suspend`, { reason: 'Impayés' })).statusCode, 303);
  assert.equal((await t.call('GET', '/v1/me', target.live)).statusCode, 403);
  assert.match((await browser.get(`/admin/agencies/${target.agencyId}`)).body, /Lever la suspension/);
  assert.equal((await browser.post(`/admin/agencies/${target.agencyId}/reinstate`)).statusCode, 303);
  const audit = (await browser.get('/admin/audit')).body;
  assert.match(audit, /Suspension levée/);
  assert.match(audit, /Suspension de l’agence/);
  assert.doesNotMatch(audit, /agency\.(reinstate|suspend)/);
});

test('disabling an operator ends their sessions at once; signing out ends one', async () => {
  const operator = await createOperator(t);
  const browser = await signIn(t, operator);
  assert.equal((await browser.get('/admin')).statusCode, 200);
  await t.admin('POST', `/operators/${operator.operatorId}/disable`);
  assert.equal((await browser.get('/admin')).statusCode, 303);

  const other = await signIn(t);
  assert.equal((await other.post('/admin/logout')).statusCode, 303);
  assert.equal((await other.get('/admin')).statusCode, 303);
});

test('the back-office has its own footer, with the operators’ references, not the visitors’ notice', async () => {
  const browser = await signIn(t);
  const footer = /<footer class="site">([\s\S]*?)<\/footer>/.exec((await browser.get('/admin')).body)?.[1] ?? '';
  assert.match(footer, /Back-office des opérateurs/);
  assert.match(footer, /<a href="\/docs">Référence de l’API<\/a>/);
  assert.doesNotMatch(footer, /Les coordonnées des annonceurs ne sont pas affichées|Créer un compte agence/);
});
