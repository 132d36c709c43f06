-- Agencies, their API keys and the log of authenticated calls.

CREATE TABLE agencies (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text,
  siren text,
  plan text NOT NULL CHECK (plan IN ('solo', 'agence', 'reseau')),
  verified boolean NOT NULL DEFAULT false,
  verified_at timestamptz,
  share_with_service_default boolean NOT NULL DEFAULT true,
  share_with_relay_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id text PRIMARY KEY,
  agency_id text NOT NULL REFERENCES agencies (id),
  env text NOT NULL CHECK (env IN ('live', 'test')),
  name text NOT NULL,
  -- SHA-256 of the full key, hex; the key itself is never stored.
  key_hash text NOT NULL UNIQUE,
  display text NOT NULL,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_agency ON api_keys (agency_id);

-- Append-only and written in batches: no primary key to maintain, a BRIN index on time for
-- the retention purge, and one B-tree for the per-agency pages of the pro space.
CREATE TABLE request_log (
  at timestamptz NOT NULL,
  agency_id text NOT NULL,
  key_id text NOT NULL,
  env text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  error_code text,
  latency_ms real NOT NULL,
  request_id text NOT NULL
);
CREATE INDEX request_log_agency_at ON request_log (agency_id, at);
CREATE INDEX request_log_at ON request_log USING brin (at);
