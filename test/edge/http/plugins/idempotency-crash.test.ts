import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestAgency, type TestApp } from '../../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../../helpers/database.js';
import { contact, publicListing } from '../../../helpers/site.js';
import { v1Body } from '../../../helpers/v1.js';
import type { Database } from '../../../../src/platform/db/database.js';

/**
 * An Idempotency-Key survives a crash (docs/interfaces.md, "Idempotency"): the answer of a write
 * that mails or makes a secret is kept in the write's own transaction. Here the process "dies"
 * between the commit and the step that used to keep the answer: that step's statement fails, as
 * a killed process never runs it, and the claim is left behind. Once the claim has lapsed, the
 * retry must replay the first answer, not write (and mail the visitor) again.
 */
let t: TestApp;
let agency: TestAgency;
let closeDatabase: () => Promise<void>;
let crashed = false;

/** The database, save that the answer's own step after the commit never reaches it while `crashed`. */
function dyingAfterCommit(db: Database): Database {
  return new Proxy(db, {
    get(target, name, receiver) {
      if (name !== 'query') return Reflect.get(target, name, receiver);
      return (sql: unknown, params?: readonly unknown[]) => {
        if (crashed && typeof sql === 'string' && sql.startsWith('UPDATE idempotency_keys SET status'))
          return Promise.reject(new Error('the process died here'));
        return target.query(sql as string, params);
      };
    },
  });
}

before(async () => {
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({ db: dyingAfterCommit(isolated.db), env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  agency = await t.agency({ plan: 'reseau' });
});
after(async () => {
  await t?.close();
  await closeDatabase?.();
});

/** What a lapsed claim looks like: its request began more than two minutes ago. */
const lapse = (key: string) =>
  t.db.query(`UPDATE idempotency_keys SET created_at = created_at - interval '10 minutes' WHERE key = $1`, [key]);

async function crashingThenRetried(method: 'POST', url: string, body: unknown, key: string, apiKey = agency.live) {
  const headers = { 'idempotency-key': key };
  crashed = true;
  try {
    // Not through `call`: the "dead" process's answer is no answer of the service's.
    await t.app.inject({ method, url, headers: { ...headers, authorization: `Bearer ${apiKey}` }, payload: body as object });
  } finally {
    crashed = false;
  }
  await lapse(key);
  return t.call(method, url, apiKey, body, headers);
}

test(`[${databaseKind}] an answer to a visitor retried after a crash between commit and answer is replayed: one message, one mail`, async () => {
  const serviceId = await publicListing(t, agency.live, 'IDEM-CRASH');
  const email = `visiteur.${Math.random().toString(36).slice(2, 8)}@example.org`;
  assert.equal((await contact(t, serviceId, { name: 'Lou', email, message: 'Toujours disponible ?' }, '198.51.100.77')).statusCode, 200);
  const leads = (await t.call('GET', '/v1/leads', agency.live)).json().data as Array<{ leadId: string }>;
  const { leadId } = leads[0]!;

  const retried = await crashingThenRetried('POST', `/v1/leads/${leadId}/messages`, { text: 'Oui, visite samedi ?' }, 'reply-crash-1');
  assert.equal(retried.statusCode, 201, retried.body);
  assert.equal(retried.headers['idempotent-replayed'], 'true', 'the first answer, replayed');
  assert.match(String(retried.headers.location), new RegExp(leadId));
  const messages = retried.json().messages as Array<{ author: string; text: string }>;
  assert.deepEqual(
    messages.map((m) => m.author),
    ['visitor', 'agency'],
  );
  const { rows } = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM lead_messages WHERE lead_id = $1 AND author = 'agency'",
    [leadId],
  );
  assert.equal(rows[0]!.n, 1, 'the answer was written once');
  const all = await t.db.query<{ subject: string }>('SELECT subject FROM mails WHERE to_address = $1 ORDER BY id', [email]);
  assert.equal(all.rows.length, 2, `the acknowledgement and one answer: ${JSON.stringify(all.rows)}`);
});

test(`[${databaseKind}] a webhook endpoint created again after a crash between commit and answer is the same one, with its secret`, async () => {
  const body = { url: 'https://hooks.example.org/crash', events: ['listing.published'] };
  const retried = await crashingThenRetried('POST', '/v1/webhooks', body, 'webhook-crash-1');
  assert.equal(retried.statusCode, 201, retried.body);
  assert.equal(retried.headers['idempotent-replayed'], 'true');
  const endpoints = (await t.call('GET', '/v1/webhooks', agency.live)).json().webhooks as Array<{ webhookId: string }>;
  assert.equal(endpoints.length, 1, 'one endpoint, not two');
  assert.equal(retried.json().webhook.webhookId, endpoints[0]!.webhookId);
  assert.match(retried.json().secret, /^whsec_/);
});

test(`[${databaseKind}] a sandbox conversation opened again after a crash between commit and answer is the same one, mailed once`, async () => {
  const listing = await t.call('POST', '/sandbox/v1/listings', agency.test, v1Body('IDEM-CRASH-SBX'));
  assert.equal(listing.statusCode, 201, listing.body);
  const email = `essai.${Math.random().toString(36).slice(2, 8)}@example.org`;
  const body = { serviceId: listing.json().serviceId, name: 'Noé', email, message: 'Une visite mardi ?' };
  const retried = await crashingThenRetried('POST', '/sandbox/v1/leads', body, 'sandbox-lead-crash-1', agency.test);
  assert.equal(retried.statusCode, 201, retried.body);
  assert.equal(retried.headers['idempotent-replayed'], 'true', 'the first answer, replayed');
  const leadId = retried.json().leadId as string;
  assert.match(String(retried.headers.location), new RegExp(leadId));
  const leads = (await t.call('GET', '/sandbox/v1/leads', agency.test)).json().data as Array<{ leadId: string }>;
  assert.deepEqual(
    leads.map((l) => l.leadId),
    [leadId],
    'one conversation, not two',
  );
  const acknowledgements = await t.db.query('SELECT id FROM mails WHERE to_address = $1', [email]);
  assert.equal(acknowledgements.rows.length, 1, 'the visitor is acknowledged once');
});

test(`[${databaseKind}] a sync session started again after a crash between commit and answer is the same one, not a 409 on itself`, async () => {
  const own = await t.agency();
  const retried = await crashingThenRetried('POST', '/ingest/syncSessions', undefined, 'sync-start-crash-1', own.live);
  assert.equal(retried.statusCode, 201, retried.body);
  assert.equal(retried.headers['idempotent-replayed'], 'true', 'the first answer, replayed');
  const sessions = (await t.call('GET', '/ingest/syncSessions?state=open', own.live)).json().syncSessions as Array<{ syncId: string }>;
  assert.deepEqual(
    sessions.map((s) => s.syncId),
    [retried.json().syncId],
  );
  assert.match(String(retried.headers.location), new RegExp(retried.json().syncId));
});
