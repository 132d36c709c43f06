import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp, type TestAgency } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';
import { RULES, type Rule } from '../../../src/domain/moderation/index.js';

/** Moderation and publication through both interfaces (docs/decisions.md §11), and the operator's decisions (§10). */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

interface Reason {
  code: string;
  severity: string;
  message: string;
  messageFr: string;
}

const push = async (key: string, listings: unknown[], prefix = '') => {
  const response = await t.call('POST', `${prefix}/ingest/ingestListings`, key, { listings });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
};
const v1Read = async (key: string, serviceId: string, prefix = '') =>
  (await t.call('GET', `${prefix}/v1/listings/${serviceId}`, key)).json();
const decide = (serviceId: string, body: Record<string, unknown>) => t.admin('POST', `/listings/${serviceId}/moderation`, body);
const codes = (reasons: Reason[]) => reasons.map((r) => r.code);

/** What the public side shows of a listing: the public_listings view, or undefined when it is not public. */
async function publicRow(serviceId: string) {
  const { rows } = await t.db.query<{ version: number; title: string; description: string | null; price: number }>(
    'SELECT version, title, description, price FROM public_listings WHERE id = $1',
    [serviceId],
  );
  return rows[0];
}

interface QueueItem {
  serviceId: string;
  agencyId: string;
  submittedAt: string;
  reasons: Reason[];
  flagged: Record<string, unknown>;
  approved: Record<string, unknown> | null;
}

/** The whole operator queue, page by page (other test files share it on PostgreSQL). */
async function wholeQueue(): Promise<QueueItem[]> {
  const items: QueueItem[] = [];
  let after: string | null = null;
  do {
    const page: { items: QueueItem[]; next: string | null } = (
      await t.admin('GET', `/moderation/queue?limit=100${after ? `&after=${after}` : ''}`)
    ).json();
    items.push(...page.items);
    after = page.next;
  } while (after);
  return items;
}

const rental = { transaction: 'LOCATION', price: 950, charges: 80, surface: 45, rooms: 2, bedrooms: 1 };
const v1Rental = { type: 'rental', price: 950, charges: 80, surface: 45, rooms: 2, bedrooms: 1, fees: null };

test(`[${databaseKind}] a clean listing is approved at once on both interfaces, public, and listed by ?status=active`, async () => {
  const pushed = await push(agency.live, [ingestItem('CLEAN-I')]);
  assert.deepEqual(pushed.results[0].moderation, { state: 'approved', reasons: [], publishedVersion: 1 });
  const posted = (await t.call('POST', '/v1/listings', agency.live, v1Body('CLEAN-V'))).json();
  assert.equal(posted.status, 'active');
  const active = (await t.call('GET', '/v1/listings?status=active&pageSize=200', agency.live)).json();
  const ids = active.data.map((l: { serviceId: string }) => l.serviceId);
  assert.ok(ids.includes(pushed.results[0].serviceId) && ids.includes(posted.serviceId));
  assert.equal((await publicRow(posted.serviceId))?.version, 1);
  const ingestRead = (await t.call('GET', '/ingest/listingByExternalId?externalId=CLEAN-I', agency.live)).json();
  assert.equal(ingestRead.moderation.state, 'approved');
  assert.equal(ingestRead.moderation.publishedVersion, 1);
});

const RULE_CASES: Array<{ code: string; state: string; ingest: Record<string, unknown>; v1: Record<string, unknown> }> = [
  { code: 'price_implausible', state: 'pending', ingest: { price: 900 }, v1: { price: 900, fees: null } },
  { code: 'price_per_m2_implausible', state: 'pending', ingest: { price: 5_000_000 }, v1: { price: 5_000_000 } },
  {
    code: 'surface_implausible',
    state: 'pending',
    ingest: { surface: 6, rooms: 1, bedrooms: 1 },
    v1: { surface: 6, rooms: 1, bedrooms: 1 },
  },
  { code: 'rooms_implausible', state: 'pending', ingest: { rooms: 30 }, v1: { rooms: 30 } },
  { code: 'dpe_missing', state: 'pending', ingest: { dpe: null }, v1: { dpe: null, ges: null } },
  { code: 'rental_energy_class_banned', state: 'rejected', ingest: { ...rental, dpe: 'G' }, v1: { ...v1Rental, dpe: 'G', ges: 'G' } },
  {
    code: 'discriminatory_wording',
    state: 'pending',
    ingest: { ...rental, description: 'Appartement lumineux, Français uniquement.' },
    v1: { ...v1Rental, description: 'Appartement lumineux, Français uniquement.' },
  },
  {
    code: 'contact_details_masked',
    state: 'approved',
    ingest: { description: 'Beau T3, appelez le 06 12 34 56 78.' },
    v1: { description: 'Beau T3, appelez le 06 12 34 56 78.' },
  },
];

