import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { Receiver } from '../../helpers/receiver.js';
import { contact, publicListing } from '../../helpers/site.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtp.js';
import { v1Body } from '../../helpers/v1.js';
import { replyAsVisitor } from '../../../src/domain/leads/visitor-side.js';

/**
 * What leaves the service about conversations (docs/decisions.md §16): lead.message_received to a
 * real receiver when a visitor answers on the private page, and the sandbox's mails kept while
 * the LIVE ones go out through a real SMTP server. A database of its own: its dispatcher and its
 * mail sender act on every row they find.
 */
const receiver = new Receiver();
let smtp: SmtpReceiver;
let t: TestApp;
let closeDatabase: () => Promise<void>;

before(async () => {
  await receiver.start();
  smtp = await startSmtpReceiver();
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({
    db: isolated.db,
    env: { WEBHOOK_DELIVERY: '1', WEBHOOK_ALLOW_PRIVATE: '1', SMTP_URL: smtp.url },
  });
});
after(async () => {
  await t?.close();
  await closeDatabase?.();
  await receiver.close();
  await smtp?.close();
});

const tokenIn = async (email: string) => {
  const { rows } = await t.db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE to_address = $1 ORDER BY id', [email]);
  return /\/messages\/([A-Za-z0-9_-]+)/.exec(rows[0]!.text_body)![1]!;
};

test(`[${databaseKind}] an endpoint subscribed to lead.message_received receives it, signed, when the visitor answers on the private page`, async () => {
  const owner = await t.agency({ plan: 'agence' });
  const created = await t.call('POST', '/v1/webhooks', owner.live, { url: receiver.url('/leads'), events: ['lead.message_received'] });
  assert.equal(created.statusCode, 201, created.body);
  const { secret } = created.json();
  const serviceId = await publicListing(t, owner.live, 'HOOK-LEAD-1');
  const email = 'dominique.hook@example.org';
  const sent = await contact(t, serviceId, { name: 'Dominique', email, message: 'Bonjour, est-il libre ?' }, '203.0.113.9');
  assert.equal(sent.statusCode, 200);
  const [lead] = (await t.call('GET', '/v1/leads', owner.live)).json().data;

  const answered = await replyAsVisitor(
    t.db,
    await tokenIn(email),
    'Je peux visiter samedi.',
    { address: '203.0.113.9', now: new Date() },
    t.config,
  );
  assert.equal(answered.kind, 'open');
  await t.services.webhooks!.drain();
  const [delivery, ...more] = await receiver.waitFor('/leads', 1);
  const event = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as {
    type: string;
    data: Record<string, unknown>;
  };
  assert.equal(event.type, 'lead.message_received');
  assert.equal(event.data.leadId, lead.leadId);
  assert.equal(event.data.serviceId, serviceId);
  assert.equal(event.data.externalId, 'HOOK-LEAD-1');
  assert.equal(event.data.messageId, (answered as { value: { messageId: string } }).value.messageId);
  assert.deepEqual(more, [], 'lead.received was not subscribed to');

  // What the event points at: the conversation, new again, with the visitor's answer last.
  const read = (await t.call('GET', `/v1/leads/${lead.leadId}`, owner.live)).json();
  assert.equal(read.status, 'new');
  assert.equal(read.messages.at(-1).text, 'Je peux visiter samedi.');
  assert.equal(read.messages.at(-1).messageId, event.data.messageId);
});

test(`[${databaseKind}] the OpenAPI description describes lead.message_received, and endpoints may subscribe to it`, () => {
  const description = t.app.swagger() as {
    webhooks: Record<string, { post: { requestBody: { content: Record<string, { example: { type: string; data: object } }> } } }>;
    components: { schemas: Record<string, unknown> };
  };
  const described = description.webhooks['lead.message_received'];
  assert.ok(described, 'under webhooks');
  const example = described.post.requestBody.content['application/json']!.example;
  assert.equal(example.type, 'lead.message_received');
  assert.ok('messageId' in example.data && 'leadId' in example.data);
  assert.match(JSON.stringify(description), /"enum":\[[^\]]*"lead\.message_received"/);
});

test(`[${databaseKind}] the sandbox's conversation mails are kept, never sent, while SMTP sends the LIVE ones`, async () => {
  const owner = await t.agency();
  const listing = (await t.call('POST', '/sandbox/v1/listings', owner.test, v1Body('SBX-MAIL-1'))).json().serviceId;
  const sandboxVisitor = 'sandbox.visitor@example.org';
  const created = await t.call('POST', '/sandbox/v1/leads', owner.test, {
    serviceId: listing,
    name: 'Claude',
    email: sandboxVisitor,
    message: 'Bonjour',
  });
  assert.equal(created.statusCode, 201, created.body);
  const leadId = created.json().leadId;
  assert.equal((await t.call('POST', `/sandbox/v1/leads/${leadId}/messages`, owner.test, { text: 'Bonjour Claude' })).statusCode, 201);

  // A LIVE conversation afterwards: once its mails reached the SMTP server, the sandbox's would have too.
  const serviceId = await publicListing(t, owner.live, 'LIVE-MAIL-1');
  const liveVisitor = 'live.visitor@example.org';
  assert.equal((await contact(t, serviceId, { name: 'Alix', email: liveVisitor, message: 'Bonjour' }, '203.0.113.10')).statusCode, 200);
  const [live] = (await t.call('GET', '/v1/leads', owner.live)).json().data;
  assert.equal((await t.call('POST', `/v1/leads/${live.leadId}/messages`, owner.live, { text: 'Bonjour Alix' })).statusCode, 201);
  const deadline = Date.now() + 10_000;
  while (smtp.received.filter((m) => m.envelope.to.includes(liveVisitor)).length < 2 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const sentTo = smtp.received.flatMap((m) => m.envelope.to);
  assert.equal(sentTo.filter((to) => to === liveVisitor).length, 2, 'the LIVE acknowledgement and reply were sent');
  assert.ok(!sentTo.includes(sandboxVisitor), 'nothing was sent to the sandbox’s visitor');
  const { rows } = await t.db.query<{ state: string }>('SELECT state FROM mails WHERE to_address = $1 ORDER BY id', [sandboxVisitor]);
  assert.deepEqual(
    rows.map((r) => r.state),
    ['kept', 'kept'],
  );
});
