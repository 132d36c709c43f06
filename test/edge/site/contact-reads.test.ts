import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, publicListing } from '../../helpers/site.js';
import { uniqueAddress } from '../../helpers/addresses.js';
import { uniqueVisitorEmail } from '../../helpers/conversations.js';
import type { Database, PreparedStatement, Queryable } from '../../../src/platform/db/database.js';

/**
 * A contact reads its listing as the public sees it once: that one read answers 404 or 410,
 * shows the form again with its errors, and goes with the message into the conversation and
 * its mails.
 */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

/** Every read of the `public_listings` view naming `serviceId`, on the database the routes use, while `run` runs. */
async function publicReadsOf(db: Database, serviceId: string, run: () => Promise<void>): Promise<number> {
  let reads = 0;
  const note = (sql: string | PreparedStatement, params?: readonly unknown[]) => {
    const text = typeof sql === 'string' ? sql : sql.text;
    if (text.includes('public_listings') && params?.includes(serviceId)) reads += 1;
  };
  const watched = (tx: Queryable): Queryable => ({
    query: (sql, params) => (note(sql, params), tx.query(sql, params)),
    jsonArray: (texts) => tx.jsonArray(texts),
    jsonArrayBuilder: (bytes) => tx.jsonArrayBuilder(bytes),
  });
  const { query, transaction } = db;
  db.query = (sql, params) => (note(sql, params), query.call(db, sql, params)) as never;
  db.transaction = (work) => transaction.call(db, (tx) => work(watched(tx))) as never;
  try {
    await run();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return reads;
}

test(`[${databaseKind}] a visitor's message reads its listing once, for the answer, the conversation and the mails`, async () => {
  const serviceId = await publicListing(t, agency.live, `ONCE-${Date.now()}`, { title: 'T2 lu une fois' });
  const email = uniqueVisitorEmail();
  const fields = { name: 'Camille Martin', email, phone: '', message: 'Bonjour, est-il disponible ?' };
  const reads = await publicReadsOf(t.db, serviceId, async () => {
    const sent = await contact(t, serviceId, fields, uniqueAddress());
    assert.equal(sent.statusCode, 200, sent.body);
  });
  assert.equal(reads, 1);
  const { rows } = await t.db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE lower(to_address) = lower($1)', [email]);
  assert.match(rows[0]?.text_body ?? '', /T2 lu une fois/, 'the acknowledgement shows the listing as the public sees it');

  const refused = await publicReadsOf(t.db, serviceId, async () => {
    const again = await contact(t, serviceId, { ...fields, name: '' }, uniqueAddress());
    assert.equal(again.statusCode, 400, again.body);
    assert.match(again.body, /T2 lu une fois/, 'the listing page again, with the form and its errors');
  });
  assert.equal(refused, 1);
});
