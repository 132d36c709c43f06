import { prepared, type Queryable } from '../../platform/db/database.js';
import type { ListingContent } from '../listing-model/model.js';
import { DUPLICATE_PRICE_TOLERANCE, DUPLICATE_SURFACE_TOLERANCE } from '../moderation/duplicates.js';
import type { DuplicateCandidate } from '../moderation/index.js';
import type { AgencyEnv } from '../tenant.js';
import { ON_SALE_SQL } from '../public-listings/visibility.js';
import { isStorableText } from '../../platform/validation/storable.js';

/** A listing about to be moderated, as the duplicate lookup sees it. */
export interface DuplicateProbe {
  externalId: string;
  content: Pick<ListingContent, 'postcode' | 'transaction' | 'propertyType' | 'price' | 'surface'>;
}

// One LATERAL probe per listing, all in one statement: the index on (agency, env, postcode,
// transaction, category, price, surface) finds the entries in both windows without reading
// any row, and the first match is enough. The windows are those of the rule (a value within
// t of the larger one lies in [v × (1 − t), v / (1 − t)]), a hair wider so no match is lost
// to rounding; the rule applies the exact tolerances again to what is found.
// Prepared: a single listing's write spent more planning it than running it (docs/benchmarks.md).
export const FIND_DUPLICATES = prepared(
  'listing-duplicate-candidates',
  `SELECT p.external_id AS probe, d.id, d.postcode, d.transaction, d.property_type, d.price, d.surface
 FROM jsonb_to_recordset($3::jsonb) AS p(external_id text, postcode text, transaction text, property_type text,
                                          price_low float8, price_high float8, surface_low float8, surface_high float8)
 CROSS JOIN LATERAL (
   SELECT l.id, l.content ->> 'postcode' AS postcode, l.content ->> 'transaction' AS transaction, l.content ->> 'propertyType' AS property_type,
          (l.content ->> 'price')::float8 AS price, (l.content ->> 'surface')::float8 AS surface
   FROM listings l
   WHERE l.agency_id = $1 AND l.env = $2 AND l.deleted_at IS NULL
     AND (l.content ->> 'postcode') = p.postcode AND (l.content ->> 'transaction') = p.transaction
     AND (l.content ->> 'propertyType') = p.property_type
     AND ((l.content ->> 'price')::float8) BETWEEN p.price_low AND p.price_high
     AND ((l.content ->> 'surface')::float8) BETWEEN p.surface_low AND p.surface_high
     AND l.external_id <> p.external_id AND l.moderation_state <> 'rejected' AND l.status IN (${ON_SALE_SQL})
   LIMIT 1) d`,
);

/**
 * The values within `tolerance` of the larger of the two, around `value`: [v × (1 − t), v / (1 − t)],
 * a hair wider so no match is lost to rounding, and always finite (PostgreSQL refuses overflow).
 */
function window(value: number, tolerance: number): [number, number] {
  const slack = 1e-9;
  const bounds = [value * (1 - tolerance - slack), value / (1 - tolerance + slack)].sort((a, b) => a - b);
  return bounds.map((bound) => Math.max(-Number.MAX_VALUE, Math.min(Number.MAX_VALUE, bound))) as [number, number];
}

/**
 * For each probe, one other current listing of the agency that may be the same property
 * (docs/decisions.md §11), in one query for the whole push; probes with none are absent.
 */
export async function findDuplicateCandidates(
  tx: Queryable,
  scope: AgencyEnv,
  probes: readonly DuplicateProbe[],
): Promise<Map<string, DuplicateCandidate>> {
  const found = new Map<string, DuplicateCandidate>();
  if (probes.length === 0) return found;
  const records = probes.map((probe) => {
    const [priceLow, priceHigh] = window(probe.content.price, DUPLICATE_PRICE_TOLERANCE);
    const [surfaceLow, surfaceHigh] = window(probe.content.surface, DUPLICATE_SURFACE_TOLERANCE);
    return JSON.stringify({
      external_id: probe.externalId,
      postcode: probe.content.postcode,
      transaction: probe.content.transaction,
      property_type: probe.content.propertyType,
      price_low: priceLow,
      price_high: priceHigh,
      surface_low: surfaceLow,
      surface_high: surfaceHigh,
    });
  });
  const { rows } = await tx.query<{
    probe: string;
    id: string;
    postcode: string;
    transaction: string;
    property_type: string;
    price: number;
    surface: number;
  }>(FIND_DUPLICATES, [scope.agencyId, scope.env, tx.jsonArray(records)]);
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

/**
 * A probe read loosely from a raw item, before it is checked: only when every compared field
 * already has a valid shape (the check would keep these values as they are).
 */
export function rawDuplicateProbe(
  item: unknown,
  names: { transaction: string; propertyType: string },
  transactions: Readonly<Record<string, string>>,
  propertyTypes: Readonly<Record<string, string>>,
): DuplicateProbe | null {
  if (typeof item !== 'object' || item === null) return null;
  const raw = item as Record<string, unknown>;
  const { externalId, postcode, price, surface } = raw;
  const known = (map: Readonly<Record<string, string>>, key: unknown) =>
    typeof key === 'string' && Object.hasOwn(map, key) ? map[key] : undefined;
  const transaction = known(transactions, raw[names.transaction]);
  const propertyType = known(propertyTypes, raw[names.propertyType]);
  // Only text PostgreSQL can take goes to the lookup: an item with a NUL fails alone, later.
  if (typeof externalId !== 'string' || typeof postcode !== 'string' || !isStorableText(externalId) || !isStorableText(postcode))
    return null;
  if (!transaction || !propertyType) return null;
  if (typeof price !== 'number' || typeof surface !== 'number' || !Number.isFinite(price) || !Number.isFinite(surface)) return null;
  return {
    externalId,
    content: {
      postcode,
      price,
      surface,
      transaction: transaction as ListingContent['transaction'],
      propertyType: propertyType as ListingContent['propertyType'],
    },
  };
}
