-- The operator back-office (docs/decisions.md §3 and §13): operator accounts, the audit
-- log of what they do, the outcome of a business-registration check, and suspension.

-- A refused check keeps the agency unverified and tells it why (its pro space shows the reason).
ALTER TABLE agencies ADD COLUMN verification_refused_at timestamptz;
ALTER TABLE agencies ADD COLUMN verification_refusal_reason text;
-- A suspended agency's keys are refused and its listings leave the public site; lifting the
-- suspension brings both back, nothing is deleted.
ALTER TABLE agencies ADD COLUMN suspended_at timestamptz;
ALTER TABLE agencies ADD COLUMN suspension_reason text;

-- Agencies awaiting their check, oldest first (the 48 hours run from sign-up).
CREATE INDEX agencies_awaiting_verification ON agencies (created_at, id)
  WHERE NOT verified AND verification_refused_at IS NULL;

-- Operators are created and disabled with the CLI only; e-mails are stored lower-cased.
CREATE TABLE operators (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  -- scrypt, in the self-describing form "scrypt$N$r$p$salt$hash" (base64url).
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz
);

-- Every operator action: who, what, on what, when, and the state before and after.
-- actor is an operator id, or 'admin-token' for the operator API's bearer token (the CLI).
CREATE TABLE operator_audit (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX operator_audit_target ON operator_audit (target_type, target_id, seq);

-- The public side never shows a suspended agency's listings. Same columns, one more condition:
-- NOT IN over the (few) suspended agencies, read once per query as a hashed set. A filter on
-- the joined agencies' own column made the planner guess that a city's listings were a
-- handful (agencies is rarely analysed: too small for autovacuum, and PGlite has none), and
-- sort them all instead of reading an index in order.
CREATE INDEX agencies_suspended ON agencies (id) WHERE suspended_at IS NOT NULL;
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
       coalesce(l.published_content, l.content) ->> 'ges' AS ges
FROM listings l JOIN agencies a ON a.id = l.agency_id
WHERE l.env = 'live' AND l.deleted_at IS NULL AND l.published_version IS NOT NULL
  AND l.share_with_service AND l.status IN ('active', 'under_offer')
  AND l.agency_id NOT IN (SELECT s.id FROM agencies s WHERE s.suspended_at IS NOT NULL);