test(`[${databaseKind}] each rule puts its listing in the right state with its reason code, on both interfaces`, async () => {
  for (const rule of RULE_CASES) {
    const pushed = await push(agency.live, [ingestItem(`RULE-I-${rule.code}`, rule.ingest)]);
    assert.equal(pushed.errors.length, 0, JSON.stringify(pushed.errors));
    const item = pushed.results[0];
    assert.equal(item.moderation.state, rule.state, `push: ${rule.code}`);
    assert.ok(codes(item.moderation.reasons).includes(rule.code), `push: ${rule.code} in ${codes(item.moderation.reasons)}`);

    const posted = await t.call('POST', '/v1/listings', agency.live, v1Body(`RULE-V-${rule.code}`, rule.v1));
    assert.equal(posted.statusCode, 201, posted.body);
    const record = await v1Read(agency.live, posted.json().serviceId);
    assert.equal(record.moderation.state, rule.state, `v1: ${rule.code}`);
    const reason = record.moderation.reasons.find((r: Reason) => r.code === rule.code);
    assert.ok(reason, `v1: ${rule.code} in ${codes(record.moderation.reasons)}`);
    assert.ok(reason.message.length > 10 && reason.messageFr.length > 10, 'a message in English and in French');
    const expectedStatus = rule.state === 'pending' ? 'pending_moderation' : rule.state === 'rejected' ? 'rejected' : 'active';
    assert.equal(record.status, expectedStatus);
    assert.equal(Boolean(await publicRow(record.serviceId)), rule.state === 'approved', `public only when approved: ${rule.code}`);
  }
});

test(`[${databaseKind}] a likely duplicate of another live listing of the agency waits, naming it; in the same push too`, async () => {
  const own = await t.agency();
  const first = (await push(own.live, [ingestItem('DUP-A', { postcode: '69007' })])).results[0];
  assert.equal(first.moderation.state, 'approved');
  const second = (await push(own.live, [ingestItem('DUP-B', { postcode: '69007', surface: 69, price: 325000 })])).results[0];
  assert.equal(second.moderation.state, 'pending');
  // A push answers the reason's code; a read of the listing gives its message, naming the other listing.
  assert.deepEqual(
    second.moderation.reasons.find((r: Reason) => r.code === 'likely_duplicate'),
    { code: 'likely_duplicate', severity: 'review' },
  );
  const read = (await t.call('GET', '/ingest/listingByExternalId?externalId=DUP-B', own.live)).json();
  const reason = read.moderation.reasons.find((r: Reason) => r.code === 'likely_duplicate');
  assert.ok(reason?.message.includes(first.serviceId), 'names the listing it duplicates');
  const far = (await push(own.live, [ingestItem('DUP-C', { postcode: '69007', price: 400000 })])).results[0];
  assert.equal(far.moderation.state, 'approved', 'price more than 5 % away is another property');
  const same = (await push(own.live, [ingestItem('DUP-D', { postcode: '69008' }), ingestItem('DUP-E', { postcode: '69008' })])).results;
  assert.deepEqual(
    same.map((r: { moderation: { state: string } }) => r.moderation.state),
    ['approved', 'pending'],
    'duplicates within one push',
  );
  const other = await t.agency();
  assert.equal(
    (await push(other.live, [ingestItem('DUP-A', { postcode: '69007' })])).results[0].moderation.state,
    'approved',
    'another agency’s listing is not a duplicate',
  );
  // The item before DUP-F looks like its duplicate but is refused, so DUP-F is compared with the stored listings after all.
  const refusedFirst = (
    await push(own.live, [
      ingestItem('DUP-BAD', { postcode: '69007', rooms: -1 }),
      ingestItem('DUP-F', { postcode: '69007', price: 321000 }),
    ])
  ).results;
  assert.equal(refusedFirst[0].outcome, 'error');
  assert.equal(refusedFirst[1].moderation.state, 'pending');
  assert.ok(refusedFirst[1].moderation.reasons.some((r: Reason) => r.code === 'likely_duplicate'));
  const readF = (await t.call('GET', '/ingest/listingByExternalId?externalId=DUP-F', own.live)).json();
  assert.ok(readF.moderation.reasons.some((r: Reason) => r.code === 'likely_duplicate' && r.message.includes(first.serviceId)));
  const batch = await t.call('POST', '/v1/listings/batch', own.live, {
    listings: [v1Body('DUP-V', { postcode: '69007', price: 320000, surface: 68, fees: null })],
  });
  assert.equal(batch.json().results[0].moderation.state, 'pending', 'the v1 batch looks duplicates up too');
});

