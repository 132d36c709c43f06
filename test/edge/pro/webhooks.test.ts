import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { cookieOf, inviteByMail, postPublicForm, proBrowser, signUpAgency } from '../../helpers/pro.js';

/** /pro/webhooks (docs/decisions.md §9, §13): the agency admin manages its endpoints from the pro space. */
const { t } = useTestApp();

const endpointsOf = async (agencyId: string) =>
  (
    await t.db.query<{ id: string; url: string; env: string; enabled: boolean; description: string | null }>(
      'SELECT id, url, env, enabled, description FROM webhook_endpoints WHERE agency_id = $1 ORDER BY created_at',
      [agencyId],
    )
  ).rows;

test('an admin adds an endpoint (secret shown once), tests it, reads its log, rotates, disables, enables and deletes it', async () => {
  const agency = await signUpAgency(t);
  const { browser } = agency;
  assert.match((await browser.get('/pro/webhooks')).body, /Aucun point de réception pour l’instant/);
  const created = await browser.post('/pro/webhooks', {
    url: 'https://crm.example.com/hooks',
    env: 'live',
    description: 'CRM <b>nuit</b>',
    events: ['listing.published', 'lead.received'],
  });
  assert.equal(created.statusCode, 201, created.body);
  const secret = /value="(whsec_[^"]+)"/.exec(created.body)![1]!;
  const [endpoint] = await endpointsOf(agency.agencyId);
  assert.equal(endpoint!.url, 'https://crm.example.com/hooks');
  assert.equal(endpoint!.env, 'live');
  const list = await browser.get('/pro/webhooks');
  assert.ok(!list.body.includes(secret.slice(6, 20)), 'the secret never shows again');
  assert.ok(list.body.includes('CRM &lt;b>nuit&lt;/b>') || list.body.includes('CRM &lt;b&gt;nuit&lt;/b&gt;'), 'escaped');
  assert.match(list.body, /nouveau contact, annonce publiée/);

  const base = `/pro/webhooks/${endpoint!.id}`;
  const tested = await browser.post(`${base}/test`);
  assert.equal(tested.statusCode, 303);
  const page = await browser.get(tested.headers.location as string);
  assert.match(page.body, /Message de test envoyé/);
  assert.match(page.body, /message de test · en attente/);
  assert.match(page.body, /Renvoyer maintenant/);

  const rotated = await browser.post(`${base}/rotate`);
  assert.equal(rotated.statusCode, 200);
  const fresh = /value="(whsec_[^"]+)"/.exec(rotated.body)![1]!;
  assert.notEqual(fresh, secret);
  assert.match(rotated.body, /Pendant 24 heures, les requêtes portent aussi la signature de l’ancien secret/);

  assert.equal((await browser.post(`${base}/disable`)).statusCode, 303);
  assert.equal((await endpointsOf(agency.agencyId))[0]!.enabled, false);
  assert.match((await browser.get(base)).body, /Réactiver/);
  assert.equal((await browser.post(`${base}/enable`)).statusCode, 303);
  assert.equal((await endpointsOf(agency.agencyId))[0]!.enabled, true);

  assert.match((await browser.get(`${base}/delete`)).body, /Supprimer définitivement/);
  const deleted = await browser.post(`${base}/delete`);
  assert.equal(deleted.headers.location, '/pro/webhooks?fait=supprime');
  assert.deepEqual(await endpointsOf(agency.agencyId), []);
});

