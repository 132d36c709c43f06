import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp, type TestAgency, type TestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, publicListing } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';
import { deleteAsVisitor } from '../../../src/domain/leads/visitor-side.js';

/**
 * The leads API of v1 (docs/decisions.md §16, docs/interfaces.md "Leads"): a CRM reads the
 * agency's conversations, answers and files them; LIVE keys see the site's, TEST keys the
 * sandbox's; nothing of another agency is ever seen.
 */
const { t } = useTestApp();

interface Lead {
  leadId: string;
  serviceId: string;
  status: string;
  visitor: { name: string; email: string; phone: string | null };
  receivedAt: string;
  lastMessageAt: string;
  messageCount: number;
  unreadCount: number;
  deletedByVisitor: string | null;
  messages?: Array<{ author: string; text: string; writtenBy: { kind: string; id: string; label: string } | null }>;
}

let visitors = 0;
/** A visitor of its own (address and e-mail), so the visitor limits never bite between tests. */
const visitor = (tag: string) => {
  visitors += 1;
  return {
    name: `Camille ${tag}`,
    email: `camille.${tag.toLowerCase()}.${visitors}.${Math.random().toString(36).slice(2, 8)}@example.org`,
    address: `198.51.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`,
  };
};

const listings = new Map<string, string>();
/** A visitor writes through the site's contact form about one of the agency's public listings: a LIVE conversation. */
async function liveLead(owner: TestAgency, tag: string, message = 'Bonjour, le bien est-il toujours disponible ?'): Promise<Lead> {
  let serviceId = listings.get(owner.agencyId);
  if (!serviceId) {
    serviceId = await publicListing(t, owner.live, `LEAD-${owner.agencyId.slice(-6)}`);
    listings.set(owner.agencyId, serviceId);
  }
  const who = visitor(tag);
  const sent = await contact(t, serviceId, { name: who.name, email: who.email, phone: '06 12 34 56 78', message }, who.address);
  assert.equal(sent.statusCode, 200);
  return leadOf(t, owner.live, '/v1', who.email);
}

const sandboxListings = new Map<string, string>();
/** A test conversation through POST /sandbox/v1/leads. */
async function sandboxLead(owner: TestAgency, tag: string): Promise<Lead> {
  let serviceId = sandboxListings.get(owner.agencyId);
  if (!serviceId) {
    const created = await t.call('POST', '/sandbox/v1/listings', owner.test, v1Body(`SBX-LEAD-${owner.agencyId.slice(-6)}`));
    serviceId = created.json().serviceId as string;
    sandboxListings.set(owner.agencyId, serviceId);
  }
  const who = visitor(tag);
  const created = await t.call('POST', '/sandbox/v1/leads', owner.test, {
    serviceId,
    name: who.name,
    email: who.email,
    message: `Message de ${tag}`,
  });
  assert.equal(created.statusCode, 201, created.body);
  return created.json();
}

/** Every conversation a key sees, through the pages. */
async function allLeads(app: TestApp, key: string, prefix: string, query = ''): Promise<Lead[]> {
  const out: Lead[] = [];
  let after: string | null = null;
  do {
    const page = await app.call('GET', `${prefix}/leads?limit=200${query}${after ? `&after=${after}` : ''}`, key);
    assert.equal(page.statusCode, 200, page.body);
    out.push(...page.json().data);
    after = page.json().nextCursor;
  } while (after);
  return out;
}

async function leadOf(app: TestApp, key: string, prefix: string, email: string): Promise<Lead> {
  const lead = (await allLeads(app, key, prefix)).find((l) => l.visitor.email === email);
  assert.ok(lead, `no conversation of ${email}`);
  return lead;
}

const mailsTo = async (email: string) =>
  (
    await t.db.query<{ subject: string; text_body: string; extra_headers: Record<string, string>; state: string }>(
      'SELECT subject, text_body, extra_headers, state FROM mails WHERE to_address = $1 ORDER BY id',
      [email],
    )
  ).rows;

const fieldsOf = (body: { errors?: Array<{ field: string }> }) => (body.errors ?? []).map((e) => e.field);

