-- Moderation, publication and the event outbox (docs/decisions.md §9, §11).
--
-- The public side shows the last approved version of a listing. That version is usually the
-- latest one, so it is kept inline: published_version = version and published_content NULL.
-- Only when a newer version waits for an operator (or was rejected) does the approved
-- version move into published_content / published_title / published_description, so the
-- common case writes nothing twice.

ALTER TABLE listings ALTER COLUMN moderation_reasons DROP DEFAULT;
ALTER TABLE listings ALTER COLUMN moderation_reasons TYPE jsonb USING to_jsonb(moderation_reasons);
ALTER TABLE listings ALTER COLUMN moderation_reasons SET DEFAULT '[]'::jsonb;
ALTER TABLE listings ADD COLUMN decided_at timestamptz;
-- Hash of the content with price and charges left out: an approved listing whose new content
-- has the same review hash changed only its price or charges, which never waits (§11).
ALTER TABLE listings ADD COLUMN review_hash text;
ALTER TABLE listings ADD COLUMN published_version integer;
ALTER TABLE listings ADD COLUMN published_content jsonb;
ALTER TABLE listings ADD COLUMN published_title text;
ALTER TABLE listings ADD COLUMN published_description text;
-- First time the listing became public (the site's "newest" order); kept when it leaves the
-- site, so a listing that was public answers 410 rather than 404.
ALTER TABLE listings ADD COLUMN first_published_at timestamptz;

-- The operator queue: versions waiting for a decision, oldest first.
CREATE INDEX listings_moderation_queue ON listings (updated_at, id)
  WHERE moderation_state = 'pending' AND env = 'live' AND deleted_at IS NULL;

-- The duplicate rule's one lookup per push: the agency's listings of a postcode, transaction
-- and category, in a price window, whose surface (also in the index) is in the surface
-- window. Both windows are checked on index entries, so only a likely match's row (and its
-- large content) is read.
CREATE INDEX listings_duplicates ON listings (
  agency_id, env, (content ->> 'postcode'), (content ->> 'transaction'), (content ->> 'propertyType'),
  ((content ->> 'price')::float8), ((content ->> 'surface')::float8)
) WHERE deleted_at IS NULL;

-- What the public site and the relay may show: the last approved version of live listings
-- shared with the service, on sale or to let, and never the street address.
CREATE VIEW public_listings AS
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
       coalesce(l.published_content, l.content) ->> 'ges' AS ges
FROM listings l JOIN agencies a ON a.id = l.agency_id
WHERE l.env = 'live' AND l.deleted_at IS NULL AND l.published_version IS NOT NULL
  AND l.share_with_service AND l.status IN ('active', 'under_offer');

-- The event outbox: one row per event (listing changes, leads), written in the transaction of the change it records.
-- position orders an agency's events per environment: the change's sequence number times 8
-- plus the event's rank within the change. The agency lock every write takes makes positions
-- commit in increasing order, so a reader paging by position never skips an event.
CREATE TABLE events (
  agency_id text NOT NULL,
  env text NOT NULL CHECK (env IN ('live', 'test')),
  position bigint NOT NULL,
  -- evt_…: the webhook-id receivers deduplicate on; unique by construction (time and 72 random
  -- bits), so no index has to be kept for it on every write.
  id text NOT NULL,
  type text NOT NULL,
  listing_id text,
  data jsonb NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (agency_id, env, position)
);
CREATE INDEX events_at ON events USING brin (at);
-- Moderation decisions of the last days, for the time-to-decision figures.
CREATE INDEX events_decisions ON events (at)
  WHERE type IN ('listing.published', 'listing.rejected');
