import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem, items } from '../../helpers/listings.js';

let clock = new Date('2026-03-01T08:00:00Z');
const { t } = useTestApp({ now: () => clock });

const push = (key: string, listings: unknown[], syncId?: string, base = '/ingest') =>
  t.call('POST', `${base}/ingestListings`, key, { listings, ...(syncId ? { syncId } : {}) });
const start = (key: string, base = '/ingest') => t.call('POST', `${base}/syncSessions`, key);
const complete = (key: string, syncId: string, body: object = {}, base = '/ingest') =>
  t.call('POST', `${base}/syncSessions/${syncId}/complete`, key, body);
const read = (key: string, externalId: string) =>
  t.call('GET', `/ingest/listingByExternalId?externalId=${encodeURIComponent(externalId)}`, key);

async function freshAgency() {
  return t.agency();
}

test(`[${databaseKind}] completing a session withdraws the listings on the market it did not see, as status changes`, async () => {
  const a = await freshAgency();
  await push(a.live, [...items(10, 'S'), ingestItem('SOLD-1', { status: 'sold' })]);
  const before = (await read(a.live, 'S-9')).json();
  const { listings: pageBefore } = (await t.call('GET', '/ingest/agencyListings?afterTs=0&limit=1000', a.live)).json();
  const lastSeqBefore = Math.max(...pageBefore.map((l: { changeSeq: number }) => l.changeSeq));

  const started = await start(a.live);
  assert.equal(started.statusCode, 201);
  const session = started.json();
  assert.match(session.syncId, /^syn_/);
  assert.equal(session.state, 'open');
  assert.equal(Date.parse(session.expiresAt) - Date.parse(session.createdAt), 3600 * 1000, 'an hour unless a push comes');

  // The CRM's full set: S-0 … S-8 (one of them changed) and a new one; S-9 and SOLD-1 are gone from it.
  const pushed = await push(a.live, [...items(9, 'S'), ingestItem('NEW-1')], session.syncId);
  assert.equal(pushed.statusCode, 200);
  assert.equal(pushed.json().created, 1);
  assert.equal((await t.call('GET', `/ingest/syncSessions/${session.syncId}`, a.live)).json().seen, 10);

  const done = await complete(a.live, session.syncId);
  assert.equal(done.statusCode, 200);
  assert.deepEqual(
    { ...(done.json() as object), createdAt: undefined, expiresAt: undefined },
    {
      syncId: session.syncId,
      state: 'completed',
      createdAt: undefined,
      expiresAt: undefined,
      completedAt: clock.toISOString(),
      seen: 10,
      onMarket: 11,
      withdrawn: 1,
      forced: false,
    },
  );

  const after = (await read(a.live, 'S-9')).json();
  assert.equal(after.status, 'withdrawn');
  assert.equal(after.version, before.version + 1, 'a withdrawal is a new version');
  assert.equal((await read(a.live, 'S-3')).json().status, 'active');
  assert.equal((await read(a.live, 'SOLD-1')).json().status, 'sold', 'a listing off the market is left as it is');

  // Readers paging by change sequence see the withdrawal, with a new content hash.
  const { listings: changes } = (await t.call('GET', `/ingest/agencyListings?afterTs=${lastSeqBefore}&limit=1000`, a.live)).json();
  const withdrawn = changes.find((l: { externalId: string }) => l.externalId === 'S-9');
  assert.equal(withdrawn.status, 'withdrawn');
  assert.notEqual(withdrawn.contentHash, pageBefore.find((l: { externalId: string }) => l.externalId === 'S-9').contentHash);
  // The withdrawal is in the event outbox, once, as a status change.
  const events = (await t.admin('GET', `/agencies/${a.agencyId}/events?limit=1000`)).json().events;
  const statusEvents = events.filter(
    (e: { type: string; data: { externalId: string } }) => e.type === 'listing.status_changed' && e.data.externalId === 'S-9',
  );
  assert.equal(statusEvents.length, 1);
  assert.deepEqual(
    [statusEvents[0].data.status, statusEvents[0].data.previousStatus, statusEvents[0].data.version],
    ['withdrawn', 'active', after.version],
  );

  // A finished session takes no more pushes and no second completion; nothing is written.
  const late = await push(a.live, [ingestItem('LATE-1')], session.syncId);
  assert.equal(late.statusCode, 409);
  assert.match(late.json().detail, /completed/);
  assert.equal((await read(a.live, 'LATE-1')).statusCode, 404);
  assert.equal((await complete(a.live, session.syncId)).statusCode, 409);
});