test(`[${databaseKind}] operators see the queue oldest first, approve and reject; a decision on a changed listing is refused (409)`, async () => {
  const own = await t.agency();
  const [a, b, c] = (
    await push(own.live, [ingestItem('Q-A', { dpe: null }), ingestItem('Q-B', { dpe: null }), ingestItem('Q-C', { dpe: null })])
  ).results.map((r: { serviceId: string }) => r.serviceId);
  const queue = await wholeQueue();
  const mine = queue.filter((item) => item.agencyId === own.agencyId);
  assert.deepEqual(mine.map((item: { serviceId: string }) => item.serviceId).sort(), [a, b, c].sort());
  assert.ok(
    mine.every((item: { reasons: Reason[]; approved: unknown }) => codes(item.reasons).includes('dpe_missing') && item.approved === null),
  );
  const times = queue.map((item) => item.submittedAt);
  assert.deepEqual(times, [...times].sort(), 'oldest first');

  const approved = await decide(a, { decision: 'approve', version: 1 });
  assert.equal(approved.statusCode, 200, approved.body);
  assert.equal(approved.json().moderation.state, 'approved');
  assert.equal((await v1Read(own.live, a)).status, 'active');
  assert.equal((await publicRow(a))?.version, 1);

  const rejected = await decide(b, { decision: 'reject', reason: 'Photos sans rapport avec le bien.', version: 1 });
  assert.equal(rejected.statusCode, 200);
  const record = await v1Read(own.live, b);
  assert.equal(record.status, 'rejected');
  assert.equal(record.moderation.reasons.at(-1).message, 'Photos sans rapport avec le bien.');
  assert.equal(await publicRow(b), undefined);

  // The agency changes C after the operator opened it: the decision on version 1 is refused.
  await push(own.live, [ingestItem('Q-C', { dpe: null, title: 'Appartement 3 pièces rénové' })]);
  const stale = await decide(c, { decision: 'approve', version: 1 });
  assert.equal(stale.statusCode, 409);
  assert.equal(stale.json().code, 'conflict');
  assert.match(stale.json().detail, /version 2 is current/);
  assert.equal((await v1Read(own.live, c)).moderation.state, 'pending', 'nothing changed');
  assert.equal((await decide(c, { decision: 'approve', version: 2 })).statusCode, 200);

  const remaining = (await wholeQueue()).filter((item) => item.agencyId === own.agencyId);
  assert.equal(remaining.length, 0, 'decided listings leave the queue');
  const metrics = (await t.admin('GET', '/moderation/metrics')).json();
  assert.ok(metrics.operator.decisions >= 3);
  assert.equal(typeof metrics.operator.p95Seconds, 'number');
  assert.equal(metrics.targetAverageSeconds, 7200);
});

