import type { Database, Queryable } from '../../platform/db/database.js';
import type { JobDeps, PeriodicJob } from '../../platform/jobs/periodic.js';
import { OUTBOX_CURSORS, type AgencyCursors } from '../events/cursors.js';
import { lockedRound, type LockedRound, type OutboxConsumer } from '../events/follower.js';
import { MASK_TEXT } from '../masking/mask.js';

/**
 * The keyword index (docs/decisions.md §18, "Keyword search"): one text-search document per
 * public listing in `listing_search` (migration 110), made from what the `public_listings`
 * view shows of it and nothing else: its title and description as masked at write time, so
 * that no phone number, e-mail address or street address can be searched for. The masking
 * text itself is left out too: every listing that had contact details holds it, and
 * "messagerie" would find them all.
 *
 * Pushes compute nothing for it. The indexer follows the event outbox, as the relay's does:
 * every listing of a new live event gets its document again when its public title or
 * description changed (text_hash), or loses it when it is no longer public; the fields a search
 * filters and sorts on are written beside it (migration 150). A listing that leaves the site
 * loses its row in the same transaction (the departure triggers, migration 150): the index only
 * has to catch up with new words and fields, within about two seconds.
 */

/** The public title and description of the view's row `row`, the masking text (SQL `mask`) left out. */
const publicTitle = (row: string, mask: string) => `replace(${row}.title, ${mask}, ' ')`;
const publicDescription = (row: string, mask: string) => `replace(${row}.description, ${mask}, ' ')`;

/**
 * The keyword document of the `public_listings` row `row`, as the index keeps it: what a
 * keyword search matches. Alerts on a search with keywords match new listings with it
 * (saved-search.ts), so that an alert finds what its results page shows.
 */
export const publicSearchDocumentSql = (row: string, mask = `'${MASK_TEXT.replaceAll("'", "''")}'`) =>
  `search_document(${publicTitle(row, mask)}, ${publicDescription(row, mask)})`;

/** The text the document of the view's row `p` is made from, its hash, and the document; $1 is the masking text. */
const TEXT_HASH = `md5(${publicTitle('p', '$1')} || E'\\n' || coalesce(${publicDescription('p', '$1')}, ''))`;
const DOCUMENT = publicSearchDocumentSql('p', '$1');

/**
 * What a keyword search filters and sorts its candidates on (migrations 150, 181), as the view's row
 * `p` shows it: the columns of `listing_search` beside the document, and their values. Written
 * with every document, and on their own when the text did not change (a new price).
 */
const FIELDS =
  'agency_id, first_published_at, transaction, property_type, city_fold, postcode, price, surface, rooms, dpe, insee_code, department_code, region_code';
const FIELD_VALUES = `p.agency_id, p.first_published_at, p.transaction, p.property_type, site_fold(p.city), p.postcode, p.price, p.surface, p.rooms, p.dpe,
  p.insee_code, p.department_code, p.region_code`;
const fieldsOf = (row: string) =>
  FIELDS.split(', ')
    .map((field) => `${row}.${field}`)
    .join(', ');
/** A new row, or a row written again: its hash, document and fields. */
const WRITE_ROW = `INSERT INTO listing_search (listing_id, text_hash, document, ${FIELDS})
  SELECT p.id, ${TEXT_HASH}, ${DOCUMENT}, ${FIELD_VALUES}`;

/**
 * The keyword index as a follower of the live event outbox (events/follower.ts): the listings of
 * the events read get their document and fields again, or lose them when no longer public.
 */
const KEYWORDS = {
  cursors: OUTBOX_CURSORS.keywordIndex,
  window: { eventsPerScope: 1_000, scopes: 100 },
  columns: ['listing_id', 'type'],
  handler: `touched AS (
     SELECT DISTINCT listing_id FROM fresh WHERE type LIKE 'listing.%' AND listing_id IS NOT NULL
   ), removed AS (
     DELETE FROM listing_search WHERE listing_id IN (SELECT listing_id FROM touched)
       AND listing_id NOT IN (SELECT p.id FROM public_listings p JOIN touched t ON t.listing_id = p.id)
   ), written AS (
     ${WRITE_ROW} FROM touched t JOIN public_listings p ON p.id = t.listing_id
     WHERE NOT EXISTS (SELECT 1 FROM listing_search s WHERE s.listing_id = p.id AND s.text_hash = ${TEXT_HASH})
     ON CONFLICT (listing_id) DO UPDATE SET (text_hash, document, ${FIELDS}) =
       (excluded.text_hash, excluded.document, ${fieldsOf('excluded')})
   ), refreshed AS (
     UPDATE listing_search s SET (${FIELDS}) = (${FIELD_VALUES})
     FROM touched t JOIN public_listings p ON p.id = t.listing_id
     WHERE s.listing_id = p.id AND s.text_hash = ${TEXT_HASH} AND (${fieldsOf('s')}) IS DISTINCT FROM (${FIELD_VALUES})
   )`,
  summary: '(SELECT count(*) FROM touched)::int AS touched',
} satisfies OutboxConsumer<AgencyCursors>;

