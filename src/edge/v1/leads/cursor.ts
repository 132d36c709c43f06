import { idPattern } from '../../../platform/db/ids.js';

/**
 * The keyset cursor of `GET /v1/leads`: where the previous page stopped, given back as `after`.
 * It is opaque to clients (the last lead's id, base64url-encoded), so that none builds one and
 * the keyset may change without breaking them.
 */
export const CURSOR_MAX = 100;
export const CURSOR_PATTERN = '^[A-Za-z0-9_-]{1,100}$';

const LEAD_ID = new RegExp(idPattern('lead'));

export const encodeCursor = (lastLeadId: string): string => Buffer.from(lastLeadId, 'utf8').toString('base64url');

/** The lead id a cursor carries, or null when it is not one the service gave. */
export function decodeCursor(cursor: string): string | null {
  const leadId = Buffer.from(cursor, 'base64url').toString('utf8');
  return LEAD_ID.test(leadId) && encodeCursor(leadId) === cursor ? leadId : null;
}
