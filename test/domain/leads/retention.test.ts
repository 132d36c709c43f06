import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, page, publicListing } from '../../helpers/site.js';
import { latestPrivatePath, uniqueVisitorEmail, visitorPost } from '../../helpers/conversations.js';
import { purgeOldConversations } from '../../../src/domain/leads/retention.js';

/**
 * docs/decisions.md §16: a conversation is deleted 3 years after its last message, with its
 * messages and private links. A database of its own: the purge is global and the clock moves.
 */
const { t, agency, setClock } = useIsolatedTestApp();
const DAY = 24 * 3_600_000;
const purgeAt = new Date('2026-06-15T12:00:00Z');
const threeYearsBefore = new Date('2023-06-15T12:00:00Z');

async function conversationAt(when: Date, serviceId: string) {
  const email = uniqueVisitorEmail();
  setClock(when);
  try {
    assert.equal(
      (await contact(t, serviceId, { name: 'Camille', email, message: 'Bonjour' }, `192.0.2.${Math.floor(Math.random() * 200)}`))
        .statusCode,
      200,
    );
  } finally {
    setClock(null);
  }
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [email]);
  return { leadId: rows[0]!.id, path: await latestPrivatePath(t.db, email) };
}

const rowsOf = async (leadId: string) => {
  const count = async (table: string) =>
    (
      await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'leads' ? 'id' : 'lead_id'} = $1`, [
        leadId,
      ])
    ).rows[0]!.n;
  return { leads: await count('leads'), messages: await count('lead_messages'), links: await count('lead_visitor_links') };
};

test(`[${databaseKind}] a conversation whose last message is 3 years and a day old is deleted with its messages and links; one a day younger is kept`, async () => {
  const serviceId = await publicListing(t, agency.live, 'RETENTION-1');
  const old = await conversationAt(new Date(threeYearsBefore.getTime() - DAY), serviceId);
  const young = await conversationAt(new Date(threeYearsBefore.getTime() + DAY), serviceId);
  // Opened long ago, but the visitor wrote again within the 3 years: its last message counts.
  const revived = await conversationAt(new Date(threeYearsBefore.getTime() - 30 * DAY), serviceId);
  setClock(new Date(threeYearsBefore.getTime() + DAY));
  try {
    assert.equal((await visitorPost(t, revived.path, { text: 'Toujours disponible ?' })).statusCode, 303);
  } finally {
    setClock(null);
  }

  assert.equal(await purgeOldConversations(t.db, purgeAt), 1);
  assert.deepEqual(await rowsOf(old.leadId), { leads: 0, messages: 0, links: 0 });
  assert.deepEqual(await rowsOf(young.leadId), { leads: 1, messages: 1, links: 1 });
  assert.deepEqual(await rowsOf(revived.leadId), { leads: 1, messages: 2, links: 1 });
  assert.equal((await page(t, old.path)).statusCode, 404, 'its links open nothing');
  assert.equal((await page(t, young.path)).statusCode, 200);
  assert.equal(await purgeOldConversations(t.db, purgeAt), 0, 'a second run finds nothing');
});
