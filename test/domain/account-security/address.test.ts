import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../../../src/platform/db/database.js';
import { insertAgency } from '../../../src/domain/agencies/agency-store.js';
import { liveKeysBlocker } from '../../../src/domain/agencies/live-keys.js';
import { createKey } from '../../../src/domain/keys/key-store.js';
import { insertUser } from '../../../src/domain/accounts/user-store.js';
import { findAccount } from '../../../src/domain/account-security/directory.js';
import { askAddressChange, confirmAddressChange } from '../../../src/domain/account-security/address-change.js';
import { mailVerificationLink, verifyAddress } from '../../../src/domain/account-security/address-verification.js';
import { databaseKind, openTestDatabase } from '../../helpers/database.js';

let db: Database;
before(async () => (db = await openTestDatabase()));
after(() => db.close());

const site = { siteUrl: 'https://annonces.example', mailFrom: 'Annonces <no-reply@annonces.example>' };
const unique = () => Math.random().toString(36).slice(2, 9);
const linkIn = async (to: string, prefix: string) => {
  const { rows } = await db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [
    to,
  ]);
  return new RegExp(`${prefix}([A-Za-z0-9_-]{43})`).exec(rows[0]?.text_body ?? '')?.[1];
};

test('LIVE keys: the creating user’s address is the last condition, after the agency’s own', () => {
  const at = new Date();
  const unverified = { emailVerified: false };
  assert.equal(liveKeysBlocker({ verified: true, suspendedAt: null }, unverified), 'address_unverified');
  assert.equal(liveKeysBlocker({ verified: true, suspendedAt: null }, { emailVerified: true }), null);
  assert.equal(liveKeysBlocker({ verified: false, suspendedAt: null }, unverified), 'unverified', 'the SIREN first');
  assert.equal(liveKeysBlocker({ verified: true, suspendedAt: at }, unverified), 'suspended');
  assert.equal(liveKeysBlocker({ verified: true, suspendedAt: null }), null, 'an operator names no creator');
});

test(`[${databaseKind}] the key store refuses a LIVE key made by a user whose address waits, whoever calls it`, async () => {
  const agency = await insertAgency(db, { name: `Store ${unique()}`, plan: 'solo', verified: true });
  const refused = await createKey(db, { agencyId: agency.id, env: 'live', creator: { emailVerified: false } });
  assert.equal(refused.ok, false);
  assert.equal((await createKey(db, { agencyId: agency.id, env: 'test', creator: { emailVerified: false } })).ok, true);
  assert.equal((await createKey(db, { agencyId: agency.id, env: 'live', creator: { emailVerified: true } })).ok, true);
});

test(`[${databaseKind}] a verify link proves the address it was sent to only: after an address change it verifies nothing`, async () => {
  const agency = await insertAgency(db, { name: `Adresse ${unique()}`, plan: 'solo', verified: true });
  const oldEmail = `ancienne-${unique()}@agence.example`;
  const newEmail = `nouvelle-${unique()}@agence.example`;
  const user = (await insertUser(db, {
    agencyId: agency.id,
    email: oldEmail,
    password: 'mot de passe assez long',
    role: 'admin',
    emailVerified: false,
  }))!;
  const now = new Date();
  await db.transaction((tx) => mailVerificationLink(tx, user, site, now));
  const verifyToken = (await linkIn(oldEmail, '/pro/verify/'))!;

  const account = (await findAccount(db, 'pro', user.id))!;
  const asked = await askAddressChange(db, account, { email: newEmail, password: 'mot de passe assez long' }, site, now);
  assert.equal(asked.ok, true);
  const changeToken = (await linkIn(newEmail, '/pro/account/email/'))!;
  assert.equal((await verifyAddress(db, changeToken, now)).ok, false, 'an address-change link is no verify link');
  assert.equal((await confirmAddressChange(db, 'admin', changeToken, now)).ok, false, 'nor a link of the other space');
  assert.equal((await confirmAddressChange(db, 'pro', changeToken, now)).ok, true);

  // The address moved, verified; the old address's verify link no longer proves anything.
  await db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [user.id]);
  const late = await verifyAddress(db, verifyToken, now);
  assert.equal(late.ok, false);
  const { rows } = await db.query<{ email: string; verified: boolean }>(
    'SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
    [user.id],
  );
  assert.deepEqual(rows, [{ email: newEmail, verified: false }]);
});
