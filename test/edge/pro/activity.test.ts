import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { signUpAgency } from '../../helpers/pro.js';
import { text } from '../../helpers/page-text.js';
import { browserWith, createOperator } from '../../helpers/back-office.js';
import { newId } from '../../../src/platform/db/ids.js';
import { createSession } from '../../../src/domain/sessions/session-store.js';
import { recordAccountEvent } from '../../../src/domain/account-security/events.js';
import { addMember, FIREFOX, SAFARI_IPHONE, signInAs } from '../http/accounts/sessions-setup.js';

/**
 * Account events in the audit log's two views (docs/accounts.md, "Activity"): the back-office's
 * journal shows them all with the users' addresses; an agency's /pro/activity shows its own, the
 * whole team's to an admin and their own to an agent, and never another agency's.
 */
const { t } = useTestApp();

/** Signs in twice from two browsers and ends the first from the second: one audited event. */
async function endAnotherSession(who: { email: string; password: string }) {
  await signInAs(t, 'pro', who, { userAgent: FIREFOX });
  const second = await signInAs(t, 'pro', who, { userAgent: SAFARI_IPHONE });
  await second.browser.get('/pro/account/sessions');
  assert.equal((await second.browser.post('/pro/account/sessions/end-others')).statusCode, 303);
  return second.browser;
}

/** An operator past the second-factor requirement, signed in (the code page belongs to another part). */
async function operatorBrowser() {
  const operator = await createOperator(t);
  await t.db.query(
    `INSERT INTO second_factors (id, scope, principal_id, kind, label, totp_secret, confirmed_at, created_at)
     VALUES ($1, 'admin', $2, 'totp', 'Téléphone', 'JBSWY3DPEHPK3PXP', now(), now())`,
    [newId('fac'), operator.operatorId],
  );
  const { token } = await createSession(t.db, 'admin', operator.operatorId, new Date(), 3_600_000);
  return { ...operator, browser: browserWith(t, `ls_admin=${token}`) };
}

test('an admin sees the team’s events, an agent their own, no agency another’s; the back-office sees them all', async () => {
  const agency = await signUpAgency(t);
  const agent = await addMember(t, agency.agencyId, 'agent');
  const rival = await signUpAgency(t);
  const adminBrowser = await endAnotherSession(agency);
  const agentBrowser = await endAnotherSession(agent);
  const rivalBrowser = await endAnotherSession(rival);
  const support = await operatorBrowser();
  await recordAccountEvent(t.db, { scope: 'pro', id: agent.id, agencyId: agency.agencyId }, 'account.factors_reset', {
    actor: support.operatorId,
  });

  const team = await adminBrowser.get('/pro/activity');
  assert.equal(team.statusCode, 200);
  assert.match(team.body, /<a href="\/pro\/activity" aria-current="page"><span>Activité<\/span>/);
  assert.match(team.body, /Autres sessions terminées/);
  assert.ok(team.body.includes(`· compte ${agent.email}`), 'the agent’s events, named');
  assert.ok(team.body.includes(`par ${agency.email}`));
  assert.match(team.body, /Seconds facteurs retirés par le support/);
  assert.match(team.body, /par le support du service/);
  assert.ok(!team.body.includes(support.email), 'an operator’s address stays in the back-office');
  assert.ok(!team.body.includes(rival.email), 'never another agency’s');
  assert.match(team.body, /<dt>sessions terminées<\/dt><dd class="description">1<\/dd>/);

  const own = await agentBrowser.get('/pro/activity');
  assert.equal(own.statusCode, 200);
  assert.match(own.body, /Activité<\/span>/, 'in the agent’s navigation too');
  assert.match(own.body, /Autres sessions terminées/);
  assert.match(own.body, /Seconds facteurs retirés/);
  assert.ok(!own.body.includes(agency.email.replace('@', '&#64;')) && !own.body.includes(`par ${agency.email}`), 'not the admin’s');
  assert.match(own.body, /Connexion depuis un nouvel appareil/);
  assert.equal(own.body.match(/<li>/g)?.length, 3, 'a new browser, the sessions ended, the factors reset');

  const theirs = await rivalBrowser.get('/pro/activity');
  assert.ok(theirs.body.includes(`par ${rival.email}`));
  assert.ok(!theirs.body.includes(agency.email) && !theirs.body.includes(agent.email));

  // Pages: past the oldest entry, nothing; a malformed cursor is a French 400.
  const seqs = await t.db.query<{ seq: string }>('SELECT min(seq) AS seq FROM operator_audit WHERE agency_id = $1', [agency.agencyId]);
  assert.match((await adminBrowser.get(`/pro/activity?avant=${seqs.rows[0]!.seq}`)).body, /Aucun événement enregistré/);
  const malformed = await adminBrowser.get('/pro/activity?avant=hier');
  assert.equal(malformed.statusCode, 400);
  assert.match(malformed.body, /avant doit/, 'the rule in French, led by its field');
  assert.doesNotMatch(malformed.body, /must /);

  const journal = await support.browser.get('/admin/audit');
  assert.equal(journal.statusCode, 200, journal.body.slice(0, 300));
  assert.ok(text(journal.body).includes(`Autres sessions terminées · utilisateur ${agent.email}`), 'the user by address');
  assert.ok(journal.body.includes(`par ${agent.email}`), 'users acting are named by their address');
  assert.ok(journal.body.includes(`par ${rival.email}`), 'every agency’s');
  assert.match(journal.body, /Connexion depuis un nouvel appareil/);
  assert.match(journal.body, /<dt>appareil<\/dt><dd class="description">Safari sur iOS<\/dd>/);
});
