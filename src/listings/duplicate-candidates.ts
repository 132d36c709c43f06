import type { Queryable } from '../db/database.js';
import type { ListingContent } from '../listing-model/model.js';
import { DUPLICATE_PRICE_TOLERANCE, DUPLICATE_SURFACE_TOLERANCE } from '../moderation/duplicates.js';
import type { DuplicateCandidate } from '../moderation/index.js';
import type { ListingScope } from './store.js';

/** A listing about to be moderated, as the duplicate lookup sees it. */
export interface DuplicateProbe {
  externalId: string;
  content: Pick<ListingContent, 'postcode' | 'transaction' | 'propertyType' | 'price' | 'surface'>;
}

// One LATERAL probe per listing, all in one statement: the index on (agency, env, postcode,
// transaction, category, price) finds the rows in the price window, the surface is checked
// on those, and the first match is enough. The exact tolerances are applied again by the
// rule itself; the window here is only a little wider so no match is lost to rounding.
const FIND_DUPLICATES = `SELECT p.external_id AS probe, d.id, d.postcode, d.transaction, d.property_type, d.price, d.surface
 FROM jsonb_to_recordset($3::jsonb) AS p(external_id text, postcode text, transaction text, property_type text, price float8, surface float8)
 CROSS JOIN LATERAL (
   SELECT l.id, l.content ->> 'postcode' AS postcode, l.content ->> 'transaction' AS transaction, l.content ->> 'propertyType' AS property_type,
          (l.content ->> 'price')::float8 AS price, (l.content ->> 'surface')::float8 AS surface
   FROM listings l
   WHERE l.agency_id = $1 AND l.env = $2 AND l.deleted_at IS NULL
     AND (l.content ->> 'postcode') = p.postcode AND (l.content ->> 'transaction') = p.transaction
     AND (l.content ->> 'propertyType') = p.property_type
     AND ((l.content ->> 'price')::float8) BETWEEN p.price * $4 AND p.price / $5
     AND abs((l.content ->> 'surface')::float8 - p.surface) <= $6 * greatest(abs((l.content ->> 'surface')::float8), abs(p.surface))
     AND l.external_id <> p.external_id AND l.moderation_state <> 'rejected' AND l.status IN ('active', 'under_offer')
   LIMIT 1) d`;

/**
 * For each probe, one other current listing of the agency that may be the same property
 * (DECISIONS §11), in one query for the whole push; probes with none are absent.
 */
export async function findDuplicateCandidates(tx: Queryable, scope: ListingScope, probes: readonly DuplicateProbe[]): Promise<Map<string, DuplicateCandidate>> {
  const found = new Map<string, DuplicateCandidate>();
  if (probes.length === 0) return found;
  const records = probes.map((probe) =>
    JSON.stringify({
      external_id: probe.externalId,
      postcode: probe.content.postcode,
      transaction: probe.content.transaction,
      property_type: probe.content.propertyType,
      price: probe.content.price,
      surface: probe.content.surface,
    }),
  );
  const slack = 1e-9;
  const { rows } = await tx.query<{ probe: string; id: string; postcode: string; transaction: string; property_type: string; price: number; surface: number }>(
    FIND_DUPLICATES,
    [scope.agencyId, scope.env, tx.jsonArray(records), 1 - DUPLICATE_PRICE_TOLERANCE - slack, 1 - DUPLICATE_PRICE_TOLERANCE + slack, DUPLICATE_SURFACE_TOLERANCE + slack],
  );
  for (const row of rows) {
    found.set(row.probe, {
      serviceId: row.id,
      content: {
        postcode: row.postcode,
        transaction: row.transaction as ListingContent['transaction'],
        propertyType: row.property_type as ListingContent['propertyType'],
        price: row.price,
        surface: row.surface,
      },
    });
  }
  return found;
}