test(`[${databaseKind}] a LIVE key lists and reads the agency's conversations; a TEST key sees the sandbox's only`, async () => {
  const owner = await t.agency();
  const live = await liveLead(owner, 'Live');
  assert.equal(live.status, 'new');
  assert.equal(live.messageCount, 1);
  assert.equal(live.unreadCount, 1);
  assert.equal(live.visitor.phone, '06 12 34 56 78');
  assert.equal(live.deletedByVisitor, null);

  const read = await t.call('GET', `/v1/leads/${live.leadId}`, owner.live);
  assert.equal(read.statusCode, 200, read.body);
  assert.deepEqual(
    read.json().messages.map((m: { author: string; text: string; writtenBy: unknown }) => [m.author, m.text, m.writtenBy]),
    [['visitor', 'Bonjour, le bien est-il toujours disponible ?', null]],
  );
  assert.equal(read.json().status, 'new', 'reading through the API changes nothing');

  const sandbox = await sandboxLead(owner, 'Sbx');
  assert.deepEqual(
    (await allLeads(t, owner.live, '/v1')).map((l) => l.leadId),
    [live.leadId],
  );
  assert.deepEqual(
    (await allLeads(t, owner.test, '/sandbox/v1')).map((l) => l.leadId),
    [sandbox.leadId],
  );
  assert.equal((await t.call('GET', `/sandbox/v1/leads/${live.leadId}`, owner.test)).statusCode, 404);
  assert.equal((await t.call('GET', `/v1/leads/${sandbox.leadId}`, owner.live)).statusCode, 404);
});

test(`[${databaseKind}] another agency's conversation is not found, like one that does not exist, and changes nothing`, async () => {
  const owner = await t.agency();
  const other = await t.agency();
  const lead = await liveLead(owner, 'Iso');
  const unknown = 'lead_0000000Unknown';
  for (const [method, path, body] of [
    ['GET', '', undefined],
    ['POST', '/messages', { text: 'Bonjour' }],
    ['PATCH', '', { status: 'archived' }],
  ] as const) {
    const theirs = await t.call(method, `/v1/leads/${lead.leadId}${path}`, other.live, body);
    const none = await t.call(method, `/v1/leads/${unknown}${path}`, other.live, body);
    assert.equal(theirs.statusCode, 404, `${method} ${path}`);
    assert.equal(theirs.json().code, 'not_found');
    assert.equal(theirs.json().detail, none.json().detail, 'the same answer as for an unknown id');
    assert.equal(none.statusCode, 404);
  }
  assert.deepEqual(await allLeads(t, other.live, '/v1'), [], 'lists never show another agency’s conversations');
  const after = (await t.call('GET', `/v1/leads/${lead.leadId}`, owner.live)).json();
  assert.equal(after.status, 'new');
  assert.equal(after.messages.length, 1);
  assert.equal((await mailsTo(lead.visitor.email)).length, 1, 'only the acknowledgement: the refused reply mailed nothing');
});

test(`[${databaseKind}] new keys get the leads scopes; a key narrowed to listings:read is refused 403 on each leads route, naming the scope`, async () => {
  const owner = await t.agency();
  const me = (await t.call('GET', '/v1/me', owner.live)).json();
  assert.ok(me.key.scopes.includes('leads:read') && me.key.scopes.includes('leads:write'), String(me.key.scopes));
  const lead = await liveLead(owner, 'Scope');
  const live = (await t.admin('POST', `/agencies/${owner.agencyId}/keys`, { env: 'live', scopes: ['listings:read'] })).json().key;
  const test_ = (await t.admin('POST', `/agencies/${owner.agencyId}/keys`, { env: 'test', scopes: ['listings:read'] })).json().key;
  const cases: Array<[string, string, string, unknown, string]> = [
    ['GET', '/v1/leads', live, undefined, 'leads:read'],
    ['GET', `/v1/leads/${lead.leadId}`, live, undefined, 'leads:read'],
    ['POST', `/v1/leads/${lead.leadId}/messages`, live, { text: 'Bonjour' }, 'leads:write'],
    ['PATCH', `/v1/leads/${lead.leadId}`, live, { status: 'read' }, 'leads:write'],
    ['POST', '/sandbox/v1/leads', test_, { serviceId: lead.serviceId, name: 'A', email: 'a@example.org', message: 'B' }, 'leads:write'],
  ];
  for (const [method, url, key, body, scope] of cases) {
    const refused = await t.call(method as 'GET', url, key, body);
    assert.equal(refused.statusCode, 403, `${method} ${url}`);
    assert.equal(refused.json().code, 'forbidden');
    assert.match(refused.json().detail, new RegExp(`lacks the scope ${scope}`), `${method} ${url}`);
  }
  assert.equal((await t.call('GET', `/v1/leads/${lead.leadId}`, owner.live)).json().messages.length, 1, 'nothing written');
});

