import assert from 'node:assert/strict';
import type { TestApp } from './app.js';

/**
 * E-mail alerts as a visitor reaches them: the form of a results page (its hidden fields are the
 * search's parameters), and the private links, which are in the mails alone.
 */

/** The alert form's post, as a browser sends it from the results page of `search`. */
export const alertPost = (t: TestApp, search: Record<string, string>, fields: Record<string, string>, remoteAddress = '192.0.2.40') =>
  t.app.inject({
    method: 'POST',
    url: '/alerts',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams({ ...search, ...fields }).toString(),
    remoteAddress,
  });

/** A private page's form post (confirm, delete, unsubscribe), as a browser sends it. */
export const formPost = (t: TestApp, path: string, fields: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });

/** The path of an alert link of `kind` in a mail's text (`/alerts/confirm/…`). */
export function alertPathIn(text: string, kind: 'confirm' | 'manage' | 'unsubscribe'): string {
  const found = new RegExp(`https?://[^\\s/]+(/alerts/${kind}/[A-Za-z0-9_-]{43})(?=\\s|$)`).exec(text);
  assert.ok(found, `no ${kind} link in:\n${text}`);
  return found[1]!;
}

/** An address no other test uses: the per-e-mail limit and the 10-alert cap count across a whole database. */
export const uniqueAlertEmail = (base = 'alerte') => `${base}-${Math.random().toString(36).slice(2, 9)}@example.org`;

/** A listing as an agency's CRM pushes it (ingestion fields), clean enough to be approved at once. */
export function pushedListing(externalId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    externalId,
    title: `Appartement ${externalId}`,
    transaction: 'VENTE',
    type: 'APPARTEMENT',
    price: 300000,
    surface: 70,
    rooms: 3,
    city: 'Lyon',
    postcode: '69003',
    dpe: 'C',
    ...overrides,
  };
}

/** A push through the ingestion interface; every listing must be accepted. */
export async function push(t: TestApp, key: string, listings: Array<Record<string, unknown>>): Promise<string[]> {
  const response = await t.call('POST', '/ingest/ingestListings', key, { listings });
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json() as { errors: unknown[]; results: Array<{ serviceId: string; moderation: { state: string } }> };
  assert.deepEqual(body.errors, []);
  for (const result of body.results) assert.equal(result.moderation.state, 'approved', JSON.stringify(result));
  return body.results.map((r) => r.serviceId);
}
