import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../../helpers/app.js';
import { signUpAgency } from '../../../helpers/pro.js';
import { createOperator } from '../../../helpers/back-office.js';
import { auditOf, FIREFOX, SAFARI_IPHONE, signInAs } from './sessions-setup.js';

/**
 * The sessions page of both spaces (docs/accounts.md, "Sessions"), through HTTP: the user's live
 * sessions with their device, network and times; ending one, or every other; the ended
 * session's cookie then gets the sign-in page; each ending is in the audit log.
 */
const { t } = useTestApp();

const sessionIdOf = async (principalId: string, userAgent: string) => {
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM sessions WHERE principal_id = $1 AND user_agent = $2', [
    principalId,
    userAgent,
  ]);
  assert.equal(rows.length, 1, `one session from ${userAgent.slice(0, 30)}`);
  return rows[0]!.id;
};

test('the sessions page lists two sessions of one user; ending the other sends its cookie to the sign-in page', async () => {
  const agency = await signUpAgency(t);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [agency.email]);
  const userId = rows[0]!.id;
  await t.db.query('DELETE FROM sessions WHERE principal_id = $1', [userId]);
  const laptop = await signInAs(t, 'pro', agency, { userAgent: FIREFOX, address: '192.0.2.7' });
  const phone = await signInAs(t, 'pro', agency, { userAgent: SAFARI_IPHONE });

  const page = await phone.browser.get('/pro/account/sessions');
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /<h1>Vos sessions<\/h1>/);
  assert.match(page.body, /Firefox sur Windows/);
  assert.match(page.body, /réseau 192\.0\.2\.0\/24/, 'the place is the network, nothing more');
  assert.doesNotMatch(page.body, /192\.0\.2\.7/, 'never the address itself');
  assert.match(page.body, /Safari sur iOS<\/span>\s*<span class="badge">cette session<\/span>/);
  assert.equal(page.body.match(/cette session</g)?.length, 1);
  assert.match(page.body, /à l’instant/);
  const laptopId = await sessionIdOf(userId, FIREFOX);
  const phoneId = await sessionIdOf(userId, SAFARI_IPHONE);
  assert.match(page.body, new RegExp(`action="/pro/account/sessions/${laptopId}/end"`));
  assert.doesNotMatch(page.body, new RegExp(`/pro/account/sessions/${phoneId}/end`), 'the session in use ends by signing out');
  assert.match(page.body, /Terminer toutes les autres sessions/);

  // Refusals: the session in use, another user's session, a form without its token. Nothing ends.
  assert.equal((await phone.browser.post(`/pro/account/sessions/${phoneId}/end`)).statusCode, 400);
  const other = await signUpAgency(t);
  const { rows: theirs } = await t.db.query<{ id: string }>(
    'SELECT s.id FROM sessions s JOIN users u ON u.id = s.principal_id WHERE u.email = $1',
    [other.email],
  );
  const refused = await phone.browser.post(`/pro/account/sessions/${theirs[0]!.id}/end`);
  assert.equal(refused.statusCode, 404);
  assert.match(refused.body, /déjà terminée/);
  assert.equal((await other.browser.get('/pro')).statusCode, 200, 'their session lives on');
  assert.equal((await phone.browser.post(`/pro/account/sessions/${laptopId}/end`, { _csrf: 'forged' })).statusCode, 403);
  assert.equal((await laptop.browser.get('/pro')).statusCode, 200);

  const ended = await phone.browser.post(`/pro/account/sessions/${laptopId}/end`);
  assert.equal(ended.statusCode, 303);
  assert.equal(ended.headers.location, '/pro/account/sessions?fait=terminee');
  assert.match((await phone.browser.get('/pro/account/sessions?fait=terminee')).body, /La session a été terminée/);

  const signedOut = await laptop.browser.get('/pro/account/sessions');
  assert.equal(signedOut.statusCode, 303);
  assert.match(String(signedOut.headers.location), /^\/pro\/login\?next=/);
  const login = await t.app.inject({ method: 'GET', url: String(signedOut.headers.location), headers: { cookie: laptop.session } });
  assert.equal(login.statusCode, 200);
  assert.match(login.body, /name="password"/, 'the ended cookie gets the sign-in page');
  assert.equal((await phone.browser.post(`/pro/account/sessions/${laptopId}/end`)).statusCode, 404, 'ended once');

  const entries = (await auditOf(t, userId)).filter((entry) => entry.action === 'account.session_ended');
  assert.equal(entries.length, 1);
  assert.equal(entries[0]!.agency_id, agency.agencyId, 'the agency’s activity page shows it');
  assert.deepEqual(entries[0]!.after, { session: laptopId, device: 'Firefox sur Windows', network: '192.0.2.0/24' });
});

test('an operator ends every other session at once; their cookies get the sign-in page; once alone, nothing more ends', async () => {
  // An operator who has not enrolled a second factor yet: the page must not wait for one.
  const operator = await createOperator(t, undefined, { secondFactor: false });
  const first = await signInAs(t, 'admin', operator, { userAgent: FIREFOX });
  const second = await signInAs(t, 'admin', operator, { userAgent: SAFARI_IPHONE });
  const third = await signInAs(t, 'admin', operator);

  const page = await third.browser.get('/admin/account/sessions');
  assert.equal(page.statusCode, 200, 'open before a second factor is enrolled: ending a session never waits');
  assert.equal(page.body.match(/<li>/g)?.length, 3);
  const ended = await third.browser.post('/admin/account/sessions/end-others');
  assert.equal(ended.statusCode, 303);
  assert.equal(ended.headers.location, '/admin/account/sessions?fait=autres');
  for (const gone of [first, second]) {
    const answer = await gone.browser.get('/admin/account/sessions');
    assert.equal(answer.statusCode, 303);
    assert.match(String(answer.headers.location), /^\/admin\/login\?next=/);
  }
  const alone = await third.browser.get('/admin/account/sessions');
  assert.equal(alone.body.match(/<li>/g)?.length, 1);
  assert.match(alone.body, /Aucune autre session n’est ouverte/);
  assert.equal((await third.browser.post('/admin/account/sessions/end-others')).headers.location, '/admin/account/sessions?fait=aucune');

  const entries = (await auditOf(t, operator.operatorId)).filter((entry) => entry.action.includes('sessions'));
  assert.deepEqual(
    entries.map((entry) => [entry.action, entry.after, entry.agency_id]),
    [['account.other_sessions_ended', { count: 2 }, null]],
    'audited once, when sessions ended',
  );
});