test(`[${databaseKind}] pages of 2 give every conversation once, oldest first, and nextCursor is null at the end`, async () => {
  const owner = await t.agency();
  const made: string[] = [];
  for (const n of [1, 2, 3, 4, 5]) made.push((await sandboxLead(owner, `Page${n}`)).leadId);
  const seen: Lead[] = [];
  const cursors: Array<string | null> = [];
  let after: string | null = null;
  do {
    const page = await t.call('GET', `/sandbox/v1/leads?limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`, owner.test);
    assert.equal(page.statusCode, 200, page.body);
    assert.ok(page.json().data.length <= 2);
    seen.push(...page.json().data);
    after = page.json().nextCursor;
    cursors.push(after);
  } while (after);
  assert.equal(cursors.length, 3, 'three pages: 2, 2 and 1');
  assert.deepEqual(cursors.at(-1), null);
  assert.deepEqual([...seen.map((l) => l.leadId)].sort(), [...made].sort(), 'every conversation once');
  const times = seen.map((l) => Date.parse(l.receivedAt));
  assert.deepEqual(
    times,
    [...times].sort((a, b) => a - b),
    'oldest first',
  );
  assert.ok(
    cursors.every((c) => c === null || !c.startsWith('lead_')),
    'the cursor is opaque, not an id',
  );
});

test(`[${databaseKind}] since filters on the latest message of either side; status filters on the status`, async () => {
  const owner = await t.agency();
  const first = await sandboxLead(owner, 'Old');
  await new Promise((resolve) => setTimeout(resolve, 20));
  const second = await sandboxLead(owner, 'New');
  const since = (at: string) => allLeads(t, owner.test, '/sandbox/v1', `&since=${encodeURIComponent(at)}`);
  assert.deepEqual(
    (await since(second.lastMessageAt)).map((l) => l.leadId),
    [second.leadId],
  );
  // An answer in the older conversation is a later message: it is in again.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const replied = await t.call('POST', `/sandbox/v1/leads/${first.leadId}/messages`, owner.test, { text: 'Bonjour, oui.' });
  assert.equal(replied.statusCode, 201, replied.body);
  const later = replied.json().lastMessageAt as string;
  assert.deepEqual(
    (await since(later)).map((l) => l.leadId),
    [first.leadId],
  );
  // An offset typed without URL-encoding (+ arrives as a space) is read as +.
  const plus = new Date(Date.parse(later)).toISOString().replace('Z', '+00:00');
  const unencoded = await t.call('GET', `/sandbox/v1/leads?since=${plus}`, owner.test);
  assert.equal(unencoded.statusCode, 200, unencoded.body);
  assert.deepEqual(
    unencoded.json().data.map((l: Lead) => l.leadId),
    [first.leadId],
  );

  const status = async (value: string) => (await allLeads(t, owner.test, '/sandbox/v1', `&status=${value}`)).map((l) => l.leadId);
  assert.deepEqual(await status('replied'), [first.leadId]);
  assert.deepEqual(await status('new'), [second.leadId]);
  const filed = await t.call('PATCH', `/sandbox/v1/leads/${second.leadId}`, owner.test, { status: 'archived' });
  assert.equal(filed.statusCode, 200, filed.body);
  assert.equal(filed.json().status, 'archived');
  assert.equal(filed.json().messages.length, 1);
  assert.deepEqual(await status('archived'), [second.leadId]);
  assert.deepEqual(await status('new'), []);
  assert.deepEqual(await status('read'), []);
});

