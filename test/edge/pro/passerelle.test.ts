import { test } from 'node:test';
import assert from 'node:assert/strict';
import ssh2 from 'ssh2';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { hiddenToken, signUpAgency } from '../../helpers/pro.js';
import { attackPages, pageRoutes } from '../../helpers/page-campaign.js';
import { proPages } from '../../../src/edge/pro/pro-routes.js';
import { dropUserName } from '../../../src/domain/poliris/drop-accounts.js';

/**
 * `/pro/passerelle` over HTTP: the pull URL (set, refused in French, cleared), the SFTP logins
 * (password, public keys added and removed), the admin's navigation; then its forms under
 * hostile input, like every pro page.
 */
const { t } = useTestApp({ env: { WORKER: '0', SFTP_PORT: '2222' } });
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);

const stored = async (agencyId: string) =>
  (
    await t.db.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM poliris_pulls WHERE agency_id = $1) || '/' || (SELECT count(*) FROM sftp_drop_accounts WHERE agency_id = $1 AND password_hash IS NOT NULL)
         || '/' || (SELECT count(*) FROM sftp_drop_keys k JOIN sftp_drop_accounts a USING (user_name) WHERE a.agency_id = $1) AS n`,
      [agencyId],
    )
  ).rows[0]!.n;

test(`[${databaseKind}] the page shows both logins and the navigation link; the pull URL is set, refused in French when LIVE is http://, and cleared`, async () => {
  const agency = await signUpAgency(t);
  const page = await agency.browser.get('/pro/passerelle');
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /<a href="\/pro\/passerelle" aria-current="page"><span>Envoi automatique<\/span><\/a>/);
  for (const env of ['live', 'test'] as const) assert.ok(page.body.includes(dropUserName({ agencyId: agency.agencyId, env })), env);
  assert.match(page.body, /2222/);
  assert.match(page.body, /SIREN de l’agence vérifié/);

  const refused = await agency.browser.post('/pro/passerelle/pull', { env: 'live', url: 'http://logiciel.example/agence.zip' });
  assert.equal(refused.statusCode, 400);
  assert.match(refused.body, /Une adresse LIVE doit utiliser https:\/\//);
  assert.match(refused.body, /value="http:\/\/logiciel.example\/agence.zip"/, 'what was typed is shown again');
  assert.equal(await stored(agency.agencyId), '0/0/0');

  const set = await agency.browser.post('/pro/passerelle/pull', { env: 'test', url: ' https://logiciel.example/agence.zip ' });
  assert.equal(set.statusCode, 303);
  assert.equal(set.headers.location, '/pro/passerelle?fait=adresse');
  const shown = await agency.browser.get('/pro/passerelle?fait=adresse');
  assert.match(shown.body, /Adresse enregistrée/);
  assert.match(shown.body, /Première récupération prévue vers/);
  assert.equal(await stored(agency.agencyId), '1/0/0');
  assert.equal((await agency.browser.post('/pro/passerelle/pull/clear', { env: 'test' })).statusCode, 303);
  assert.equal(await stored(agency.agencyId), '0/0/0');
});

test(`[${databaseKind}] SFTP logins: a password (12 characters at least, stored hashed), public keys added and removed, a private key refused`, async () => {
  const agency = await signUpAgency(t);
  const short = await agency.browser.post('/pro/passerelle/sftp/password', { env: 'test', password: 'court' });
  assert.equal(short.statusCode, 400);
  assert.match(short.body, /Le mot de passe doit compter de 12 à 256 caractères/);
  assert.equal(
    (await agency.browser.post('/pro/passerelle/sftp/password', { env: 'test', password: 'un mot de passe sûr' })).statusCode,
    303,
  );
  const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM sftp_drop_accounts WHERE agency_id = $1', [
    agency.agencyId,
  ]);
  assert.match(rows[0]!.password_hash, /^scrypt\$/);

  const pair = ssh2.utils.generateKeyPairSync('ed25519');
  for (const bad of [pair.private, 'ssh-ed25519 pas-une-cle', ''])
    assert.equal((await agency.browser.post('/pro/passerelle/sftp/keys', { env: 'test', publicKey: bad })).statusCode, 400, bad);
  assert.equal(await stored(agency.agencyId), '0/1/0', 'no private key is stored');
  assert.equal(
    (await agency.browser.post('/pro/passerelle/sftp/keys', { env: 'test', publicKey: `${pair.public} poste` })).statusCode,
    303,
  );
  const again = await agency.browser.post('/pro/passerelle/sftp/keys', { env: 'test', publicKey: pair.public });
  assert.match(again.body, /déjà enregistrée/);
  const page = await agency.browser.get('/pro/passerelle');
  const fingerprint = /name="fingerprint" value="(SHA256:[^"]+)"/.exec(page.body)?.[1];
  assert.ok(fingerprint, 'the key is listed by its fingerprint');
  assert.match(page.body, /poste/);
  assert.equal(await stored(agency.agencyId), '0/1/1');
  const other = await signUpAgency(t);
  assert.equal(
    (await other.browser.post('/pro/passerelle/sftp/keys/remove', { env: 'test', fingerprint })).statusCode,
    404,
    'not another agency’s key',
  );
  assert.equal((await agency.browser.post('/pro/passerelle/sftp/keys/remove', { env: 'test', fingerprint })).statusCode, 303);
  assert.equal((await agency.browser.post('/pro/passerelle/sftp/password/clear', { env: 'test' })).statusCode, 303);
  assert.equal(await stored(agency.agencyId), '0/0/0');
});

test(`[${databaseKind}] a form without the session's token changes nothing`, async () => {
  const agency = await signUpAgency(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/pro/passerelle/pull',
    headers: { cookie: agency.browser.cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ env: 'test', url: 'https://logiciel.example/a.zip', _csrf: 'faux' }).toString(),
  });
  assert.ok(response.statusCode >= 400 && response.statusCode < 500, String(response.statusCode));
  assert.equal(await stored(agency.agencyId), '0/0/0');
});

test(`[${databaseKind}] hostile paths, queries and forms on the passerelle pages: a French page or a redirect, never a 5xx; a refused form stores nothing`, async () => {
  const agency = await signUpAgency(t);
  const csrf = hiddenToken((await agency.browser.get('/pro/passerelle')).body)!;
  const routes = (await pageRoutes(t, proPages, '/pro')).filter((route) => route.url.startsWith('/pro/passerelle'));
  assert.equal(routes.length, 7);
  const sent = await attackPages({
    t,
    routes,
    cookie: agency.browser.cookie,
    csrf,
    valid: {},
    queryNames: ['fait'],
    fieldValues: ['test', 'live', 'https://logiciel.example/a.zip', 'http://10.0.0.1/a.zip', 'un long mot de passe', 'SHA256:x'],
    runs: RUNS,
    writes: async () => Number((await stored(agency.agencyId)).replaceAll('/', '')),
    refusalsWritten: () => false,
  });
  assert.ok(sent >= routes.length * RUNS);
});
