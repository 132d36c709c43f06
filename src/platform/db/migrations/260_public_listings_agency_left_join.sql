-- The view joins the agency with a LEFT JOIN. The rows are the same: every listing has its
-- agency (agency_id is NOT NULL and a foreign key to agencies). With a LEFT JOIN on agencies'
-- primary key the planner drops the join wherever agency_name is not read: a search names the
-- view three times and reads agency_name in none. At 1,000,000 listings a city search's
-- statement went from 2.9 ms of planning and 1.6 ms of execution to 2.6 and 1.1 ms
-- (docs/benchmarks.md, "Search at a million listings on this machine").
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
FROM listings l LEFT JOIN agencies a ON a.id = l.agency_id
WHERE l.env = 'live' AND l.deleted_at IS NULL AND l.published_version IS NOT NULL
  AND l.share_with_service AND l.status IN ('active', 'under_offer')
  AND l.agency_id NOT IN (SELECT s.id FROM agencies s WHERE s.suspended_at IS NOT NULL);