test(`[${databaseKind}] bad decisions are refused with a clear 4xx and change nothing`, async () => {
  const own = await t.agency();
  const [flagged, gone] = (await push(own.live, [ingestItem('BAD-A', { dpe: null }), ingestItem('BAD-B', { dpe: null })])).results.map(
    (r: { serviceId: string }) => r.serviceId,
  );
  await t.call('DELETE', `/v1/listings/${gone}`, own.live);
  const sandboxed = (await push(own.test, [ingestItem('BAD-S', { title: '[review] T2' })], '/sandbox')).results[0].serviceId;
  const cases: Array<[string, Record<string, unknown>, number]> = [
    [flagged, { decision: 'maybe' }, 400],
    [flagged, { decision: 'reject', reason: 'x'.repeat(1001) }, 400],
    [flagged, { decision: 'approve', extra: true }, 400],
    [gone, { decision: 'approve' }, 404],
    ['lst_0000000unknown', { decision: 'approve' }, 404],
    [sandboxed, { decision: 'approve' }, 404],
  ];
  for (const [id, body, status] of cases) {
    const response = await decide(id, body);
    assert.equal(response.statusCode, status, `${JSON.stringify(body).slice(0, 60)} on ${id}: ${response.body.slice(0, 200)}`);
  }
  assert.equal((await v1Read(own.live, flagged)).moderation.state, 'pending');
  // A TEST key cannot decide a live listing either.
  const crossed = await t.call('POST', `/sandbox/v1/listings/${flagged}/moderation`, own.test, { decision: 'approve' });
  assert.equal(crossed.statusCode, 404);
  assert.equal((await v1Read(own.live, flagged)).moderation.state, 'pending');
});

test(`[${databaseKind}] a flagged edit of a public listing waits while the approved version stays public; once approved it replaces it`, async () => {
  const own = await t.agency();
  const created = (await push(own.live, [ingestItem('EDIT-1', { ...rental, description: 'Appartement lumineux, proche métro.' })]))
    .results[0];
  assert.equal(created.moderation.state, 'approved');
  const id = created.serviceId;
  const edited = (await push(own.live, [ingestItem('EDIT-1', { ...rental, description: 'Appartement lumineux, Français uniquement.' })]))
    .results[0];
  assert.deepEqual([edited.version, edited.moderation.state, edited.moderation.publishedVersion], [2, 'pending', 1]);
  assert.deepEqual(await publicRow(id), {
    version: 1,
    title: 'Appartement 3 pièces EDIT-1',
    description: 'Appartement lumineux, proche métro.',
    price: 950,
  });
  const record = await v1Read(own.live, id);
  assert.equal(record.status, 'pending_moderation');
  assert.equal(record.moderation.publishedVersion, 1);

  const queued = (await wholeQueue()).find((item) => item.serviceId === id)!;
  assert.equal(queued.flagged.description, 'Appartement lumineux, Français uniquement.');
  assert.equal(queued.approved?.version, 1);
  assert.equal(queued.approved?.description, 'Appartement lumineux, proche métro.', 'the approved version beside the flagged one');

  // A status change meanwhile reaches the public side without publishing the waiting edit.
  const offered = (
    await push(own.live, [
      ingestItem('EDIT-1', { ...rental, description: 'Appartement lumineux, Français uniquement.', status: 'under_offer' }),
    ])
  ).results[0];
  assert.deepEqual([offered.version, offered.moderation.state], [3, 'pending']);
  const { rows } = await t.db.query<{ status: string }>('SELECT status FROM public_listings WHERE id = $1', [id]);
  assert.equal(rows[0]?.status, 'under_offer');
  assert.equal((await publicRow(id))?.description, 'Appartement lumineux, proche métro.');

  const approved = await decide(id, { decision: 'approve', version: 3 });
  assert.equal(approved.statusCode, 200, approved.body);
  assert.deepEqual(await publicRow(id), {
    version: 3,
    title: 'Appartement 3 pièces EDIT-1',
    description: 'Appartement lumineux, Français uniquement.',
    price: 950,
  });
});

test(`[${databaseKind}] a change of price or charges alone of an approved listing is approved at once; other edits are checked again`, async () => {
  const own = await t.agency();
  const id = (await push(own.live, [ingestItem('PRICE-1', rental)])).results[0].serviceId;
  const cheaper = (await push(own.live, [ingestItem('PRICE-1', { ...rental, price: 900, charges: 60 })])).results[0];
  assert.deepEqual([cheaper.version, cheaper.moderation.state, cheaper.moderation.publishedVersion], [2, 'approved', 2]);
  assert.equal((await publicRow(id))?.price, 900);
  // Even a price the rules would hold for an operator: the spec says price changes never wait.
  const odd = (await push(own.live, [ingestItem('PRICE-1', { ...rental, price: 95 })])).results[0];
  assert.equal(odd.moderation.state, 'approved');
  const described = (await push(own.live, [ingestItem('PRICE-1', { ...rental, price: 95, dpe: null })])).results[0];
  assert.equal(described.moderation.state, 'pending', 'a content change goes through the rules again');
  assert.equal((await publicRow(id))?.price, 95, 'the last approved version stays public');
});

