import { MAX_RESULTS } from './model.js';

/**
 * The candidates of a search by relevance (search.ts): the newest MAX_RESULTS + 1 documents of
 * `listing_search` that match, in the order (first_published_at DESC, listing_id DESC). Two ways
 * to find them, chosen here, since the planner cannot: it has no statistics of how many of a
 * city's documents hold a word, and took 20,000 for 121 (docs/benchmarks.md, "Search at a
 * million listings").
 */

/** The keyword index's rows of agencies not suspended (the indexer may write one as a suspension commits). */
export const NOT_SUSPENDED = 'agency_id NOT IN (SELECT id FROM agencies WHERE suspended_at IS NOT NULL)';

const CANDIDATES = MAX_RESULTS + 1;
const NEWEST = 'first_published_at DESC, listing_id DESC';
/** How many of a city's newest documents the probe reads, and how many must match for the walk. */
const PROBE = 100;
const PROBE_HITS = PROBE / 2;
/** How many of a city's newest documents the walk reads at most: enough when a quarter match. */
const LOOK_AHEAD = 4 * CANDIDATES;

export interface CandidateClauses {
  /** The WHERE clause of the search on listing_search, keywords included ('keyword-index' of whereClause). */
  where: string;
  /** The same filters on its plain columns, keywords left out ('keyword-fields'). */
  fields: string;
  /** The parameter holding the folded city, for a walk; none: the GIN index only. */
  city?: string;
  /** The parameter holding the keywords. */
  keywords: string;
}

/**
 * The CTEs that end in `newest`, the candidates. Without a city: the GIN index of the words and
 * places, or the date index for words most listings hold (the planner knows each word's
 * frequency across the site). With a city, the words' frequency there decides:
 * - `probe` counts how many of the city's PROBE newest documents match (filters and keywords);
 * - at least half: `walked` reads the city's newest documents in order (listing_search_city_newest)
 *   and keeps the first CANDIDATES that match. A frequent word reads ~1,300 rows, where the GIN
 *   index gave all of a city's 20,000 to be sorted by date.
 * - the GIN plan otherwise, or when the walk found fewer than CANDIDATES in its LOOK_AHEAD rows
 *   (the probe misjudged): only a walk that found them all is used, so both give the same rows.
 */
export function candidateCtes({ where, fields, city, keywords }: CandidateClauses): string {
  const indexed = `SELECT listing_id AS id, first_published_at, document FROM listing_search ${where} AND ${NOT_SUSPENDED}`;
  const matches = `document @@ search_query(${keywords})`;
  if (city === undefined) return `newest AS MATERIALIZED (${indexed} ORDER BY ${NEWEST} LIMIT ${CANDIDATES})`;
  // The city's newest rows alone, the other filters tested on them: the bound is on rows read.
  const latest = (limit: number) =>
    `(SELECT * FROM listing_search WHERE city_fold = site_fold(${city}) ORDER BY ${NEWEST} LIMIT ${limit}) latest ${fields}`;
  return `probe AS MATERIALIZED (SELECT count(*) FILTER (WHERE ${matches}) AS hits FROM ${latest(PROBE)}),
     walked AS MATERIALIZED (
       SELECT listing_id AS id, first_published_at, document FROM ${latest(LOOK_AHEAD)}
         AND ${matches} AND ${NOT_SUSPENDED} AND (SELECT hits FROM probe) >= ${PROBE_HITS}
       ORDER BY ${NEWEST} LIMIT ${CANDIDATES}),
     newest AS MATERIALIZED (
       SELECT * FROM walked WHERE (SELECT count(*) FROM walked) = ${CANDIDATES}
       UNION ALL
       (${indexed} AND (SELECT count(*) FROM walked) < ${CANDIDATES} ORDER BY ${NEWEST} LIMIT ${CANDIDATES}))`;
}
