import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { cookieOf, inviteByMail, postPublicForm, proBrowser, signUpAgency } from '../../helpers/pro.js';
import { contact, publicListing } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';

/** The agencies' pro space (issue 17): accounts, keys with their statistics and logs, listings, leads, team. */
const { t } = useTestApp();

test('sign-up creates an unverified agency, its admin and a TEST key shown once; the session cookie is HttpOnly and SameSite=Lax', async () => {
  const email = `signup-${Math.random().toString(36).slice(2, 8)}@agence.example`;
  const response = await postPublicForm(t, '/pro/signup', {
    agencyName: 'Agence <i>du Parc</i>',
    siren: '732829320',
    email,
    password: 'un long mot de passe',
    plan: 'solo',
  });
  assert.equal(response.statusCode, 201);
  const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('ls_pro='))!;
  assert.match(cookie, /HttpOnly/i);
  assert.match(cookie, /SameSite=Lax/i);
  assert.match(cookie, /Path=\/pro/);
  const key = /value="(svc_pk_TEST_[A-Za-z0-9]+)"/.exec(response.body)![1]!;
  assert.equal((await t.call('GET', '/sandbox/v1/me', key)).statusCode, 200);
  const browser = proBrowser(t, cookie.split(';')[0]!);
  const dashboard = await browser.get('/pro');
  assert.equal(dashboard.statusCode, 200);
  assert.match(dashboard.body, /SIREN en cours de vérification : réponse sous 4[78] h/);
  assert.ok(
    dashboard.body.includes('Agence &lt;i>du Parc&lt;/i>') || dashboard.body.includes('Agence &lt;i&gt;du Parc&lt;/i&gt;'),
    'names are escaped',
  );
  assert.ok(!(await browser.get('/pro/api-keys')).body.includes(key), 'the key never appears again');
  const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
  assert.match(rows[0]!.password_hash, /^scrypt\$/);
});