test(`[${databaseKind}] sandbox listings follow their title markers, and a TEST key plays the operator`, async () => {
  const own = await t.agency();
  const results = (
    await push(
      own.test,
      [ingestItem('SB-OK', { dpe: null }), ingestItem('SB-REJ', { title: 'T2 [reject]' }), ingestItem('SB-REV', { title: '[review] T2' })],
      '/sandbox',
    )
  ).results;
  assert.deepEqual(
    results.map((r: { moderation: { state: string } }) => r.moderation.state),
    ['approved', 'rejected', 'pending'],
    'markers only: no rule runs',
  );
  assert.deepEqual(codes(results[1].moderation.reasons), ['sandbox_reject']);
  const [ok, rejectedId, reviewed] = results.map((r: { serviceId: string }) => r.serviceId);
  for (const id of [ok, rejectedId, reviewed]) assert.equal(await publicRow(id), undefined, 'sandbox data is never public');
  assert.ok(!(await wholeQueue()).some((item) => item.serviceId === reviewed), 'sandbox listings never reach the operators');

  const decided = await t.call('POST', `/sandbox/v1/listings/${reviewed}/moderation`, own.test, { decision: 'approve' });
  assert.equal(decided.statusCode, 200, decided.body);
  assert.equal(decided.json().status, 'active');
  const refused = await t.call('POST', `/sandbox/v1/listings/${ok}/moderation`, own.test, { decision: 'reject', reason: 'test du refus' });
  assert.equal(refused.json().status, 'rejected');
  assert.equal((await v1Read(own.test, ok, '/sandbox')).moderation.state, 'rejected');
  // The route exists only in the sandbox.
  const live = await t.app.inject({
    method: 'POST',
    url: `/v1/listings/${ok}/moderation`,
    headers: { authorization: `Bearer ${own.live}` },
    payload: { decision: 'approve' },
  });
  assert.equal(live.statusCode, 404);
  const events = (await t.admin('GET', `/agencies/${own.agencyId}/events?env=test`)).json().events.map((e: { type: string }) => e.type);
  assert.ok(events.includes('listing.rejected') && events.includes('listing.published'));
  assert.equal(
    (await t.admin('GET', `/agencies/${own.agencyId}/events?env=live`)).json().events.length,
    0,
    'sandbox events stay in the sandbox',
  );
});

async function eventsOf(who: TestAgency, env = 'live') {
  const all: Array<{ type: string; position: number; listingId: string; data: Record<string, unknown> }> = [];
  let after = 0;
  for (;;) {
    const page = (await t.admin('GET', `/agencies/${who.agencyId}/events?env=${env}&after=${after}&limit=50`)).json();
    all.push(...page.events);
    if (page.nextAfter === null) return all;
    after = page.nextAfter;
  }
}

test(`[${databaseKind}] every accepted change appends its events in order, exactly once; unchanged and refused writes none`, async () => {
  const own = await t.agency();
  const id = (await push(own.live, [ingestItem('EV-1')])).results[0].serviceId;
  await push(own.live, [ingestItem('EV-1')]); // unchanged
  await push(own.live, [ingestItem('EV-1', { price: 1 })]); // price only: approved at once
  await push(own.live, [ingestItem('EV-1', { price: -5 })]); // refused item
  assert.equal((await t.call('PUT', `/v1/listings/${id}`, own.live, { dpe: null }, { 'if-match': '"v1"' })).statusCode, 412); // refused write
  await t.call('PUT', `/v1/listings/${id}`, own.live, { dpe: null });
  await t.call('PATCH', `/v1/listings/${id}/status`, own.live, { status: 'sold' });
  await decide(id, { decision: 'approve' });
  await t.call('DELETE', `/v1/listings/${id}`, own.live);
  const events = await eventsOf(own);
  assert.deepEqual(
    events.map((e) => `${e.type} v${e.data.version}`),
    [
      'listing.created v1',
      'listing.published v1',
      'listing.updated v2',
      'listing.published v2',
      'listing.updated v3',
      'listing.status_changed v4',
      'listing.published v4',
      'listing.deleted v4',
    ],
  );
  const positions = events.map((e) => e.position);
  assert.deepEqual(
    positions,
    [...positions].sort((a, b) => a - b),
  );
  assert.equal(new Set(positions).size, positions.length);
  assert.ok(
    events.every((e) => e.listingId === id && e.data.agencyId === own.agencyId && e.data.env === 'live' && e.data.externalId === 'EV-1'),
  );
  assert.equal(events[5]!.data.previousStatus, 'active');
  assert.equal(events[6]!.data.decidedBy, 'operator');
  assert.ok(!JSON.stringify(events).includes('addressLine'), 'events carry no street address');
});