test(`[${databaseKind}] the 20 % cap refuses a completion that would withdraw too much, unless force`, async () => {
  const a = await freshAgency();
  await push(a.live, items(10, 'C'));
  const { syncId } = (await start(a.live)).json();
  await push(a.live, items(7, 'C'), syncId);

  const refused = await complete(a.live, syncId);
  assert.equal(refused.statusCode, 409);
  assert.match(refused.json().detail, /3 of the 10 listings on the market \(30 %\).*force/);
  assert.match(
    refused.json().detail,
    new RegExp(`Nothing was withdrawn and the session is still open: .*DELETE /ingest/syncSessions/${syncId}`),
  );
  assert.equal((await read(a.live, 'C-9')).json().status, 'active', 'nothing changed');
  assert.equal((await t.call('GET', `/ingest/syncSessions/${syncId}`, a.live)).json().state, 'open', 'the session stays open');

  // Pushing the missing ones in the same session brings it under the cap: exactly 20 % is allowed.
  await push(a.live, [ingestItem('C-7')], syncId);
  const capped = await complete(a.live, syncId);
  assert.equal(capped.statusCode, 200);
  assert.equal(capped.json().withdrawn, 2);

  // A second session over the cap, completed with force.
  const second = (await start(a.live)).json();
  await push(a.live, items(2, 'C'), second.syncId);
  const forced = await complete(a.live, second.syncId, { force: true });
  assert.equal(forced.statusCode, 200);
  assert.deepEqual([forced.json().onMarket, forced.json().withdrawn, forced.json().forced], [8, 6, true]);
  assert.equal((await read(a.live, 'C-5')).json().status, 'withdrawn');
  assert.equal((await read(a.live, 'C-1')).json().status, 'active');
});

test(`[${databaseKind}] one open session per agency and environment; it expires after 24 hours`, async () => {
  const a = await freshAgency();
  const first = (await start(a.live)).json();
  const second = await start(a.live);
  assert.equal(second.statusCode, 409);
  assert.match(second.json().detail, new RegExp(first.syncId));
  // The 409 says how to get out of it, not only to wait.
  assert.match(second.json().detail, new RegExp(`DELETE /ingest/syncSessions/${first.syncId}.*listing-sync sync --abandon`));
  // Pushes keep it open past the idle hour, up to 24 hours after its start.
  for (let hour = 1; hour < 24; hour += 1) {
    clock = new Date(clock.getTime() + 50 * 60 * 1000);
    assert.equal((await push(a.live, [ingestItem(`K-${hour}`)], first.syncId)).statusCode, 200, `push after ${hour * 50} minutes`);
  }
  // The sandbox is another environment: its session is separate.
  assert.equal((await start(a.test, '/sandbox/ingest')).statusCode, 201);
  // So is another agency.
  const b = await freshAgency();
  assert.equal((await start(b.live)).statusCode, 201);

  clock = new Date(Date.parse(first.createdAt) + 24 * 3600 * 1000);
  assert.equal((await t.call('GET', `/ingest/syncSessions/${first.syncId}`, a.live)).json().state, 'expired');
  const expiredPush = await push(a.live, [ingestItem('E-1')], first.syncId);
  assert.equal(expiredPush.statusCode, 409);
  assert.match(expiredPush.json().detail, /expired/);
  assert.equal((await complete(a.live, first.syncId)).statusCode, 404);
  assert.equal((await start(a.live)).statusCode, 201, 'an expired session no longer blocks a new one');
});

test(`[${databaseKind}] unknown and other agencies' sessions are 404; a push naming one writes nothing`, async () => {
  const a = await freshAgency();
  const b = await freshAgency();
  const { syncId } = (await start(b.live)).json();
  assert.equal((await complete(a.live, syncId)).statusCode, 404);
  assert.equal((await t.call('GET', `/ingest/syncSessions/${syncId}`, a.live)).statusCode, 404);
  const foreign = await push(a.live, [ingestItem('F-1')], syncId);
  assert.equal(foreign.statusCode, 404);
  assert.equal((await read(a.live, 'F-1')).statusCode, 404);
  assert.equal((await complete(a.live, 'syn_0000000unknown')).statusCode, 404);
  // The LIVE session is not reachable from the sandbox either.
  assert.equal((await complete(a.test, syncId, {}, '/sandbox/ingest')).statusCode, 404);
  const malformed = await complete(a.live, 'not-a-sync-id');
  assert.equal(malformed.statusCode, 400);
  assert.match(malformed.json().errors[0].field, /syncId/);
});

test(`[${databaseKind}] a listing a session push rejected still counts as seen: it keeps its stored version`, async () => {
  const a = await freshAgency();
  await push(a.live, items(5, 'R'));
  const { syncId } = (await start(a.live)).json();
  const pushed = await push(a.live, [...items(4, 'R'), ingestItem('R-4', { price: -1 })], syncId);
  assert.equal(pushed.json().errors.length, 1);
  const done = (await complete(a.live, syncId)).json();
  assert.equal(done.withdrawn, 0);
  assert.equal((await read(a.live, 'R-4')).json().status, 'active');
});

