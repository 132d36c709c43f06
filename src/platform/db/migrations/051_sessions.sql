-- Browser sessions of the pro space and the back-office (docs/decisions.md §13), shared by every
-- process. Each scope has its own cookie and its own rows: a pro session never opens /admin.
CREATE TABLE sessions (
  -- SHA-256 of the cookie's value: a stolen copy of the table opens nothing.
  token_hash text PRIMARY KEY,
  scope text NOT NULL CHECK (scope IN ('pro', 'admin')),
  -- A pro user's id or an operator's id.
  principal_id text NOT NULL,
  -- The synchronizer token every form of the session carries.
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_principal ON sessions (scope, principal_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);
