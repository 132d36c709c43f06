import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { ingestItem } from '../helpers/listings.js';

const { t } = useTestApp();

interface Entry {
  externalId: string;
  serviceId: string;
  changeSeq: number;
  moderation: { state: string; reasons: Array<{ code: string; severity: string }>; publishedVersion: number | null };
}

/** Every entry of agencyListings from the start, as reconcile pages through them (each answer contract-checked). */
async function agencyListings(key: string, afterTs = 0): Promise<Entry[]> {
  const answer = await t.call('GET', `/ingest/agencyListings?afterTs=${afterTs}&limit=1000`, key);
  assert.equal(answer.statusCode, 200);
  return (answer.json() as { listings: Entry[] }).listings;
}

test(`[${databaseKind}] agencyListings tells a nightly job which listings moderation holds or refused, and shows an operator's decision`, async () => {
  const agency = await t.agency();
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [
      ingestItem('MOD-ok'),
      // A home for sale without its energy class waits for an operator; a class G rental is refused.
      ingestItem('MOD-held', { dpe: null }),
      ingestItem('MOD-refused', { transaction: 'LOCATION', price: 900, dpe: 'G' }),
    ],
  });
  assert.equal(pushed.statusCode, 200);

  const byId = new Map((await agencyListings(agency.live)).map((entry) => [entry.externalId, entry]));
  assert.deepEqual(byId.get('MOD-ok')!.moderation, { state: 'approved', reasons: [], publishedVersion: 1 });
  assert.deepEqual(byId.get('MOD-held')!.moderation, {
    state: 'pending',
    reasons: [{ code: 'dpe_missing', severity: 'review' }],
    publishedVersion: null,
  });
  assert.equal(byId.get('MOD-refused')!.moderation.state, 'rejected');
  assert.ok(byId.get('MOD-refused')!.moderation.reasons.some((r) => r.code === 'rental_energy_class_banned'));

  // The operator's approval is a change: the listing comes again after the last sequence the job saw.
  const last = Math.max(...[...byId.values()].map((entry) => entry.changeSeq));
  const held = byId.get('MOD-held')!;
  assert.equal((await t.admin('POST', `/listings/${held.serviceId}/moderation`, { decision: 'approve' })).statusCode, 200);
  const later = await agencyListings(agency.live, last);
  assert.deepEqual(
    later.map((entry) => [entry.externalId, entry.moderation.state, entry.moderation.publishedVersion]),
    [['MOD-held', 'approved', 1]],
  );
});