/**
 * Brings the index up to date with the live event outbox, one batch: at most `eventsPerAgency`
 * events of each of `agencies` agencies behind, after the fill or a restore batch if one is due.
 * Only one process indexes at a time (the others leave at once). Returns how many agencies it
 * moved forward: 0 when the index is up to date (or another process is indexing).
 */
export async function indexKeywords(db: Database, options: { eventsPerAgency?: number; agencies?: number } = {}): Promise<number> {
  const size = options.eventsPerAgency ?? KEYWORDS.window.eventsPerScope;
  const input = { params: [MASK_TEXT], window: { eventsPerScope: size, scopes: options.agencies } };
  const moved = await lockedRound(db, KEYWORDS, input, async (round) => {
    if (round.state.filled_at === null) {
      await fill(round);
      return 1;
    }
    if ((await restoreBatch(round.tx, size)) > 0) return 1;
    return (await round.follow()).scopes;
  });
  return moved ?? 0;
}

/**
 * Every document made again from public_listings (the first run after migration 110, or after
 * a migration that changed how documents are made). The cursors are read first: a change that
 * commits in between is in the documents and among the events still to follow, and following
 * it again changes nothing.
 */
async function fill({ tx, moveCursorsToTop }: LockedRound<unknown>): Promise<void> {
  await moveCursorsToTop();
  await tx.query('DELETE FROM listing_search');
  await tx.query(`${WRITE_ROW} FROM public_listings p`, [MASK_TEXT]);
  // Statistics of the new rows at once, rather than at autovacuum's next pass: with those of an
  // empty or older table, the planner cannot tell a city's few documents from every listing.
  await tx.query('ANALYZE listing_search');
  await tx.query('UPDATE search_state SET filled_at = now() WHERE id = 1');
}

/**
 * The fields of these listings' rows made again from the view, in the caller's transaction: the
 * place backfill (listings/place-backfill.ts) gives listings their place without an event, so
 * the indexer would not hear of it.
 */
export async function refreshKeywordFields(tx: Queryable, listingIds: readonly string[]): Promise<void> {
  await tx.query(
    `UPDATE listing_search s SET (${FIELDS}) = (${FIELD_VALUES}) FROM public_listings p
     WHERE p.id = s.listing_id AND s.listing_id = ANY($1::text[])`,
    [listingIds],
  );
}

/** Has the indexer's next run build every document again (a benchmark that wrote listings in SQL, an operator). */
export async function rebuildKeywordIndex(db: Queryable): Promise<void> {
  await db.query('UPDATE search_state SET filled_at = NULL WHERE id = 1');
}

/**
 * After a reinstatement, which brings an agency's listings back to the site without any listing
 * event (while it was suspended, the indexer removed the documents of those it saw change):
 * the indexer gives its public listings without a document one, in batches, off the operator's
 * request. Runs in the caller's transaction.
 */
export async function restoreAgencyKeywords(tx: Queryable, agencyId: string): Promise<void> {
  await tx.query(
    `INSERT INTO search_cursors (agency_id, event_cursor, restore) VALUES ($1, 0, true)
     ON CONFLICT (agency_id) DO UPDATE SET restore = true`,
    [agencyId],
  );
}

/** One batch of a reinstated agency's missing documents; returns how many it wrote (0: none was asked for). */
async function restoreBatch(tx: Queryable, size: number): Promise<number> {
  const { rows } = await tx.query<{ written: number }>(
    `WITH agency AS (SELECT agency_id FROM search_cursors WHERE restore ORDER BY agency_id LIMIT 1),
     written AS (
       ${WRITE_ROW} FROM public_listings p
       WHERE p.agency_id = (SELECT agency_id FROM agency) AND NOT EXISTS (SELECT 1 FROM listing_search s WHERE s.listing_id = p.id)
       LIMIT $2
       ON CONFLICT (listing_id) DO NOTHING
       RETURNING 1
     ), done AS (
       UPDATE search_cursors SET restore = false
       WHERE agency_id = (SELECT agency_id FROM agency) AND (SELECT count(*) FROM written) < $2
     )
     SELECT (SELECT count(*) FROM written)::int + (SELECT count(*) FROM agency)::int AS written`,
    [MASK_TEXT, size],
  );
  return rows[0]!.written;
}

/** New words are searchable within about 2 seconds of their change (one process at a time indexes). */
export const keywordIndexJobs = ({ db }: JobDeps): PeriodicJob[] => [
  {
    name: 'search.index',
    everyMs: 2_000,
    run: async () => {
      while ((await indexKeywords(db)) > 0);
    },
  },
];
