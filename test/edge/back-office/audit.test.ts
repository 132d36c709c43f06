import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { createOperator, signIn } from '../../helpers/back-office.js';
import { text } from '../../helpers/page-text.js';
import { changeLines } from '../../../src/edge/back-office/views/audit.js';

/** The audit log as an operator reads it: who by e-mail, what in words, before and after as lines, plans by name. */
// The audit log is global: on the shared PostgreSQL, other files' actions would interleave.
const { t } = useIsolatedTestApp();

test(`[${databaseKind}] the audit log names operators by e-mail and shows before and after as readable lines, never ids or JSON`, async () => {
  const operator = await createOperator(t);
  const browser = await signIn(t, operator);
  const agency = await t.agency({ plan: 'solo' });
  assert.equal((await browser.post(`/admin/agencies/${agency.agencyId}/plan`, { plan: 'reseau' })).statusCode, 303);
  assert.equal((await browser.post(`/admin/agencies/${agency.agencyId}/suspend`, { reason: 'Impayés de mars' })).statusCode, 303);

  for (const path of ['/admin/audit', `/admin/agencies/${agency.agencyId}`]) {
    const html = (await browser.get(path)).body;
    const shown = text(html);
    assert.ok(shown.includes(`par ${operator.email}`), `${path}: the operator's e-mail`);
    assert.ok(!shown.includes(operator.operatorId), `${path}: never the operator's id`);
    assert.match(html, /<strong>Changement de formule<\/strong>/);
    assert.match(html, /<dt>formule<\/dt><dd class="description">Pro Solo → Pro Réseau<\/dd>/);
    assert.match(html, /<strong>Suspension de l’agence<\/strong>/);
    assert.match(html, /<dt>motif<\/dt><dd class="description">— → Impayés de mars<\/dd>/);
    assert.match(html, /<dt>suspendue le<\/dt><dd class="description">— → \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}<\/dd>/);
    assert.doesNotMatch(shown, /[{}]|"plan"|agency\.plan|agency\.suspend/, `${path}: no JSON, no action codes`);
  }
  // The operator API's token is named as such.
  assert.match(
    text((await browser.get('/admin/audit')).body),
    /Opérateur créé · opérateur op-[\w.@-]+ [\d/: ]+ · par jeton de l’API opérateur \(CLI\)/,
  );
  // The agency list and page name plans as people do.
  assert.match((await browser.get(`/admin/agencies?q=${agency.agencyId}`)).body, /<td>Pro Réseau<\/td>/);
  assert.match((await browser.get(`/admin/agencies/${agency.agencyId}`)).body, /<option value="reseau" selected>Pro Réseau<\/option>/);
});

test(`[${databaseKind}] the journal names and links each target, and filters by kind of target and by operator`, async () => {
  const first = await createOperator(t);
  const second = await createOperator(t);
  const agency = await t.agency({ name: 'Immo des Pentes', plan: 'solo' });
  assert.equal((await (await signIn(t, first)).post(`/admin/agencies/${agency.agencyId}/plan`, { plan: 'reseau' })).statusCode, 303);
  const browser = await signIn(t, second);
  assert.equal((await browser.post(`/admin/agencies/${agency.agencyId}/suspend`, { reason: 'Impayés' })).statusCode, 303);

  const all = (await browser.get('/admin/audit')).body;
  assert.ok(
    all.includes(`<a href="/admin/agencies/${agency.agencyId}">« Immo des Pentes » (${agency.agencyId})</a>`),
    'the agency by name, linked to its file',
  );
  const byFirst = text((await browser.get(`/admin/audit?type=&par=${encodeURIComponent(first.email.toUpperCase())}`)).body);
  assert.match(byFirst, /Changement de formule/);
  assert.doesNotMatch(byFirst, /Suspension de l’agence/, 'only what the first operator did');
  const onOperators = text((await browser.get('/admin/audit?type=operator&par=')).body);
  assert.match(onOperators, /Opérateur créé/);
  assert.doesNotMatch(onOperators, /Changement de formule|Suspension de l’agence/, 'only entries about operators');
  const refused = await browser.get('/admin/audit?type=planete');
  assert.equal(refused.statusCode, 400);
  // The rule in French on the French page, with the kinds an operator may choose.
  assert.match(text(refused.body), /type doit être l’une de ces valeurs : [a-z_, ]*agency[a-z_, ]*\. Rien n’a été modifié\./);
  assert.doesNotMatch(refused.body, /must be/);
});

test('a recorded value that only looks like an instant is shown as written, and never breaks the page', () => {
  assert.deepEqual(
    changeLines({ reason: null, suspendedAt: null }, { reason: '2026-13-45T99:99:99Z', suspendedAt: '2026-13-45T99:99:99Z' }),
    [
      { field: 'motif', text: '— → 2026-13-45T99:99:99Z' },
      { field: 'suspendue le', text: '— → 2026-13-45T99:99:99Z' },
    ],
  );
  assert.deepEqual(changeLines({ verified: false }, { verified: true, verifiedAt: '2026-03-01T09:30:00.000Z', extra: [1] }), [
    { field: 'vérifiée', text: 'non → oui' },
    { field: 'vérifiée le', text: '01/03/2026 10:30' },
    { field: 'extra', text: '[1]' },
  ]);
});
