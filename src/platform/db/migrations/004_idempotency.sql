-- Idempotency-Key replay store: the first answer to a key is kept for 24 hours and replayed
-- to retries with the same body, on any process.
CREATE TABLE idempotency_keys (
  agency_id text NOT NULL,
  env text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status integer,
  content_type text,
  headers jsonb,
  body text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (agency_id, env, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys USING brin (created_at);
