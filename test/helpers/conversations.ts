import assert from 'node:assert/strict';
import type { Queryable } from '../../src/platform/db/database.js';
import type { TestApp } from './app.js';

/**
 * The visitor's side of a conversation as a visitor reaches it: the private link is in the
 * mails alone (only its hash is stored), so tests read it from a mail's text.
 */

/** The private page's path (`/messages/{token}`) in a mail's text. */
export function privatePathIn(text: string): string {
  const found = /https?:\/\/[^\s/]+(\/messages\/[A-Za-z0-9_-]{43})(?=\s|$)/.exec(text);
  assert.ok(found, `no private link in:\n${text}`);
  return found[1]!;
}

/** The private path in the latest mail written to `email` (kept in the mailbox without SMTP_URL). */
export async function latestPrivatePath(db: Queryable, email: string): Promise<string> {
  const { rows } = await db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [
    email,
  ]);
  assert.ok(rows[0], `no mail to ${email}`);
  return privatePathIn(rows[0].text_body);
}

/** A form post to the private page (a reply, or the deletion), as a browser sends it. */
export const visitorPost = (t: TestApp, path: string, fields: Record<string, string>, remoteAddress = '192.0.2.20') =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });

/** A visitor address no other test uses: the per-e-mail limit counts across a whole database. */
export const uniqueVisitorEmail = (base = 'visiteur') => `${base}-${Math.random().toString(36).slice(2, 9)}@example.org`;
