import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_TOKEN, useTestAppWithClock } from '../../helpers/app.js';
import { createOperator, operatorCode, submitLogin } from '../../helpers/back-office.js';
import { databaseKind } from '../../helpers/database.js';
import { cookieOf, hiddenToken, keyIdNamed, newKeyOnPage, postPublicForm, proBrowser, signUpAgency } from '../../helpers/pro.js';
import { v1Body } from '../../helpers/v1.js';
import { PRO_LOGIN_LIMITS } from '../../../src/domain/accounts/login.js';
import { buildApp, closeServices, createServices } from '../../../src/main/app.js';
import { loadConfig } from '../../../src/platform/config.js';
import { tableRows, text } from '../../helpers/page-text.js';
import { selfSignedCertificate } from '../../helpers/tls.js';

/**
 * Who gets into the agencies' pro space (issue 17), the rules test/pro-space.test.ts leaves
 * unshown: the per-address sign-in limit, Secure cookies under TLS, expired sessions, LIVE keys
 * once verified and narrowed scopes. The page-by-page details are in pro-space-details.test.ts.
 * The app's clock can be moved ahead (`ahead`) for what depends on time.
 */
const { t, ahead } = useTestAppWithClock();

const MINUTE = 60_000;
const DAY = 86_400_000;
const unique = () => randomBytes(4).toString('hex');
/** A client address no other test (nor test file, on a shared database) uses: the limits count per address. */
const address = () => `2001:db8:17:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;

const setCookies = (headers: IncomingHttpHeaders | LightMyRequestResponse['headers']) =>
  ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
const cookieLine = (headers: IncomingHttpHeaders | LightMyRequestResponse['headers'], name: string) =>
  setCookies(headers).find((c) => c.startsWith(`${name}=`));
const isSecure = (line: string) => line.split(';').some((part) => part.trim().toLowerCase() === 'secure');

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

// --- 1. Sign-in throttled per address ------------------------------------------------------

test(`[${databaseKind}] sign-in attempts are limited per address across accounts: past the limit even the right password is refused with 429 and Retry-After; another address signs in`, async () => {
  const { limit, periodMs } = PRO_LOGIN_LIMITS.address;
  assert.deepEqual(
    { limit, periodMs },
    { limit: 30, periodMs: 30 * MINUTE },
    '30 attempts per address over 30 minutes, as the README says',
  );
  const perAccount = PRO_LOGIN_LIMITS.account.limit - 1; // below each account's own limit
  // Every attempt lands in one ten-minute window of the limit's count: the Retry-After is then exact.
  const windowStart = 10 * MINUTE - (Date.now() % (10 * MINUTE)) + 1_000;
  await ahead(windowStart, async () => {
    const guessed = [await signUpAgency(t), await signUpAgency(t), await signUpAgency(t)];
    const bystander = await signUpAgency(t);
    const crowded = address();
    for (let i = 0; i < limit; i++) {
      const account = Math.floor(i / perAccount);
      const email = account < guessed.length ? guessed[account]!.email : `inconnu-${i}-${unique()}@agence.example`;
      const failed = await postPublicForm(t, '/pro/login', { email, password: 'pas le bon mot de passe' }, crowded);
      assert.equal(failed.statusCode, 401, `attempt ${i + 1} of ${limit} is still judged on its password`);
    }

    const sessionsOf = async (email: string) =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.principal_id WHERE s.scope = 'pro' AND u.email = $1`,
          [email],
        )
      ).rows[0]!.n;
    const before = await sessionsOf(bystander.email);
    const refused = await postPublicForm(t, '/pro/login', { email: bystander.email, password: bystander.password }, crowded);
    assert.equal(refused.statusCode, 429);
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter > periodMs / 1000 - 60 && retryAfter <= periodMs / 1000, `Retry-After ${refused.headers['retry-after']}`);
    assert.match(text(refused.body), new RegExp(`Trop de tentatives : réessayez dans ${Math.ceil(retryAfter / 60)} min`));
    assert.equal(cookieOf(refused, 'ls_pro'), undefined, 'no session cookie');
    assert.equal(await sessionsOf(bystander.email), before, 'no session opened');

    const elsewhere = await postPublicForm(t, '/pro/login', { email: bystander.email, password: bystander.password }, address());
    assert.equal(elsewhere.statusCode, 303, 'another address signs in');
    assert.equal((await proBrowser(t, cookieOf(elsewhere, 'ls_pro')!).get('/pro')).statusCode, 200);
    const guessedOk = await postPublicForm(t, '/pro/login', { email: guessed[0]!.email, password: guessed[0]!.password }, address());
    assert.equal(
      guessedOk.statusCode,
      303,
      `${perAccount} failures stay under the account's own limit: the address limit did the refusing`,
    );

    // Once Retry-After has passed, the address signs in again.
    const later = await ahead(windowStart + retryAfter * 1000, () =>
      postPublicForm(t, '/pro/login', { email: bystander.email, password: bystander.password }, crowded),
    );
    assert.equal(later.statusCode, 303, later.body.slice(0, 500));
  });
});

