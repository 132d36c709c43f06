-- Every listing placed in its official commune (docs/geography.md). The place is kept in the
-- content's `location` member, written by the service beside what the agency sent and left out
-- of the content hash, so it moves aside with the content when a newer version waits for
-- review (published_content), as the city it was read from does.

-- Listings written before places existed, for the backfill job; empty once it has run.
CREATE INDEX listings_unplaced ON listings (id) WHERE NOT (content ? 'location');

-- The view gains the place's codes (a view can only grow at its end).
CREATE OR REPLACE VIEW public_listings AS
SELECT l.id,
       l.agency_id,
       a.name AS agency_name,
       l.published_version AS version,
       l.status,
       l.share_with_relay,
       l.first_published_at,
       l.updated_at,
       CASE WHEN l.published_content IS NULL THEN l.public_title ELSE l.published_title END AS title,
       CASE WHEN l.published_content IS NULL THEN l.public_description ELSE l.published_description END AS description,
       coalesce(l.published_content, l.content) - 'addressLine' - 'title' - 'description' AS content,
       coalesce(l.published_content, l.content) ->> 'transaction' AS transaction,
       coalesce(l.published_content, l.content) ->> 'propertyType' AS property_type,
       coalesce(l.published_content, l.content) ->> 'city' AS city,
       coalesce(l.published_content, l.content) ->> 'postcode' AS postcode,
       (coalesce(l.published_content, l.content) ->> 'price')::float8 AS price,
       (coalesce(l.published_content, l.content) ->> 'surface')::float8 AS surface,
       (coalesce(l.published_content, l.content) ->> 'rooms')::float8 AS rooms,
       coalesce(l.published_content, l.content) ->> 'dpe' AS dpe,
       coalesce(l.published_content, l.content) ->> 'ges' AS ges,
       coalesce(l.published_content, l.content) -> 'location' ->> 'inseeCode' AS insee_code,
       coalesce(l.published_content, l.content) -> 'location' ->> 'departmentCode' AS department_code,
       coalesce(l.published_content, l.content) -> 'location' ->> 'regionCode' AS region_code
FROM listings l JOIN agencies a ON a.id = l.agency_id
WHERE l.env = 'live' AND l.deleted_at IS NULL AND l.published_version IS NOT NULL
  AND l.share_with_service AND l.status IN ('active', 'under_offer')
  AND l.agency_id NOT IN (SELECT s.id FROM agencies s WHERE s.suspended_at IS NOT NULL);

-- A département or a région and a transaction, newest first, as site_city is for a city.
CREATE INDEX site_department ON listings (
  (coalesce(published_content, content) -> 'location' ->> 'departmentCode'),
  (coalesce(published_content, content) ->> 'transaction'),
  first_published_at DESC, id DESC
)
  WHERE env = 'live' AND deleted_at IS NULL AND published_version IS NOT NULL
    AND share_with_service AND status IN ('active', 'under_offer');

CREATE INDEX site_region ON listings (
  (coalesce(published_content, content) -> 'location' ->> 'regionCode'),
  (coalesce(published_content, content) ->> 'transaction'),
  first_published_at DESC, id DESC
)
  WHERE env = 'live' AND deleted_at IS NULL AND published_version IS NOT NULL
    AND share_with_service AND status IN ('active', 'under_offer');

-- A commune's page and a search on a commune chosen among the suggestions.
CREATE INDEX site_commune ON listings (
  (coalesce(published_content, content) -> 'location' ->> 'inseeCode'),
  first_published_at DESC, id DESC
)
  WHERE env = 'live' AND deleted_at IS NULL AND published_version IS NOT NULL
    AND share_with_service AND status IN ('active', 'under_offer');
