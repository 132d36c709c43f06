-- Keyword search on the public site (docs/decisions.md §18, "Keyword search"): a text-search
-- document per public listing, made from its public (masked) title and description only, kept
-- beside the listings by a background indexer that follows the event outbox, so a push
-- computes nothing more.

-- Accents off: letters decomposed (NFD) and their combining marks dropped, œ and æ written
-- out. Applied to text, and to a text-search vector's or query's text form: a mark is dropped
-- only after a character that is not a quote, so that form's quoting stays intact (a lexeme
-- of marks alone, which a C locale can make, keeps them). Not site_fold: that one lowercases
-- and rewrites spaces, hyphens and apostrophes for city names, and keys other indexes. Four
-- times cheaper than translate() over a list of accented letters, which tries the whole list
-- for every character of the text.
CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(normalize(replace(replace(replace(replace($1, 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE'), NFD),
    '([^''])[\u0300-\u036f]+', '\1', 'g')
$$;

-- The words of a text, French-stemmed, accents folded. The French stemmer reads accents
-- ("rénové" and "rénovée" are both 'rénov', while unaccented "renovee" is 'renove'), so a
-- text's words are stemmed as written, then folded ('renov'), and also stemmed unaccented
-- ('renove'): a visitor who types accents and one who does not both find the listing. Most
-- words give the same lexeme both ways; the unaccented stems come without positions
-- (strip), so they add no weight to those, and the few of their own match with the lowest
-- weight (D): the document stays the size of one vector. Text written decomposed (an accent
-- as a separate mark) is composed first, as the stemmer expects. PL/pgSQL: a SQL function
-- that names its argument twice is not inlined, and runs through the executor at each call.
CREATE FUNCTION search_words(words text) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN search_fold(to_tsvector('french', normalize(words, NFC))::text)::tsvector || strip(to_tsvector('french', search_fold(words)));
END
$$;

-- A listing's document: its public title (weight A, ranks first) and public description (B).
CREATE FUNCTION search_document(title text, description text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(search_words(title), 'A') || setweight(search_words(coalesce(description, '')), 'B')
$$;

-- What a visitor typed, as a query: every word must be there (plainto_tsquery: punctuation and
-- the operators & | ! <-> :* are plain text, never syntax), stemmed as typed, then folded.
CREATE FUNCTION search_query(text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_fold(plainto_tsquery('french', normalize($1, NFC))::text)::tsquery
$$;

-- One row per public listing (rows of listings that left the site are removed by the
-- indexer; a search also joins public_listings, so visibility is always the view's own).
-- text_hash: of the text the document was made from, so that a change that leaves the title
-- and description as they were (a new price, most changes of a nightly sync) makes nothing again.
CREATE TABLE listing_search (
  listing_id text PRIMARY KEY,
  text_hash text NOT NULL,
  document tsvector NOT NULL
);
CREATE INDEX listing_search_document ON listing_search USING gin (document);

-- The indexer's place in each agency's live events, as relay_cursors is the relay's.
-- restore: the agency was reinstated, and its public listings without a document get one
-- (a suspension takes them off the site with no listing event, and so does a reinstatement).
CREATE TABLE search_cursors (
  agency_id text PRIMARY KEY,
  event_cursor bigint NOT NULL,
  restore boolean NOT NULL DEFAULT false
);
-- One row, locked by the indexer while it runs. filled_at NULL: the indexer's next run
-- (re)builds every document from public_listings before following events again; a later
-- migration that changes how documents are made sets it back to NULL.
CREATE TABLE search_state (
  id integer PRIMARY KEY CHECK (id = 1),
  filled_at timestamptz
);
INSERT INTO search_state (id) VALUES (1);
