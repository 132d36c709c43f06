import { test } from 'node:test';
import { frenchWhole } from '../../../src/platform/french-numbers.js';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, page, publicListing } from '../../helpers/site.js';
import { CONTACT_LIMIT } from '../../../src/domain/leads/visitor-limits.js';
import { MESSAGE_MAX } from '../../../src/domain/leads/lead-input.js';
import { uniqueVisitorEmail } from '../../helpers/conversations.js';
import { uniqueAddress } from '../../helpers/addresses.js';

/** docs/decisions.md §12: the contact form stores a lead and emits lead.received; honeypot and per-IP limit. */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const visitor = {
  name: 'Camille Martin',
  email: 'camille@example.org',
  phone: '06 11 22 33 44',
  message: 'Bonjour, le bien est-il toujours disponible ?',
};
/** Each test sends from its own address, so the per-IP limit of one does not touch another. */
const addresses = new Map<number, string>();
const address = (n: number) => addresses.get(n) ?? addresses.set(n, uniqueAddress()).get(n)!;

async function leadsOf(serviceId: string) {
  const { rows } = await t.db.query<{
    id: string;
    name: string;
    email: string;
    phone: string | null;
    message: string;
    external_id: string;
    agency_id: string;
  }>(
    // The contact's message is the conversation's first (docs/decisions.md §16).
    `SELECT id, name, email, phone, external_id, agency_id,
       (SELECT body FROM lead_messages m WHERE m.lead_id = leads.id ORDER BY created_at, id LIMIT 1) AS message
     FROM leads WHERE listing_id = $1 ORDER BY received_at`,
    [serviceId],
  );
  return rows;
}

test(`[${databaseKind}] a message stores a lead, emits lead.received in the same transaction, and thanks the visitor`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LEAD-1', { title: 'T2 au calme' });
  const response = await contact(t, serviceId, visitor, address(1));
  assert.equal(response.statusCode, 200, response.body);
  assert.match(response.body, /Message envoyé/);
  assert.match(response.body, /T2 au calme/);
  assert.match(response.body, /accusé de réception par e-mail, avec un lien privé pour suivre la conversation/);
  const [lead] = await leadsOf(serviceId);
  assert.ok(lead, 'the lead is stored');
  assert.deepEqual(
    { ...lead, id: undefined },
    {
      id: undefined,
      name: visitor.name,
      email: visitor.email,
      phone: visitor.phone,
      message: visitor.message,
      external_id: 'LEAD-1',
      agency_id: agency.agencyId,
    },
  );
  const { rows: events } = await t.db.query<{
    type: string;
    env: string;
    listing_id: string;
    data: Record<string, unknown>;
    position: string;
  }>(`SELECT type, env, listing_id, data, position FROM events WHERE agency_id = $1 AND type = 'lead.received'`, [agency.agencyId]);
  assert.equal(events.length, 1);
  const event = events[0]!;
  assert.equal(event.env, 'live');
  assert.equal(event.listing_id, serviceId);
  assert.deepEqual(Object.keys(event.data).sort(), ['agencyId', 'env', 'externalId', 'leadId', 'receivedAt', 'serviceId']);
  assert.equal(event.data.leadId, lead.id);
  assert.equal(event.data.externalId, 'LEAD-1');
  assert.ok(!JSON.stringify(event.data).includes('disponible'), 'the message itself stays out of the event');
  assert.equal(Number(event.position) % 8, 0, 'a position of its own: a reserved sequence number times 8');
  // Its position comes after every event of the listing's own writes.
  const { rows: before } = await t.db.query<{ max: string }>(
    `SELECT max(position) AS max FROM events WHERE agency_id = $1 AND type <> 'lead.received'`,
    [agency.agencyId],
  );
  assert.ok(Number(event.position) > Number(before[0]!.max));
});

test(`[${databaseKind}] a robot filling the honeypot is thanked and nothing is stored`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LEAD-HONEYPOT', { surface: 80, price: 380000 });
  const response = await contact(t, serviceId, { ...visitor, website: 'http://spam.example' }, address(2));
  assert.equal(response.statusCode, 200);
  assert.match(response.body, /Message envoyé/);
  assert.deepEqual(await leadsOf(serviceId), []);
});

