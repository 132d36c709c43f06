-- Searches and alerts by commune, département and région (docs/geography.md): the place every
-- listing is given (migration 180) becomes a filter of the keyword index and of saved searches.

-- A commune, a département or a région as a word of the keyword index's `facets`, as the city
-- is (migration 160): 'i' and the INSEE code, 'd' and the département, 'r' and the région. The
-- codes are letters and digits, so the words need no quoting and no typed text makes them.
CREATE FUNCTION search_area_word(kind text, code text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT kind || code
$$;

-- Any of `codes` of one kind, as a query on facets (a commune and its arrondissements).
CREATE FUNCTION search_area(kind text, codes text[]) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(search_area_word(kind, code), ' | ')::tsquery FROM unnest(codes) AS code
$$;

-- The keyword index's rows gain the place's codes, as the view shows them. The GIN index and
-- facets are dropped first and made again last: adding the generated column rewrites the table
-- and its other indexes, so the rows filled here leave no dead versions behind (migration 150).
DROP INDEX listing_search_document;
ALTER TABLE listing_search DROP COLUMN facets;
ALTER TABLE listing_search ADD COLUMN insee_code text, ADD COLUMN department_code text, ADD COLUMN region_code text;
UPDATE listing_search s SET insee_code = p.insee_code, department_code = p.department_code, region_code = p.region_code
  FROM public_listings p WHERE p.id = s.listing_id AND p.department_code IS NOT NULL;
ALTER TABLE listing_search ADD COLUMN facets tsvector GENERATED ALWAYS AS (array_to_tsvector(array_remove(ARRAY[
  search_city_word(city_fold), search_area_word('i', insee_code), search_area_word('d', department_code), search_area_word('r', region_code)
], NULL))) STORED;
CREATE INDEX listing_search_document ON listing_search USING gin (document, facets) WITH (fastupdate = off);
ANALYZE listing_search;

-- A département's listings by price, as site_city_price serves a city's: a search sorted by
-- price reads them in order and stops, instead of sorting every one of the département.
CREATE INDEX site_department_price ON listings (
  (coalesce(published_content, content) -> 'location' ->> 'departmentCode'),
  (coalesce(published_content, content) ->> 'transaction'),
  ((coalesce(published_content, content) ->> 'price')::float8)
) INCLUDE (agency_id, id, first_published_at)
  WHERE env = 'live' AND deleted_at IS NULL AND published_version IS NOT NULL
    AND share_with_service AND status IN ('active', 'under_offer');

-- The planner ignores the statistics of a partial index's expressions (migration 007): without
-- these it takes a département's listings for a handful of rows.
CREATE STATISTICS site_area_keys ON
  (coalesce(published_content, content) -> 'location' ->> 'departmentCode'),
  (coalesce(published_content, content) -> 'location' ->> 'regionCode'),
  (coalesce(published_content, content) ->> 'transaction')
FROM listings;
CREATE STATISTICS site_commune_key ON
  (coalesce(published_content, content) -> 'location' ->> 'inseeCode'),
  (coalesce(published_content, content) ->> 'transaction')
FROM listings;

-- Saved searches (alerts) by commune, département and région: the columns
-- src/domain/public-listings/saved-search.ts compares, carried by the lookup index. The place
-- of a lookup key 'd:' now names an official département; the first digits of a postcode,
-- which it named so far, are 'pp:' (a search on « 69 » in the postcode field).
ALTER TABLE alert_searches ADD COLUMN insee_codes text[], ADD COLUMN department_code text, ADD COLUMN region_code text;
UPDATE alert_searches SET lookup_key = 'pp:' || substr(lookup_key, 3) WHERE lookup_key LIKE 'd:%';
DROP INDEX alert_searches_lookup;
CREATE INDEX alert_searches_lookup ON alert_searches (lookup_key)
  INCLUDE (id, transaction, property_type, city_fold, postcode, price_min, price_max, surface_min, rooms_min, dpe_accepted, q,
           insee_codes, department_code, region_code);
