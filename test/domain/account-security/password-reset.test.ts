import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { uniqueAddress } from '../../helpers/addresses.js';
import { addProUser } from '../../helpers/smtp.js';
import { issueLink, linkIsLive } from '../../../src/domain/credentials/one-time-links.js';
import { findAccountByEmail } from '../../../src/domain/account-security/directory.js';
import { askPasswordReset, PASSWORD_RESET_LIMITS, resetPassword } from '../../../src/domain/account-security/password-reset.js';
import { createSession, findSession } from '../../../src/domain/sessions/session-store.js';

/** The reset capability without HTTP: what a refusal leaves untouched, and the limits of the ask. */
const { t, agency } = useTestApp({ env: { WORKER: '0' } });
const strong = 'girafe lampadaire turquoise';

async function proUserWithLink() {
  const email = `reset-${Math.random().toString(36).slice(2, 9)}@agence.example`;
  await addProUser(t.db, agency.agencyId, email);
  const account = (await findAccountByEmail(t.db, 'pro', email))!;
  const token = await issueLink(t.db, account, 'reset', new Date());
  const { token: sessionToken } = await createSession(t.db, 'pro', account.id, new Date(), 3_600_000);
  return { email, account, token, sessionToken };
}
const hashOf = async (id: string) =>
  (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id])).rows[0]!.password_hash;

test('a weak password changes nothing: the link stays usable, the sessions live, no mail, no audit entry', async () => {
  const { email, account, token, sessionToken } = await proUserWithLink();
  const before = await hashOf(account.id);
  for (const password of ['court', 'azertyuiop123', `${email.split('@')[0]} et la suite`]) {
    const outcome = await resetPassword(t.db, { scope: 'pro', token, password }, new Date(), t.config);
    assert.equal(outcome.ok ? 'ok' : outcome.reason, 'weak', password);
  }
  assert.equal(await hashOf(account.id), before);
  assert.ok(await linkIsLive(t.db, 'pro', 'reset', token, new Date()), 'the link still works');
  assert.ok(await findSession(t.db, 'pro', sessionToken, new Date()), 'the session lives');
  assert.equal((await t.db.query('SELECT 1 FROM mails WHERE to_address = $1', [email])).rows.length, 0);
  assert.equal((await t.db.query(`SELECT 1 FROM operator_audit WHERE target_id = $1`, [account.id])).rows.length, 0);
});

test('a strong password uses the link once and ends every session; another space or purpose opens nothing', async () => {
  const { account, token, sessionToken } = await proUserWithLink();
  assert.deepEqual(await resetPassword(t.db, { scope: 'admin', token, password: strong }, new Date(), t.config), {
    ok: false,
    reason: 'dead_link',
  });
  const done = await resetPassword(t.db, { scope: 'pro', token, password: strong }, new Date(), t.config);
  assert.ok(done.ok);
  assert.equal(await findSession(t.db, 'pro', sessionToken, new Date()), null, 'every session ended');
  const again = await resetPassword(t.db, { scope: 'pro', token, password: `${strong} bis` }, new Date(), t.config);
  assert.deepEqual(again, { ok: false, reason: 'dead_link' });
  const verify = await issueLink(t.db, account, 'verify', new Date());
  assert.deepEqual(await resetPassword(t.db, { scope: 'pro', token: verify, password: strong }, new Date(), t.config), {
    ok: false,
    reason: 'dead_link',
  });
});

test('asks are limited per client and per address asked for, whoever owns it', async () => {
  const client = uniqueAddress();
  const now = new Date();
  for (let i = 0; i < PASSWORD_RESET_LIMITS.client.limit; i++)
    assert.ok((await askPasswordReset(t.db, { scope: 'pro', email: `n${i}-${Math.random()}@x.example`, clientAddress: client }, now)).ok);
  const throttled = await askPasswordReset(t.db, { scope: 'pro', email: 'autre@x.example', clientAddress: client }, now);
  assert.equal(throttled.ok ? 'ok' : throttled.reason, 'throttled');

  const email = `cible-${Math.random().toString(36).slice(2, 9)}@x.example`;
  for (let i = 0; i < PASSWORD_RESET_LIMITS.email.limit; i++)
    assert.ok((await askPasswordReset(t.db, { scope: 'pro', email, clientAddress: uniqueAddress() }, now)).ok);
  const flood = await askPasswordReset(t.db, { scope: 'pro', email: email.toUpperCase(), clientAddress: uniqueAddress() }, now);
  assert.equal(flood.ok ? 'ok' : flood.reason, 'throttled', 'the address as normalised');
  assert.ok((await askPasswordReset(t.db, { scope: 'admin', email, clientAddress: uniqueAddress() }, now)).ok, 'each space counts its own');
});