test(`[${databaseKind}] missing or malformed fields show the form again with what was typed and a message per field`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LEAD-INVALID', { surface: 95, price: 450000 });
  const response = await contact(
    t,
    serviceId,
    { name: '', email: 'pas-une-adresse', phone: 'abc', message: '<b>Bonjour</b> <script>alert(1)</script>' },
    address(3),
  );
  assert.equal(response.statusCode, 400);
  assert.match(response.body, /Le message n’est pas parti/);
  assert.match(response.body, /Indiquez votre nom/);
  assert.match(response.body, /Cette adresse e-mail n’est pas valide/);
  assert.match(response.body, /Ce numéro de téléphone n’est pas valide/);
  assert.match(response.body, /id="f-email"[^>]*value="pas-une-adresse"/, 'the e-mail as typed');
  assert.match(response.body, /&lt;b>Bonjour&lt;\/b> &lt;script>alert\(1\)&lt;\/script><\/textarea>/, 'the message as typed, escaped');
  assert.equal((response.body.match(/aria-invalid="true"/g) ?? []).length, 3);
  assert.deepEqual(await leadsOf(serviceId), []);
  const empty = await contact(t, serviceId, {}, address(3));
  assert.equal(empty.statusCode, 400);
  assert.match(empty.body, /Écrivez votre message/);
  const tooLong = await contact(t, serviceId, { ...visitor, message: 'a'.repeat(MESSAGE_MAX + 1) }, address(3));
  assert.equal(tooLong.statusCode, 400);
  assert.match(
    tooLong.body,
    new RegExp(`au plus ${frenchWhole(MESSAGE_MAX)} caractères \\(il en compte ${frenchWhole(MESSAGE_MAX + 1)}\\)`),
  );
});

test(`[${databaseKind}] HTML in a message is stored as text`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LEAD-HTML', { surface: 110, price: 520000 });
  const message = 'Bonjour <img src=x onerror=alert(1)> & merci';
  assert.equal((await contact(t, serviceId, { ...visitor, message }, address(4))).statusCode, 200);
  assert.equal((await leadsOf(serviceId))[0]?.message, message);
});

test(`[${databaseKind}] a body over 16 KiB or not a form is refused with a French page, and nothing is stored`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LEAD-BIG', { surface: 125, price: 600000 });
  const big = await contact(t, serviceId, { ...visitor, message: 'é'.repeat(6000) }, address(5));
  assert.equal(big.statusCode, 413);
  assert.match(big.body, /Message trop long/);
  const json = await t.app.inject({
    method: 'POST',
    url: `/listings/${serviceId}/contact`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(visitor),
    remoteAddress: address(5),
  });
  assert.equal(json.statusCode, 415);
  assert.match(json.body, /<html lang="fr">/);
  assert.deepEqual(await leadsOf(serviceId), []);
});

test(`[${databaseKind}] an address that sent ${CONTACT_LIMIT.limit} messages within the hour is refused with 429 and Retry-After; another address is not`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LEAD-LIMIT', { surface: 140, price: 700000 });
  // A distinct e-mail each time: this is the address's limit, not the e-mail's (test/domain/leads/limits.test.ts).
  for (let i = 0; i < CONTACT_LIMIT.limit; i++)
    assert.equal(
      (await contact(t, serviceId, { ...visitor, email: uniqueVisitorEmail() }, address(6))).statusCode,
      200,
      `message ${i + 1}`,
    );
  const refused = await contact(t, serviceId, { ...visitor, email: uniqueVisitorEmail() }, address(6));
  assert.equal(refused.statusCode, 429);
  assert.match(refused.body, /Trop de messages envoyés/);
  const retryAfter = Number(refused.headers['retry-after']);
  assert.ok(retryAfter > 0 && retryAfter <= 3600, `Retry-After ${refused.headers['retry-after']}`);
  assert.equal((await leadsOf(serviceId)).length, CONTACT_LIMIT.limit);
  assert.equal((await contact(t, serviceId, { ...visitor, email: uniqueVisitorEmail() }, address(7))).statusCode, 200, 'another address');
  // The limit lives in PostgreSQL: no address is stored, only its hash.
  const { rows } = await t.db.query<{ bucket: string }>('SELECT bucket FROM site_rate_limits');
  assert.ok(rows.every((row) => !row.bucket.includes(address(6)) && !row.bucket.includes(address(7))));
});

test(`[${databaseKind}] a message about a listing that left the site gets the 410 page; an unknown one the 404 page`, async () => {
  const serviceId = await publicListing(t, agency.live, 'LEAD-GONE', { surface: 160, price: 780000 });
  await t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { status: 'sold' });
  assert.equal((await contact(t, serviceId, visitor, address(8))).statusCode, 410);
  assert.equal((await contact(t, 'lst_0000000Unknown00000', visitor, address(8))).statusCode, 404);
  assert.equal((await contact(t, '..', visitor, address(8))).statusCode, 404);
  assert.deepEqual(await leadsOf(serviceId), []);
  assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 410);
});
