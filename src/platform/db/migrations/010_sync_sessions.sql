-- Full sync sessions (docs/decisions.md §15): a CRM opens a session, pushes its whole set with the
-- session's id, and completes it; listings on the market that no push of the session named
-- are then withdrawn. One open session per agency and environment, open for 24 hours or until
-- abandoned (nothing withdrawn).

CREATE TABLE sync_sessions (
  id text PRIMARY KEY,
  agency_id text NOT NULL REFERENCES agencies (id),
  env text NOT NULL CHECK (env IN ('live', 'test')),
  state text NOT NULL CHECK (state IN ('open', 'completed', 'expired', 'abandoned')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  -- Filled on completion: externalIds named, listings on the market before, listings withdrawn.
  seen_count integer,
  on_market_count integer,
  withdrawn_count integer,
  forced boolean
);
-- The "one open session" rule, race-free: a second INSERT of an open session conflicts here.
CREATE UNIQUE INDEX sync_sessions_one_open ON sync_sessions (agency_id, env) WHERE state = 'open';
CREATE INDEX sync_sessions_created ON sync_sessions (created_at);

-- The externalIds the pushes of an open session named; dropped when the session ends.
CREATE TABLE sync_session_seen (
  sync_id text NOT NULL REFERENCES sync_sessions (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  PRIMARY KEY (sync_id, external_id)
);