test(`[${databaseKind}] contentHashes answers the hash agencyListings shows once stored, and writes nothing`, async () => {
  const a = await freshAgency();
  const listings = [ingestItem('H-1'), ingestItem('H-2', { status: 'under_offer' }), ingestItem('H-3', { price: 0 })];
  const hashes = (await t.call('POST', '/ingest/contentHashes', a.live, { listings })).json().results;
  assert.equal(hashes[2].contentHash, null);
  assert.match(hashes[2].reason, /price/);
  assert.equal((await read(a.live, 'H-1')).statusCode, 404, 'nothing written');
  await push(a.live, listings);
  const { listings: stored } = (await t.call('GET', '/ingest/agencyListings?afterTs=0&limit=1000', a.live)).json();
  const storedHash = (id: string) => stored.find((l: { externalId: string }) => l.externalId === id).contentHash;
  assert.deepEqual([hashes[0].contentHash, hashes[1].contentHash], [storedHash('H-1'), storedHash('H-2')]);
});

test(`[${databaseKind}] abandoning a session withdraws nothing and frees the agency for a new one`, async () => {
  const a = await freshAgency();
  await push(a.live, items(5, 'A'));
  const { syncId } = (await start(a.live)).json();
  await push(a.live, items(1, 'A'), syncId);
  const abandoned = await t.call('DELETE', `/ingest/syncSessions/${syncId}`, a.live);
  assert.equal(abandoned.statusCode, 200);
  assert.deepEqual([abandoned.json().state, abandoned.json().seen, abandoned.json().withdrawn], ['abandoned', 1, null]);
  assert.equal((await read(a.live, 'A-4')).json().status, 'active');
  assert.equal((await push(a.live, items(1, 'A'), syncId)).statusCode, 409);
  assert.equal((await complete(a.live, syncId)).statusCode, 404);
  assert.equal((await t.call('DELETE', `/ingest/syncSessions/${syncId}`, a.live)).statusCode, 404);
  const next = (await start(a.live)).json();
  assert.equal((await complete(a.live, next.syncId, { force: true })).statusCode, 200);
  assert.equal((await t.call('DELETE', `/ingest/syncSessions/${next.syncId}`, a.live)).statusCode, 409);
});

test(`[${databaseKind}] a session without a push for an hour expires: a dead sync blocks the next one an hour, not a day`, async () => {
  const a = await freshAgency();
  await push(a.live, items(3, 'I'));
  const { syncId } = (await start(a.live)).json();
  clock = new Date(clock.getTime() + 40 * 60 * 1000);
  const pushed = await push(a.live, items(1, 'I'), syncId);
  assert.equal(pushed.statusCode, 200);
  const afterPush = (await t.call('GET', `/ingest/syncSessions/${syncId}`, a.live)).json();
  assert.equal(afterPush.expiresAt, new Date(clock.getTime() + 3600 * 1000).toISOString(), 'a push moves the expiry an hour on');

  clock = new Date(clock.getTime() + 59 * 60 * 1000);
  assert.equal((await start(a.live)).statusCode, 409, 'still open 59 minutes after its last push');
  clock = new Date(clock.getTime() + 60 * 1000);
  assert.equal((await t.call('GET', `/ingest/syncSessions/${syncId}`, a.live)).json().state, 'expired');
  const late = await push(a.live, items(1, 'I'), syncId);
  assert.equal(late.statusCode, 409);
  assert.match(late.json().detail, /expired/);
  assert.equal((await complete(a.live, syncId)).statusCode, 404);
  assert.equal((await read(a.live, 'I-2')).json().status, 'active', 'an expired session withdraws nothing');
  assert.equal((await start(a.live)).statusCode, 201, 'the next sync starts');
});

test(`[${databaseKind}] GET /ingest/syncSessions lists the agency's sessions, newest first; state=open finds the one to abandon`, async () => {
  const a = await freshAgency();
  const b = await freshAgency();
  const list = async (key: string, query = '', base = '/ingest') => {
    const answer = await t.call('GET', `${base}/syncSessions${query}`, key);
    assert.equal(answer.statusCode, 200, answer.body);
    return (answer.json().syncSessions as Array<{ syncId: string; state: string }>).map((s) => [s.syncId, s.state]);
  };
  assert.deepEqual(await list(a.live, '?state=open'), []);
  const first = (await start(a.live)).json();
  assert.equal((await complete(a.live, first.syncId, { force: true })).statusCode, 200);
  clock = new Date(clock.getTime() + 1000);
  const second = (await start(a.live)).json();
  await start(b.live);
  assert.deepEqual(await list(a.live), [
    [second.syncId, 'open'],
    [first.syncId, 'completed'],
  ]);
  assert.deepEqual(await list(a.live, '?state=open'), [[second.syncId, 'open']]);
  assert.deepEqual(await list(a.live, '?state=completed'), [[first.syncId, 'completed']]);
  assert.deepEqual(await list(a.test, '', '/sandbox/ingest'), [], 'the sandbox has sessions of its own');
  clock = new Date(clock.getTime() + 3600 * 1000);
  assert.deepEqual(await list(a.live, '?state=open'), [], 'past its expiry a session is no longer open');
  assert.deepEqual(await list(a.live, '?state=expired'), [[second.syncId, 'expired']]);
  assert.equal((await t.call('GET', '/ingest/syncSessions?state=lost', a.live)).statusCode, 400);
});
