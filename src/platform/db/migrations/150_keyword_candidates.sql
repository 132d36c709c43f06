-- Keyword searches choose their candidates in the keyword index alone (docs/decisions.md §18,
-- "Keyword search"). Joining every match to the public_listings view to filter, sort and count
-- it cost 2 to 6 µs a row (the listing's row, its content unpacked, the city folded): 5 to 25 ms
-- for a word 2,000 listings hold, where the index alone takes 1 to 5 ms. So each document row
-- also holds what a search filters and sorts on, as the view shows it: the indexer writes them
-- (src/domain/public-listings/keyword-index.ts), and the cards of a page are still read from the
-- view.

-- The table is made again rather than updated: rewriting every row in place would leave the GIN
-- index with two entries per listing (its searches measured twice as slow until a REINDEX).
-- Fill factor 80: a new price rewrites the row's fields and nothing else, and room on its page
-- lets PostgreSQL do it without touching the indexes (a HOT update).
CREATE TABLE keyword_candidates (
  listing_id text PRIMARY KEY,
  text_hash text NOT NULL,
  document tsvector NOT NULL,
  agency_id text NOT NULL,
  first_published_at timestamptz NOT NULL,
  transaction text,
  property_type text,
  city_fold text,
  postcode text,
  price float8,
  surface float8,
  rooms float8,
  dpe text
) WITH (fillfactor = 80);
-- Documents of listings that already left the site are not kept.
INSERT INTO keyword_candidates
SELECT s.listing_id, s.text_hash, s.document, p.agency_id, p.first_published_at, p.transaction, p.property_type,
       site_fold(p.city), p.postcode, p.price, p.surface, p.rooms, p.dpe
FROM listing_search s JOIN public_listings p ON p.id = s.listing_id;
DROP TABLE listing_search;
ALTER TABLE keyword_candidates RENAME TO listing_search;
ALTER INDEX keyword_candidates_pkey RENAME TO listing_search_pkey;

-- fastupdate off: a search never reads a list of entries still waiting to be merged (up to
-- 4 MB of them, read in full by every search); the indexer, in the background, pays instead.
CREATE INDEX listing_search_document ON listing_search USING gin (document) WITH (fastupdate = off);
-- Words many listings hold: the newest matches, read in order until there are enough.
CREATE INDEX listing_search_newest ON listing_search (first_published_at DESC, listing_id DESC);
-- Keywords and a city: the city's documents, then their words.
CREATE INDEX listing_search_city ON listing_search (city_fold);
-- An agency's documents, dropped together when it is suspended (below).
CREATE INDEX listing_search_agency ON listing_search (agency_id);
-- The planner's statistics of the new table, so that its first searches pick their index.
ANALYZE listing_search;

-- A listing that leaves the site leaves the keyword index in the same transaction, so the
-- results and their count never hold it, not even until the indexer hears of it. The triggers
-- of migration 140 own the rule of when a listing leaves; their function now does both.
ALTER FUNCTION announce_departure() RENAME TO public_listing_departed;
CREATE OR REPLACE FUNCTION public_listing_departed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'agencies' THEN
    DELETE FROM listing_search WHERE agency_id = OLD.id;
    PERFORM pg_notify('listing_sync_departures', '*');
  ELSE
    DELETE FROM listing_search WHERE listing_id = OLD.id;
    PERFORM pg_notify('listing_sync_departures', OLD.id);
  END IF;
  RETURN NULL;
END $$;
