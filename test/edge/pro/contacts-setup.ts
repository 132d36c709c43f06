import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { receiveLead } from '../../../src/domain/leads/receive.js';
import { findPublicListing } from '../../../src/domain/public-listings/find.js';
import type { TestApp } from '../../helpers/app.js';
import { type ProBrowser, signUpAgency } from '../../helpers/pro.js';
import { publicListing } from '../../helpers/site.js';

/** What the contacts tests share: an agency with a public listing, visitors writing to it, their mails. */

export const unique = () => randomBytes(4).toString('hex');

export interface AgencyWithListing {
  browser: ProBrowser;
  agencyId: string;
  /** The signed-up admin's e-mail. */
  email: string;
  serviceId: string;
  externalId: string;
  title: string;
}

/** A signed-up agency, verified, with one listing on the site. */
export async function agencyWithListing(t: TestApp, title = 'T3 lumineux avec balcon'): Promise<AgencyWithListing> {
  const agency = await signUpAgency(t);
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/verify`)).statusCode, 200);
  const live = (await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live' })).json().key as string;
  const externalId = `CT-${unique()}`;
  const serviceId = await publicListing(t, live, externalId, { title });
  const { rows } = await t.db.query<{ public_title: string }>('SELECT public_title FROM listings WHERE id = $1', [serviceId]);
  return { browser: agency.browser, agencyId: agency.agencyId, email: agency.email, serviceId, externalId, title: rows[0]!.public_title };
}

/** A visitor's contact through the site's capability, from an address of its own (the limits count per address). */
export async function visitorWrites(
  t: TestApp,
  serviceId: string,
  visitor: { name: string; email?: string; phone?: string | null; message?: string },
  now = new Date(),
): Promise<{ leadId: string; email: string }> {
  const email = visitor.email ?? `visiteur-${unique()}@example.org`;
  const input = {
    name: visitor.name,
    email,
    phone: visitor.phone ?? null,
    message: visitor.message ?? `Bonjour, je suis ${visitor.name}.`,
  };
  const address = `2001:db8:c0:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;
  const found = await findPublicListing(t.db, serviceId);
  assert.ok(found.kind === 'public', 'visitors write about a public listing');
  const received = await receiveLead(t.db, found.listing, input, { address, now }, t.config);
  assert.ok(received.ok, JSON.stringify(received));
  return { leadId: received.value.leadId, email };
}

export interface Mail {
  to_address: string;
  subject: string;
  text_body: string;
}

/** The mails written to an address, oldest first (addresses are unique to a test: no global list is read). */
export async function mailsTo(t: TestApp, address: string): Promise<Mail[]> {
  const { rows } = await t.db.query<Mail>(
    'SELECT to_address, subject, text_body FROM mails WHERE lower(to_address) = lower($1) ORDER BY id',
    [address],
  );
  return rows;
}

/** The visitor's private token, from the last mail it received. */
export async function visitorToken(t: TestApp, address: string): Promise<string> {
  const mails = await mailsTo(t, address);
  const token = /\/messages\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text_body ?? '')?.[1];
  assert.ok(token, 'the visitor’s mail carries the private link');
  return token;
}

/** The inbox's counts at its top, as shown: label → figure ("Nouveau : 2"). */
export const inboxCounts = (html: string) =>
  new Map([...html.matchAll(/<a href="\/pro\/contacts[^"]*">([^<:]+?)\s:\s([\d\u202f]+)<\/a>/g)].map((m) => [m[1]!, m[2]!]));
