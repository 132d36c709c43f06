import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, publicListing } from '../../helpers/site.js';
import { uniqueVisitorEmail } from '../../helpers/conversations.js';
import { uniqueAddress } from '../../helpers/addresses.js';

// A local trial, where every contact comes from one address, raises the limit.
const { t, agency } = useTestApp({ agency: { plan: 'reseau' }, env: { SITE_CONTACTS_PER_HOUR: '13' } });

test(`[${databaseKind}] SITE_CONTACTS_PER_HOUR sets the visitor's hourly messages: the 13th passes, the 14th is refused`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LEAD-SETTING', { surface: 141, price: 705000 });
  const from = uniqueAddress();
  const visitor = { name: 'Camille Martin', phone: '', message: 'Bonjour, une visite est-elle possible ?' };
  for (let i = 0; i < 13; i++)
    assert.equal((await contact(t, serviceId, { ...visitor, email: uniqueVisitorEmail() }, from)).statusCode, 200, `message ${i + 1}`);
  assert.equal((await contact(t, serviceId, { ...visitor, email: uniqueVisitorEmail() }, from)).statusCode, 429);
});