test(`[${databaseKind}] a reply is 201, written by the key, mailed to the visitor in the conversation's thread with a private link`, async () => {
  const owner = await t.agency();
  const lead = await liveLead(owner, 'Reply');
  const text = 'Bonjour,\nle bien est disponible. Une visite samedi à 10 h ?';
  const replied = await t.call('POST', `/v1/leads/${lead.leadId}/messages`, owner.live, { text });
  assert.equal(replied.statusCode, 201, replied.body);
  assert.equal(replied.headers.location, `${t.config.baseUrl}/v1/leads/${lead.leadId}`);
  const thread = replied.json();
  assert.equal(thread.status, 'replied');
  assert.equal(thread.unreadCount, 0);
  const me = (await t.call('GET', '/v1/me', owner.live)).json().key;
  assert.deepEqual(
    thread.messages.map((m: NonNullable<Lead['messages']>[number]) => [m.author, m.text, m.writtenBy]),
    [
      ['visitor', 'Bonjour, le bien est-il toujours disponible ?', null],
      ['agency', text, { kind: 'key', id: me.keyId, label: me.name }],
    ],
  );
  assert.deepEqual((await t.call('GET', `/v1/leads/${lead.leadId}`, owner.live)).json(), thread, 'GET shows the same');

  const [ack, answer, ...more] = await mailsTo(lead.visitor.email);
  assert.equal(more.length, 0);
  assert.ok(answer, 'the visitor is mailed the answer');
  assert.ok(answer.text_body.includes(text), answer.text_body);
  assert.match(answer.text_body, /\/messages\/[A-Za-z0-9_-]{20,}/);
  assert.ok(answer.extra_headers.References, 'threaded');
  assert.equal(answer.extra_headers.References, ack!.extra_headers.References, 'in the acknowledgement’s thread');
  assert.equal(answer.extra_headers['In-Reply-To'], ack!.extra_headers.References);
});

test(`[${databaseKind}] bad input is a 400 naming the field, in English, with nothing written and nothing mailed`, async () => {
  const owner = await t.agency();
  const lead = await liveLead(owner, 'Bad');
  const replies: Array<[unknown, RegExp]> = [
    [{ text: '' }, /text must not be empty/],
    [{ text: '  \n\t \n' }, /text must not be blank/],
    [{ text: 'x'.repeat(5001) }, /text must be at most 5000 characters long/],
    [{ text: '💬'.repeat(2600) }, /text must be at most 5000 characters long once trimmed \(it has 5200\)/],
    [{ text: 'a\u0000b' }, /text must not contain NUL/],
    [{ text: 5 }, /text must be a string/],
    [{}, /text is required/],
    [{ text: 'ok', html: '<b>' }, /html is not a known field/],
  ];
  for (const [body, rule] of replies) {
    const refused = await t.call('POST', `/v1/leads/${lead.leadId}/messages`, owner.live, body);
    assert.equal(refused.statusCode, 400, JSON.stringify(body).slice(0, 80));
    assert.equal(refused.json().code, 'validation_error');
    const errors: Array<{ field: string; message: string }> = refused.json().errors;
    assert.ok(
      errors.some((e) => rule.test(e.message)),
      `${JSON.stringify(body).slice(0, 80)} → ${JSON.stringify(errors)}`,
    );
  }
  assert.equal((await t.call('PATCH', `/v1/leads/${lead.leadId}`, owner.live, { status: 'closed' })).statusCode, 400);
  assert.deepEqual(fieldsOf((await t.call('PATCH', `/v1/leads/${lead.leadId}`, owner.live, { status: 'closed' })).json()), ['status']);
  const queries: Array<[string, string]> = [
    ['status=open', 'status'],
    ['since=yesterday', 'since'],
    ['since=0000-01-01T00:00:00Z', 'since'],
    ['since=9999-12-31T23:59:59-01:00', 'since'],
    ['since=2026-02-30T10:00:00Z', 'since'],
    ['after=not*a*cursor', 'after'],
    [`after=${Buffer.from('lst_0000000Fine').toString('base64url')}`, 'after'],
    [`after=${Buffer.from('lead_0000000Fine').toString('base64')}=`, 'after'],
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=ten', 'limit'],
  ];
  for (const [query, field] of queries) {
    const refused = await t.call('GET', `/v1/leads?${query}`, owner.live);
    assert.equal(refused.statusCode, 400, query);
    assert.deepEqual(fieldsOf(refused.json()), [field], query);
    assert.match(refused.json().detail, /^The query is invalid: /, query);
  }
  assert.equal((await t.call('GET', '/v1/leads/lst_0000000Fine', owner.live)).statusCode, 400, 'a malformed lead id');
  const after = (await t.call('GET', `/v1/leads/${lead.leadId}`, owner.live)).json();
  assert.equal(after.messages.length, 1, 'nothing written');
  assert.equal(after.status, 'new');
  assert.equal((await mailsTo(lead.visitor.email)).length, 1, 'nothing mailed: the acknowledgement only');
});

