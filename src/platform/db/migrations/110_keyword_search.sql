-- Keyword search on the public site (docs/decisions.md §18, "Keyword search"): a text-search
-- document per public listing, made from its public (masked) title and description only, kept
-- beside the listings by a background indexer that follows the event outbox, so a push
-- computes nothing more.

-- Accented letters to plain ones, letter for letter (œ and æ to two), in a text-search
-- vector's or query's text form: only letters change, so the quoting, positions and weights
-- of that form stay as they were. Not site_fold: that one also lowercases and rewrites
-- spaces, hyphens and apostrophes for city names, and is the key of other indexes.
CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(replace(replace(replace(replace($1, 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE'),
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸ',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyY')
$$;

-- The words of a text, French-stemmed, accents folded. The French stemmer reads accents
-- ("rénové" and "rénovée" are both 'rénov', while unaccented "renovee" is 'renove'), so a
-- text's words are stemmed as written, then folded ('renov'), and stemmed again unaccented
-- for the few words where that gives another stem ('renove'): a visitor who types accents
-- and one who does not both find the listing.
CREATE FUNCTION search_words(text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT folded || ts_delete(plain, tsvector_to_array(folded))
  FROM (SELECT search_fold(to_tsvector('french', $1)::text)::tsvector AS folded,
               to_tsvector('french', search_fold($1)) AS plain) words
$$;

-- A listing's document: its public title (weight A, ranks first) and public description (B).
CREATE FUNCTION search_document(title text, description text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(search_words(title), 'A') || setweight(search_words(coalesce(description, '')), 'B')
$$;

-- What a visitor typed, as a query: every word must be there (plainto_tsquery: punctuation and
-- the operators & | ! <-> :* are plain text, never syntax), stemmed as typed, then folded.
CREATE FUNCTION search_query(text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_fold(plainto_tsquery('french', $1)::text)::tsquery
$$;

-- One row per public listing (rows of listings that left the site are removed by the
-- indexer; a search also joins public_listings, so visibility is always the view's own).
CREATE TABLE listing_search (
  listing_id text PRIMARY KEY,
  document tsvector NOT NULL
);
CREATE INDEX listing_search_document ON listing_search USING gin (document);

-- The indexer's place in each agency's live events, as relay_cursors is the relay's.
CREATE TABLE search_cursors (
  agency_id text PRIMARY KEY,
  event_cursor bigint NOT NULL
);
-- One row, locked by the indexer while it runs. filled_at NULL: the indexer's next run
-- (re)builds every document from public_listings before following events again; a later
-- migration that changes how documents are made sets it back to NULL.
CREATE TABLE search_state (
  id integer PRIMARY KEY CHECK (id = 1),
  filled_at timestamptz
);
INSERT INTO search_state (id) VALUES (1);
