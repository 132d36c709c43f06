import type { Queryable } from '../../platform/db/database.js';

export interface LeadLine {
  id: string;
  serviceId: string;
  externalId: string;
  listingTitle: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  receivedAt: Date;
  read: boolean;
}

/** The agency's leads, newest first; the page that shows them marks them read. */
export async function listLeads(
  db: Queryable,
  agencyId: string,
  options: { limit: number; offset: number },
): Promise<{ leads: LeadLine[]; total: number; unread: number }> {
  const [page, counts] = await Promise.all([
    db.query<{
      id: string;
      listing_id: string;
      external_id: string;
      public_title: string;
      name: string;
      email: string;
      phone: string | null;
      message: string;
      received_at: Date;
      read_at: Date | null;
    }>(
      `SELECT d.id, d.listing_id, d.external_id, l.public_title, d.name, d.email, d.phone, d.message, d.received_at, d.read_at
       FROM leads d JOIN listings l ON l.id = d.listing_id WHERE d.agency_id = $1 AND d.env = 'live'
       ORDER BY d.received_at DESC, d.id DESC LIMIT $2 OFFSET $3`,
      [agencyId, options.limit, options.offset],
    ),
    db.query<{ total: number; unread: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM leads WHERE agency_id = $1 AND env = 'live'`,
      [agencyId],
    ),
  ]);
  return {
    leads: page.rows.map((r) => ({
      id: r.id,
      serviceId: r.listing_id,
      externalId: r.external_id,
      listingTitle: r.public_title,
      name: r.name,
      email: r.email,
      phone: r.phone,
      message: r.message,
      receivedAt: r.received_at,
      read: r.read_at !== null,
    })),
    total: counts.rows[0]?.total ?? 0,
    unread: counts.rows[0]?.unread ?? 0,
  };
}

export async function markLeadsRead(db: Queryable, agencyId: string, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length)
    await db.query('UPDATE leads SET read_at = $3 WHERE agency_id = $1 AND id = ANY($2::text[]) AND read_at IS NULL', [agencyId, ids, now]);
}
