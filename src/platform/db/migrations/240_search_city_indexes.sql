-- A search in a city at a million listings (docs/benchmarks.md, "Search at a million listings"),
-- read on the keyword index's plain columns, which PostgreSQL can read from an index alone:
-- the view's expression indexes always send it to each listing's row.

-- A city's search counted (to MAX_RESULTS + 1) from this index alone: the transaction and price
-- range it is filtered on, the agency for the suspension test. A city of 20,000 listings counted
-- in its listings' rows read 1,001 of them and 9,000 index entries; here, 1,001 entries.
-- Its cost: a new price is no longer a HOT update of listing_search (migration 150), so the
-- indexer writes every index again, the GIN index's words included: 500 new prices took
-- 230-270 ms of PostgreSQL instead of 80-100 at a million listings, in the background.
CREATE INDEX listing_search_city_price ON listing_search (city_fold, transaction, price) INCLUDE (agency_id);

-- Keywords most of a city's listings hold: its newest documents read in order until enough
-- match, instead of every match found by the GIN index and then sorted by date.
CREATE INDEX listing_search_city_newest ON listing_search (city_fold, first_published_at DESC, listing_id DESC);