test('sign-up refuses a bad SIREN, a short password, a taken e-mail and a forged form, with the field named and nothing created', async () => {
  const bad = await postPublicForm(t, '/pro/signup', {
    agencyName: 'X',
    siren: '123456789',
    email: 'x@agence.example',
    password: 'court',
    plan: 'agence',
  });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /href="#f-siren"/);
  assert.match(bad.body, /href="#f-password"/);
  const taken = await signUpAgency(t);
  const twice = await postPublicForm(t, '/pro/signup', {
    agencyName: 'Y',
    siren: '732829320',
    email: taken.email,
    password: 'un long mot de passe',
    plan: 'agence',
  });
  assert.equal(twice.statusCode, 409);
  const forged = await t.app.inject({
    method: 'POST',
    url: '/pro/signup',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      _csrf: 'forged',
      agencyName: 'Z',
      siren: '732829320',
      email: 'z@agence.example',
      password: 'un long mot de passe',
      plan: 'agence',
    }).toString(),
  });
  assert.equal(forged.statusCode, 403);
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE email IN ('x@agence.example', 'z@agence.example')`,
  );
  assert.equal(rows[0]!.n, 0);
});

test('log in and out; a wrong password is refused; forged or expired sessions send the browser to the login page', async () => {
  const agency = await signUpAgency(t);
  const wrong = await postPublicForm(t, '/pro/login', { email: agency.email, password: 'pas le bon' });
  assert.equal(wrong.statusCode, 401);
  assert.match(wrong.body, /incorrect/);
  const ok = await postPublicForm(t, '/pro/login', { email: agency.email.toUpperCase(), password: agency.password });
  assert.equal(ok.statusCode, 303);
  const browser = proBrowser(t, cookieOf(ok, 'ls_pro')!);
  assert.equal((await browser.get('/pro/listings')).statusCode, 200);
  assert.equal((await browser.post('/pro/logout')).statusCode, 303);
  assert.equal((await browser.get('/pro/listings')).statusCode, 303);
  const forged = await proBrowser(t, 'ls_pro=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').get('/pro/api-keys');
  assert.equal(forged.statusCode, 303);
  assert.equal(forged.headers.location, '/pro/login?next=%2Fpro%2Fapi-keys');
});

test('a key generated in the pro space is shown once, works, shows in the logs and the 7-day panel, and is refused once revoked', async () => {
  const agency = await signUpAgency(t);
  const created = await agency.browser.post('/pro/api-keys', {
    name: 'CRM de nuit',
    env: 'test',
    scopes: ['listings:read', 'listings:write'],
  });
  assert.equal(created.statusCode, 201);
  const key = /value="(svc_pk_TEST_[A-Za-z0-9]+)"/.exec(created.body)![1]!;
  assert.match(created.body, /ne sera plus jamais affichée/);
  assert.equal(
    (await agency.browser.post('/pro/api-keys', { name: 'LIVE trop tôt', env: 'live' })).statusCode,
    403,
    'LIVE keys wait for the verification',
  );

  const pushed = await t.call('POST', '/sandbox/ingest/ingestListings', key, {
    listings: [
      {
        externalId: 'PRO-1',
        title: 'T2',
        transaction: 'VENTE',
        type: 'APPARTEMENT',
        price: 200000,
        surface: 40,
        rooms: 2,
        city: 'Lyon',
        postcode: '69001',
        dpe: 'C',
      },
    ],
  });
  assert.equal(pushed.statusCode, 200, pushed.body);
  assert.equal((await t.call('GET', '/sandbox/v1/listings/lst_000000000000000000', key)).statusCode, 404);
  await t.services.requestLog.flush();

  const page = await agency.browser.get('/pro/api-keys');
  assert.equal(page.statusCode, 200);
  assert.ok(!page.body.includes(key), 'the value never appears after its creation page');
  assert.match(page.body, /CRM de nuit/);
  assert.match(page.body, /POST \/sandbox\/ingest\/ingestListings/);
  assert.match(page.body, /404 not_found/);
  assert.match(page.body, /<dt>Appels<\/dt>\s*<dd>2<\/dd>/);
  assert.match(page.body, /<dt>Taux de succès<\/dt>\s*<dd>50\s?%<\/dd>/);
  assert.match(page.body, /<dt>Annonces synchronisées<\/dt>\s*<dd>1<\/dd>/);
  const errorsOnly = await agency.browser.get('/pro/api-keys?statut=errors');
  assert.ok(!errorsOnly.body.includes('POST /sandbox/ingest/ingestListings'));
  assert.match(errorsOnly.body, /GET \/sandbox\/v1\/listings\/lst_000000000000000000/);

  const keyId = /href="\/pro\/api-keys\/(key_[0-9A-Za-z]+)\/revoke" aria-label="Révoquer la clé CRM de nuit"/.exec(page.body)![1]!;
  assert.equal((await agency.browser.get(`/pro/api-keys/${keyId}/revoke`)).statusCode, 200, 'a confirmation comes first');
  assert.equal((await agency.browser.post(`/pro/api-keys/${keyId}/revoke`)).statusCode, 303);
  assert.equal((await t.call('GET', '/sandbox/v1/me', key)).statusCode, 401);
});

test('agents see listings and leads but not keys or the team; an agency never opens another one’s key or listing', async () => {
  const agency = await signUpAgency(t);
  // The invitation is mailed to the colleague's address: its link is read off the mail.
  const { link } = await inviteByMail(t, agency.browser, 'agent');
  const joined = await postPublicForm(t, link, { password: 'mot de passe agent' });
  assert.equal(joined.statusCode, 303);
  assert.equal((await postPublicForm(t, link, { password: 'mot de passe agent' })).statusCode, 404, 'an invitation works once');
  const agent = proBrowser(t, cookieOf(joined, 'ls_pro')!);
  assert.equal((await agent.get('/pro/listings')).statusCode, 200);
  assert.equal((await agent.get('/pro/contacts')).statusCode, 200);
  assert.equal((await agent.get('/pro/api-keys')).statusCode, 403);
  assert.equal((await agent.get('/pro/team')).statusCode, 403);
  assert.equal((await agent.post('/pro/api-keys', { name: 'x', env: 'test' })).statusCode, 403);

  const other = await signUpAgency(t);
  const otherKeys = await t.db.query<{ id: string }>('SELECT id FROM api_keys WHERE agency_id = $1', [other.agencyId]);
  assert.equal((await agency.browser.get(`/pro/api-keys/${otherKeys.rows[0]!.id}/revoke`)).statusCode, 404);
  assert.equal((await agency.browser.post(`/pro/api-keys/${otherKeys.rows[0]!.id}/revoke`)).statusCode, 404);
  assert.equal((await t.call('GET', '/sandbox/v1/me', other.testKey)).statusCode, 200, 'nothing changed');

  const team = await agency.browser.get('/pro/team');
  const agentId = new RegExp(`action="/pro/team/(usr_[0-9A-Za-z]+)/remove"`).exec(team.body)![1]!;
  assert.equal((await agency.browser.post(`/pro/team/${agentId}/remove`)).statusCode, 303);
  assert.equal((await agent.get('/pro/listings')).statusCode, 303, 'a removed user is signed out at once');
});

test('listings show their moderation and the public version; a lead from the site shows in /pro/contacts, read once opened', async () => {
  const agency = await signUpAgency(t);
  await t.admin('POST', `/agencies/${agency.agencyId}/verify`);
  const live = (await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live' })).json().key as string;
  const serviceId = await publicListing(t, live, 'PRO-LST-1', { description: 'Bel appartement lumineux.' });
  const edited = await t.call(
    'PUT',
    `/v1/listings/${serviceId}`,
    live,
    v1Body('PRO-LST-1', { description: 'Bel appartement lumineux. Réservé aux non-fumeurs.', dpe: null, ges: null }),
  );
  assert.equal(edited.json().moderation.state, 'pending');
  const list = await agency.browser.get('/pro/listings');
  assert.match(list.body, /en attente de modération/);
  assert.match(list.body, /DPE manquant/);
  assert.doesNotMatch(list.body, /dpe_missing/, 'the reason in words, never its code');
  const detail = await agency.browser.get(`/pro/listings/${serviceId}`);
  assert.match(detail.body, /Ce que voit le public \(v1\)/);
  assert.match(detail.body, /Réservé aux non-fumeurs/);
  const other = await signUpAgency(t);
  assert.equal((await other.browser.get(`/pro/listings/${serviceId}`)).statusCode, 404);

  assert.equal(
    (await contact(t, serviceId, { name: 'Camille', email: 'camille@example.org', message: 'Bonjour, est-il disponible ?' })).statusCode,
    200,
  );
  const leads = await agency.browser.get('/pro/contacts');
  assert.match(leads.body, /Camille/);
  assert.match(leads.body, /<td data-label="Statut">nouveau<\/td>/);
  const opened = /<a href="(\/pro\/contacts\/lead_[0-9A-Za-z]+)">Camille<\/a>/.exec(leads.body)![1]!;
  assert.match((await agency.browser.get(opened)).body, /Bonjour, est-il disponible \?/);
  assert.doesNotMatch((await agency.browser.get('/pro/contacts')).body, /<td data-label="Statut">nouveau<\/td>/, 'read once opened');
  assert.match((await agency.browser.get('/pro')).body, /Contacts non lus<\/dt>\s*<dd>\s*<a href="\/pro\/contacts">0/);
});

test('guessing a pro password is throttled per account whatever the address; a signed-in form without its token changes nothing', async () => {
  const agency = await signUpAgency(t);
  for (let i = 0; i < 10; i++) await postPublicForm(t, '/pro/login', { email: agency.email, password: 'pas le bon' }, `203.0.113.${i + 1}`);
  const throttled = await postPublicForm(t, '/pro/login', { email: agency.email, password: agency.password }, '203.0.113.200');
  assert.equal(throttled.statusCode, 429);
  assert.ok(Number(throttled.headers['retry-after']) > 0);
  assert.match(throttled.body, /Trop de tentatives/);

  const keysBefore = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE agency_id = $1', [agency.agencyId]);
  const noToken = await t.app.inject({
    method: 'POST',
    url: '/pro/api-keys',
    headers: { cookie: agency.browser.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ name: 'sans jeton', env: 'test' }).toString(),
  });
  assert.equal(noToken.statusCode, 403);
  assert.match(noToken.body, /Formulaire expiré/);
  const keysAfter = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE agency_id = $1', [agency.agencyId]);
  assert.equal(keysAfter.rows[0]!.n, keysBefore.rows[0]!.n);
});

test('the sign-up form states what each plan allows: calls a day, batch size, webhooks', async () => {
  const form = await t.app.inject({ method: 'GET', url: '/pro/signup' });
  assert.equal(form.statusCode, 200);
  const hint = /<ul class="legal" id="h-plan">([\s\S]*?)<\/ul>/.exec(form.body)?.[1] ?? '';
  const lines = [...hint.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]!.replace(/[\u202f\u00a0]/g, ' '));
  assert.deepEqual(lines, [
    'Pro Solo : 1 000 appels à l’API v1 par 24 heures, lots de 10 annonces au plus (POST /v1/listings/batch), pas de webhook.',
    'Pro Agence : 10 000 appels à l’API v1 par 24 heures, lots de 50 annonces au plus (POST /v1/listings/batch), 1 webhook par environnement (LIVE, bac à sable).',
    'Pro Réseau : appels à l’API v1 sans limite par jour, lots de 100 annonces au plus (POST /v1/listings/batch), 3 webhooks par environnement (LIVE, bac à sable).',
  ]);
  assert.match(form.body, /<select id="f-plan" name="plan" aria-describedby="h-plan">/);
});

test('the pro space has its own footer, where agencies get help, not the visitors’ notice nor the sign-up link', async () => {
  const agency = await signUpAgency(t);
  const footer = /<footer class="site">([\s\S]*?)<\/footer>/.exec((await agency.browser.get('/pro')).body)?.[1] ?? '';
  assert.match(footer, /Espace professionnel des agences/);
  assert.match(footer, /<a href="\/support">Aide et contact<\/a>/);
  assert.doesNotMatch(footer, /Les coordonnées des annonceurs ne sont pas affichées|Créer un compte agence/);
  // The public pages keep theirs.
  assert.match((await t.app.inject({ method: 'GET', url: '/' })).body, /Les coordonnées des annonceurs ne sont pas affichées/);
});