test(`[${databaseKind}] 8 concurrent pushes to one agency lose and duplicate no event`, async () => {
  const own = await t.agency();
  const pushes = Array.from({ length: 8 }, (_, p) => Array.from({ length: 25 }, (__, i) => ingestItem(`CC-${p}-${i}`)));
  // Every push also updates a listing all of them share, so they contend for the same rows.
  await push(own.live, [ingestItem('CC-shared')]);
  await Promise.all(pushes.map((listings, p) => push(own.live, [...listings, ingestItem('CC-shared', { price: 300000 + p })])));
  const events = await eventsOf(own);
  const created = events.filter((e) => e.type === 'listing.created');
  assert.equal(created.length, 8 * 25 + 1);
  assert.equal(new Set(created.map((e) => e.listingId)).size, created.length, 'one created event per listing');
  assert.equal(events.filter((e) => e.type === 'listing.updated').length, 8, 'one update of the shared listing per push');
  const positions = events.map((e) => e.position);
  assert.deepEqual(
    positions,
    [...positions].sort((a, b) => a - b),
  );
  const { rows } = await t.db.query<{ n: string | number }>('SELECT count(*) AS n FROM events WHERE agency_id = $1', [own.agencyId]);
  assert.equal(Number(rows[0]!.n), events.length);
});

test(`[${databaseKind}] a rule that throws does not fail the push: the listing waits with rule_error`, async () => {
  const rules = RULES as Rule[];
  const broken: Rule = {
    code: 'broken_for_test',
    check() {
      throw new Error('boom');
    },
    describe: () => ({ fr: 'jamais', en: 'never' }),
  };
  rules.push(broken);
  try {
    const pushed = await push(agency.live, [ingestItem('THROWS-1')]);
    assert.equal(pushed.errors.length, 0);
    assert.equal(pushed.results[0].moderation.state, 'pending');
    assert.ok(codes(pushed.results[0].moderation.reasons).includes('rule_error'));
  } finally {
    rules.splice(rules.indexOf(broken), 1);
  }
});

test(`[${databaseKind}] extreme numbers never break the duplicate lookup (found by the hostile campaign)`, async () => {
  const batch = await t.call('POST', '/v1/listings/batch', agency.live, {
    listings: [v1Body('HUGE-1', { surface: 1.79e308, fees: null }), v1Body('HUGE-2', { price: 0, fees: null })],
  });
  assert.equal(batch.statusCode, 200, batch.body);
  const campaign = await t.app.inject({
    method: 'POST',
    url: '/v1/listings/batch',
    headers: { authorization: `Bearer ${agency.live}`, 'content-type': 'application/json' },
    payload:
      '{"listings":[{"externalId":"0000-01-01T00:00:00Z","type":"sale","category":"apartment","title":"\\u0000","price":0,"city":"x","postcode":"",' +
      '"surface":1.7617392739627626e+308,"rooms":0},{"externalId":"","type":"sale","category":"apartment","title":"","price":0,"city":[],"postcode":"","surface":0,"rooms":"\\u0000"}]}',
  });
  assert.equal(campaign.statusCode, 200, campaign.body);
  const pushed = await push(agency.live, [ingestItem('HUGE-3', { surface: 1e308 }), ingestItem('HUGE-4', { price: -1 })]);
  assert.equal(pushed.results.length, 2);
});