test('the plan cap, a bad URL, another agency, an agent and a missing form token each get their page and change nothing', async () => {
  const agency = await signUpAgency(t);
  const other = await signUpAgency(t);
  const { browser } = agency;
  assert.equal((await browser.post('/pro/webhooks', { url: 'https://crm.example.com/a', env: 'live' })).statusCode, 201);
  const over = await browser.post('/pro/webhooks', { url: 'https://crm.example.com/b', env: 'live' });
  assert.equal(over.statusCode, 403);
  assert.match(over.body, /La formule Pro Agence permet 1 point de réception LIVE, et vous les avez déjà/);
  assert.match(over.body, /value="https:\/\/crm\.example\.com\/b"/, 'the typed URL is kept');
  const bad = await browser.post('/pro/webhooks', { url: 'http://crm.example.com/c', env: 'test' });
  assert.equal(bad.statusCode, 201, 'http:// is fine in the sandbox');
  const badLive = await other.browser.post('/pro/webhooks', { url: 'http://crm.example.com/c', env: 'live' });
  assert.equal(badLive.statusCode, 400);
  assert.match(badLive.body, /Un point de réception LIVE doit utiliser https:\/\/ ; http:\/\/ n’est accepté qu’en TEST/);
  const privateUrl = await other.browser.post('/pro/webhooks', { url: 'https://192.168.1.10/hook', env: 'live' });
  assert.equal(privateUrl.statusCode, 400);
  assert.match(privateUrl.body, /Cette adresse désigne une machine locale ou un réseau privé/);
  assert.deepEqual(await endpointsOf(other.agencyId), []);

  const [mine] = await endpointsOf(agency.agencyId);
  assert.equal((await other.browser.get(`/pro/webhooks/${mine!.id}`)).statusCode, 404);
  assert.equal((await other.browser.post(`/pro/webhooks/${mine!.id}/disable`)).statusCode, 404);
  assert.equal((await other.browser.post(`/pro/webhooks/${mine!.id}/delete`)).statusCode, 404);

  const forged = await t.app.inject({
    method: 'POST',
    url: `/pro/webhooks/${mine!.id}/delete`,
    headers: { cookie: browser.cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: '_csrf=forged',
  });
  assert.equal(forged.statusCode, 403);

  const { link } = await inviteByMail(t, browser, 'agent');
  const joined = await postPublicForm(t, link, { password: 'mot de passe agent' });
  const agent = proBrowser(t, cookieOf(joined, 'ls_pro')!);
  assert.equal((await agent.get('/pro/webhooks')).statusCode, 403);
  assert.equal((await agent.post(`/pro/webhooks/${mine!.id}/disable`)).statusCode, 403);
  assert.equal((await endpointsOf(agency.agencyId)).length, 2);
  assert.ok(
    (await endpointsOf(agency.agencyId)).every((e) => e.enabled),
    'nothing was changed by the refused requests',
  );
});

test('a local receiver is refused in French with the setting a development start admits it with', async () => {
  const agency = await signUpAgency(t);
  for (const env of ['test', 'live']) {
    const refused = await agency.browser.post('/pro/webhooks', { url: 'http://localhost:3000/hooks', env });
    assert.equal(refused.statusCode, 400);
    assert.match(
      refused.body,
      /<p class="field-error" id="e-url">Cette adresse désigne une machine locale ou un réseau privé : nous n’y envoyons rien\. Indiquez une adresse joignable depuis Internet \(pour le développement en local, un opérateur peut autoriser ces adresses en démarrant le service avec WEBHOOK_ALLOW_PRIVATE=1\)\.<\/p>/,
      env,
    );
    assert.doesNotMatch(refused.body, /must not point/);
  }
  assert.deepEqual(await endpointsOf(agency.agencyId), []);
});

test('a refused URL shows the form again, in French, with the message by the field and what was typed kept', async () => {
  const agency = await signUpAgency(t);
  const refused = await agency.browser.post('/pro/webhooks', {
    url: '  https://[::127.0.0.1]:8443/hook ',
    env: 'test',
    description: 'CRM <nuit>',
    events: ['listing.published', 'lead.received'],
  });
  assert.equal(refused.statusCode, 400);
  const html = refused.body;
  assert.doesNotMatch(html, /Demande refusée|must not point/);
  assert.match(html, /Le point de réception n’a pas été ajouté\. Corrigez\s:/);
  assert.match(html, /id="f-url"[^>]*value="https:\/\/\[::127\.0\.0\.1\]:8443\/hook"[^>]*aria-invalid="true"[^>]*aria-describedby="e-url"/);
  assert.match(html, /<p class="field-error" id="e-url">Cette adresse désigne une machine locale ou un réseau privé/);
  assert.match(html, /id="f-description"[^>]*value="CRM (&lt;|<)nuit(&gt;|>)"/);
  assert.match(html, /value="test" checked/);
  assert.match(html, /value="listing\.published" checked/);
  assert.match(html, /value="lead\.received" checked/);
  assert.doesNotMatch(html, /value="listing\.deleted" checked/);
  assert.deepEqual(await endpointsOf(agency.agencyId), []);

  const notUrl = await agency.browser.post('/pro/webhooks', { url: 'crm.example.com/hooks', env: 'live' });
  assert.equal(notUrl.statusCode, 400);
  assert.match(notUrl.body, /Saisissez une adresse complète/);
  assert.match(notUrl.body, /value="crm\.example\.com\/hooks"/);
});

test('an endpoint the service disabled for failing is announced on the dashboard and explained on its page', async () => {
  const agency = await signUpAgency(t);
  await agency.browser.post('/pro/webhooks', { url: 'https://crm.example.com/dead', env: 'live' });
  await t.db.query(`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'failing', disabled_at = now() WHERE agency_id = $1`, [
    agency.agencyId,
  ]);
  assert.match(
    (await agency.browser.get('/pro')).body,
    /1 point de réception webhook désactivé : toutes les livraisons ont échoué pendant 5 jours/,
  );
  assert.match(
    (await agency.browser.get('/pro/webhooks')).body,
    /toutes les livraisons ont échoué pendant 5 jours\. Corrigez le récepteur, puis réactivez-le/,
  );
});
