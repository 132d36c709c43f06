import type { Database } from '../../platform/db/database.js';
import type { PeriodicJob } from '../../platform/jobs/periodic.js';
import { placeListing } from '../geography/index.js';
import { refreshKeywordFields } from '../public-listings/keyword-index.js';

/**
 * Places the listings written before places existed (docs/geography.md): each gets the
 * `location` a write would have given it, and its published content, when a newer version
 * waits for review, the one of the city the public sees. Neither the content hash nor the
 * version moves: nothing the agency said changed. Their keyword index rows take the place in
 * the same transaction, as no event tells the indexer. Batches lock their rows and skip the ones
 * another process holds, so every process's runner can take part; a write that lands first
 * places its listing itself, and the batch's WHERE leaves it alone.
 */

export const PLACE_BATCH = 500;
const BACKFILL_EVERY_MS = 60_000;
/** A run stops taking batches after this long, leaving the rest to the next run. */
const RUN_BUDGET_MS = 20_000;

interface UnplacedRow {
  id: string;
  city: string;
  postcode: string;
  published_city: string | null;
  published_postcode: string | null;
}

/** One batch, in one transaction; how many listings it placed. */
export async function placeBatch(db: Database, size = PLACE_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<UnplacedRow>(
      `SELECT id, content ->> 'city' AS city, content ->> 'postcode' AS postcode,
              published_content ->> 'city' AS published_city, published_content ->> 'postcode' AS published_postcode
         FROM listings WHERE NOT (content ? 'location') ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [size],
    );
    if (rows.length === 0) return 0;
    const places = rows.map((row) => ({
      id: row.id,
      location: placeListing(row.postcode, row.city).location,
      published: row.published_city === null ? null : placeListing(row.published_postcode ?? '', row.published_city).location,
    }));
    await tx.query(
      `UPDATE listings l
          SET content = l.content || jsonb_build_object('location', p.location),
              published_content = CASE WHEN l.published_content IS NULL THEN NULL
                                       ELSE l.published_content || jsonb_build_object('location', p.published) END
         FROM jsonb_to_recordset($1::jsonb) AS p(id text, location jsonb, published jsonb)
        WHERE l.id = p.id`,
      [JSON.stringify(places)],
    );
    await refreshKeywordFields(
      tx,
      rows.map((row) => row.id),
    );
    return rows.length;
  });
}

/** Batches until none is left or the run's budget is spent; how many listings were placed. */
export async function placeUnplacedListings(db: Database, budgetMs = RUN_BUDGET_MS): Promise<number> {
  const started = performance.now();
  let placed = 0;
  for (;;) {
    const batch = await placeBatch(db);
    placed += batch;
    if (batch < PLACE_BATCH || performance.now() - started > budgetMs) return placed;
  }
}

export const placeBackfillJobs = (deps: { db: Database }): PeriodicJob[] => [
  { name: 'listings.place-backfill', everyMs: BACKFILL_EVERY_MS, run: async () => void (await placeUnplacedListings(deps.db)) },
];
