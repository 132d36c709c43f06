-- The agencies' pro space (docs/decisions.md §13): users, invitations, daily call figures.

-- An agency's people: `admin` (keys, webhooks, team) or `agent` (listings, leads). One account
-- per e-mail address, stored lower-cased. A removed user is deleted with their sessions.
CREATE TABLE users (
  id text PRIMARY KEY,
  agency_id text NOT NULL REFERENCES agencies (id),
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'agent')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_agency ON users (agency_id, created_at);

-- A link an admin hands to a new colleague; only its hash is kept, and it works once.
CREATE TABLE invitations (
  token_hash text PRIMARY KEY,
  agency_id text NOT NULL REFERENCES agencies (id),
  role text NOT NULL CHECK (role IN ('admin', 'agent')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX invitations_agency ON invitations (agency_id, created_at);

-- Calls per key and day (France's calendar), added up by the request log's batches: the 7-day
-- panel reads at most a few rows per key, whatever the number of calls.
CREATE TABLE request_daily (
  agency_id text NOT NULL,
  day date NOT NULL,
  key_id text NOT NULL,
  requests integer NOT NULL,
  failures integer NOT NULL,
  latency_ms_sum double precision NOT NULL,
  listings integer NOT NULL,
  PRIMARY KEY (agency_id, day, key_id)
);

-- A lead the agency has opened in its pro space.
ALTER TABLE leads ADD COLUMN read_at timestamptz;
