-- Keywords in a city (docs/decisions.md §18, "Keyword search"). The planner joined the city's
-- index (2,000 documents in Lyon) with the keywords' GIN index, and for words most listings
-- hold the GIN side listed 75,000 documents to keep 2,000: 10 to 12 ms a search, the slowest
-- of all, where the city's documents alone take 4. So the city is a word of the document row
-- too, in a vector of its own (facets), and one GIN index holds both vectors: a search reads the
-- city's entry and skips through the keywords' ones, whatever their frequency. The word is the
-- md5 of the folded city, which no text a visitor types can make and which needs no quoting.
CREATE FUNCTION search_city_word(city_fold text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'c' || md5(city_fold)
$$;

-- A city as a query on facets, folded as the column is (site_fold).
CREATE FUNCTION search_city(city text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_city_word(site_fold(city))::tsquery
$$;

ALTER TABLE listing_search
  ADD COLUMN facets tsvector GENERATED ALWAYS AS (array_to_tsvector(array_remove(ARRAY[search_city_word(city_fold)], NULL))) STORED;

DROP INDEX listing_search_document;
DROP INDEX listing_search_city;
CREATE INDEX listing_search_document ON listing_search USING gin (document, facets) WITH (fastupdate = off);
ANALYZE listing_search;
