import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import { v1Body } from './v1.js';
import { indexKeywords } from '../../src/domain/public-listings/keyword-index.js';
import { lastPositionSql } from '../../src/domain/events/change-clock.js';

/**
 * Listings made public the way an agency's are: created through v1, approved by the automatic
 * rules when they are clean, or by the operator API when a rule holds them for review.
 */
export async function publicListing(t: TestApp, key: string, externalId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await t.call('POST', '/v1/listings', key, v1Body(externalId, overrides));
  assert.ok([200, 201].includes(created.statusCode), created.body);
  const serviceId: string = created.json().serviceId;
  await approve(t, serviceId);
  return serviceId;
}

/** The operator approves what is waiting (a no-op for a listing the rules approved already). */
export async function approve(t: TestApp, serviceId: string): Promise<void> {
  const { rows } = await t.db.query<{ moderation_state: string }>('SELECT moderation_state FROM listings WHERE id = $1', [serviceId]);
  if (rows[0]?.moderation_state === 'approved') return;
  const decided = await t.admin('POST', `/listings/${serviceId}/moderation`, { decision: 'approve' });
  assert.equal(decided.statusCode, 200, decided.body);
}

/** A browser's request for a page. */
export const page = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml', ...headers } });

/** The listings a result page shows, in order. */
export const listedIds = (html: string) => [...html.matchAll(/<h3><a href="\/listings\/(lst_[0-9A-Za-z]+)"/g)].map((m) => m[1]!);

/** A contact form post, as a browser sends it. */
export const contact = (t: TestApp, serviceId: string, fields: Record<string, string>, remoteAddress = '192.0.2.10') =>
  t.app.inject({
    method: 'POST',
    url: `/listings/${serviceId}/contact`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });

/** A name no other test file uses, so searches by city see only this file's listings on a shared database. */
export const uniqueCity = (base: string) => `${base} ${Math.random().toString(36).slice(2, 8)}`;

/**
 * Brings the keyword index up to date with an agency's changes (the periodic job does it within
 * about 2 s). On a shared PostgreSQL another process may be indexing: this waits for it.
 */
export async function catchUpKeywords(t: TestApp, agencyId: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    while ((await indexKeywords(t.db)) > 0);
    const { rows } = await t.db.query<{ done: boolean }>(
      `SELECT (SELECT filled_at IS NOT NULL FROM search_state)
          AND coalesce((SELECT NOT restore FROM search_cursors WHERE agency_id = $1), true)
          AND coalesce((SELECT event_cursor FROM search_cursors WHERE agency_id = $1), 0)
              >= coalesce((SELECT ${lastPositionSql('last_seq')} FROM listing_sequences WHERE agency_id = $1 AND env = 'live'), 0) AS done`,
      [agencyId],
    );
    if (rows[0]!.done) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the keyword index did not catch up');
}