// --- 2. Secure cookies under TLS -----------------------------------------------------------

interface HttpsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}
function httpsCall(
  url: string,
  ca: Buffer,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...(options.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...options.headers };
    httpsRequest(url, { ca, method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'), headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', reject)
      .end(options.body);
  });
}
const pair = (line: string | undefined) => line?.split(';')[0] ?? '';

test(`[${databaseKind}] under TLS the pro and back-office session cookies, and their sign-in forms' cookies, are Secure; without TLS they are not`, async () => {
  // Without TLS: the file's app.
  const proForm = await t.app.inject({ method: 'GET', url: '/pro/signup' });
  const plainFormCookie = cookieLine(proForm.headers, 'ls_pro_form');
  assert.ok(plainFormCookie && !isSecure(plainFormCookie), plainFormCookie);
  const email = `tls-${unique()}@agence.example`;
  const signedUp = await postPublicForm(t, '/pro/signup', {
    agencyName: 'Agence en clair',
    siren: '732829320',
    email,
    password: 'un long mot de passe',
    plan: 'agence',
  });
  const plainSession = cookieLine(signedUp.headers, 'ls_pro');
  assert.ok(plainSession, 'a session cookie');
  assert.ok(!isSecure(plainSession), plainSession);
  const operator = await createOperator(t);
  const adminForm = await t.app.inject({ method: 'GET', url: '/admin/login' });
  const plainAdminForm = cookieLine(adminForm.headers, 'ls_admin_login');
  assert.ok(plainAdminForm && !isSecure(plainAdminForm), plainAdminForm);
  const plainAdmin = await submitLogin(t, operator.email, operator.password, address());
  assert.equal(plainAdmin.statusCode, 303);
  const plainAdminSession = cookieLine(plainAdmin.headers, 'ls_admin');
  assert.ok(plainAdminSession && !isSecure(plainAdminSession), plainAdminSession);

  // Under TLS: the same service, started with TLS_CERT and TLS_KEY, over HTTPS on the same database.
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-pro-tls-'));
  const { cert, key } = selfSignedCertificate(dir);
  const config = loadConfig({
    ADMIN_TOKEN,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: '0',
    SITE_CACHE_MS: '0',
    WEBHOOK_DELIVERY: '0',
    WORKER: '0',
    TLS_CERT: cert,
    TLS_KEY: key,
  });
  assert.ok(config.tls, 'TLS is configured');
  const services = await createServices(config, t.db);
  const app = await buildApp(services, { https: { cert: readFileSync(cert), key: readFileSync(key) } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `https://127.0.0.1:${port}`;
    const ca = readFileSync(cert);
    const secure = (line: string | undefined, what: string) => {
      assert.ok(line, `${what}: a cookie is set`);
      assert.ok(isSecure(line), `${what} is Secure under TLS: ${line}`);
      assert.match(line, /HttpOnly/i, what);
    };

    const shown = await httpsCall(`${base}/pro/signup`, ca);
    assert.equal(shown.status, 200);
    secure(cookieLine(shown.headers, 'ls_pro_form'), 'the sign-up form token');
    const tlsEmail = `tls-${unique()}@agence.example`;
    const created = await httpsCall(`${base}/pro/signup`, ca, {
      headers: { cookie: pair(cookieLine(shown.headers, 'ls_pro_form')) },
      body: form({
        _csrf: hiddenToken(shown.body)!,
        agencyName: 'Agence chiffrée',
        siren: '732829320',
        email: tlsEmail,
        password: 'un long mot de passe',
        plan: 'agence',
      }),
    });
    assert.equal(created.status, 201, created.body.slice(0, 500));
    const session = cookieLine(created.headers, 'ls_pro');
    secure(session, 'the pro session');
    assert.match(session!, /SameSite=Lax/i);
    assert.match(session!, /Path=\/pro/);
    const dashboard = await httpsCall(`${base}/pro`, ca, { headers: { cookie: pair(session) } });
    assert.equal(dashboard.status, 200, 'the session works over HTTPS');

    const login = await httpsCall(`${base}/pro/login`, ca);
    secure(cookieLine(login.headers, 'ls_pro_form'), 'the sign-in form token');
    const signedIn = await httpsCall(`${base}/pro/login`, ca, {
      headers: { cookie: pair(cookieLine(login.headers, 'ls_pro_form')) },
      body: form({ _csrf: hiddenToken(login.body)!, email: tlsEmail, password: 'un long mot de passe' }),
    });
    assert.equal(signedIn.status, 303);
    secure(cookieLine(signedIn.headers, 'ls_pro'), 'the pro session opened by signing in');
    const out = await httpsCall(`${base}/pro/logout`, ca, {
      headers: { cookie: pair(session) },
      body: form({ _csrf: hiddenToken(dashboard.body)! }),
    });
    assert.equal(out.status, 303);
    assert.ok(isSecure(cookieLine(out.headers, 'ls_pro') ?? ''), 'the cookie is cleared with the same attributes');

    const adminShown = await httpsCall(`${base}/admin/login`, ca);
    assert.equal(adminShown.status, 200);
    secure(cookieLine(adminShown.headers, 'ls_admin_login'), 'the back-office sign-in token');
    const adminIn = await httpsCall(`${base}/admin/login`, ca, {
      headers: { cookie: pair(cookieLine(adminShown.headers, 'ls_admin_login')) },
      body: form({ _csrf: hiddenToken(adminShown.body)!, email: operator.email, password: operator.password }),
    });
    assert.equal(adminIn.status, 303, adminIn.body.slice(0, 500));
    const waiting = cookieLine(adminIn.headers, 'ls_admin');
    secure(waiting, 'the back-office session waiting for its second factor');
    // The app's code finishes the sign-in with a new session.
    const codeShown = await httpsCall(`${base}${adminIn.headers.location}`, ca, { headers: { cookie: pair(waiting) } });
    const coded = await httpsCall(`${base}/admin/login/code`, ca, {
      headers: { cookie: pair(waiting) },
      body: form({ _csrf: hiddenToken(codeShown.body)!, code: await operatorCode(t, operator.email), next: '/admin' }),
    });
    assert.equal(coded.status, 303, coded.body.slice(0, 500));
    const adminSession = cookieLine(coded.headers, 'ls_admin');
    secure(adminSession, 'the back-office session');
    assert.match(adminSession!, /SameSite=Lax/i);
    assert.match(adminSession!, /Path=\/admin/);
    assert.equal((await httpsCall(`${base}/admin`, ca, { headers: { cookie: pair(adminSession) } })).status, 200);
  } finally {
    await app.close();
    await closeServices(services);
    rmSync(dir, { recursive: true, force: true });
  }
});

// --- 3. Expired sessions -------------------------------------------------------------------

test(`[${databaseKind}] a pro session past its 7 days sends the browser to the sign-in page and changes nothing`, async () => {
  const agency = await signUpAgency(t);
  const issued = cookieLine(
    (await postPublicForm(t, '/pro/login', { email: agency.email, password: agency.password }, address())).headers,
    'ls_pro',
  )!;
  const expires = Date.parse(/Expires=([^;]+)/i.exec(issued)![1]!);
  assert.ok(Math.abs(expires - (Date.now() + 7 * DAY)) < 60_000, `the cookie lasts the session's 7 days: ${issued}`);

  const browser = agency.browser;
  const keysPage = await browser.get('/pro/api-keys');
  assert.equal(keysPage.statusCode, 200);
  const keyId = await keyIdNamed(t, agency.agencyId, 'Clé de test');
  const state = async () =>
    (
      await t.db.query<{ keys: number; live: number; invitations: number }>(
        `SELECT (SELECT count(*) FROM api_keys WHERE agency_id = $1)::int AS keys, (SELECT count(*) FROM api_keys WHERE agency_id = $1 AND revoked_at IS NULL)::int AS live,
                (SELECT count(*) FROM invitations WHERE agency_id = $1)::int AS invitations`,
        [agency.agencyId],
      )
    ).rows[0]!;
  const before = await state();

  await ahead(7 * DAY - MINUTE, async () =>
    assert.equal((await browser.get('/pro')).statusCode, 200, 'a minute before its end the session still opens pages'),
  );

  await ahead(7 * DAY + MINUTE, async () => {
    for (const url of ['/pro', '/pro/api-keys?statut=errors', '/pro/listings', '/pro/contacts', '/pro/team']) {
      const refused = await browser.get(url);
      assert.equal(refused.statusCode, 303, url);
      assert.equal(refused.headers.location, `/pro/login?next=${encodeURIComponent(url)}`, url);
    }
    // Forms of the expired session, with the token its pages carried: refused, nothing written.
    const writes: Array<[string, Record<string, string>]> = [
      ['/pro/api-keys', { name: 'après expiration', env: 'test' }],
      [`/pro/api-keys/${keyId}/revoke`, {}],
      ['/pro/team/invitations', { role: 'agent' }],
    ];
    for (const [url, fields] of writes) {
      const refused = await browser.post(url, fields);
      assert.equal(refused.statusCode, 401, url);
      assert.match(refused.body, /Session expirée/);
    }
    assert.deepEqual(await state(), before, 'nothing changed');
    assert.equal((await t.call('GET', '/sandbox/v1/me', agency.testKey)).statusCode, 200, 'the key was not revoked');

    // The sign-in page it was sent to brings it back where it was going.
    const login = await t.app.inject({ method: 'GET', url: '/pro/login?next=%2Fpro%2Fapi-keys%3Fstatut%3Derrors' });
    assert.equal(login.statusCode, 200);
    assert.match(login.body, /name="next" value="\/pro\/api-keys\?statut=errors"/);
    const again = await postPublicForm(
      t,
      '/pro/login',
      { email: agency.email, password: agency.password, next: '/pro/api-keys?statut=errors' },
      address(),
    );
    assert.equal(again.statusCode, 303);
    assert.equal(again.headers.location, '/pro/api-keys?statut=errors');
    assert.equal((await proBrowser(t, cookieOf(again, 'ls_pro')!).get('/pro/api-keys?statut=errors')).statusCode, 200);
  });
});

// --- 9. LIVE keys after verification, and narrowed scopes ----------------------------------

test(`[${databaseKind}] once an operator verified the agency, the key form creates LIVE keys; a key with narrowed scopes is refused 403 naming the scope it lacks`, async () => {
  const agency = await signUpAgency(t);
  const before = await agency.browser.get('/pro/api-keys');
  assert.doesNotMatch(before.body, /<option value="live">/, 'no LIVE choice before the verification');
  assert.equal((await agency.browser.post('/pro/api-keys', { name: 'trop tôt', env: 'live' })).statusCode, 403);
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/verify`)).statusCode, 200);

  const form = await agency.browser.get('/pro/api-keys');
  assert.match(form.body, /<option value="live">LIVE<\/option>/, 'the LIVE choice appears');
  const live = await newKeyOnPage(agency.browser, { name: 'Production', env: 'live' });
  assert.match(live, /^svc_pk_LIVE_[A-Za-z0-9]{32,}$/);
  const me = await t.call('GET', '/v1/me', live);
  assert.equal(me.statusCode, 200);
  assert.equal(me.json().key.env, 'live');
  assert.deepEqual(
    [...me.json().key.scopes].sort(),
    ['leads:read', 'leads:write', 'listings:delete', 'listings:read', 'listings:write', 'webhooks:manage'],
    'all six scopes unless narrowed',
  );
  assert.ok(
    tableRows((await agency.browser.get('/pro/api-keys')).body, 'Vos clés').some((row) => row[0] === 'Production' && row[2] === 'LIVE'),
  );

  // A LIVE key that may only read.
  const reader = await newKeyOnPage(agency.browser, { name: 'Lecture seule', env: 'live', scopes: 'listings:read' });
  const countListings = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE agency_id = $1', [agency.agencyId])).rows[0]!.n;
  const refused = await t.call('POST', '/v1/listings', reader, v1Body(`SCOPE-${unique()}`));
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().code, 'forbidden');
  assert.match(refused.json().detail, /listings:write/);
  assert.equal(await countListings(), 0, 'nothing written');
  assert.equal((await t.call('GET', '/v1/listings', reader)).statusCode, 200, 'what it may do, it does');

  // A TEST key that reads and writes but neither deletes nor manages webhooks.
  const writer = await newKeyOnPage(agency.browser, { name: 'Écriture', env: 'test', scopes: ['listings:read', 'listings:write'] });
  const externalId = `SCOPE-${unique()}`;
  const written = await t.call('POST', '/sandbox/v1/listings', writer, v1Body(externalId));
  assert.equal(written.statusCode, 201);
  const deleting = await t.call('DELETE', `/sandbox/v1/listings/${written.json().serviceId}`, writer);
  assert.equal(deleting.statusCode, 403);
  assert.match(deleting.json().detail, /listings:delete/);
  assert.equal(
    (await t.call('GET', `/sandbox/v1/listings/${written.json().serviceId}`, writer)).statusCode,
    200,
    'the listing is still there',
  );
  const hooks = await t.call('GET', '/sandbox/v1/webhooks', writer);
  assert.equal(hooks.statusCode, 403);
  assert.match(hooks.json().detail, /webhooks:manage/);
  const ingestDelete = await t.call('DELETE', `/sandbox/ingest/listingByExternalId?externalId=${externalId}`, writer);
  assert.equal(ingestDelete.statusCode, 403, 'the ingestion interface asks for the same scope');
  assert.match(ingestDelete.json().detail, /listings:delete/);
  assert.equal(
    (await t.call('GET', `/sandbox/v1/listings/${written.json().serviceId}`, writer)).statusCode,
    200,
    'the listing is still there',
  );
});