test(`[${databaseKind}] a conversation the visitor deleted takes no reply: 409 saying why, and no mail`, async () => {
  const owner = await t.agency();
  const lead = await liveLead(owner, 'Gone');
  const [ack] = await mailsTo(lead.visitor.email);
  const token = /\/messages\/([A-Za-z0-9_-]+)/.exec(ack!.text_body)![1]!;
  assert.equal((await deleteAsVisitor(t.db, token, new Date())).kind, 'open');

  const read = (await t.call('GET', `/v1/leads/${lead.leadId}`, owner.live)).json();
  assert.ok(read.deletedByVisitor, 'the agency sees it was deleted');
  assert.deepEqual(read.messages, []);
  assert.equal(read.visitor.phone, null);
  assert.equal(read.visitor.email, lead.visitor.email, 'name and e-mail stay');

  const refused = await t.call('POST', `/v1/leads/${lead.leadId}/messages`, owner.live, { text: 'Bonjour ?' });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'conflict');
  assert.match(refused.json().detail, /visitor deleted this conversation/);
  assert.equal((await mailsTo(lead.visitor.email)).length, 1, 'no mail for a refused reply');
  // It may still be filed.
  assert.equal((await t.call('PATCH', `/v1/leads/${lead.leadId}`, owner.live, { status: 'archived' })).json().status, 'archived');
});

test(`[${databaseKind}] sandbox: a test conversation on one of the agency's sandbox listings, its mails kept`, async () => {
  const owner = await t.agency();
  const lead = await sandboxLead(owner, 'Kept');
  assert.equal(lead.status, 'new');
  assert.equal(lead.messages?.[0]?.text, 'Message de Kept');
  assert.equal(lead.visitor.phone, null);
  const mails = await mailsTo(lead.visitor.email);
  assert.equal(mails.length, 1, 'the acknowledgement');
  assert.deepEqual(
    mails.map((m) => m.state),
    ['kept'],
  );
  const replied = await t.call('POST', `/sandbox/v1/leads/${lead.leadId}/messages`, owner.test, { text: 'Réponse de test' });
  assert.equal(replied.statusCode, 201);
  assert.equal(replied.headers.location, `${t.config.baseUrl}/sandbox/v1/leads/${lead.leadId}`);
  assert.deepEqual(
    (await mailsTo(lead.visitor.email)).map((m) => m.state),
    ['kept', 'kept'],
  );

  const body = { name: 'Dominique', email: 'dominique@example.org', message: 'Bonjour' };
  const liveListing = await publicListing(t, owner.live, 'SBX-LIVE-1');
  const others = await t.agency();
  const theirs = (await t.call('POST', '/sandbox/v1/listings', others.test, v1Body('SBX-OTHER'))).json().serviceId;
  for (const serviceId of [liveListing, theirs, 'lst_0000000Unknown']) {
    const refused = await t.call('POST', '/sandbox/v1/leads', owner.test, { serviceId, ...body });
    assert.equal(refused.statusCode, 404, serviceId);
    assert.equal(refused.json().detail, 'Listing not found');
  }
  const serviceId = lead.serviceId;
  const bad: Array<[Record<string, unknown>, string]> = [
    [{ email: 'not an address' }, 'email'],
    [{ name: '   ' }, 'name'],
    [{ message: ' \n ' }, 'message'],
    [{ message: 'x'.repeat(5001) }, 'message'],
    [{ name: undefined }, 'name'],
  ];
  for (const [change, field] of bad) {
    const refused = await t.call('POST', '/sandbox/v1/leads', owner.test, { serviceId, ...body, ...change });
    assert.equal(refused.statusCode, 400, JSON.stringify(change).slice(0, 60));
    assert.deepEqual(fieldsOf(refused.json()), [field]);
    assert.match(refused.json().errors[0].message, new RegExp(`^${field} `));
  }
  assert.equal((await allLeads(t, owner.test, '/sandbox/v1')).length, 1, 'nothing written by the refused ones');
  const live = await t.app.inject({
    method: 'POST',
    url: '/v1/leads',
    headers: { authorization: `Bearer ${owner.live}` },
    payload: { serviceId: liveListing, ...body },
  });
  // Sandbox only: on LIVE the path takes GET alone (the list of leads).
  assert.equal(live.statusCode, 405, 'sandbox only');
  assert.equal(live.headers.allow, 'GET, HEAD');
});
