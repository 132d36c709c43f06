import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agencyPerformance, createListingSyncClient, listingPerformance, ListingSyncError } from '@listing-sync/client';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { page, publicListing } from '../helpers/site.js';
import { IPHONE_UA } from '../helpers/audience.js';

/** The client's audience helpers against the service: the day rows, Dates read as Paris days, refusals thrown. */
const { t, agency } = useTestApp();

test(`[${databaseKind}] listingPerformance and agencyPerformance read the days; a bad period or another agency's listing throws`, async () => {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const client = createListingSyncClient({ key: agency.live, baseUrl: url });
  const serviceId = await publicListing(t, agency.live, 'CLIENT-PERF');
  await page(t, `/listings/${serviceId}`, { 'user-agent': IPHONE_UA });
  await t.services.audience.flush();

  const today = await listingPerformance(client, serviceId, { from: new Date(), to: new Date() });
  assert.equal(today.days.length, 1);
  assert.deepEqual(today.days[0]!.mobile, { searchAppearances: 0, detailViews: 1, leads: 0 });
  const month = await agencyPerformance(client);
  assert.equal(month.days.length, 28);
  assert.equal(month.total.detailViews, 1);
  const week = await agencyPerformance(client, { from: '2026-03-02', to: '2026-03-08' });
  assert.deepEqual([week.from, week.to, week.days.length], ['2026-03-02', '2026-03-08', 7]);

  await assert.rejects(
    agencyPerformance(client, { from: '2026-03-10', to: '2026-03-01' }),
    (error: unknown) => error instanceof ListingSyncError && error.status === 400 && error.problem?.errors?.[0]?.field === 'from',
  );
  const other = await t.agency();
  const theirs = await publicListing(t, other.live, 'CLIENT-PERF-THEIRS');
  await assert.rejects(listingPerformance(client, theirs), (error: unknown) => error instanceof ListingSyncError && error.status === 404);
});
