-- The public site (docs/decisions.md §12): search indexes on what the public_listings view shows,
-- the leads its contact form stores, and the per-IP limit of that form.

-- City names as a visitor types them: case, accents, hyphens and apostrophes do not matter
-- ("saint etienne" finds "Saint-Étienne"). An inlinable SQL function, so the index below and
-- the search's WHERE clause reduce to the same expression.
CREATE FUNCTION site_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(translate($1,
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŒœÆæ-''’',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyOoAa   ')), '\s+', ' ', 'g'))
$$;

-- Each index is partial on the view's own condition and keys on the view's own expressions
-- (coalesce(published_content, content) ->> …), so the planner uses them for queries on
-- public_listings, and only public rows are indexed.

-- Latest listings (home page, default sort) and the sitemap's order.
CREATE INDEX site_newest ON listings (first_published_at DESC, id DESC)
  WHERE env = 'live' AND deleted_at IS NULL AND published_version IS NOT NULL
    AND share_with_service AND status IN ('active', 'under_offer');

-- A city and a transaction, newest first: a page reads its rows in order and stops. (A push's
-- listings are published together, so the date alone does not order them: the id does.)
CREATE INDEX site_city ON listings (
  site_fold(coalesce(published_content, content) ->> 'city'),
  (coalesce(published_content, content) ->> 'transaction'),
  first_published_at DESC, id DESC
)
  WHERE env = 'live' AND deleted_at IS NULL AND published_version IS NOT NULL
    AND share_with_service AND status IN ('active', 'under_offer');

-- A city and a transaction, with a price range: the whole search (its count, and the ids of
-- its page in price or date order) reads this index alone, never a listing's content, which
-- PostgreSQL would have to decompress row by row. agency_id is there for the view's join.
CREATE INDEX site_city_price ON listings (
  site_fold(coalesce(published_content, content) ->> 'city'),
  (coalesce(published_content, content) ->> 'transaction'),
  ((coalesce(published_content, content) ->> 'price')::float8)
) INCLUDE (agency_id, id, first_published_at)
  WHERE env = 'live' AND deleted_at IS NULL AND published_version IS NOT NULL
    AND share_with_service AND status IN ('active', 'under_offer');

-- A postcode or a department (prefix: "69", "2A", "974").
CREATE INDEX site_postcode ON listings ((coalesce(published_content, content) ->> 'postcode') text_pattern_ops)
  WHERE env = 'live' AND deleted_at IS NULL AND published_version IS NOT NULL
    AND share_with_service AND status IN ('active', 'under_offer');

-- Price ranges and the price sorts across every city.
CREATE INDEX site_price ON listings (((coalesce(published_content, content) ->> 'price')::float8))
  WHERE env = 'live' AND deleted_at IS NULL AND published_version IS NOT NULL
    AND share_with_service AND status IN ('active', 'under_offer');

-- The largest-first sort across every city.
CREATE INDEX site_surface ON listings (((coalesce(published_content, content) ->> 'surface')::float8))
  WHERE env = 'live' AND deleted_at IS NULL AND published_version IS NOT NULL
    AND share_with_service AND status IN ('active', 'under_offer');

-- A visitor's message to the agency about a public listing, read in the agency's pro space.
CREATE TABLE leads (
  id text PRIMARY KEY,
  agency_id text NOT NULL REFERENCES agencies (id),
  env text NOT NULL CHECK (env IN ('live', 'test')),
  listing_id text NOT NULL REFERENCES listings (id),
  -- The listing's externalId when the message came, so the agency finds it in its CRM.
  external_id text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  phone text,
  message text NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX leads_agency ON leads (agency_id, env, received_at DESC);
CREATE INDEX leads_listing ON leads (listing_id);

-- Per-client limits of public forms, shared by every process: hits per ten-minute window.
-- The client is a SHA-256 of its address, never the address itself.
CREATE TABLE site_rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX site_rate_limits_age ON site_rate_limits (window_start);

-- The planner ignores the statistics of a partial index's expressions: without these it takes
-- a city's listings for one row, sorts them all by price instead of reading them in index
-- order, and so unpacks every one's content.
CREATE STATISTICS site_search_keys ON
  (site_fold(coalesce(published_content, content) ->> 'city')),
  (coalesce(published_content, content) ->> 'transaction')
FROM listings;
CREATE STATISTICS site_price_key ON ((coalesce(published_content, content) ->> 'price')::float8), (coalesce(published_content, content) ->> 'postcode') FROM listings;
